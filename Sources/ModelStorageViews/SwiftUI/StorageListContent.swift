#if canImport(SwiftUI) && !os(watchOS)
import SwiftUI
import ModelStorage

/// What a ``StorageList`` passes its coordinator at each render (the ``ListHost``'s row
/// content): the rows, headers, footers and the user's actions, type-erased.
@MainActor
public struct StorageListContent<ID: Hashable> {
    /// A user's action on items of one type.
    struct Handler {
        let takes: (any Sendable) -> Bool
        let run: @MainActor (any Sendable) -> Void
        init<Item>(_ action: @escaping @MainActor (Item) -> Void) {
            takes = { $0 is Item }
            run = { if let item = $0 as? Item { action(item) } }
        }
    }
    /// A user's move of items of one type.
    struct MoveHandler {
        let takes: (any Sendable) -> Bool
        let run: @MainActor (any Sendable, IndexPath) -> Void
        init<Item>(_ action: @escaping @MainActor (Item, IndexPath) -> Void) {
            takes = { $0 is Item }
            run = { if let item = $0 as? Item { action(item, $1) } }
        }
    }

    var rows: [@MainActor (any Sendable) -> AnyView?] = []
    var header: (@MainActor (any Sendable) -> AnyView?)?
    var footer: (@MainActor (any Sendable) -> AnyView?)?
    let identify: @MainActor (any Sendable) -> ID?
    var selection: Binding<Set<ID>>?
    var deletions: [Handler] = []
    var moves: [MoveHandler] = []
    var refresh: (@MainActor () async -> Void)?
    var version: AnyHashable?
    /// Attaches a summary to the host (set once, at the first render).
    var attach: (@MainActor (any StorageListHosting) -> Void)?

    init(identify: @escaping @MainActor (any Sendable) -> ID?) {
        self.identify = identify
    }

    /// The row of `item`: the first row content that takes it, else an empty view. O(row types).
    func row(for item: (any Sendable)?) -> AnyView {
        guard let item else { return AnyView(EmptyView()) }
        for row in rows {
            if let view = row(item) { return view }
        }
        return AnyView(EmptyView())
    }

    /// Whether the user may swipe `item` away.
    func canDelete(_ item: (any Sendable)?) -> Bool {
        item.map { item in deletions.contains { $0.takes(item) } } ?? false
    }

    /// Whether the user may drag `item`.
    func canMove(_ item: (any Sendable)?) -> Bool {
        item.map { item in moves.contains { $0.takes(item) } } ?? false
    }

    /// The id of an item of a storage of several types: its `Identifiable` id, else the item when
    /// `Hashable`.
    static func anyID(_ item: any Sendable) -> AnyHashable? {
        if let identifiable = item as? any Identifiable { return id(of: identifiable) }
        return item as? AnyHashable
    }

    private static func id<Item: Identifiable>(of item: Item) -> AnyHashable { AnyHashable(item.id) }
}

/// A ``ListHost`` whatever its storage: what a ``StorageList``'s summary attaches to.
@MainActor
public protocol StorageListHosting: AnyObject {
    /// Keeps `summary` equal to what the list shows.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    func attach(_ summary: ListSummary)
}

extension ListHost: StorageListHosting {}

extension ListHost {
    /// Configures the host from a ``StorageList``'s content: the selection's binding, the user's
    /// deletions and moves, refresh.
    func adopt(_ content: RowContent) where RowContent == StorageListContent<ID> {
        selectionDidChange = { [weak self] ids in
            if self?.rowContent.selection?.wrappedValue != ids { self?.rowContent.selection?.wrappedValue = ids }
        }
        didDeleteItem = { [weak self] item in self?.rowContent.deletions.first { $0.takes(item) }?.run(item) }
        didMoveItem = { [weak self] item, path in self?.rowContent.moves.first { $0.takes(item) }?.run(item, path) }
        refreshAction = content.refresh
    }
}
#endif
