// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation

/// What an ``OutlineListHost`` calls: the app's handlers (a `StorageList`'s modifiers), set at
/// every render. The outline is editable: a deletion or a drop changes the storage first, then
/// its handler runs as a notice (an error it throws goes to ``didFail`` and undoes nothing).
@MainActor
struct OutlineListHandlers<Item: Identifiable & Sendable> {
    /// Whether the user may delete `item` (an `onDelete` takes its type).
    var canDelete: @MainActor (Item) -> Bool = { _ in false }
    /// Whether the user may drag `item` (an `onMove` takes its type).
    var canMove: @MainActor (Item) -> Bool = { _ in false }
    /// Told of each item the user deleted, after the storage removed it with its subtree.
    var didDelete: @MainActor (Item) throws -> Void = { _ in }
    /// Told of each item the user moved and its new displayed index path (its row among the
    /// outline's visible rows, section 0), after the storage moved it.
    var didMove: @MainActor (Item, IndexPath) throws -> Void = { _, _ in }
    /// Where a user's action that failed is reported.
    var didFail: @MainActor (any Error) -> Void = { _ in }
    /// Told of the selected ids each time they change by the user or by themselves.
    var selectionDidChange: @MainActor (Set<Item.ID>) -> Void = { _ in }

    /// Handlers that allow nothing.
    init() {}
}
#endif
