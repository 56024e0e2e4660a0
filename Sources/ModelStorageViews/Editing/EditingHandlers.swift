// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// What a data source lets its user do to items of type `Item` (swipe to delete, drag to
/// reorder), and what it tells the app, as `UICollectionViewDiffableDataSource`'s
/// `reorderingHandlers` do. Each handler receives the item the user touched, typed, found by
/// identity: never the item the storage now holds at the index path the view gave.
///
/// ```swift
/// var editing = EditingHandlers<Song>()
/// editing.canDeleteItem = { song in !song.isPinned }
/// editing.canMoveItem = { _ in true }
/// editing.didDeleteItem = { song in undoStack.append(song) }
/// dataSource.setEditingHandlers(editing)
/// ```
///
/// Nothing is editable until a handler says so (as with Apple's diffable data sources). With a
/// storage the updater edits itself (`MemoryStorage`, the single-section storages: an
/// `EditableStorage`) the deletion or move is made there; with one it cannot edit
/// (`DatabaseStorage`), ``deleteItem`` and ``moveItem`` make it at the source (the database),
/// and a move nobody makes is animated back.
public struct EditingHandlers<Item> {
    /// Whether the user may delete `item` (a swipe to delete); `nil`: no item may be deleted.
    public var canDeleteItem: (@MainActor (Item) -> Bool)?
    /// Whether the user may drag `item` to another place; `nil`: no item may be moved.
    public var canMoveItem: (@MainActor (Item) -> Bool)?
    /// Runs after the item the user deleted left the storage.
    public var didDeleteItem: (@MainActor (Item) -> Void)?
    /// Runs after the storage moved the item the user dragged: the item, and its index paths in
    /// the storage before and after the move.
    public var didMoveItem: (@MainActor (_ item: Item, _ from: IndexPath, _ to: IndexPath) -> Void)?
    /// Deletes `item` at its source, for a storage the updater cannot edit (`DatabaseStorage`:
    /// delete the row; the storage's next update removes it from the view).
    public var deleteItem: (@MainActor (Item) -> Void)?
    /// Writes the new place of `item` at its source, for a storage the updater cannot edit: the
    /// item, and the index path the view now shows it at. The view shows the move already; when
    /// the source does not take it, the next batch moves the item back.
    public var moveItem: (@MainActor (_ item: Item, _ to: IndexPath) -> Void)?

    /// Handlers that allow nothing.
    public init() {}

    /// Handlers that allow deleting the items `canDeleteItem` accepts and moving those
    /// `canMoveItem` accepts.
    public init(canDeleteItem: (@MainActor (Item) -> Bool)? = nil, canMoveItem: (@MainActor (Item) -> Bool)? = nil) {
        self.canDeleteItem = canDeleteItem
        self.canMoveItem = canMoveItem
    }
}
#endif
