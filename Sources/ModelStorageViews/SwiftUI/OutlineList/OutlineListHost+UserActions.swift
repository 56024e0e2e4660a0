// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// The user's actions on an ``OutlineListHost``'s view, with the objects it shows, applied to the
/// items they stand for through the updater; a deletion or a drop changes the outline, then its
/// handler runs as a notice. What fails goes to ``OutlineListHandlers/didFail`` (a drop or an
/// expansion of an item that left, an error a handler threw); the storage is then unchanged.
extension OutlineListHost: OutlineUserActionHandling {
    /// The user expanded `object`'s row: the storage expands the item.
    func userDidExpand(_ object: Any, recursively: Bool) throws(OutlineActionError) {
        guard let updater else { throw .itemLeftOutline }
        try updater.userDidExpand(object, recursively: recursively)
    }

    /// The user collapsed `object`'s row: the storage collapses the item.
    func userDidCollapse(_ object: Any, recursively: Bool) throws(OutlineActionError) {
        guard let updater else { throw .itemLeftOutline }
        try updater.userDidCollapse(object, recursively: recursively)
    }

    /// The user deleted `object`'s row: when its item's type can be deleted, the storage removes
    /// it with its subtree, then ``OutlineListHandlers/didDelete`` is told (an error it throws
    /// goes to ``OutlineListHandlers/didFail``); nothing for an item that cannot be deleted.
    ///
    /// - Throws: ``OutlineActionError/itemLeftOutline`` when the item left the outline.
    func userDidDelete(_ object: Any) throws(OutlineActionError) {
        guard let updater, let item = updater.item(for: object) else { throw .itemLeftOutline }
        guard handlers.canDelete(item) else { return }
        try updater.userDidDelete(object)
        notice { try handlers.didDelete(item) }
    }

    /// Whether `dragged` may be dragged (``OutlineListHandlers/canMove``) and dropped there.
    func canDrop(_ dragged: Any, onto parent: Any?, childIndex: Int) -> Bool {
        guard let updater, let item = updater.item(for: dragged), handlers.canMove(item) else { return false }
        return updater.canDrop(dragged, onto: parent, childIndex: childIndex)
    }

    /// The user dropped `dragged` on `parent` at `childIndex` (`-1`: on the item, which makes it
    /// its last child; else a sibling there): the storage moves it, then
    /// ``OutlineListHandlers/didMove`` is told with its new displayed index path, unless it did
    /// not move (dropped where it was).
    ///
    /// - Throws: what `OutlineViewUpdater/userDidDrop(_:onto:childIndex:)` throws;
    ///   ``OutlineActionError/invalidDropTarget`` for an item that may not be dragged.
    func userDidDrop(_ dragged: Any, onto parent: Any?, childIndex: Int) throws(OutlineActionError) {
        guard let updater, let item = updater.item(for: dragged) else { throw .itemLeftOutline }
        guard handlers.canMove(item) else { throw .invalidDropTarget }
        let before = place(of: item.id, in: updater.storage)
        try updater.userDidDrop(dragged, onto: parent, childIndex: childIndex)
        noticeMove(of: item, from: before, in: updater.storage)
    }

    // MARK: As the platform reports them

    /// The Delete key: each selected row's item that can be deleted is deleted (an item already
    /// removed with a selected parent is skipped); failures go to ``OutlineListHandlers/didFail``.
    /// Returns whether a row could be deleted (else the key is not the list's). O(selected rows).
    @discardableResult
    func userDidPressDelete() -> Bool {
        guard let updater else { return false }
        let objects = view.selectedRows.compactMap { view.item(atRow: $0) }
        let deletable = objects.filter { updater.item(for: $0).map(handlers.canDelete) ?? false }
        for object in deletable where updater.id(of: object) != nil {
            do { try userDidDelete(object) } catch { handlers.didFail(error) }
        }
        return !deletable.isEmpty
    }

    /// The string a drag of `object` puts on the pasteboard, `nil` when it may not be dragged.
    func pasteboardString(forDragging object: Any) -> String? { core?.pasteboardString(forDragging: object) }

    /// Whether a drag of these pasteboard strings can be dropped on `parent` at `childIndex`.
    func canDrop(pasteboardStrings strings: [String?], onto parent: Any?, childIndex: Int) -> Bool {
        guard let dragged = core?.draggedObject(strings) else { return false }
        return canDrop(dragged, onto: parent, childIndex: childIndex)
    }

    /// A drop of these pasteboard strings: ``userDidDrop(_:onto:childIndex:)``, a failure reported.
    /// Returns whether the item moved.
    func acceptDrop(pasteboardStrings strings: [String?], onto parent: Any?, childIndex: Int) -> Bool {
        do {
            guard let dragged = core?.draggedObject(strings) else { throw OutlineActionError.itemLeftOutline }
            try userDidDrop(dragged, onto: parent, childIndex: childIndex)
            return true
        } catch {
            handlers.didFail(error)
            return false
        }
    }

    /// The view expanded `object` (a disclosure click, an Option-click's items).
    func viewDidExpand(_ object: Any?) { core?.viewDidExpand(object) }

    /// The view collapsed `object`.
    func viewDidCollapse(_ object: Any?) { core?.viewDidCollapse(object) }

    // MARK: Helpers

    /// The displayed index path of `id` in `storage`: its row among the outline's visible rows
    /// (section 0); for an item hidden under a collapsed parent, the row of its nearest visible
    /// ancestor. O(depth × log n).
    static func displayedIndexPath(of id: Item.ID, in storage: OutlineStorage<Item>) -> IndexPath? {
        var step: Item.ID? = id
        while let current = step {
            if let path = storage.indexPath(forItemWithID: current) { return path }
            step = storage.parent(of: current)?.id
        }
        return nil
    }

    /// The parent of `id` and its index among the parent's children. O(siblings).
    private func place(of id: Item.ID, in storage: OutlineStorage<Item>) -> (parent: Item.ID?, index: Int?) {
        let parent = storage.parent(of: id)?.id
        return (parent, storage.children(of: parent)?.firstIndex { $0.id == id })
    }

    /// Tells ``OutlineListHandlers/didMove`` of `item`'s move, unless it is where it was.
    private func noticeMove(of item: Item, from before: (parent: Item.ID?, index: Int?), in storage: OutlineStorage<Item>) {
        let after = place(of: item.id, in: storage)
        guard after.parent != before.parent || after.index != before.index,
              let path = Self.displayedIndexPath(of: item.id, in: storage) else { return }
        let moved = storage.item(withID: item.id) ?? item
        notice { try handlers.didMove(moved, path) }
    }

    /// Runs a handler told of a change already made; an error it throws is reported.
    private func notice(_ handler: () throws -> Void) {
        do { try handler() } catch { handlers.didFail(error) }
    }
}
#endif
