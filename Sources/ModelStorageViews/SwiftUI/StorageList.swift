#if canImport(SwiftUI) && !os(watchOS)
import SwiftUI
import ModelStorage

/// A SwiftUI list of a storage: a `UICollectionView` with a list layout (iOS, iPadOS, tvOS,
/// visionOS, Mac Catalyst) or an `NSTableView` in a scroll view (macOS), driven by a
/// `ViewUpdater`; on macOS, `StorageList(outline) { item, state in … }` is an `NSOutlineView`
/// driven by an `OutlineViewUpdater`. Rows are SwiftUI (`UIHostingConfiguration`, a hosting view
/// per row on AppKit). Its coordinator (``StorageListCoordinator``) owns a ``ListHost``: a
/// re-render of the parent with the same storage costs O(1) (the row content is swapped; visible
/// rows are refreshed only when ``contentVersion(_:)`` changes); another storage starts over with
/// a reload.
///
/// ```swift
/// StorageList(songs) { song in Text(song.title) }
///     .selection($selected)                 // Set<Song.ID>, or Song.ID? for one
///     .onDelete { song in print("deleted", song) }
///     .refreshable { await library.reload() }
/// ```
///
/// A `MemoryStorage` (items of several types) gets its rows per type: `StorageList(storage)`
/// then ``row(_:content:)`` for each type; its selection is a set of ``ItemKey``s. Section
/// headers and footers come from the storage's supplementary models (``header(_:content:)``,
/// ``footer(_:content:)``; on macOS a header is a group row of the table, a footer a row after
/// the section's items).
///
/// The list reads SwiftUI's environment as a `List` does: `.refreshable` on it or above it drives
/// its pull to refresh, and the environment (`@Environment` values, `.environment(_:)` objects) reaches
/// the rows' content as it is when each row is configured. Pull to refresh and swipe to delete
/// are not on tvOS (UIKit has neither there); pull to refresh is not on macOS (AppKit has no such
/// control). See <doc:ShowingAStorageInSwiftUI>.
@MainActor
public struct StorageList<Source: ContentStorage, ID: Hashable> {
    let storage: Source
    var content: StorageListContent<ID>

    /// A list of `storage` (items of several types) whose rows come from ``row(_:content:)``;
    /// an item of a type no row takes shows an empty row. The selection's ids are ``ItemKey``s
    /// (each item's type and id).
    public init(_ storage: Source) where ID == ItemKey {
        self.storage = storage
        content = StorageListContent(identify: { ItemKey(item: $0) })
    }

    /// A list of `storage` whose selection's ids are the items' ids without their types (a
    /// `Playlist` and a `Track` with equal ids are one entry).
    @available(*, deprecated, message: "select ItemKeys: a Set<ItemKey> or an ItemKey? binding")
    @_disfavoredOverload
    public init(_ storage: Source) where ID == AnyHashable {
        self.storage = storage
        content = StorageListContent(identify: StorageListContent<AnyHashable>.anyID)
    }

    /// A list of `storage`, each row `row(item)`; the selection's ids are the items' ids.
    public init<Row: View>(_ storage: Source, @ViewBuilder row: @escaping @MainActor (Source.Item) -> Row)
    where Source: TypedItemStorage, Source.Item: Identifiable, ID == Source.Item.ID {
        self.storage = storage
        content = StorageListContent(identify: { ($0 as? Source.Item)?.id })
        content.rows.append { ($0 as? Source.Item).map { AnyView(row($0)) } }
    }

    /// A list of `outline`'s visible rows, each row `row(item, state)`: its item and its
    /// `OutlineRowState` (level, expansion, children) as the tree has it when the row is
    /// configured; the selection's ids are the items' ids.
    ///
    /// ```swift
    /// StorageList(outline) { folder, state in
    ///     Label(folder.name, systemImage: state.isExpanded ? "folder.fill" : "folder")
    /// }
    /// .selection($selected)                     // Set<Folder.ID>
    /// ```
    ///
    /// On UIKit each row's cell is indented by its level, and a row whose item has children has an
    /// outline disclosure accessory: a tap on it expands or collapses that item in the storage, by
    /// its id (`OutlineStorage/toggleExpansion(of:)`), and the list inserts or deletes the rows
    /// below it; a tap on the row still selects it. tvOS has no outline disclosure: there,
    /// selecting a row whose item has children also expands or collapses it. A tap that cannot be
    /// applied (the item left the tree meanwhile) goes to ``onActionError(_:)``.
    ///
    /// On macOS the list shows the tree in an `NSOutlineView`: its own disclosure triangles and
    /// indentation, each row an `NSHostingView` of `row(item, state)` with the state the view
    /// shows. Disclosure clicks and Option-clicks expand and collapse the items in the storage, by
    /// id; the storage's own expansions show in the view. The selection follows the items by id
    /// (an id whose item leaves the list or is hidden under a collapsed item leaves the binding).
    /// With ``onDelete(_:perform:)`` the Delete key deletes the selected rows: the storage removes
    /// each item with its subtree, then the handler runs (a notice). With ``onMove(_:perform:)``
    /// the user drags a row onto an item (its last child) or between rows (a sibling); the
    /// storage moves it with its subtree, then the handler runs with the item and its new
    /// displayed index path (its row among the outline's visible rows, section 0; its nearest
    /// shown ancestor's row when it went under a collapsed item). A drop into the item's own
    /// subtree is not offered; what fails goes to ``onActionError(_:)``.
    public init<Item, Row: View>(_ outline: OutlineStorage<Item>,
                                 @ViewBuilder row: @escaping @MainActor (Item, OutlineRowState) -> Row)
    where Source == OutlineStorage<Item>, ID == Item.ID {
        storage = outline
        content = StorageListContent(identify: { ($0 as? Item)?.id })
        content.rows.append { item in
            (item as? Item).map { item in
                let state = outline.rowState(forItemWithID: item.id) ?? OutlineRowState(level: 0, isExpanded: false, hasChildren: false)
                return AnyView(row(item, state))
            }
        }
        content.outlineRow = { item, state in (item as? Item).map { AnyView(row($0, state)) } }
    }

    /// Rows of items of type `Item` (for a list made with `init(_:)`); the first row
    /// whose type takes an item shows it.
    public func row<Item, Row: View>(_ type: Item.Type, @ViewBuilder content row: @escaping @MainActor (Item) -> Row) -> Self {
        modified { $0.rows.append { ($0 as? Item).map { AnyView(row($0)) } } }
    }

    /// Section headers from the storage's header models of type `Model` (on AppKit: group rows).
    /// On AppKit, call it before the list is first shown: the table has header rows or none.
    public func header<Model, Header: View>(_ type: Model.Type, @ViewBuilder content: @escaping @MainActor (Model) -> Header) -> Self {
        modified { $0.header = { ($0 as? Model).map { AnyView(content($0)) } } }
    }

    /// Section footers from the storage's footer models of type `Model` (on AppKit: a row after
    /// each section's items). On AppKit, call it before the list is first shown.
    public func footer<Model, Footer: View>(_ type: Model.Type, @ViewBuilder content: @escaping @MainActor (Model) -> Footer) -> Self {
        modified { $0.footer = { ($0 as? Model).map { AnyView(content($0)) } } }
    }

    /// The selected items' ids (several): kept by identity through updates; an id whose item
    /// leaves the list leaves the selection, and ids the binding holds that the list does not
    /// show are dropped from it.
    public func selection(_ selection: Binding<Set<ID>>) -> Self {
        modified { $0.selection = .several(selection) }
    }

    /// The selected item's id (one at most; a tap selects another): kept by identity through
    /// updates, `nil` when its item leaves the list or the list does not show it.
    public func selection(_ selection: Binding<ID?>) -> Self {
        modified { $0.selection = .one(selection) }
    }

    /// Lets the user swipe to delete items of type `Item`. An editable storage (`MemoryStorage`,
    /// single-section storages) removes the swiped item by identity, then `action` runs with it:
    /// a notice. A storage the list cannot edit (`DatabaseStorage`) changes only through
    /// `action`, which deletes it at its source: a request, and one that throws keeps the row (the
    /// error goes to ``onActionError(_:)``). A trailing swipe on UIKit and on AppKit (a row action);
    /// not on tvOS.
    public func onDelete<Item>(_ type: Item.Type, perform action: @escaping @MainActor (Item) throws -> Void) -> Self {
        modified { $0.deletions.append(StorageListContent<ID>.Handler(action)) }
    }

    /// Lets the user drag items of type `Item` to reorder them, `action` receiving the item and
    /// its new displayed index path. An editable storage moves the dragged item by identity first:
    /// a notice. For a storage the list cannot edit, `action` writes the new order at its source:
    /// a request; when it throws (the error goes to ``onActionError(_:)``) or writes nothing, the
    /// next batch moves the row back. A drop where the row was is no move: `action` does not run.
    /// UIKit and AppKit (a row dropped between rows, across sections too).
    public func onMove<Item>(_ type: Item.Type, perform action: @escaping @MainActor (Item, IndexPath) throws -> Void) -> Self {
        modified { $0.moves.append(StorageListContent<ID>.MoveHandler(action)) }
    }

    /// Where a user's action that failed is reported: the error an ``onDelete(_:perform:)`` or
    /// ``onMove(_:perform:)`` handler threw, or a `UserActionError` (the row already left the
    /// storage). The list keeps showing the storage.
    public func onActionError(_ action: @escaping @MainActor (any Error) -> Void) -> Self {
        modified { $0.didFail = action }
    }

    /// Pull to refresh, as on a `List`: the refresh control shows until `action` returns. The
    /// list's own action, so that its other modifiers can follow in any order; a `.refreshable`
    /// set above the list (SwiftUI's environment `refresh` action) drives the list too, and the
    /// list's own wins when both are set, as the innermost `.refreshable` does. Not on tvOS (UIKit
    /// has no refresh control there) nor macOS (AppKit has none): there the list never runs it.
    public func refreshable(action: @escaping @Sendable () async -> Void) -> Self {
        modified { $0.listRefresh = { await action() } }
    }

    /// Pull to refresh through the list's own action.
    @available(*, deprecated, message: "use .refreshable { await … }, as on a List")
    public func onRefresh(_ action: @escaping @MainActor () async -> Void) -> Self {
        modified { $0.listRefresh = action }
    }

    /// What the rows show beyond their items: when it changes between two renders, the visible
    /// rows are built again (the row closure captured something else, or an environment value
    /// the rows read changed). Equal values: O(1).
    public func contentVersion(_ version: some Hashable) -> Self {
        modified { $0.version = AnyHashable(version) }
    }

    /// Keeps `summary` (a count, an empty state beside the list) equal to what the list shows,
    /// changing inside the batch that shows each change.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    public func summary(_ summary: ListSummary) -> Self {
        modified { $0.attach = { host in host.attach(summary) } }
    }

    private func modified(_ change: (inout StorageListContent<ID>) -> Void) -> Self {
        var list = self
        change(&list.content)
        return list
    }
}

extension StorageList where Source: TypedItemStorage {
    /// Lets the user swipe to delete rows (see ``onDelete(_:perform:)``: a notice for an editable
    /// storage, a request for a `DatabaseStorage`).
    public func onDelete(perform action: @escaping @MainActor (Source.Item) throws -> Void) -> Self {
        onDelete(Source.Item.self, perform: action)
    }

    /// Lets the user drag rows to reorder them, `action` receiving the item and its new displayed
    /// index path (see ``onMove(_:perform:)``).
    public func onMove(perform action: @escaping @MainActor (Source.Item, IndexPath) throws -> Void) -> Self {
        onMove(Source.Item.self, perform: action)
    }
}

extension StorageList where Source == MemoryStorage {
    /// A `MemoryStorage` holds items of several types: name the type the handler takes.
    @available(*, unavailable, message: "a MemoryStorage holds items of several types: write .onDelete(Track.self) { track in … } for each type the user may delete")
    public func onDelete(perform action: @escaping @MainActor (any Sendable) throws -> Void) -> Self { self }

    /// A `MemoryStorage` holds items of several types: name the type the handler takes.
    @available(*, unavailable, message: "a MemoryStorage holds items of several types: write .onMove(Track.self) { track, destination in … } for each type the user may drag")
    public func onMove(perform action: @escaping @MainActor (any Sendable, IndexPath) throws -> Void) -> Self { self }
}
#endif
