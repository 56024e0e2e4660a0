import Foundation

/// A batch applied to rows that follow their items (a view's cells, its selection).
extension SparseRows {
    /// What each row holds after `batch` (already checked against UIKit's rules), in sections of
    /// `after` rows: deleted rows dropped, moved rows carried, the held values of reloaded and
    /// reconfigured rows passed to `refresh` (with whether they are reloaded; `nil` drops the
    /// value), the rows of sections that stay kept in order in the places no insertion or move
    /// takes. Rows that hold no value stay empty.
    ///
    /// O(s + c log c + k log k) for s sections, c operations in the batch and k held rows: the
    /// rows between them are never visited.
    func carried(through batch: RecordedBatch, after: [Int], refresh: (Row, _ reloaded: Bool) -> Row?) -> SparseRows {
        var staying = self
        staying.refresh(batch, with: refresh)
        var leaving = [[Int]](repeating: [], count: counts.count)
        for path in batch.deletedItems { leaving[path[0]].append(path[1]) }
        var carried: [(to: IndexPath, row: Row)] = []
        for move in batch.movedItems {
            leaving[move.from[0]].append(move.from[1])
            if let row = staying[move.from] { carried.append((move.to, row)) }
        }
        var arriving = [[Int]](repeating: [], count: after.count)
        for path in batch.insertedItems { arriving[path[0]].append(path[1]) }
        for move in batch.movedItems { arriving[move.to[0]].append(move.to[1]) }

        var result = SparseRows(counts: after)
        for (oldSection, newSection) in batch.newSections(oldCount: counts.count).enumerated() {
            guard let newSection else { continue }
            let rows = staying.heldRows(inSection: oldSection)
            guard !rows.isEmpty else { continue }
            let kept = Self.kept(rows, leaving: Self.ascending(leaving[oldSection]), arriving: Self.ascending(arriving[newSection]),
                                 count: after[newSection])
            result.setHeldRows(kept, inSection: newSection)
        }
        for move in carried { result[move.to] = move.row }
        return result
    }

    /// The held values of the rows `batch` reloads (its sections' and its items') and
    /// reconfigures, passed through `refresh` in that order.
    private mutating func refresh(_ batch: RecordedBatch, with refresh: (Row, _ reloaded: Bool) -> Row?) {
        for section in Set(batch.reloadedSections) {
            let rows = heldRows(inSection: section)
            for (row, value) in rows { self[IndexPath(indexes: [section, row])] = refresh(value, true) }
        }
        for path in batch.reloadedItems { if let value = self[path] { self[path] = refresh(value, true) } }
        for path in batch.reconfiguredItems { if let value = self[path] { self[path] = refresh(value, false) } }
    }

    /// `rows` (a section's held rows) without the rows `leaving`, the others in order in the
    /// rows of a section of `count` that `arriving` does not take: the r-th row that stays goes
    /// to the r-th free row, that is r plus the arriving rows before it. Both lists ascending,
    /// without repeats.
    private static func kept(_ rows: [Int: Row], leaving: [Int], arriving: [Int], count: Int) -> [Int: Row] {
        var result: [Int: Row] = [:]
        result.reserveCapacity(rows.count)
        var left = 0, arrived = 0
        for (row, value) in rows.sorted(by: { $0.key < $1.key }) {
            while left < leaving.count && leaving[left] < row { left += 1 }
            if left < leaving.count && leaving[left] == row { continue }
            let rank = row - left
            while arrived < arriving.count && arriving[arrived] <= rank + arrived { arrived += 1 }
            let position = rank + arrived
            guard position < count else { break }
            result[position] = value
        }
        return result
    }

    /// `indexes` sorted, each once.
    private static func ascending(_ indexes: [Int]) -> [Int] {
        guard indexes.count > 1 else { return indexes }
        var sorted = indexes.sorted()
        var last = 0
        for index in sorted.indices.dropFirst() where sorted[index] != sorted[last] {
            last += 1
            sorted[last] = sorted[index]
        }
        return Array(sorted.prefix(last + 1))
    }
}
