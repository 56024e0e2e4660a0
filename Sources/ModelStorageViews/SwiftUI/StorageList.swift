#if canImport(SwiftUI) && !os(watchOS)
import SwiftUI
import ModelStorage

/// A SwiftUI list of a storage: a `UICollectionView` with a list layout (iOS, iPadOS, tvOS,
/// visionOS, Mac Catalyst) or an `NSTableView` in a scroll view (macOS), driven by a
/// `ViewUpdater`, with SwiftUI rows (`UIHostingConfiguration`, a hosting view per row on
/// AppKit). Its coordinator is a ``ListHost``: a re-render of the parent with the same storage
/// costs O(1) (the row content is swapped; visible rows are refreshed only when
/// ``contentVersion(_:)`` changes); another storage starts over with a reload.
///
/// ```swift
/// StorageList(songs) { song in Text(song.title) }
///     .selection($selected)
///     .onDelete { song in print("deleted", song) }
/// ```
///
/// A `MemoryStorage` (items of several types) gets its rows per type: `StorageList(storage)`
/// then ``row(_:content:)`` for each type. Section headers and footers come from the storage's
/// supplementary models (``header(_:content:)``, ``footer(_:content:)``; on macOS a header is a
/// group row of the table, a footer a row after the section's items). Pull to refresh is UIKit's
/// only: AppKit has no such control.
@MainActor
public struct StorageList<Source: ContentStorage, ID: Hashable> {
    let storage: Source
    var content: StorageListContent<ID>

    /// A list of `storage` (items of several types) whose rows come from ``row(_:content:)``;
    /// an item of a type no row takes shows an empty row. The selection's ids are the items' own
    /// (`Identifiable` ids, else the items when `Hashable`).
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

    /// Rows of items of type `Item` (for a list made with ``init(_:)``); the first row whose type
    /// takes an item shows it.
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

    /// The selected items' ids, kept by identity through updates; an id whose item leaves the
    /// list leaves the selection.
    public func selection(_ selection: Binding<Set<ID>>) -> Self {
        modified { $0.selection = selection }
    }

    /// Lets the user swipe to delete items of type `Item`: the storage removes the swiped item by
    /// identity (when it is editable: `MemoryStorage`, single-section storages), then `action`
    /// runs with it; for a storage the list cannot edit (`DatabaseStorage`), `action` removes it
    /// at its source. A trailing swipe on UIKit and on AppKit (a row action).
    public func onDelete<Item>(_ type: Item.Type, perform action: @escaping @MainActor (Item) -> Void) -> Self {
        modified { $0.deletions.append(StorageListContent<ID>.Handler(action)) }
    }

    /// Lets the user drag items of type `Item` to reorder them: the storage moves the dragged item
    /// by identity (when it is editable), then `action` runs with it and its new displayed index
    /// path; for a storage the list cannot edit, `action` writes the new order at its source.
    /// UIKit and AppKit (a row dropped between rows, across sections too).
    public func onMove<Item>(_ type: Item.Type, perform action: @escaping @MainActor (Item, IndexPath) -> Void) -> Self {
        modified { $0.moves.append(StorageListContent<ID>.MoveHandler(action)) }
    }

    /// Pull to refresh (UIKit): runs `action`; the refresh control shows until it returns. AppKit
    /// has no pull-to-refresh control: on macOS the list shows none and never runs `action`
    /// (offer a button or a menu command that runs it).
    public func onRefresh(_ action: @escaping @MainActor () async -> Void) -> Self {
        modified { $0.refresh = action }
    }

    /// What the rows show beyond their items: when it changes between two renders, the visible
    /// rows are built again (the row closure captured something else). Equal values: O(1).
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
    /// Lets the user swipe to delete rows (see ``onDelete(_:perform:)``).
    public func onDelete(perform action: @escaping @MainActor (Source.Item) -> Void) -> Self {
        onDelete(Source.Item.self, perform: action)
    }

    /// Lets the user drag rows to reorder them (see ``onMove(_:perform:)``).
    public func onMove(perform action: @escaping @MainActor (Source.Item, IndexPath) -> Void) -> Self {
        onMove(Source.Item.self, perform: action)
    }
}
#endif
