import Foundation
@testable import ModelStorageTesting

/// The dense rows a `SimulatedView` kept before `SparseRows`: a slot per row of every section,
/// carried through a batch by visiting every row. The reference `SparseRows` is compared with.
enum DenseRows {
    /// What each row holds (a value or `nil`) after `batch` (already checked), in sections of
    /// `after` rows: deleted rows dropped, moved rows carried, reloaded and reconfigured ones
    /// passed to `refresh` (with whether they are reloaded), the rows of sections that stay kept
    /// in order in the places no insertion or move takes.
    static func carry<Row>(_ old: [[Row?]], through batch: RecordedBatch, after: [Int],
                           refresh: (inout Row?, _ reloaded: Bool) -> Void) -> [[Row?]] {
        let newOfOld = batch.newSections(oldCount: old.count)
        var result = after.map { [Row?](repeating: nil, count: $0) }
        var staying = old
        for section in Set(batch.reloadedSections) {
            for item in staying[section].indices { refresh(&staying[section][item], true) }
        }
        for path in batch.reloadedItems { refresh(&staying[path[0]][path[1]], true) }
        for path in batch.reconfiguredItems { refresh(&staying[path[0]][path[1]], false) }
        var leaving = Set(batch.deletedItems)
        var carried: [IndexPath: Row?] = [:]
        for move in batch.movedItems {
            leaving.insert(move.from)
            carried[move.to] = staying[move.from[0]][move.from[1]]
        }
        var arriving = Set(batch.insertedItems)
        arriving.formUnion(carried.keys)
        for (oldSection, newSection) in newOfOld.enumerated() {
            guard let newSection else { continue }
            var remaining = staying[oldSection].indices.filter { !leaving.contains(IndexPath(indexes: [oldSection, $0])) }
                .map { staying[oldSection][$0] }.makeIterator()
            for item in 0..<after[newSection] where !arriving.contains(IndexPath(indexes: [newSection, item])) {
                result[newSection][item] = remaining.next() ?? nil
            }
        }
        for (path, row) in carried { result[path[0]][path[1]] = row }
        return result
    }

    /// A drag of the row at `source` to `destination` (in the rows once it left), as the view did it.
    static func move<Row>(_ rows: inout [[Row?]], from source: IndexPath, to destination: IndexPath) {
        let row = rows[source[0]].remove(at: source[1])
        rows[destination[0]].insert(row, at: destination[1])
    }
}
