// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import FingerprintDiff
import Foundation

/// One batch of row changes (`UITableView`'s semantics: deletions and reloads name old rows,
/// insertions and reconfigures new rows, moves old to new, all of them at once) as the calls a
/// table that applies each call at once needs (`NSTableView`), in order, each index adjusted
/// for the calls before it.
///
/// The order:
/// 1. reloads, in old rows (nothing has shifted yet);
/// 2. one removal of every deleted row (old rows: the table's rows at that moment);
/// 3. the moves, one `moveRow(at:to:)` each (its view stays), in the order of their final
///    positions: each moved row goes right after the row that precedes it in the final order,
///    at the index that row has at that moment, counting the moved rows not yet placed;
/// 4. one insertion of every inserted row (final positions: every other row is in place);
/// 5. reconfigures, in new rows.
///
/// After the steps the rows are in the batch's final order, each surviving row having kept its
/// view (never removed and inserted again), with at most one `moveRow` per move.
///
/// - Complexity: O(k log k) for k deletions, insertions and moves, whatever the number of rows
///   (the rows are counted, never listed).
public struct RowSteps: Equatable, Sendable {
    /// One call to the table.
    public enum Step: Equatable, Sendable {
        /// `reloadData(forRowIndexes:columnIndexes:)`.
        case reload(IndexSet)
        /// `removeRows(at:withAnimation:)`.
        case remove(IndexSet)
        /// `moveRow(at:to:)`.
        case move(from: Int, to: Int)
        /// `insertRows(at:withAnimation:)`.
        case insert(IndexSet)
    }

    /// The calls, in order.
    public private(set) var steps: [Step] = []

    /// The steps of a batch. The row count is not needed: the rows are counted from the changes.
    ///
    /// - Parameters:
    ///   - deleted: deleted rows (old).
    ///   - inserted: inserted rows (new).
    ///   - moved: moved rows, old to new.
    ///   - reloaded: reloaded rows (old).
    ///   - reconfigured: rows configured again (new).
    public init(deleted: [Int], inserted: [Int], moved: [(from: Int, to: Int)],
                reloaded: [Int] = [], reconfigured: [Int] = []) {
        if !reloaded.isEmpty { steps.append(.reload(IndexSet(reloaded))) }
        if !deleted.isEmpty { steps.append(.remove(IndexSet(deleted))) }
        if !moved.isEmpty { appendMoves(deleted: deleted, inserted: inserted, moved: moved) }
        if !inserted.isEmpty { steps.append(.insert(IndexSet(inserted))) }
        if !reconfigured.isEmpty { steps.append(.reload(IndexSet(reconfigured))) }
    }

    /// The moves, each placed right after its final predecessor.
    ///
    /// The rows as the table shows them at each step are never built: a row's index is counted.
    /// After the removal, the rows are the survivors in old order; a moved row, once placed, sits
    /// in the run of rows placed after the nearest unmoved row that precedes it in the final order
    /// (its *anchor*, or the start), and that run lies right after the anchor. So the index of a
    /// row not yet placed is: the unmoved rows before it, the placed rows whose anchor is before
    /// it, and the rows not yet placed before it (old order); and the index of a placed or
    /// unmoved row with final position k - 1 is k - 1 plus the rows not yet placed before its
    /// anchor. Counts by old order come from two Fenwick trees over the moved rows and the
    /// anchors.
    ///
    /// - Complexity: O(k log k) for k = deletions + insertions + moves; independent of the row
    ///   count.
    private mutating func appendMoves(deleted: [Int], inserted: [Int], moved: [(from: Int, to: Int)]) {
        let deleted = deleted.sorted(), inserted = inserted.sorted()
        /// The rank among the survivors (old order) of a row that is not deleted.
        func survivorRank(_ row: Int) -> Int { row - _sortedCount(deleted, below: row) }
        // Moves in final order; final positions counted without the inserted rows.
        let moves = moved.map { (rank: survivorRank($0.from), final: $0.to - _sortedCount(inserted, below: $0.to)) }
            .sorted { $0.final < $1.final }
        let movedRanks = moves.map(\.rank).sorted()
        // Each move's anchor (a survivor rank; -1 for the start): the predecessor's anchor when the
        // predecessor moved too, else the predecessor itself, the unmoved survivor whose place in
        // the final order is `final - 1`: the s-th unmoved survivor, s = the free places before it.
        var anchors = [Int](repeating: -1, count: moves.count)
        for (index, move) in moves.enumerated() where move.final > 0 {
            if index > 0 && moves[index - 1].final == move.final - 1 {
                anchors[index] = anchors[index - 1]
            } else {
                let unmovedBefore = (move.final - 1) - index
                anchors[index] = Self.nth(unmovedBefore, skipping: movedRanks)
            }
        }
        // Fenwick trees keyed by survivor rank (compressed to the ranks that occur).
        let keys = Array(Set(movedRanks + anchors)).sorted()
        func key(_ rank: Int) -> Int { _sortedCount(keys, below: rank) }
        var waiting = FenwickCounts(count: keys.count)   // moved rows not yet placed, by rank
        var placed = FenwickCounts(count: keys.count)    // placed rows, by their anchor's rank
        for rank in movedRanks { waiting.add(1, at: key(rank)) }
        for (index, move) in moves.enumerated() {
            let position = key(move.rank)
            let unmovedBefore = move.rank - _sortedCount(movedRanks, below: move.rank)
            let current = unmovedBefore + placed.sum(below: position) + waiting.sum(below: position)
            let anchor = anchors[index]
            let predecessor = (move.final - 1) + (anchor < 0 ? 0 : waiting.sum(below: key(anchor)))
            let destination = current <= predecessor ? predecessor : predecessor + 1
            if destination != current { steps.append(.move(from: current, to: destination)) }
            waiting.add(-1, at: position)
            placed.add(1, at: key(anchor))
        }
    }

    /// The `n`-th (from 0) non-negative integer that is not in the sorted, distinct `skipped`.
    static func nth(_ n: Int, skipping skipped: [Int]) -> Int {
        // The answer is n + c, c the skipped values below it: those e[j] with e[j] - j <= n.
        var low = 0, high = skipped.count
        while low < high {
            let middle = (low + high) / 2
            if skipped[middle] - middle <= n { low = middle + 1 } else { high = middle }
        }
        return n + low
    }

    /// The moves as the reference computes them: the rows as the table shows them, each moved
    /// row looked up and placed in turn. O(n + m·n); the tests check the counted path against it.
    package static func referenceMoves(rowCount: Int, deleted: [Int], inserted: [Int],
                                       moved: [(from: Int, to: Int)]) -> [Step] {
        let gone = Set(deleted)
        let movedFrom = Set(moved.map(\.from))
        let insertedRows = Set(inserted)
        let finalCount = rowCount - deleted.count + inserted.count
        var final = [Int?](repeating: nil, count: finalCount)
        for move in moved where move.to < finalCount { final[move.to] = move.from }
        var stayers = (0..<rowCount).lazy.filter { !gone.contains($0) && !movedFrom.contains($0) }.makeIterator()
        for position in 0..<finalCount where final[position] == nil && !insertedRows.contains(position) {
            final[position] = stayers.next()
        }
        let order = final.indices.filter { !insertedRows.contains($0) }.compactMap { final[$0] }
        var rows = (0..<rowCount).filter { !gone.contains($0) }
        var steps: [Step] = []
        for (position, row) in order.enumerated() where movedFrom.contains(row) {
            guard let current = rows.firstIndex(of: row) else { continue }
            let predecessor = position == 0 ? -1 : (rows.firstIndex(of: order[position - 1]) ?? -1)
            let destination = current <= predecessor ? predecessor : predecessor + 1
            guard destination != current else { continue }
            steps.append(.move(from: current, to: destination))
            rows.remove(at: current)
            rows.insert(row, at: destination)
        }
        return steps
    }
}

/// Counts by position with prefix sums, both O(log n) (a Fenwick tree).
struct FenwickCounts {
    private var tree: [Int]

    /// `count` positions, all zero.
    init(count: Int) {
        tree = [Int](repeating: 0, count: count + 1)
    }

    /// Adds `value` at `position`.
    mutating func add(_ value: Int, at position: Int) {
        var index = position + 1
        while index < tree.count {
            tree[index] += value
            index += index & -index
        }
    }

    /// The sum of the positions below `position`.
    func sum(below position: Int) -> Int {
        var index = position, total = 0
        while index > 0 {
            total += tree[index]
            index -= index & -index
        }
        return total
    }
}
#endif
