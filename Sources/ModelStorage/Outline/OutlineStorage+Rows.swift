#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the rows follow the tree: each change of the tree names the rows it inserts, deletes or
/// moves, found in the live rows by the items' ids (O(log n) each).
extension OutlineStorage {
    /// The number of rows now.
    @inlinable
    var rowCount: Int { rows.liveItemCount(inSection: 0) }

    /// The row of `id` now, or `nil` when it is not shown. O(log n).
    @inlinable
    func row(of id: Item.ID) -> Int? {
        guard let node = tree.nodes[id] else { return nil }
        return rows.liveIndexPath(of: node.item)?[1]
    }

    /// Whether the children of `parent` are shown (`nil`: the roots always are).
    @inlinable
    func showsChildren(of parent: Item.ID?) -> Bool {
        guard let parent else { return true }
        return tree.expanded.contains(parent) && tree.isVisible(parent)
    }

    /// The row just after the rows of `id`'s subtree (`id` shown): the row of the next item
    /// shown after them, or the end. O(depth × (siblings + log n)).
    @inlinable
    func rowAfterSubtree(of id: Item.ID) -> Int {
        var current = id
        while true {
            let parent = tree.nodes[current]!.parent
            let siblings = tree.children(of: parent)!
            let index = siblings.firstIndex(of: current)!
            if index + 1 < siblings.count, let next = row(of: siblings[index + 1]) { return next }
            guard let parent else { return rowCount }
            current = parent
        }
    }

    /// The row a new child of `parent` at child index `index` takes (`parent`'s children shown;
    /// the tree before the child is added).
    @inlinable
    func insertionRow(under parent: Item.ID?, at index: Int) -> Int {
        let siblings = tree.children(of: parent)!
        if index < siblings.count, let next = row(of: siblings[index]) { return next }
        guard let parent else { return rowCount }
        return rowAfterSubtree(of: parent)
    }

    /// Makes the row changes of `body` one update. A row change that fails (never expected: the
    /// rows follow the tree) is mended by setting every row from the tree.
    @inlinable
    func changeRows(_ body: () throws(StorageError) -> Void) {
        do {
            try rows.performUpdates(body)
        } catch {
            assertionFailure("OutlineStorage: the rows did not follow the tree: \(error)")
            syncAllRows()
        }
    }

    /// Makes the one row change of `body`, outside a batch (its update is the change's own). A
    /// failure (never expected) is mended as in ``changeRows(_:)``.
    @inlinable
    func changeRow(_ body: () throws(StorageError) -> Void) {
        do {
            try body()
        } catch {
            assertionFailure("OutlineStorage: the rows did not follow the tree: \(error)")
            syncAllRows()
        }
    }

    /// Sets the rows to what the tree shows, diffed by id. O(rows).
    @inlinable
    func syncAllRows() {
        do {
            try rows.setItems(tree.visibleRows().map { tree.nodes[$0]!.item }, forSection: 0)
        } catch {
            assertionFailure("OutlineStorage: the rows could not be set: \(error)")
        }
    }

    /// Reports the row of `id`, when shown, updated: what a cell shows of it besides the item
    /// changed (its level, its disclosure). O(log n).
    @inlinable
    func refreshRow(of id: Item.ID?) throws(StorageError) {
        guard let id, tree.isVisible(id), let item = tree.nodes[id]?.item else { return }
        try rows.reloadItem(item)
    }

    /// Inserts the rows of `ids` at `row`. O(k log n).
    @inlinable
    func insertRows(_ ids: [Item.ID], at row: Int) throws(StorageError) {
        guard !ids.isEmpty else { return }
        try rows.insertItems(ids.map { tree.nodes[$0]!.item }, at: IndexPath(indexes: [0, row]))
    }

    /// Deletes the `count` rows from `row` on, in one step of the rows. O(k log n), or O(n) when
    /// k is over an eighth of the n rows.
    @inlinable
    func removeRows(count: Int, at row: Int) throws(StorageError) {
        guard count > 0 else { return }
        try rows.removeItems(at: (row..<(row + count)).map { IndexPath(indexes: [0, $0]) })
    }

    /// Moves the `count` rows from `source` on so that they start at `destination` once they
    /// have left (UIKit's reading of a move), one row at a time, each keeping its identity: the
    /// update reports moves. O(k log n).
    @inlinable
    func moveRows(count: Int, from source: Int, to destination: Int) throws(StorageError) {
        if destination < source {
            for offset in 0..<count {
                try rows.moveItem(at: IndexPath(indexes: [0, source + offset]), to: IndexPath(indexes: [0, destination + offset]))
            }
        } else if destination > source {
            for offset in (0..<count).reversed() {
                try rows.moveItem(at: IndexPath(indexes: [0, source + offset]), to: IndexPath(indexes: [0, destination + offset]))
            }
        }
    }

    /// Takes the rows of one subtree (`id`, shown) from `before` to `after`, two walks of it of
    /// which one holds every row of the other, in the same order (an expansion adds rows, a
    /// collapse removes them): the rows `after` lacks deleted, then those it adds inserted.
    /// O(rows × log n).
    @inlinable
    func replaceRows(from before: [Item.ID], to after: [Item.ID], at start: Int) throws(StorageError) {
        let kept = Set(after)
        var end = before.count
        while end > 0 {
            guard !kept.contains(before[end - 1]) else { end -= 1; continue }
            var begin = end - 1
            while begin > 0 && !kept.contains(before[begin - 1]) { begin -= 1 }
            try removeRows(count: end - begin, at: start + begin)
            end = begin
        }
        let present = Set(before)
        var begin = 0
        while begin < after.count {
            guard !present.contains(after[begin]) else { begin += 1; continue }
            var end = begin + 1
            while end < after.count && !present.contains(after[end]) { end += 1 }
            try insertRows(Array(after[begin..<end]), at: start + begin)
            begin = end
        }
    }
}
