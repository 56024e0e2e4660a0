@testable import ModelStorageViews
import SeededRandom
import Testing

@Suite struct RowDropTests {
    @Test("a drop above a row: the destination after the row left its place; where it was, or out of range: nil")
    func destinations() {
        #expect(RowDrop.destination(ofRowAt: 0, droppedAbove: 3, rowCount: 4) == 2)
        #expect(RowDrop.destination(ofRowAt: 0, droppedAbove: 4, rowCount: 4) == 3)
        #expect(RowDrop.destination(ofRowAt: 3, droppedAbove: 0, rowCount: 4) == 0)
        #expect(RowDrop.destination(ofRowAt: 2, droppedAbove: 2, rowCount: 4) == nil)
        #expect(RowDrop.destination(ofRowAt: 2, droppedAbove: 3, rowCount: 4) == nil)
        #expect(RowDrop.destination(ofRowAt: 4, droppedAbove: 0, rowCount: 4) == nil)
        #expect(RowDrop.destination(ofRowAt: 0, droppedAbove: 5, rowCount: 4) == nil)
        #expect(RowDrop.destination(ofRowAt: -1, droppedAbove: 0, rowCount: 4) == nil)
    }

    @Test("random drops: moving to the destination puts the row just above the row it was dropped above")
    func randomDrops() {
        var random = SplitMix64(seed: 0xD509)
        for _ in 0..<2_000 {
            let count = Int.random(in: 1..<12, using: &random)
            let source = Int.random(in: 0..<count, using: &random), row = Int.random(in: 0...count, using: &random)
            var rows = Array(0..<count)
            guard let destination = RowDrop.destination(ofRowAt: source, droppedAbove: row, rowCount: count) else {
                #expect(row == source || row == source + 1)
                continue
            }
            rows.insert(rows.remove(at: source), at: destination)
            let after = destination + 1 < count ? rows[destination + 1] : count   // the row it now stands above
            #expect(after == row)
        }
    }
}
