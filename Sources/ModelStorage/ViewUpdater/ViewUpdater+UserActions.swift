#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The way back from the screen: what the user does to the view arrives in the *displayed*
/// index space (what the view shows, ``ViewUpdater/content``), which differs from the storage's
/// while changes are pending (made this turn, or while a batch animates). Each action is resolved
/// to the item the user touched, by identity, and applied to that item in the storage's index
/// space; never to whatever item the storage now holds at the same index path.
extension ViewUpdater: UserActionHandling {
    /// The storage's index path of the item the view shows at `indexPath` (displayed index space),
    /// by identity; `nil` when that item has left the storage or the view shows nothing there.
    ///
    /// - Complexity: the storage's ``ContentStorage/indexPath(ofItemAt:in:)``: O(1) for an item
    ///   that did not move, O(items) at worst for the package's storages.
    public func storageIndexPath(forDisplayed indexPath: IndexPath) -> IndexPath? {
        storage.indexPath(ofItemAt: indexPath, in: content)
    }

    /// The user moved the item the view showed at `source` to `destination` (displayed index
    /// paths, read as UIKit's `tableView(_:moveRowAt:to:)` gives them: `destination` in the list
    /// after the item left `source`); the view already shows the move.
    ///
    /// The displayed content takes the move at once and no batch is sent for it. The storage, when
    /// it is an ``EditableStorage``, moves the same item by identity, next to the item the view
    /// shows before it (else after it) in the storage's own index space, whatever is pending; its
    /// other observers receive that as an ordinary update. When the storage does not take the move
    /// (it is not editable, the item has left it, the storage refused), the updater's next batch
    /// animates the view back to the storage's order: nothing is lost, nothing throws at UIKit.
    ///
    /// - Throws: ``UserActionError/noItemDisplayed(_:)`` or
    ///   ``UserActionError/invalidDestination(_:)`` for index paths the view does not show (then
    ///   nothing changes); ``UserActionError/itemLeftStorage(_:)``,
    ///   ``UserActionError/notEditable`` or ``UserActionError/storageRefused(_:)`` when the view
    ///   shows the move but the storage did not take it.
    /// - Complexity: the storage's identity look-ups of the item and its new neighbours, plus the
    ///   storage's move.
    public func userDidMoveItem(at source: IndexPath, to destination: IndexPath) throws(UserActionError) {
        guard content.holdsItem(at: source) else { throw .noItemDisplayed(source) }
        guard content.isMoveDestination(destination, forItemAt: source) else { throw .invalidDestination(destination) }
        guard source != destination else { return }
        let storageSource = storageIndexPath(forDisplayed: source)
        // Contents of a storage that cannot take a move make the view read everything again.
        guard displayUserMove(from: source, to: destination) else { return }
        let storageDestination = storageSource.flatMap { place(destination, in: content, leaving: $0) }
        noteUserMove(from: source, to: destination)
        guard let storageSource else { throw .itemLeftStorage(source) }
        guard let editable = storage as? any EditableStorage else { throw .notEditable }
        // A move to the same place is none, except in an outline, where the row above decides.
        guard let storageDestination, storageDestination != storageSource || storage is any DropPlacedRows else { return }
        do {
            try editable.moveItem(at: storageSource, to: storageDestination)
        } catch {
            throw .storageRefused(error)
        }
    }

    /// The user deleted the item the view shows at `indexPath` (displayed index space; a swipe to
    /// delete): the storage removes that item, found by identity, and the updater's next batch
    /// deletes its row.
    ///
    /// - Throws: ``UserActionError/noItemDisplayed(_:)``, ``UserActionError/notEditable`` (the
    ///   storage is not an ``EditableStorage``: delete at the source, e.g. the database),
    ///   ``UserActionError/itemLeftStorage(_:)`` (a pending change already removed it), or
    ///   ``UserActionError/storageRefused(_:)``; the storage is then unchanged.
    public func userDidDeleteItem(at indexPath: IndexPath) throws(UserActionError) {
        guard content.holdsItem(at: indexPath) else { throw .noItemDisplayed(indexPath) }
        guard let editable = storage as? any EditableStorage else { throw .notEditable }
        guard let storagePath = storageIndexPath(forDisplayed: indexPath) else { throw .itemLeftStorage(indexPath) }
        do {
            try editable.removeItem(at: storagePath)
        } catch {
            throw .storageRefused(error)
        }
    }

    /// The storage index path (UIKit's `moveRow(at:to:)` reading) where the item at
    /// `storageSource` goes so that it follows the item `moved` shows before `destination` (else
    /// precedes the one after it, else stands at the same place of the same section); `nil` when
    /// none of them is in the storage any more.
    private func place(_ destination: IndexPath, in moved: Source.Content, leaving storageSource: IndexPath) -> IndexPath? {
        let section = destination[0], item = destination[1]
        /// `path` as a destination once the item left `storageSource`.
        func afterLeaving(_ path: IndexPath) -> IndexPath {
            let shift = path[0] == storageSource[0] && storageSource[1] < path[1] ? 1 : 0
            return IndexPath(indexes: [path[0], path[1] - shift])
        }
        if item > 0, let before = storage.indexPath(ofItemAt: IndexPath(indexes: [section, item - 1]), in: moved) {
            return afterLeaving(IndexPath(indexes: [before[0], before[1] + 1]))
        }
        if item + 1 < moved.numberOfItems(inSection: section),
           let after = storage.indexPath(ofItemAt: IndexPath(indexes: [section, item + 1]), in: moved) {
            return afterLeaving(after)
        }
        guard let storageSection = storage.sectionIndex(ofSection: section, in: moved) else { return nil }
        let count = storage.content.numberOfItems(inSection: storageSection) - (storageSection == storageSource[0] ? 1 : 0)
        return IndexPath(indexes: [storageSection, min(item, count)])
    }
}

extension ViewUpdater where Source: TypedItemStorage {
    /// The item the view shows at `indexPath` (displayed index space), typed; `nil` when it shows
    /// none there.
    public func displayedItem(at indexPath: IndexPath) -> Source.Item? {
        content.item(at: indexPath) as? Source.Item
    }
}
