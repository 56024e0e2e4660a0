// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// What an outline view's data source and delegate do, apart from the platform: its cells'
/// content, the user's expansions and collapses, drags and drops, the saved expansion and the
/// selection, each reaching the storage through the ``OutlineViewUpdater`` by the objects the
/// view shows. `OutlineViewDataSource` (AppKit) forwards `NSOutlineView`'s calls here.
///
/// Every method the view calls answers `nil`, `false` or nothing for an object that stands for
/// no item any more (a row from before a change the view has not been sent yet) or a drop the
/// outline refuses: never a trap.
@MainActor
final class OutlineViewDataSourceCore<Item: Identifiable & Equatable & Sendable> {
    /// The updater between the storage and the view.
    let updater: OutlineViewUpdater<Item>
    /// How the saved expansion names items; `nil`: nothing is saved.
    var persistentIDs: OutlinePersistentIDs<Item.ID>?
    /// Which items the user may drag; `nil`: none.
    var canDragItem: (@MainActor (Item) -> Bool)?
    /// Where a user's action that could not be applied is reported (the storage is unchanged).
    var didFailUserAction: @MainActor (OutlineActionError) -> Void = { _ in }
    private var drags = OutlineDragTokens<Item.ID>()

    init(updater: OutlineViewUpdater<Item>, persistentIDs: OutlinePersistentIDs<Item.ID>?) {
        self.updater = updater
        self.persistentIDs = persistentIDs
    }

    /// The item and the row state a cell shows for `object`, `nil` for an object the view does
    /// not show.
    func cellContent(of object: Any) -> (item: Item, state: OutlineRowState)? {
        guard let item = updater.item(for: object), let state = updater.rowState(for: object) else { return nil }
        return (item, state)
    }

    // MARK: Expansion

    /// The view expanded `object` (a disclosure click, an Option-click's items, a restored
    /// expansion): the storage expands the item. The view's reports of the updater's own
    /// expansions are ignored. A failure goes to ``didFailUserAction``.
    func viewDidExpand(_ object: Any?) {
        guard let object, !updater.isSendingChanges else { return }
        do { try updater.userDidExpand(object, recursively: false) } catch { didFailUserAction(error) }
    }

    /// The view collapsed `object`: the storage collapses the item, as ``viewDidExpand(_:)``.
    func viewDidCollapse(_ object: Any?) {
        guard let object, !updater.isSendingChanges else { return }
        do { try updater.userDidCollapse(object, recursively: false) } catch { didFailUserAction(error) }
    }

    // MARK: Saved expansion

    /// The string saved for `object`'s item (``OutlinePersistentIDs/string``), `nil` without
    /// ``persistentIDs`` or for an object of no item.
    func persistentObject(for object: Any?) -> String? {
        guard let persistentIDs, let id = updater.id(of: object) else { return nil }
        return persistentIDs.string(id)
    }

    /// The object of the item a saved string names, `nil` for anything else. An id not in the
    /// outline yet (the view restores its saved expansion before the items load) is recorded
    /// expanded in the storage, which applies it when the item is added.
    func object(forPersistentObject saved: Any) -> Any? {
        guard let persistentIDs, let string = saved as? String, let id = persistentIDs.id(string) else { return nil }
        guard let object = updater.object(forID: id) else {
            updater.storage.expandedIDs.insert(id)
            return nil
        }
        return object
    }

    // MARK: Drags and drops

    /// The string a drag of `object` puts on the pasteboard, `nil` when its item may not be
    /// dragged (``canDragItem``) or it stands for no item.
    func pasteboardString(forDragging object: Any) -> String? {
        guard let canDragItem, let id = updater.id(of: object), let item = updater.item(for: object),
              canDragItem(item) else { return nil }
        return drags.token(for: id)
    }

    /// The object of the item a drag of these pasteboard strings carries (one item of this view).
    func draggedObject(_ strings: [String?]) -> Any? {
        drags.draggedID(strings).flatMap { updater.object(forID: $0) }
    }

    /// Whether the drag can be dropped on `parent` (`nil`: the root) at `childIndex`
    /// (`OutlineViewUpdater.dropOnItemIndex`: on the item), as the updater's `canDrop` says.
    func canDrop(_ strings: [String?], onto parent: Any?, childIndex: Int) -> Bool {
        guard let dragged = draggedObject(strings) else { return false }
        return updater.canDrop(dragged, onto: parent, childIndex: childIndex)
    }

    /// Moves the dragged item in the storage (on an item: its last child; between items: a
    /// sibling), the next flush moving its row. Returns whether it moved; a refused drop goes to
    /// ``didFailUserAction`` and changes nothing.
    func acceptDrop(_ strings: [String?], onto parent: Any?, childIndex: Int) -> Bool {
        guard let dragged = draggedObject(strings) else {
            didFailUserAction(.itemLeftOutline)
            return false
        }
        do {
            try updater.userDidDrop(dragged, onto: parent, childIndex: childIndex)
            return true
        } catch {
            didFailUserAction(error)
            return false
        }
    }

    // MARK: Selection

    /// The ids of `objects` (the view's selected rows' items) that stand for items, in order.
    func ids(of objects: [Any?]) -> [Item.ID] {
        updater.ids(of: objects.compactMap { $0 })
    }

    /// The rows (`row(forItem:)`, `-1` for an object the view does not show) of the items `ids`
    /// names that the view shows, ids not in the outline or under a collapsed parent left out.
    func rows(of ids: some Sequence<Item.ID>, row: (Any) -> Int) -> IndexSet {
        var rows = IndexSet()
        for id in ids {
            guard let object = updater.object(forID: id) else { continue }
            let index = row(object)
            if index >= 0 { rows.insert(index) }
        }
        return rows
    }
}
#endif
