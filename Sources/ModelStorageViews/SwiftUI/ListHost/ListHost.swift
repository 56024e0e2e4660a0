// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// What a SwiftUI representable's coordinator does, platform independent (`StorageList` is a
/// thin shell around it): it owns the `ViewUpdater` between a storage and a view, is the view's
/// data source (it forwards to the updater), and takes SwiftUI's life cycle:
///
/// - ``update(storage:rowContent:contentVersion:)`` at every re-render of the parent costs O(1)
///   when the storage is the same object: the row content is swapped, nothing is diffed, copied
///   or sent; the visible cells are reconfigured only when `contentVersion` changed (the app's
///   signal that the row content shows something else). Another storage starts over: the old
///   updater stops, a new one shows the new storage through a reload.
/// - ``dismantle()`` stops observing, whatever is pending or animating.
/// - Selection as a set of item ids (``selection``), kept by identity through updates; the
///   user's deletions and moves through the updater's user-action API (``userDidDeleteItem(at:)``,
///   ``userDidMoveItem(at:to:)``); pull to refresh (``refresh()``).
///
/// `RowContent` is what the platform makes cells from (a closure), `ID` the selection's id type.
@MainActor
public final class ListHost<Source: ContentStorage, RowContent, ID: Hashable> {
    /// The updater of the storage shown now (a new one after a storage swap).
    public private(set) var updater: ViewUpdater<Source>
    /// The view the host drives.
    public let view: any BatchUpdatingView
    /// What the platform makes cells from: the content passed at the last update.
    public private(set) var rowContent: RowContent
    /// The app's signal of what ``rowContent`` shows: when an update passes another value, the
    /// visible cells are reconfigured.
    public private(set) var contentVersion: AnyHashable?
    /// Whether ``dismantle()`` was called.
    public private(set) var isDismantled = false
    /// What the host has done so far (for tests and the benchmark:
    /// `@_spi(Benchmarking) import ModelStorageViews`).
    @_spi(Benchmarking)
    public private(set) var statistics = Statistics()
    /// The id of an item (the selection's identity); `nil` for an item that cannot be selected.
    let identify: @MainActor (any Sendable) -> ID?
    /// The index paths of the visible cells (the view's own), for reconfiguring them.
    private let visibleItems: @MainActor () -> [IndexPath]
    private let schedule: (@escaping @MainActor () -> Void) -> Void
    /// The selected ids and where the view showed each last (displayed index space).
    var selected: [ID: IndexPath] = [:]
    /// Called when the selection changes by itself (a selected item left the list) or by the
    /// user's tap: the SwiftUI side writes its `Binding` here.
    public var selectionDidChange: (@MainActor (Set<ID>) -> Void)?
    /// Called after the displayed content changed (inside the batch that shows it), by token.
    private var contentObservers = ContentObservers()
    /// Whether the user may select several items (a tap adds to the selection) or one (a tap
    /// replaces it).
    public var allowsMultipleSelection = true
    /// Called with each item the user deleted: after the storage removed it when the storage is
    /// editable (a notice), else to remove it at its source (a request, which may throw: the row
    /// then stays, as the storage still holds it). An error it throws goes to ``didFailAction``.
    public var didDeleteItem: (@MainActor (any Sendable) throws -> Void)?
    /// Called with each item the user moved and its destination (displayed index space): after
    /// the storage moved it when it is editable (a notice), else to write the new order at its
    /// source (a request; when it throws or writes nothing, the next batch moves the row back).
    /// An error it throws goes to ``didFailAction``.
    public var didMoveItem: (@MainActor (any Sendable, IndexPath) throws -> Void)?
    /// Where a user's action that failed is reported: the `UserActionError` of an action the list
    /// could not apply (the row already left, say), or the error ``didDeleteItem`` or
    /// ``didMoveItem`` threw. The list shows the storage either way.
    public var didFailAction: (@MainActor (any Error) -> Void)?
    /// What pull to refresh runs; `nil`: no refresh.
    public var refreshAction: (@MainActor () async -> Void)?
    /// Whether a refresh runs.
    public internal(set) var isRefreshing = false

    /// What a ``ListHost`` has done.
    @_spi(Benchmarking)
    public struct Statistics: Sendable, Equatable {
        /// Updates with the same storage (re-renders of the parent).
        public var rerenders = 0
        /// Updates whose `contentVersion` changed, reconfiguring the visible cells.
        public var reconfigurations = 0
        /// Updates with another storage, shown through a reload.
        public var storageSwaps = 0
    }

    /// A host that shows `storage` in `view`; the view's data source must read the host.
    ///
    /// - Parameters:
    ///   - storage: the storage to show.
    ///   - view: the view to drive.
    ///   - rowContent: what the platform makes cells from.
    ///   - contentVersion: the app's signal of what `rowContent` shows.
    ///   - identify: the id of an item, for the selection.
    ///   - visibleItems: the index paths of the view's visible cells.
    ///   - schedule: the updaters' scheduler (see `ViewUpdater/init(storage:view:schedule:)`).
    public init(storage: Source, view: any BatchUpdatingView, rowContent: RowContent,
                contentVersion: AnyHashable? = nil,
                identify: @escaping @MainActor (any Sendable) -> ID?,
                visibleItems: @escaping @MainActor () -> [IndexPath],
                schedule: @escaping (@escaping @MainActor () -> Void) -> Void = ViewUpdaterScheduling.nextTurn) {
        self.view = view
        self.rowContent = rowContent
        self.contentVersion = contentVersion
        self.identify = identify
        self.visibleItems = visibleItems
        self.schedule = schedule
        updater = ViewUpdater(storage: storage, view: view, schedule: schedule)
        observeContent()
    }

    /// The storage shown now.
    public var storage: Source { updater.storage }

    /// A re-render of the parent: SwiftUI's `updateUIView`/`updateNSView`.
    ///
    /// The same storage object: O(1), only `rowContent` is swapped (nothing diffed, copied, sent),
    /// and the visible cells are reconfigured when `contentVersion` differs from the last one
    /// (O(visible cells)). Another storage: the old updater stops, a new one shows `storage`
    /// through `reloadData()` (the selection keeps the ids the new storage shows). Nothing after
    /// ``dismantle()``.
    public func update(storage: Source, rowContent: RowContent, contentVersion: AnyHashable? = nil) {
        guard !isDismantled else { return }
        self.rowContent = rowContent
        let versionChanged = contentVersion != self.contentVersion
        self.contentVersion = contentVersion
        guard storage === updater.storage else { return swap(to: storage) }
        statistics.rerenders += 1
        guard versionChanged else { return }
        statistics.reconfigurations += 1
        let visible = visibleItems()
        if !visible.isEmpty { view.reconfigureItems(at: visible) }
    }

    /// Shows `storage` from now on, through a reload.
    private func swap(to storage: Source) {
        statistics.storageSwaps += 1
        updater.stopObserving()
        updater = ViewUpdater(storage: storage, view: view, schedule: schedule)
        observeContent()
        view.reloadData()
        contentDidChange()
    }

    /// SwiftUI's `dismantleUIView`/`dismantleNSView`: stops observing the storage at once and
    /// sends nothing more to the view, whatever is pending or animating. Later updates do nothing.
    public func dismantle() {
        isDismantled = true
        updater.stopObserving()
        refreshAction = nil
    }

    /// Runs `body` after each change of the displayed content (inside the batch that shows it,
    /// at a reload, a storage swap, a user's move), after the selection followed it, through
    /// storage swaps, until ``removeDisplayedContentObserver(_:)`` is called with the returned
    /// token.
    @discardableResult
    public func observeDisplayedContent(_ body: @escaping @MainActor () -> Void) -> ObserverToken {
        contentObservers.add(body)
    }

    /// Ends the observation `token` names; nothing for a token already ended.
    public func removeDisplayedContentObserver(_ token: ObserverToken) {
        contentObservers.remove(token)
    }

    private func observeContent() {
        updater.addContentObserver { [weak self] in self?.contentDidChange() }
    }

    private func contentDidChange() {
        followSelection()
        let observers = contentObservers
        observers.notify()
    }
}

extension ListHost: @MainActor Storage {
    /// The number of sections the view shows.
    public var numberOfSections: Int { updater.numberOfSections }
    /// The number of items the view shows in `section`.
    public func numberOfItems(inSection section: Int) -> Int { updater.numberOfItems(inSection: section) }
    /// The item the view shows at `indexPath`, or `nil`.
    public func item(at indexPath: IndexPath) -> (any Sendable)? { updater.item(at: indexPath) }
    /// The supplementary model of `kind` the view shows for `section`, or `nil`.
    public func supplementaryModel(ofKind kind: String, forSectionAt section: Int) -> (any Sendable)? {
        updater.supplementaryModel(ofKind: kind, forSectionAt: section)
    }
}
#endif
