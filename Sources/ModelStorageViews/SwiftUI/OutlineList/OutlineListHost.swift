// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// What a `StorageList` of an ``OutlineStorage`` does on macOS, platform independent (the AppKit
/// list is a thin shell around it): it shows the tree in an outline view through an
/// ``OutlineViewUpdater`` (one stable object per id, the view's own disclosures and
/// indentation), through ``OutlineViewDataSourceCore`` for the view's reads, expansions and
/// drags, and takes SwiftUI's life cycle as ``ListHost`` does:
///
/// - ``update(storage:contentVersion:)`` at every render: O(1) with the same storage; the rows
///   the user sees are read again when `contentVersion` changed; another outline starts over (a
///   reload, then the new storage's expansion, keeping the selected ids it shows). The rows
///   are read again once the view shows every change made before (the updater's `whenDisplayed`).
/// - ``dismantle()`` releases the updater: nothing more is sent to the view.
/// - The selection by id (``selection``): the app's ids the view shows are selected, the others
///   leave it; after each batch the selection is what it was, but for the ids whose items left
///   the view or were hidden under a collapsed parent (``OutlineListHandlers/selectionDidChange``
///   is told).
/// - The user's deletions and drops (`OutlineListHost+UserActions`).
@MainActor
final class OutlineListHost<Item: Identifiable & Equatable & Sendable> {
    /// The outline view.
    let view: any OutlineListViewing
    /// The reads, expansions and drags of the outline shown now; `nil` once dismantled.
    private(set) var core: OutlineViewDataSourceCore<Item>?
    /// The app's handlers and policy: set at every render.
    var handlers = OutlineListHandlers<Item>()
    /// The app's signal of what the rows show (`StorageList/contentVersion(_:)`).
    private(set) var contentVersion: AnyHashable?
    /// The selected ids: those the view shows selected.
    var selection: Set<Item.ID> = []
    /// Whether the user may select several rows (a `Set` binding) or one.
    var allowsMultipleSelection = true {
        didSet { if allowsMultipleSelection != oldValue { view.allowsMultipleSelection = allowsMultipleSelection } }
    }
    /// Whether ``dismantle()`` was called.
    private(set) var isDismantled = false
    /// Updates with another storage, shown through a reload.
    private(set) var storageSwaps = 0
    /// Updates whose `contentVersion` changed, reading the rows the user sees again.
    private(set) var reconfigurations = 0
    /// Whether the host is selecting rows itself (the view's report of it is not the user's).
    var isApplyingSelection = false
    /// Whether a storage is being shown from the start (reload, then its expansion).
    var isStarting = false
    private let schedule: (@escaping @MainActor () -> Void) -> Void
    private var displayObservers: [@MainActor () -> Void] = []

    /// A host of `storage` in `view`; the view's data source must read ``updater``. Call
    /// ``start()`` once the view reads it.
    init(storage: OutlineStorage<Item>, view: any OutlineListViewing, contentVersion: AnyHashable? = nil,
         schedule: @escaping (@escaping @MainActor () -> Void) -> Void = ViewUpdaterScheduling.nextTurn) {
        self.view = view
        self.contentVersion = contentVersion
        self.schedule = schedule
        core = makeCore(storage)
        view.allowsMultipleSelection = allowsMultipleSelection
    }

    /// The updater of the outline shown now; `nil` once dismantled.
    var updater: OutlineViewUpdater<Item>? { core?.updater }

    /// Shows the storage from the start: the view reads the roots, then the storage's expansion
    /// is sent at once, then the selected ids the view shows are selected again. O(rows shown).
    func start() {
        guard let updater else { return }
        isStarting = true
        updater.view.reloadData()
        updater.flush()
        isStarting = false
        viewDidShowChanges()
    }

    /// A render of the parent: with the same storage O(1), the rows the user sees read again
    /// when `contentVersion` differs from the last one (O(visible rows)); another storage starts
    /// over (``start()``). Nothing after ``dismantle()``.
    func update(storage: OutlineStorage<Item>, contentVersion: AnyHashable?) {
        guard !isDismantled, let updater else { return }
        let versionChanged = contentVersion != self.contentVersion
        self.contentVersion = contentVersion
        guard storage === updater.storage else {
            storageSwaps += 1
            core = makeCore(storage)
            return start()
        }
        guard versionChanged else { return }
        reconfigurations += 1
        // Once the view shows the storage: a row whose item left the outline meanwhile would
        // read as an empty outline's row before its removal is sent.
        updater.whenDisplayed { [weak self] in self?.reloadVisibleRows() }
    }

    /// Reads the rows the user sees again (their cells). O(visible rows).
    private func reloadVisibleRows() {
        guard !isDismantled else { return }
        for row in view.visibleRows {
            if let object = view.item(atRow: row) { view.reloadItem(object, reloadChildren: false) }
        }
    }

    /// Stops showing the storage: the updater is released (its observation ends, a flush it
    /// scheduled does nothing), and the view's reads answer an empty outline.
    func dismantle() {
        isDismantled = true
        core = nil
        displayObservers = []
    }

    /// Runs `body` after each batch the view shows (after the selection followed it).
    func observeDisplayedContent(_ body: @escaping @MainActor () -> Void) {
        displayObservers.append(body)
    }

    /// Keeps `summary` equal to what the view shows: one section, its rows.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    func attach(_ summary: ListSummary) {
        summary.read(self)
        observeDisplayedContent { [weak self, weak summary] in
            if let self { summary?.read(self) }
        }
    }

    /// At the end of each batch: the selection follows what the view shows, then the observers.
    func viewDidShowChanges() {
        guard !isStarting, !isDismantled else { return }
        reconcileSelection()
        for body in displayObservers { body() }
    }

    /// The core of an updater of `storage` in the view (through a relay that reports each batch).
    private func makeCore(_ storage: OutlineStorage<Item>) -> OutlineViewDataSourceCore<Item> {
        let relay = OutlineListRelay(view)
        relay.batchDidEnd = { [weak self] in self?.viewDidShowChanges() }
        let core = OutlineViewDataSourceCore(updater: OutlineViewUpdater(storage: storage, view: relay, schedule: schedule),
                                             persistentIDs: nil)
        core.canDragItem = { [weak self] item in self?.handlers.canMove(item) ?? false }
        core.didFailUserAction = { [weak self] error in self?.handlers.didFail(error) }
        return core
    }
}

/// What an ``OutlineListHost`` counts: what its view shows, one section of rows (what a
/// `ListSummary` reads).
extension OutlineListHost: @MainActor Storage {
    /// One section.
    var numberOfSections: Int { 1 }
    /// The rows the view shows.
    func numberOfItems(inSection section: Int) -> Int { section == 0 ? view.numberOfRows : 0 }
    /// The item the view shows at row `indexPath.item` of section 0.
    func item(at indexPath: IndexPath) -> (any Sendable)? {
        guard indexPath.count == 2, indexPath[0] == 0 else { return nil }
        return updater?.item(for: view.item(atRow: indexPath[1]))
    }
    /// None.
    func supplementaryModel(ofKind kind: String, forSectionAt section: Int) -> (any Sendable)? { nil }
}
#endif
