#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a ``ViewUpdater`` did not apply a user's action (a drag, a swipe) to the storage. The
/// action then changes nothing in the storage, and the view is brought back to the storage's
/// content by the updater's next batch: nothing is lost, and no other item is touched.
public enum UserActionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The view shows no item at this index path (displayed index space).
    case noItemDisplayed(IndexPath)
    /// The item the view shows at this index path (displayed index space) is no longer in the
    /// storage: it was removed by a change the view does not show yet.
    case itemLeftStorage(IndexPath)
    /// A move's destination (displayed index space) is outside the sections and items the view
    /// shows.
    case invalidDestination(IndexPath)
    /// The storage cannot take the action itself (it is not an ``EditableStorage``): the app
    /// changes its source instead (for a `DatabaseStorage`, the database). For a tap on a
    /// disclosure control: the storage's rows do not expand (it is not an ``OutlineStorage``).
    case notEditable
    /// The storage refused the change.
    case storageRefused(StorageError)

    /// A sentence that names the index path or the reason.
    public var description: String {
        switch self {
        case let .noItemDisplayed(path):
            return "the view shows no item at index path \(Array(path))"
        case let .itemLeftStorage(path):
            return "the item shown at index path \(Array(path)) is no longer in the storage"
        case let .invalidDestination(path):
            return "index path \(Array(path)) is not a place the view shows"
        case .notEditable:
            return "the storage cannot remove or move items itself"
        case let .storageRefused(error):
            return "the storage refused the change: \(error)"
        }
    }
}

/// What a view calls when its user acts on it: the actions arrive in the displayed index space
/// (what the view shows) and are applied to the items the user touched. ``ViewUpdater``
/// conforms; `SimulatedView` calls it for its simulated user actions.
@MainActor
public protocol UserActionHandling: AnyObject {
    /// The user moved the item the view showed at `source` to `destination` (UIKit's
    /// `moveRow(at:to:)` reading); the view already shows the move.
    func userDidMoveItem(at source: IndexPath, to destination: IndexPath) throws(UserActionError)
    /// The user deleted the item the view shows at `indexPath` (a swipe to delete).
    func userDidDeleteItem(at indexPath: IndexPath) throws(UserActionError)
    /// The storage's index path of the item the view shows at `indexPath`, or `nil` when that
    /// item has left the storage or the view shows nothing there.
    func storageIndexPath(forDisplayed indexPath: IndexPath) -> IndexPath?
    /// The user tapped the disclosure control of the row the view shows at `indexPath`: its
    /// item expands or collapses (an outline's rows).
    func userDidToggleExpansion(at indexPath: IndexPath) throws(UserActionError)
}

extension UserActionHandling {
    /// ``UserActionError/notEditable``: a handler whose rows do not expand or collapse.
    public func userDidToggleExpansion(at indexPath: IndexPath) throws(UserActionError) {
        throw .notEditable
    }
}
