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
/// - Complexity: O(n + m·n) for n rows and m moves (each move looks its rows up; the table's
///   own `moveRow` shifts its rows too).
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

    /// The steps of a batch over `rowCount` rows.
    ///
    /// - Parameters:
    ///   - rowCount: the rows before the batch.
    ///   - deleted: deleted rows (old).
    ///   - inserted: inserted rows (new).
    ///   - moved: moved rows, old to new.
    ///   - reloaded: reloaded rows (old).
    ///   - reconfigured: rows configured again (new).
    public init(rowCount: Int, deleted: [Int], inserted: [Int], moved: [(from: Int, to: Int)],
                reloaded: [Int] = [], reconfigured: [Int] = []) {
        if !reloaded.isEmpty { steps.append(.reload(IndexSet(reloaded))) }
        if !deleted.isEmpty { steps.append(.remove(IndexSet(deleted))) }
        if !moved.isEmpty { appendMoves(rowCount: rowCount, deleted: deleted, inserted: inserted, moved: moved) }
        if !inserted.isEmpty { steps.append(.insert(IndexSet(inserted))) }
        if !reconfigured.isEmpty { steps.append(.reload(IndexSet(reconfigured))) }
    }

    private mutating func appendMoves(rowCount: Int, deleted: [Int], inserted: [Int], moved: [(from: Int, to: Int)]) {
        let gone = Set(deleted)
        let movedFrom = Set(moved.map(\.from))
        // The final order of the rows that are not inserted: moved rows at their new positions,
        // the others in their old order in the positions left.
        let insertedRows = Set(inserted)
        let finalCount = rowCount - deleted.count + inserted.count
        var final = [Int?](repeating: nil, count: finalCount)
        for move in moved where move.to < finalCount { final[move.to] = move.from }
        var stayers = (0..<rowCount).lazy.filter { !gone.contains($0) && !movedFrom.contains($0) }.makeIterator()
        for position in 0..<finalCount where final[position] == nil && !insertedRows.contains(position) {
            final[position] = stayers.next()
        }
        let order = final.indices.filter { !insertedRows.contains($0) }.compactMap { final[$0] }
        // The rows as the table shows them after the removal, each moved row placed in turn.
        var rows = (0..<rowCount).filter { !gone.contains($0) }
        for (position, row) in order.enumerated() where movedFrom.contains(row) {
            guard let current = rows.firstIndex(of: row) else { continue }
            let predecessor = position == 0 ? -1 : (rows.firstIndex(of: order[position - 1]) ?? -1)
            let destination = current <= predecessor ? predecessor : predecessor + 1
            guard destination != current else { continue }
            steps.append(.move(from: current, to: destination))
            rows.remove(at: current)
            rows.insert(row, at: destination)
        }
    }
}
