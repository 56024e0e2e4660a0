// Foundation itself, not FoundationEssentials: `IndexSet`, the type UIKit's section
// operations take, is not in FoundationEssentials on Linux.
import Foundation
import FingerprintDiff

/// Drives one table or collection view from one storage, so that the view never meets counts
/// that do not match the batch it animates, and never falls behind.
///
/// A storage's data changes at once; a view must see its data change only inside the batch
/// that animates the change (UIKit re-reads its counts lazily at the start of a batch: radar
/// 28167779). So the updater keeps the content the view shows (``content``, a copy-on-write
/// value the storage hands out in O(1)) and is the view's data source's storage: it conforms to
/// ``Storage`` with that content. Then:
///
/// - **One batch in flight.** A change of the storage schedules a flush (through `schedule`,
///   after the current main-actor turn, so that the changes of one turn go as one batch). The
///   flush asks the storage what changed since the displayed content
///   (``ContentStorage/update(since:)``) and sends it. Changes made while a batch animates wait;
///   when its completion runs, everything pending goes as one net update.
/// - **Two stages.** The first batch animates the structure (deletions, insertions, moves) and
///   its updates block is where the displayed content becomes the new one; after its completion
///   a second batch reconfigures the items whose content changed (moved or not: the cell stays)
///   and reloads sections whose own models changed (see `BatchStages`).
/// - **Reloads.** `reloadData()` instead of a batch when the storage asks for one, when the
///   update lists more than ``reloadThreshold`` operations, and when the view is not in a window
///   (no animation work off screen: at most one reload per scheduled turn). Never while a batch
///   is in flight, never inside an updates block, never a forced layout.
/// - **Re-entrant.** A data source read, a cell configuration, an observer or a completion that
///   changes the storage puts the change in the next batch; never a nested batch.
/// - **Loses nothing.** When the storage stops changing and the last completion has run, the
///   view shows exactly the storage's content (``whenDisplayed(_:)`` runs then).
///
/// The storage must be changed on the main actor while an updater shows it (as UIKit's views
/// are): its updates reach the updater synchronously, and a change from elsewhere traps.
///
/// The updater keeps its view and its storage; let neither own the updater (a view controller
/// owns all three).
@MainActor
public final class ViewUpdater<Source: ContentStorage> {
    /// The storage whose content the view shows.
    public let storage: Source
    /// The view the updater drives.
    public let view: any BatchUpdatingView
    /// The content the view shows: what the data source reads through the updater. It changes
    /// only inside a batch's updates block, when the view reloads, when a flush takes the
    /// storage's content without telling the view (nothing the view shows differs: the changes
    /// cancelled out), or when the user moves an item on screen (``userDidMoveItem(at:to:)``).
    /// Its index paths are the *displayed* ones.
    public var content: Source.Content { state.displayed }
    /// Who follows ``content`` (see ``addContentObserver(_:)``).
    var contentObservers = ContentObservers()
    /// When set, an update that lists more operations than this (`changes.changeCount`) is a
    /// `reloadData()` instead of a batch; `nil` (the default) uses the storage's
    /// ``BaseStorage/reloadThreshold`` (which makes the storage itself ask for reloads).
    public var reloadThreshold: Int?
    /// What decides the kind of cell an item needs: an item changed into one of another kind is
    /// reloaded (a new cell), not reconfigured (`reconfigureItems(at:)` must keep the cell).
    /// `nil` (the default): the item's type, for storages whose items may have several types
    /// (every item of a ``TypedItemStorage`` has one). A data source with per-type registrations
    /// sets it to the registration's identity.
    public var cellKind: (@MainActor (any Sendable) -> AnyHashable)?
    /// What the updater has sent so far (for tests and the benchmark:
    /// `@_spi(Benchmarking) import ModelStorage`).
    @_spi(Benchmarking)
    public private(set) var statistics = Statistics()

    /// What a ``ViewUpdater`` has sent its view.
    @_spi(Benchmarking)
    public struct Statistics: Sendable, Equatable {
        /// Structure batches (stage 1) sent.
        public var structureBatches = 0
        /// Refresh batches (stage 2, or the only batch of an update that changes content only).
        public var refreshBatches = 0
        /// `reloadData()` calls.
        public var reloads = 0
        /// Flushes that found nothing to send (changes that cancelled out).
        public var emptyFlushes = 0
    }

    let schedule: (@escaping @MainActor () -> Void) -> Void
    /// Whether every item of the storage has one type (a ``TypedItemStorage``), asked once: a
    /// conformance check at every flush cost more than the rest of a one-item batch.
    private let itemsHaveOneType: Bool
    /// The storage as a ``BaseStorage`` (whose ``BaseStorage/reloadThreshold`` a flush reads),
    /// cast once rather than at every flush.
    private let baseStorage: BaseStorage?
    var registration: ObserverRegistration?
    /// What the view shows, what waits and what is in flight, changed only by its transitions
    /// (see ``ViewUpdaterState``).
    private(set) var state: ViewUpdaterState<Source.Content>

    /// An updater that shows `storage` in `view`; the view's data source must read the updater.
    ///
    /// - Parameters:
    ///   - storage: the storage to show (a `MemoryStorage`, a single-section storage, a
    ///     `DatabaseStorage`).
    ///   - view: the view to drive.
    ///   - schedule: runs the pending work later: by default on the main actor's next turn. A
    ///     test passes its own (`ManualScheduler` in `ModelStorageTesting`), to run the work when
    ///     it chooses.
    @_specialize(where Source == MemoryStorage)
    public init(storage: Source, view: any BatchUpdatingView,
                schedule: @escaping (@escaping @MainActor () -> Void) -> Void = ViewUpdaterScheduling.nextTurn) {
        self.storage = storage
        self.view = view
        self.schedule = schedule
        itemsHaveOneType = storage is any TypedItemStorage
        baseStorage = storage as? BaseStorage
        state = ViewUpdaterState(displaying: storage.content)
        registration = .observing(storage, for: self) { updater, update in updater.storageDidChange(update) }
    }

    /// Whether the view shows the storage's content as of the last change observed, with no
    /// batch in flight and nothing scheduled.
    public var isIdle: Bool { state.isIdle }

    /// Runs `body` once the view shows every change the storage made before this call (at
    /// once when it already does): after the completion of the batch that shows the last of
    /// them, or the reload that does.
    public func whenDisplayed(_ body: @escaping @MainActor () -> Void) {
        if state.wait(body) { body() }
    }

    /// Sends now what changed since the displayed content, unless a batch is in flight (then
    /// its completion does). Changes are sent by themselves after each turn; call this to send
    /// them sooner.
    public func flush() {
        // An updater of a `MemoryStorage` runs the code specialized for it: the generic code
        // looks up the metadata of the types it handles at every call, most of what a one-item
        // flush costs. (The initializer is specialized too: its closure observes the storage.)
        if Source.self == MemoryStorage.self {
            unsafeDowncast(self, to: ViewUpdater<MemoryStorage>.self).flushPending()
        } else {
            flushPending()
        }
    }

    /// ``flush()``'s work.
    private func flushPending() {
        let targetChanges: Int, reloadRequested: Bool
        switch state.startFlush() {
        case .notNow: return
        case .nothingPending: return runWaiters()
        case let .target(changes, reload): (targetChanges, reloadRequested) = (changes, reload)
        }
        let target = storage.content
        let update = reloadRequested ? StorageUpdate.reload : storage.update(since: content)
        let threshold = reloadThreshold ?? baseStorage?.reloadThreshold
        if update.requiresReload || threshold.map({ update.changes.changeCount > $0 }) == true || !view.isInWindow {
            guard update.requiresReload || !update.isEmpty else { return adopt(target, changes: targetChanges) }
            return reload(showing: target, changes: targetChanges)
        }
        guard !update.isEmpty else {
            statistics.emptyFlushes += 1
            return adopt(target, changes: targetChanges)
        }
        let stages = BatchStages(update.changes, needsNewCell: cellChangeCheck(from: content, to: target))
        if let structure = stages.structure {
            statistics.structureBatches += 1
            state.startStructureBatch(refresh: stages)
            send { view in
                self.show(target, changes: targetChanges)
                structure.send(to: view)
            }
        } else {
            sendRefresh(stages, showing: (target, targetChanges))
        }
    }

    // MARK: Batches

    /// Shows `target` through `reloadData()`, then finishes.
    private func reload(showing target: Source.Content, changes: Int) {
        state.showReloaded(target, through: changes)
        notifyContentObservers()
        statistics.reloads += 1
        view.reloadData()
        finish()
    }

    /// Sends the refresh batch of `stages` (showing `target` in its updates block when the
    /// structure batch did not), then finishes.
    private func sendRefresh(_ stages: BatchStages, showing target: (content: Source.Content, changes: Int)?) {
        guard stages.hasRefresh || target != nil else { return finish() }
        statistics.refreshBatches += 1
        state.startRefreshBatch()
        send { view in
            if let target { self.show(target.content, changes: target.changes) }
            if !stages.reloadedSections.isEmpty { view.reloadSections(IndexSet(stages.reloadedSections)) }
            if !stages.reloadedItems.isEmpty { view.reloadItems(at: stages.reloadedItems) }
            if !stages.reconfiguredItems.isEmpty { view.reconfigureItems(at: stages.reconfiguredItems) }
        }
    }

    /// The batch the state has in flight: `updates` inside the view's updates block; its
    /// completion goes on from the state then (a user's move may have carried its refresh stage).
    private func send(_ updates: @escaping @MainActor (any BatchUpdatingView) -> Void) {
        view.performBatchUpdates({ [self] in updates(view) }, completion: { [self] _ in completed() })
    }

    /// A batch's completion: the refresh stage after the structure, else the end.
    private func completed() {
        switch state.completeBatch() {
        case .stopped: return
        case let .refresh(stages): sendRefresh(stages, showing: nil)
        case .finished: finish()
        }
    }

    /// The batch (or reload) is done: run what waited for it, then send what changed meanwhile.
    private func finish() {
        state.endFlight()
        runWaiters()
        if !state.pending.isEmpty { flush() }
    }

    /// The displayed content is now `target`, which includes the first `changes` changes.
    private func show(_ target: Source.Content, changes: Int) {
        state.show(target, through: changes)
        notifyContentObservers()
    }

    /// Shows `target` without telling the view: only for a content the view cannot tell from the
    /// displayed one (no update between them), or the same counts off screen with nothing listed.
    private func adopt(_ target: Source.Content, changes: Int) {
        show(target, changes: changes)
        runWaiters()
    }

    private func runWaiters() {
        for body in state.takeReadyWaiters() { body() }
    }

    /// Whether an item changed from its old index path in `old` to its new one in `new` needs
    /// another kind of cell (see ``cellKind``); `nil` when no item can.
    private func cellChangeCheck(from old: Source.Content, to new: Source.Content) -> ((IndexPath, IndexPath) -> Bool)? {
        if let cellKind {
            return { oldPath, newPath in
                guard let before = old.item(at: oldPath), let after = new.item(at: newPath) else { return false }
                return cellKind(before) != cellKind(after)
            }
        }
        if itemsHaveOneType { return nil }
        // The default kind, the item's type, compared as it is (no `AnyHashable` per item).
        return { oldPath, newPath in
            guard let before = old.item(at: oldPath), let after = new.item(at: newPath) else { return false }
            return ObjectIdentifier(type(of: before)) != ObjectIdentifier(type(of: after))
        }
    }

    // MARK: The storage's changes

    private func storageDidChange(_ update: StorageUpdate) {
        if state.observe(requiresReload: update.requiresReload) { scheduleFlush() }
    }

    /// Asks the scheduler for the flush the state scheduled (a flush that runs sooner cancels it).
    private func scheduleFlush() {
        schedule { [weak self] in
            guard let self, self.state.isFlushScheduled else { return }
            self.flush()
        }
    }

    // MARK: The user's moves

    /// The user moved the item the view showed at `source` to `destination` (displayed index
    /// paths): the displayed content takes the move, and `false` when it cannot (then the view
    /// reloads at the next flush).
    func displayUserMove(from source: IndexPath, to destination: IndexPath) -> Bool {
        let moved = state.moveDisplayed { storage.moveItem(in: &$0, at: source, to: destination) }
        notifyContentObservers()
        if !moved, state.noteUntakenMove() { scheduleFlush() }
        return moved
    }

    /// The displayed content took the user's move from `source` to `destination`: one more
    /// change until a flush compares it with the storage's.
    func noteUserMove(from source: IndexPath, to destination: IndexPath) {
        if state.noteUserMove(from: source, to: destination) { scheduleFlush() }
    }

    // MARK: The end

    /// Whether ``stopObserving()`` was called: nothing more is sent to the view.
    var isStopped: Bool { state.isStopped }

    /// Stops the state (see ``stopObserving()``); `false` when it was stopped already.
    func stopState() -> Bool { state.stop() }
}

/// The token of a closure observer, reachable from the closure itself (so that it can remove
/// itself once its owner is gone).
@usableFromInline
final class ObserverRegistration {
    @usableFromInline
    var token: ObserverToken?

    @usableFromInline
    init() {}

    /// Observes `storage` for `owner`: `handle` runs on the main actor with each update while
    /// `owner` lives; the first update after it is gone removes the observer (an owner's deinit
    /// cannot reach the storage).
    @inlinable
    static func observing<Observed: ContentStorage, Owner: AnyObject & Sendable>(
        _ storage: Observed, for owner: Owner,
        _ handle: @escaping @MainActor (Owner, StorageUpdate) -> Void
    ) -> ObserverRegistration {
        let registration = ObserverRegistration()
        registration.token = storage.addObserver { [weak owner, weak storage] update in
            guard let owner else {
                if let storage, let token = registration.token { storage.removeObserver(token) }
                return
            }
            MainActor.assumeIsolated { handle(owner, update) }
        }
        return registration
    }
}

/// Schedulers for ``ViewUpdater/init(storage:view:schedule:)``.
public enum ViewUpdaterScheduling {
    /// Runs `work` on the main actor's next turn: the changes of the current turn go as one
    /// batch.
    public static func nextTurn(_ work: @escaping @MainActor () -> Void) {
        Task { @MainActor in work() }
    }

    /// Runs `work` at once (for tests that want every change sent as it is made).
    @MainActor
    public static func immediately(_ work: @escaping @MainActor () -> Void) {
        work()
    }
}

extension SectionedBatchUpdate {
    /// Sends the structural operations (deletions, insertions, moves; no reloads) to `view`,
    /// inside its updates block.
    @MainActor
    package func send(to view: any BatchUpdatingView) {
        if !deletedSections.isEmpty { view.deleteSections(IndexSet(deletedSections)) }
        if !insertedSections.isEmpty { view.insertSections(IndexSet(insertedSections)) }
        for move in movedSections { view.moveSection(move.from, toSection: move.to) }
        if !deletedItems.isEmpty { view.deleteItems(at: deletedItems) }
        if !insertedItems.isEmpty { view.insertItems(at: insertedItems) }
        for move in movedItems { view.moveItem(at: move.from, to: move.to) }
    }
}

// MARK: Storage: what the data source reads

extension ViewUpdater: @MainActor Storage {
    /// The number of sections the view shows.
    public var numberOfSections: Int { content.numberOfSections }

    /// The number of items the view shows in `section`; 0 for a section that does not exist.
    public func numberOfItems(inSection section: Int) -> Int { content.numberOfItems(inSection: section) }

    /// The item the view shows at `indexPath`, or `nil`.
    public func item(at indexPath: IndexPath) -> (any Sendable)? { content.item(at: indexPath) }

    /// The supplementary model of `kind` the view shows for `section`: the displayed section's
    /// own, else what the storage's providers say; `nil` for a section that does not exist.
    public func supplementaryModel(ofKind kind: String, forSectionAt section: Int) -> (any Sendable)? {
        guard section >= 0 && section < content.numberOfSections else { return nil }
        return content.supplementaryModel(ofKind: kind, forSectionAt: section)
            ?? storage.providedSupplementaryModel(ofKind: kind, section: section)
    }

    /// The header model the view shows for `section` (the storage's header kind).
    public func headerModel(forSection section: Int) -> (any Sendable)? {
        supplementaryModel(ofKind: storage.supplementaryHeaderKind, forSectionAt: section)
    }

    /// The footer model the view shows for `section` (the storage's footer kind).
    public func footerModel(forSection section: Int) -> (any Sendable)? {
        supplementaryModel(ofKind: storage.supplementaryFooterKind, forSectionAt: section)
    }
}
