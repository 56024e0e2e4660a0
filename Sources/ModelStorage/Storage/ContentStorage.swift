#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a storage shows at one moment, kept as a value: what a view displays while the storage
/// has already moved on, and what a consumer that applies updates later (a view updater, a
/// stream reader, a remote client) catches up from with ``ContentStorage/update(since:)``.
///
/// The reads answer from the content as it was when it was taken, whatever the storage does
/// since. A content holds the models the storage holds itself (headers and footers set on it);
/// the storage's providers (``BaseStorage/headerModelProvider``...) are asked by whoever reads
/// it for the storage (``ViewUpdater``).
public protocol StorageContent {
    /// The number of sections.
    var numberOfSections: Int { get }
    /// The number of items in `section`; 0 for a section that does not exist.
    func numberOfItems(inSection section: Int) -> Int
    /// The item at `indexPath`, or `nil` when there is none.
    func item(at indexPath: IndexPath) -> (any Sendable)?
    /// The supplementary model of `kind` that section `section` holds, or `nil`.
    func supplementaryModel(ofKind kind: String, forSectionAt section: Int) -> (any Sendable)?
}

/// A storage that hands out its content as a value in O(1) and tells what changed since any
/// content it handed out: "what changed since what I showed". ``ViewUpdater`` is built on it;
/// any consumer that applies updates later can use it the same way:
///
/// ```swift
/// var shown = storage.content          // what the consumer shows now
/// // ... the storage changes, any number of times ...
/// let update = storage.update(since: shown)
/// shown = storage.content              // apply `update` to what was shown, then show this
/// ```
///
/// `MemoryStorage`, both single-section storages and `DatabaseStorage` conform.
public protocol ContentStorage: Storage {
    /// The value the storage's content is kept as.
    associatedtype Content: StorageContent

    /// The content now, as a value. O(1): it shares the storage's arrays until the storage
    /// changes them (copy-on-write).
    var content: Content { get }

    /// The one update that takes `content` (one this storage handed out) to the content now:
    /// legal for `StorageUpdate.validate(oldItemCounts:newItemCounts:)` with their counts,
    /// matching sections and items by identity as `setSections` does (an item that changed
    /// section is a move; one that changed in place an update, in stage 2 when it moved too). A
    /// content from another storage gives ``StorageUpdate/reload``.
    func update(since content: Content) -> StorageUpdate

    /// Where the item that `content` (one this storage handed out) holds at `indexPath` is in
    /// the content now, by identity: `nil` when that item has left the storage or `content` holds
    /// nothing there. What a view's index path names in the storage while changes are pending.
    ///
    /// The default reads ``update(since:)`` (the diff's cost); the package's storages find the
    /// item by its identity instead, O(distance) from `indexPath` when the item did not go far.
    func indexPath(ofItemAt indexPath: IndexPath, in content: Content) -> IndexPath?

    /// Where section `section` of `content` is in the content now, by identity; `nil` when it has
    /// left. The default reads ``update(since:)``.
    func sectionIndex(ofSection section: Int, in content: Content) -> Int?

    /// Moves the item of `content` at `source` to `destination` (UIKit's `moveRow(at:to:)`
    /// reading: `destination` in the list after the item left `source`), every identity kept, so
    /// that ``update(since:)`` from it tells what differs from the move the user made on screen;
    /// returns `false`, changing nothing, when the index paths are not valid in `content` or this
    /// storage's contents cannot take a move (the default: a view updater then reloads its view).
    /// In place: O(items between the two places) when `content` is the only holder of its arrays.
    func moveItem(in content: inout Content, at source: IndexPath, to destination: IndexPath) -> Bool

    /// Calls `handler` with every update from now on (see ``BaseStorage/addObserver(_:)``).
    @discardableResult
    func addObserver(_ handler: @escaping (StorageUpdate) -> Void) -> ObserverToken

    /// Stops calling the handler `token` identifies.
    func removeObserver(_ token: ObserverToken)

    /// The kind under which the storage keeps section headers (``BaseStorage/supplementaryHeaderKind``).
    var supplementaryHeaderKind: String { get }

    /// The kind under which the storage keeps section footers (``BaseStorage/supplementaryFooterKind``).
    var supplementaryFooterKind: String { get }

    /// The model the storage's providers give for `kind` in `section` of its content, when the
    /// section holds none itself (``BaseStorage/headerModelProvider``...); `nil` when none applies.
    func providedSupplementaryModel(ofKind kind: String, section: Int) -> (any Sendable)?
}
