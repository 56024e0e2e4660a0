// Foundation itself, not FoundationEssentials: `IndexSet` is not in FoundationEssentials on Linux.
import Foundation

/// Drives one outline view (`NSOutlineView`, or any ``OutlineUpdatingView``) from one
/// ``OutlineStorage``: the calls relative to parents such a view needs, never a flat row batch.
///
/// A view of parents cannot take the rows' batches: its calls name a parent and an index among
/// that parent's children, its items are objects that must stay the same while their id lives
/// (its expansion and selection follow the object), and a call under a parent it does not show
/// expanded does nothing. So the updater keeps the tree the view shows, hands the view one
/// ``OutlineViewItem`` per id, and is the view's data source (``OutlineViewDataSourcing``):
///
/// - **Batches.** A change of the storage schedules a flush (through `schedule`: the changes of
///   one main-actor turn go as one batch). The flush compares the tree the view shows with the
///   storage's, parent by parent, and sends in one `beginUpdates()`/`endUpdates()` the
///   collapses, the removals, the moves (fewest per parent: the children that keep their order
///   stay), the insertions, the reloads of items whose content or disclosure changed, and the
///   expansions, each with the indexes its parent has at that moment (``lastUpdate``). An item
///   that moves between two parents the view shows expanded is moved, with its subtree and its
///   expansion; under a parent the view does not show expanded, the view reads it when it
///   expands that parent.
/// - **The user's actions.** A disclosure click, an Option-click, a drop, a deletion and the
///   selection arrive as the view's objects and reach the items they stand for, whatever is
///   pending (see ``userDidExpand(_:recursively:)``).
/// - **Loses nothing.** When the storage stops changing and the last flush has run, the view
///   shows exactly the storage's visible tree and expansion.
///
/// The storage must be changed on the main actor while an updater shows it. The updater keeps
/// its view and its storage; let neither own the updater.
///
/// - Complexity: a flush examines only what changed since the last one (the outline keeps a
///   journal of the parents and items it changed): O(k × depth) for k changed items and the
///   children of the parents concerned, plus O(siblings) per moved item; the first flush, a
///   reload and a flush after more than 65,536 changes compare the whole tree shown, O(items shown).
@MainActor
public final class OutlineViewUpdater<Item: Identifiable & Equatable & Sendable> {
    /// The outline the view shows.
    public let storage: OutlineStorage<Item>
    /// The view the updater drives.
    public let view: any OutlineUpdatingView
    /// Which parent may take a dragged item (the dragged item, then the new parent, `nil` for
    /// the root): a place it refuses is not offered (``canDrop(_:onto:childIndex:)``) and a drop
    /// there throws ``OutlineActionError/invalidDropTarget``. `nil` (the default): every parent
    /// but the dragged item's own subtree. A file that holds no children, a folder that takes
    /// only files.
    public var canDropItem: (@MainActor (_ item: Item, _ newParent: Item?) -> Bool)?
    /// The items the view expanded or collapsed since the last flush ended, by the updater's
    /// calls or by itself (an expansion it remembered): their cells may show another expansion.
    @usableFromInline
    var expansionsChanged: [Item.ID] = []
    /// The storage's tree as the flush running started, `nil` between flushes (see ``tree``).
    @usableFromInline
    var sentTree: OutlineTree<Item>?
    /// The calls the last flush made, by id (see ``OutlineTreeUpdate``).
    public var lastUpdate: OutlineTreeUpdate<Item.ID> { update }
    /// The calls of the flush running, or of the last one.
    @usableFromInline
    var update = OutlineTreeUpdate<Item.ID>()

    /// The tree the view shows.
    @usableFromInline
    var shown = OutlineShownTree<Item>()
    /// The object of each id handed to the view, kept while the id is in the outline.
    @usableFromInline
    var objects: [Item.ID: OutlineViewItem<Item>] = [:]
    /// Whether a flush is scheduled and not run yet.
    @usableFromInline
    var isScheduled = false
    /// Whether a flush is sending its calls (a change meanwhile schedules another).
    @usableFromInline
    var isFlushing = false
    /// Whether the storage asked for a reload since the last flush.
    @usableFromInline
    var needsReload = false
    /// The position in the outline's journal (``OutlineJournal``) up to which the view shows its
    /// changes; before the first flush, none (that flush examines the whole tree).
    @usableFromInline
    var journalPosition = -1
    /// Subtrees the view expanded by itself since the last flush (a user's expansion that
    /// restored the expansion the view remembers below it): the next flush examines them.
    @usableFromInline
    var recheckedSubtrees: [Item.ID] = []
    /// The shown items whose rows show their children loading (``OutlineRowState/isLoading``),
    /// as last shown; ids removed meanwhile may linger (a reload too many when they come back).
    @usableFromInline
    var shownLoading = Set<Item.ID>()
    /// What waits for the view to show the storage (``whenDisplayed(_:)``).
    @usableFromInline
    var waiters: [@MainActor () -> Void] = []
    @usableFromInline
    let schedule: (@escaping @MainActor () -> Void) -> Void
    @usableFromInline
    var registration: ObserverRegistration?

    /// An updater that shows `storage` in `view`, whose data source must read the updater (the
    /// `ModelStorageViews` product's `OutlineViewDataSource` does). The view shows the roots; the
    /// first flush expands what the storage has expanded.
    ///
    /// - Parameters:
    ///   - storage: the outline to show.
    ///   - view: the view to drive.
    ///   - schedule: runs the pending work later: by default on the main actor's next turn. A
    ///     test passes its own (`ManualScheduler` in `ModelStorageTesting`).
    @inlinable
    public init(storage: OutlineStorage<Item>, view: any OutlineUpdatingView,
                schedule: @escaping (@escaping @MainActor () -> Void) -> Void = ViewUpdaterScheduling.nextTurn) {
        self.storage = storage
        self.view = view
        self.schedule = schedule
        shown.reset(roots: storage.tree.roots.map(shownEntry))
        storage.tree.journal.isRecording = true
        registration = .observing(storage, for: self) { updater, update in updater.storageDidChange(update) }
        if !storage.tree.expanded.isEmpty { scheduleFlush() }
    }

    /// Whether the view shows the storage as of the last change observed, with nothing scheduled.
    @inlinable
    public var isIdle: Bool { !isScheduled && !isFlushing }

    /// Whether a flush is sending its calls to the view now. What the view reports back
    /// meanwhile (`NSOutlineView` posts an expansion or a collapse notification for each item the
    /// updater expands or collapses, its descendants too for a collapse of all below) is the
    /// updater's own call, not the user's: a data source forwards none of it.
    @inlinable
    public var isSendingChanges: Bool { isFlushing }

    /// Runs `body` once the view shows every change the storage made before this call (at once
    /// when it does).
    @inlinable
    public func whenDisplayed(_ body: @escaping @MainActor () -> Void) {
        if isIdle { body() } else { waiters.append(body) }
    }

    /// Sends now what changed since the last flush. Changes are sent by themselves after each
    /// turn; call this to send them sooner. Nothing happens during a flush. A change made while
    /// a flush sends its calls (by a cell provider the view calls, by an observer of the storage)
    /// is sent by the next flush, scheduled as for any change; the flush running keeps the view
    /// consistent with what it was told meanwhile.
    @inlinable
    public func flush() {
        guard !isFlushing else { return }
        isScheduled = false
        isFlushing = true
        update = OutlineTreeUpdate()
        sentTree = storage.tree
        let entries = storage.tree.journal.entries(since: journalPosition)
        journalPosition = storage.tree.journal.end
        if needsReload {
            needsReload = false
            reloadView()
        } else {
            view.beginUpdates()
            reconcile(entries.map { OutlineFlushScope(entries: $0) } ?? .whole)
            view.endUpdates()
        }
        sentTree = nil
        forgetRemovedObjects()
        isFlushing = false
        if isScheduled { return }
        let ready = waiters
        waiters = []
        for body in ready { body() }
    }

    /// The tree the view is brought to: during a flush, the storage's as the flush started, so
    /// that an app's edit while the flush sends its calls (a cell provider the view calls, an
    /// observer) cannot change the plan half-way; the next flush, scheduled by that edit, sends
    /// it. Between flushes, the storage's. O(1): the storage copies its tree on its next edit
    /// while a flush holds it.
    @inlinable
    var tree: OutlineTree<Item> {
        _read {
            if sentTree != nil { yield sentTree! } else { yield storage.tree }
        }
    }

    /// Reloads the view: it shows the roots again, then the expansion the storage has.
    @inlinable
    func reloadView() {
        shown.reset(roots: tree.roots.map(shownEntry))
        update.steps.append(.reloadData)
        view.reloadData()
        view.beginUpdates()
        reconcile(.whole)
        view.endUpdates()
    }

    /// Notes a change of the storage: a flush follows.
    @inlinable
    func storageDidChange(_ update: StorageUpdate) {
        if update.requiresReload { needsReload = true }
        scheduleFlush()
    }

    /// Schedules a flush unless one is.
    @inlinable
    func scheduleFlush() {
        guard !isScheduled else { return }
        isScheduled = true
        schedule { [weak self] in
            guard let self, self.isScheduled else { return }
            self.flush()
        }
    }
}
