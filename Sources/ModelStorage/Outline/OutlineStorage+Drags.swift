#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The user's drags and swipes on an outline's flat rows, as ``EditableStorage`` receives them
/// from ``ViewUpdater/userDidMoveItem(at:to:)`` and ``ViewUpdater/userDidDeleteItem(at:)`` (the
/// storage's index space: one section of visible rows).
///
/// - A swipe to delete removes the row's item with its subtree: the rows of its shown
///   descendants are deleted with it.
/// - A drag moves one row in the view, but the item moves in the tree with its subtree: dropped
///   between rows, the item becomes the next sibling of the row above it, at that row's level.
///   The row above is read in the rows once the dragged row has left its place (UIKit's reading
///   of a move; the rows of the item's own descendants stay in that list); with no row above,
///   the item becomes the first root. A drop whose row above is the item's own descendant is
///   refused (``StorageError/outlineRefused(_:)`` with ``OutlineError/moveIntoOwnSubtree(_:)``).
///   The view's content takes the single row's move (``moveItem(in:at:to:)``), and the updater's
///   next batch takes it from there to the storage's rows: the descendants' rows follow their
///   item, the rows move back after a refused drop.
extension OutlineStorage: EditableStorage, DropPlacedRows {
    /// Removes the item of the row at `indexPath` with its subtree (see ``remove(_:)``): the rows
    /// of its shown descendants are deleted too, in one update.
    ///
    /// - Throws: ``StorageError/invalidIndexPath(_:)``, ``StorageError/sectionOutOfRange(_:sectionCount:)``,
    ///   ``StorageError/itemOutOfRange(_:itemCount:)`` for an index path that names no row; nothing
    ///   changes then.
    public func removeItem(at indexPath: IndexPath) throws(StorageError) {
        let id = try rowID(at: indexPath)
        do { try remove([id]) } catch { throw .outlineRefused(error) }
    }

    /// Moves the item of the row at `source`, with its subtree, to where a drop of that row at
    /// `destination` puts it (UIKit's `moveRow(at:to:)` reading: `destination` in the rows once
    /// the row left `source`): the next sibling of the row above `destination`, at that row's
    /// level; the first root when there is no row above. So a drop at the row's own place
    /// (`destination` equal to `source`) is a move too when the row above is of another level
    /// than the item, or not its previous sibling. One update (see ``move(_:to:at:)``): the rows of the subtree move with it, a row
    /// whose level changed is reported updated.
    ///
    /// - Throws: ``StorageError/invalidIndexPath(_:)``, ``StorageError/sectionOutOfRange(_:sectionCount:)``,
    ///   ``StorageError/itemOutOfRange(_:itemCount:)`` for index paths outside the rows;
    ///   ``StorageError/outlineRefused(_:)`` with ``OutlineError/moveIntoOwnSubtree(_:)`` when the
    ///   row above is one of the item's descendants. Nothing changes then.
    public func moveItem(at source: IndexPath, to destination: IndexPath) throws(StorageError) {
        let id = try rowID(at: source)
        // A destination counts the rows once the moved one left: up to one less than now.
        try checkRow(destination, below: rowCount, itemCount: rowCount - 1)
        do {
            let (parent, index) = try dropPlace(of: id, from: source[1], to: destination[1])
            try move(id, to: parent, at: index)
        } catch {
            throw .outlineRefused(error)
        }
    }

    /// Moves the row of `content` at `source` to `destination` (UIKit's `moveRow(at:to:)`
    /// reading), the row alone, every row keeping its identity: the move the user made on
    /// screen, which the updater's next batch takes to the storage's rows (see
    /// ``moveItem(at:to:)``). `false`, changing nothing, for a content of another storage or
    /// index paths it does not hold. O(log n).
    public func moveItem(in content: inout Content, at source: IndexPath, to destination: IndexPath) -> Bool {
        rows.moveItem(in: &content, at: source, to: destination)
    }

    // MARK: Steps

    /// Where a drop of `id`'s row (at row `source`) at row `destination` (once it left) puts `id`
    /// in the tree: the parent and child index (counted once `id` left its place) after the row
    /// above, or the first root. O(depth + siblings + log n).
    private func dropPlace(of id: Item.ID, from source: Int, to destination: Int) throws(OutlineError) -> (parent: Item.ID?, index: Int) {
        guard destination > 0 else { return (nil, 0) }
        // The row above in the rows once `id`'s row left: row `destination - 1` of those.
        let aboveRow = destination - 1 < source ? destination - 1 : destination
        guard let above = (rows.item(at: IndexPath(indexes: [0, aboveRow])) as? Item)?.id, tree.contains(above) else {
            throw .itemNotFound("row \(aboveRow)")
        }
        guard !tree.isInSubtree(above, of: id) else { throw .moveIntoOwnSubtree(String(describing: id)) }
        let parent = tree.nodes[above]!.parent
        let siblings = tree.children(of: parent)!.filter { $0 != id }
        return (parent, siblings.firstIndex(of: above)! + 1)
    }

    /// The id of the item of the row at `indexPath`.
    private func rowID(at indexPath: IndexPath) throws(StorageError) -> Item.ID {
        try checkRow(indexPath, below: rowCount, itemCount: rowCount)
        guard let item = rows.item(at: indexPath) as? Item else { throw .itemOutOfRange(indexPath, itemCount: rowCount) }
        return item.id
    }

    /// Throws unless `indexPath` is in section 0 with an item index below `limit`; `itemCount`
    /// is the count the error names.
    private func checkRow(_ indexPath: IndexPath, below limit: Int, itemCount: Int) throws(StorageError) {
        guard indexPath.count == 2, indexPath[0] >= 0, indexPath[1] >= 0 else { throw .invalidIndexPath(indexPath) }
        guard indexPath[0] == 0 else { throw .sectionOutOfRange(indexPath[0], sectionCount: 1) }
        guard indexPath[1] < limit else { throw .itemOutOfRange(indexPath, itemCount: itemCount) }
    }
}

/// A storage whose move of a row to its own index path can still change it: where the item goes
/// is read from the row above the drop (``OutlineStorage``), so ``ViewUpdater`` hands such a
/// move on instead of dropping it.
protocol DropPlacedRows: AnyObject {}
