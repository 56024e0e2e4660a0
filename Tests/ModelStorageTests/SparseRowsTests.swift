import Foundation
@testable import ModelStorageTesting
import SeededRandom
import Testing

/// `SparseRows` (a `SimulatedView`'s cells and selection, only the rows that hold a value)
/// against the dense rows it replaces, a slot per row: the same random batches and drags applied
/// to both give the same value in every row after each step.
@Suite struct SparseRowsTests {
    /// A reloaded row keeps an odd value (changed) and loses an even one; a reconfigured row's
    /// value changes.
    static func refreshed(_ value: Int, reloaded: Bool) -> Int? {
        reloaded ? (value % 2 == 0 ? nil : value + 2) : value + 1
    }

    /// Random rows: sections of random length, about a third of the rows holding a value.
    static func randomRows(using random: inout SplitMix64) -> [[Int?]] {
        (0..<Int.random(in: 0...4, using: &random)).map { _ in
            (0..<Int.random(in: 0...30, using: &random)).map { _ in
                Int.random(in: 0..<3, using: &random) == 0 ? Int.random(in: 0..<1_000, using: &random) : nil
            }
        }
    }

    static func sparse(_ dense: [[Int?]]) -> SparseRows<Int> {
        var rows = SparseRows<Int>(counts: dense.map(\.count))
        for (section, items) in dense.enumerated() {
            for (row, value) in items.enumerated() where value != nil { rows[IndexPath(indexes: [section, row])] = value }
        }
        return rows
    }

    @Test("SparseRows carried through random batches equals the dense rows carried through them", arguments: 0..<200)
    func batches(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var dense = Self.randomRows(using: &random)
        var sparse = Self.sparse(dense)
        for step in 0..<20 {
            let context = "seed \(seed), step \(step)"
            let (batch, after) = RandomBatch.make(before: dense.map(\.count), using: &random)
            try batch.check(before: dense.map(\.count), after: after)
            dense = DenseRows.carry(dense, through: batch, after: after) { row, reloaded in
                row = row.flatMap { Self.refreshed($0, reloaded: reloaded) }
            }
            sparse = sparse.carried(through: batch, after: after, refresh: Self.refreshed)
            Self.expectEqual(sparse, dense, context)
            Self.edit(&dense, &sparse, using: &random)
            Self.expectEqual(sparse, dense, context + ", after an edit")
        }
    }

    /// One random edit of both alike: a drag, a value set or cleared, values dropped, or none.
    static func edit(_ dense: inout [[Int?]], _ sparse: inout SparseRows<Int>, using random: inout SplitMix64) {
        let filled = dense.indices.filter { !dense[$0].isEmpty }
        guard let section = filled.randomElement(using: &random) else { return }
        let source = IndexPath(indexes: [section, Int.random(in: 0..<dense[section].count, using: &random)])
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            let target = dense.indices.randomElement(using: &random)!
            let limit = dense[target].count - (target == section ? 1 : 0)
            let destination = IndexPath(indexes: [target, Int.random(in: 0...limit, using: &random)])
            DenseRows.move(&dense, from: source, to: destination)
            sparse.moveRow(from: source, to: destination)
        case 1:
            let value = Bool.random(using: &random) ? Int.random(in: 0..<1_000, using: &random) : nil
            dense[source[0]][source[1]] = value
            sparse[source] = value
        case 2:
            dense = dense.map { $0.map { $0.flatMap { $0 % 3 == 0 ? nil : $0 } } }
            sparse.removeAll { _, value in value % 3 == 0 }
        default:
            break
        }
    }

    static func expectEqual(_ sparse: SparseRows<Int>, _ dense: [[Int?]], _ context: String) {
        #expect(sparse.counts == dense.map(\.count), "\(context): counts")
        #expect(sparse.dense == dense, "\(context): rows")
        let held = dense.indices.flatMap { section in
            dense[section].indices.compactMap { row in dense[section][row].map { (IndexPath(indexes: [section, row]), $0) } }
        }
        #expect(sparse.heldRows.map(\.path) == held.map(\.0) && sparse.heldRows.map(\.row) == held.map(\.1),
                "\(context): held rows in order")
    }

    @Test("a batch over 100,000 rows keeps the held rows only, and still equals the dense rows")
    func manyRows() throws {
        var dense: [[Int?]] = [Array(repeating: nil, count: 100_000)]
        for row in stride(from: 0, to: 100_000, by: 9_973) { dense[0][row] = row }
        var sparse = Self.sparse(dense)
        var batch = RecordedBatch()
        batch.deletedItems = [IndexPath(indexes: [0, 5])]
        batch.insertedItems = [IndexPath(indexes: [0, 0]), IndexPath(indexes: [0, 50_000])]
        batch.movedItems = [(IndexPath(indexes: [0, 9_973]), IndexPath(indexes: [0, 99_999]))]
        batch.reloadedItems = [IndexPath(indexes: [0, 0])]
        try batch.check(before: [100_000], after: [100_001])
        dense = DenseRows.carry(dense, through: batch, after: [100_001]) { row, reloaded in
            row = row.flatMap { Self.refreshed($0, reloaded: reloaded) }
        }
        sparse = sparse.carried(through: batch, after: [100_001], refresh: Self.refreshed)
        Self.expectEqual(sparse, dense, "100,000 rows")
        #expect(sparse.heldRows.count == 10, "the 11 values less the reloaded even one")
    }
}
