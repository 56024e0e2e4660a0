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
        let run: @MainActor (any Sendable) throws -> Void
        init<Item>(_ action: @escaping @MainActor (Item) throws -> Void) {
            takes = { $0 is Item }
            run = { if let item = $0 as? Item { try action(item) } }
        }
    }
    /// A user's move of items of one type.
    struct MoveHandler {
        let takes: (any Sendable) -> Bool
        let run: @MainActor (any Sendable, IndexPath) throws -> Void
        init<Item>(_ action: @escaping @MainActor (Item, IndexPath) throws -> Void) {
            takes = { $0 is Item }
            run = { if let item = $0 as? Item { try action(item, $1) } }
        }
    }
    /// The app's selection: several ids, or one.
    enum Selection {
        case several(Binding<Set<ID>>)
        case one(Binding<ID?>)

        /// The ids the binding holds.
        var ids: Set<ID> {
            switch self {
            case .several(let binding): binding.wrappedValue
            case .one(let binding): binding.wrappedValue.map { [$0] } ?? []
            }
        }

        /// Writes `ids` to the binding when they differ from what it holds.
        func write(_ ids: Set<ID>) {
            switch self {
            case .several(let binding): if binding.wrappedValue != ids { binding.wrappedValue = ids }
            case .one(let binding): if binding.wrappedValue != ids.first { binding.wrappedValue = ids.first }
            }
        }

        /// Whether the user may select several items.
        var allowsSeveral: Bool {
            if case .several = self { return true }
            return false
        }
    }

    var rows: [@MainActor (any Sendable) -> AnyView?] = []
    /// An outline's row from its item and the row state its view shows (`StorageList(outline)`):
    /// on macOS, the list shows the tree in an outline view with these rows.
    var outlineRow: (@MainActor (any Sendable, OutlineRowState) -> AnyView?)?
    var header: (@MainActor (any Sendable) -> AnyView?)?
    var footer: (@MainActor (any Sendable) -> AnyView?)?
    let identify: @MainActor (any Sendable) -> ID?
    var selection: Selection?
    var deletions: [Handler] = []
    var moves: [MoveHandler] = []
    var didFail: (@MainActor (any Error) -> Void)?
    /// The list's own refresh action (its `refreshable(action:)`, the deprecated `onRefresh`).
    var listRefresh: (@MainActor () async -> Void)?
    /// SwiftUI's environment where the list is (set by the coordinator at each render).
    var environment: EnvironmentValues?
    var version: AnyHashable?
    /// Attaches a summary to the host (set once, at the first render).
    var attach: (@MainActor (any StorageListHosting) -> Void)?

    init(identify: @escaping @MainActor (any Sendable) -> ID?) {
        self.identify = identify
    }

    /// What pull to refresh runs: the list's own action, else the environment's `refresh` action
    /// (a `.refreshable` above the list); `nil`: no pull to refresh.
    var refresh: (@MainActor () async -> Void)? {
        if let listRefresh { return listRefresh }
        guard let action = environment?.refresh else { return nil }
        return { await action() }
    }

    /// The row of `item`: the first row content that takes it, else an empty view; in the list's
    /// environment. O(row types).
    func row(for item: (any Sendable)?) -> AnyView {
        guard let item else { return AnyView(EmptyView()) }
        for row in rows {
            if let view = row(item) { return inEnvironment(view) }
        }
        return AnyView(EmptyView())
    }

    /// `view` (a header, a footer, a row) with the list's environment.
    func inEnvironment(_ view: AnyView) -> AnyView {
        guard let environment else { return view }
        return AnyView(view.environment(\.self, environment))
    }

    /// Whether the user may swipe `item` away.
    func canDelete(_ item: (any Sendable)?) -> Bool {
        item.map { item in deletions.contains { $0.takes(item) } } ?? false
    }

    /// Whether the user may drag `item`.
    func canMove(_ item: (any Sendable)?) -> Bool {
        item.map { item in moves.contains { $0.takes(item) } } ?? false
    }

    /// The id of an item of a storage of several types, without its type (the deprecated
    /// `AnyHashable` selection): its `Identifiable` id, else the item when `Hashable`.
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
    /// deletions and moves, their failures, refresh.
    func adopt(_ content: RowContent) where RowContent == StorageListContent<ID> {
        selectionDidChange = { [weak self] ids in self?.rowContent.selection?.write(ids) }
        didDeleteItem = { [weak self] item in try self?.rowContent.deletions.first { $0.takes(item) }?.run(item) }
        didMoveItem = { [weak self] item, path in try self?.rowContent.moves.first { $0.takes(item) }?.run(item, path) }
        didFailAction = { [weak self] error in self?.rowContent.didFail?(error) }
        adoptRender(content)
    }

    /// What a render changes: the refresh action and whether several items may be selected.
    func adoptRender(_ content: RowContent) where RowContent == StorageListContent<ID> {
        refreshAction = content.refresh
        allowsMultipleSelection = content.selection?.allowsSeveral ?? true
    }
}
#endif
