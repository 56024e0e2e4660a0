#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A storage whose items a user can remove and reorder through a view: what a swipe to delete
/// and a drag to reorder do to it, at the storage's own index paths. ``ViewUpdater`` resolves the
/// view's index paths to these (``ViewUpdater/userDidDeleteItem(at:)``,
/// ``ViewUpdater/userDidMoveItem(at:to:)``).
///
/// `MemoryStorage` and the single-section storages conform. `DatabaseStorage` does not: its order
/// and its rows are the query's, which the app changes by writing to the database.
public protocol EditableStorage: AnyObject {
    /// Removes the item at `indexPath` (the storage's index space), reported as one deletion.
    ///
    /// - Throws: ``StorageError`` for an index path that names no item; the storage is then
    ///   unchanged.
    func removeItem(at indexPath: IndexPath) throws(StorageError)

    /// Moves the item at `source` to `destination` (the storage's index space, `destination` read
    /// as UIKit's `moveRow(at:to:)` reads it: in the list after the item left `source`), reported
    /// as one move.
    ///
    /// - Throws: ``StorageError`` for an index path out of range; the storage is then unchanged.
    func moveItem(at source: IndexPath, to destination: IndexPath) throws(StorageError)
}

/// A storage whose items all have one type, ``Item``: a view's cells receive that type, not
/// `any Sendable` (``ViewUpdater/displayedItem(at:)``).
///
/// The single-section storages (`Item`) and `DatabaseStorage` (`Record`) conform.
public protocol TypedItemStorage: ContentStorage {
    /// The type of every item.
    associatedtype Item: Sendable
}
