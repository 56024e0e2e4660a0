// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// The user's swipes, drags and pulls: each reaches the item the user touched, through the
/// updater's user-action API (displayed index paths resolved by identity).
///
/// What the app's handlers mean depends on the storage:
/// - an editable storage (`MemoryStorage`, the single-section storages) takes the action itself
///   first; ``didDeleteItem`` and ``didMoveItem`` are then a *notice* (the item already left or
///   moved; an error they throw is reported and undoes nothing);
/// - a storage the list cannot edit (`DatabaseStorage`) changes only when the app changes its
///   source: the handlers are then a *request*, which may fail (a delete that throws keeps the
///   row, a move that throws is animated back), reported to ``didFailAction``.
///
/// A drop where the item was is no move: the storage and ``didMoveItem`` hear nothing of it. The
/// data sources of UIKit and AppKit follow the same policy.
extension ListHost: UserActionHandling {
    /// A swipe to delete of the row the view shows at `indexPath`: the storage removes that item
    /// by identity (`ViewUpdater/userDidDeleteItem(at:)`) and ``didDeleteItem`` is told; for a
    /// storage the updater cannot edit (`DatabaseStorage`), ``didDeleteItem`` is called with the
    /// item so that the app removes it at its source. An error the handler throws goes to
    /// ``didFailAction``.
    ///
    /// - Throws: the updater's `UserActionError` (`UserActionError/notEditable` only when
    ///   ``didDeleteItem`` is not set); the storage is then unchanged.
    public func userDidDeleteItem(at indexPath: IndexPath) throws(UserActionError) {
        _ = try delete(at: indexPath)
    }

    /// A swipe to delete as the platform's swipe action reports it: ``userDidDeleteItem(at:)``,
    /// every failure reported to ``didFailAction``. Returns whether the item left the storage or
    /// the app's handler took the request without throwing (a swipe action's completion).
    @discardableResult
    public func userDidSwipeToDelete(at indexPath: IndexPath) -> Bool {
        do {
            return try delete(at: indexPath)
        } catch {
            didFailAction?(error)
            return false
        }
    }

    /// A drag of the row the view showed at `source` to `destination` (displayed index paths, the
    /// view already shows the move): the updater takes it (`ViewUpdater/userDidMoveItem(at:to:)`)
    /// and ``didMoveItem`` is told, also for a storage the updater cannot edit (whose app writes
    /// the new order; else the next batch animates the row back). An error the handler throws
    /// goes to ``didFailAction``. A drop where the item was changes nothing and calls no handler.
    ///
    /// - Throws: the updater's `UserActionError`, except `UserActionError/notEditable` when
    ///   ``didMoveItem`` is set.
    public func userDidMoveItem(at source: IndexPath, to destination: IndexPath) throws(UserActionError) {
        guard let item = updater.item(at: source) else { throw .noItemDisplayed(source) }
        // Applied (the handler is a notice) or requested (the app writes the new order).
        let outcome = try UserEdit.move(from: source, to: destination, appTakesRequests: didMoveItem != nil) {
            () throws(UserActionError) in try updater.userDidMoveItem(at: source, to: destination)
        }
        guard outcome != .unchanged else { return }
        _ = runHandler { try didMoveItem?(item, destination) }
    }

    /// A drag to reorder as the platform's data source reports it: ``userDidMoveItem(at:to:)``,
    /// every failure reported to ``didFailAction``. Returns whether the view must show the move
    /// (the displayed content took it, even when the storage did not follow).
    @discardableResult
    public func userDidDragItem(from source: IndexPath, to destination: IndexPath) -> Bool {
        do {
            try userDidMoveItem(at: source, to: destination)
            return true
        } catch {
            didFailAction?(error)
            return error.leavesMoveShown
        }
    }

    /// The storage's index path of the item the view shows at `indexPath` (see
    /// `ViewUpdater/storageIndexPath(forDisplayed:)`).
    public func storageIndexPath(forDisplayed indexPath: IndexPath) -> IndexPath? {
        updater.storageIndexPath(forDisplayed: indexPath)
    }

    /// Pull to refresh: runs ``refreshAction`` and returns when it ends (also when the task that
    /// awaits it is cancelled: the action sees the cancellation). A pull while a refresh runs, or
    /// with no action, does nothing (returns at once). A storage swap or ``dismantle()`` while it
    /// runs changes nothing for it: the list shows whatever storage it has when it ends.
    public func refresh() async {
        guard let action = refreshAction, !isRefreshing else { return }
        isRefreshing = true
        defer { isRefreshing = false }
        await action()
    }

    /// The deletion: whether the item left the storage or the request was taken.
    private func delete(at indexPath: IndexPath) throws(UserActionError) -> Bool {
        guard let item = updater.item(at: indexPath) else { throw .noItemDisplayed(indexPath) }
        // Applied (the handler is a notice) or requested (the app removes it at its source).
        let outcome = try UserEdit.perform(appTakesRequests: didDeleteItem != nil) {
            () throws(UserActionError) in try updater.userDidDeleteItem(at: indexPath)
        }
        let handled = runHandler { try didDeleteItem?(item) }
        return handled || outcome == .applied
    }

    /// Runs an app's handler; an error it throws goes to ``didFailAction``. Returns whether it
    /// did not throw.
    private func runHandler(_ handler: () throws -> Void) -> Bool {
        do {
            try handler()
            return true
        } catch {
            didFailAction?(error)
            return false
        }
    }
}
#endif
