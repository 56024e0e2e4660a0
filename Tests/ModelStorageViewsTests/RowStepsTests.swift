import FingerprintDiff
import Foundation
import ModelStorageViews
import SeededRandom
import Testing

/// `RowSteps`: a batch in UIKit's terms, as calls that apply one at a time (NSTableView).
@Suite struct RowStepsTests {
    /// Applies `steps` to `old` as `NSTableView` applies its calls: each at once; insertions take
    /// the data source's (`new`'s) row at their final position. Returns the rows, or `nil` when a
    /// call names a row that does not exist.
    static func apply(_ steps: RowSteps, to old: [Int], new: [Int]) -> [Int]? {
        var rows = old
        for step in steps.steps {
            switch step {
            case .reload(let indexes):
                guard indexes.allSatisfy({ $0 < rows.count }) else { return nil }
            case .remove(let indexes):
                guard indexes.allSatisfy({ $0 < rows.count }) else { return nil }
                for index in indexes.reversed() { rows.remove(at: index) }
            case .move(let from, let to):
                guard from < rows.count, to < rows.count else { return nil }
                rows.insert(rows.remove(at: from), at: to)
            case .insert(let indexes):
                for index in indexes {
                    guard index <= rows.count, index < new.count else { return nil }
                    rows.insert(new[index], at: index)
                }
            }
        }
        return rows
    }

    @Test("random batches: the steps applied one at a time give the new rows, each survivor kept, at most one call per move",
          arguments: 0..<300)
    func randomBatches(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let old = Array(0..<Int.random(in: 0...40, using: &random))
        var new = old.filter { _ in Int.random(in: 0...9, using: &random) > 1 }
        for _ in 0..<Int.random(in: 0...6, using: &random) where new.count > 1 {
            new.swapAt(Int.random(in: 0..<new.count, using: &random), Int.random(in: 0..<new.count, using: &random))
        }
        if Bool.random(using: &random) { new.shuffle(using: &random) }
        for id in 1_000..<1_000 + Int.random(in: 0...8, using: &random) {
            new.insert(id, at: Int.random(in: 0...new.count, using: &random))
        }
        let changes = Changeset(from: old, to: new, id: \.self)
        let steps = RowSteps(deleted: changes.deletions, inserted: changes.insertions,
                             moved: changes.moves.map { ($0.from, $0.to) })
        #expect(Self.apply(steps, to: old, new: new) == new, "seed \(seed): \(steps.steps)")
        let moveCalls = steps.steps.filter { if case .move = $0 { true } else { false } }.count
        #expect(moveCalls <= changes.moves.count)
        // Only deleted rows are removed, only inserted rows inserted: survivors keep their views.
        let removed = steps.steps.compactMap { if case .remove(let rows) = $0 { Array(rows) } else { nil } }.flatMap { $0 }
        let inserted = steps.steps.compactMap { if case .insert(let rows) = $0 { Array(rows) } else { nil } }.flatMap { $0 }
        #expect(removed == changes.deletions && inserted == changes.insertions)
    }

    @Test("the counted moves equal the reference's (the rows listed and each moved row looked up), on random batches",
          arguments: 0..<40)
    func countedEqualsReference(seed: UInt64) {
        var random = SplitMix64(seed: seed &+ 1_000)
        for _ in 0..<25 {
            let old = Array(0..<Int.random(in: 0...(seed % 4 == 0 ? 2_000 : 60), using: &random))
            var new = old.filter { _ in Int.random(in: 0...9, using: &random) > 0 }
            for _ in 0..<Int.random(in: 0...(new.count / 3 + 1), using: &random) where !new.isEmpty {
                let element = new.remove(at: Int.random(in: 0..<new.count, using: &random))
                new.insert(element, at: Int.random(in: 0...new.count, using: &random))
            }
            for id in 100_000..<100_000 + Int.random(in: 0...10, using: &random) {
                new.insert(id, at: Int.random(in: 0...new.count, using: &random))
            }
            let changes = Changeset(from: old, to: new, id: \.self)
            let moved = changes.moves.map { (from: $0.from, to: $0.to) }
            let steps = RowSteps(deleted: changes.deletions, inserted: changes.insertions, moved: moved)
            let moves = steps.steps.filter { if case .move = $0 { true } else { false } }
            let reference = RowSteps.referenceMoves(rowCount: old.count, deleted: changes.deletions,
                                                    inserted: changes.insertions, moved: moved)
            #expect(moves == reference, "seed \(seed): \(old.count) rows, \(moved.count) moves")
            #expect(Self.apply(steps, to: old, new: new) == new)
        }
    }

    @Test("moves whose final places depend on each other: each goes after its final predecessor")
    func dependentMoves() {
        // x y a b -> a y b x, with y and x moved (a and b stay in order): placing y at its final
        // index 1 before x has left would put it before a.
        let steps = RowSteps(deleted: [], inserted: [], moved: [(from: 1, to: 1), (from: 0, to: 3)])
        #expect(Self.apply(steps, to: [0, 1, 2, 3], new: [2, 1, 3, 0]) == [2, 1, 3, 0])
        #expect(steps.steps == [.move(from: 1, to: 2), .move(from: 0, to: 3)])
    }

    @Test("reloads go first in old rows, reconfigures last in new rows")
    func reloadsAndReconfigures() {
        let steps = RowSteps(deleted: [0], inserted: [2], moved: [], reloaded: [2], reconfigured: [0])
        #expect(steps.steps == [.reload([2]), .remove([0]), .insert([2]), .reload([0])])
    }

    @Test("an empty batch sends nothing")
    func empty() {
        #expect(RowSteps(deleted: [], inserted: [], moved: []).steps.isEmpty)
    }
}
