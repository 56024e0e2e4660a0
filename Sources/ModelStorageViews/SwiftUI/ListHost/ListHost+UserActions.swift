// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// The user's swipes, drags and pulls: each reaches the item the user touched, through the
/// updater's user-action API (displayed index paths resolved by identity).
extension ListHost: UserActionHandling {
    /// A swipe to delete of the row the view shows at `indexPath`: the storage removes that item
    /// by identity (`ViewUpdater/userDidDeleteItem(at:)`) and ``didDeleteItem`` is told; for a
    /// storage the updater cannot edit (`DatabaseStorage`), ``didDeleteItem`` is called with the
    /// item so that the app removes it at its source.
    ///
    /// - Throws: the updater's `UserActionError` (`UserActionError/notEditable` only when
    ///   ``didDeleteItem`` is not set); the storage is then unchanged.
    public func userDidDeleteItem(at indexPath: IndexPath) throws(UserActionError) {
        guard let item = updater.item(at: indexPath) else { throw .noItemDisplayed(indexPath) }
        do {
            try updater.userDidDeleteItem(at: indexPath)
        } catch .notEditable where didDeleteItem != nil {
            // The app removes it at its source.
        }
        didDeleteItem?(item)
    }

    /// A drag of the row the view showed at `source` to `destination` (displayed index paths, the
    /// view already shows the move): the updater takes it (`ViewUpdater/userDidMoveItem(at:to:)`)
    /// and ``didMoveItem`` is told, also for a storage the updater cannot edit (whose app writes
    /// the new order; else the next batch animates the row back).
    ///
    /// - Throws: the updater's `UserActionError`, except `UserActionError/notEditable` when
    ///   ``didMoveItem`` is set.
    public func userDidMoveItem(at source: IndexPath, to destination: IndexPath) throws(UserActionError) {
        guard let item = updater.item(at: source) else { throw .noItemDisplayed(source) }
        do {
            try updater.userDidMoveItem(at: source, to: destination)
        } catch .notEditable where didMoveItem != nil {
            // The app writes the new order at its source.
        }
        didMoveItem?(item, destination)
    }

    /// The storage's index path of the item the view shows at `indexPath` (see
    /// `ViewUpdater/storageIndexPath(forDisplayed:)`).
    public func storageIndexPath(forDisplayed indexPath: IndexPath) -> IndexPath? {
        updater.storageIndexPath(forDisplayed: indexPath)
    }

    /// Pull to refresh: runs ``refreshAction`` and returns when it ends. A pull while a refresh
    /// runs, or with no action, does nothing (returns at once).
    public func refresh() async {
        guard let action = refreshAction, !isRefreshing else { return }
        isRefreshing = true
        await action()
        isRefreshing = false
    }
}
#endif
