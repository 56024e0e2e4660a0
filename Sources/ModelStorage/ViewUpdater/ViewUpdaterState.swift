#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a ``ViewUpdater`` stands between its storage and its view, as one value: what the view
/// shows (``displayed``), what waits to be shown (``pending``, and the ``waiters`` that run once
/// it is shown), and which batch is in flight (``flight``). Only the transitions below change it;
/// the updater sends the view what a transition starts, and nothing else writes its parts.
///
/// The way of a change, transition by transition:
///
/// 1. The storage changes (``observe(requiresReload:)``), or the user moves an item on screen
///    (``moveDisplayed(_:)``, then ``noteUserMove(from:to:)`` or ``noteUntakenMove()``): one
///    more change is pending. When nothing is in flight or scheduled, a flush is scheduled
///    (``Flight/scheduled``; the transition says so and the updater asks its scheduler).
/// 2. **A batch starts at a flush** (``startFlush()``): it says what is pending then, the
///    flush's target. The updater either shows the target at once (``showReloaded(_:through:)``
///    for a reload, ``show(_:through:)`` for content the view cannot tell apart) or starts a
///    batch: ``startStructureBatch(refresh:)`` or ``startRefreshBatch()``. While a batch is in
///    flight, changes only wait: nothing is scheduled, a flush does nothing.
/// 3. The first batch's updates block shows the target (``show(_:through:)``). Its completion
///    (``completeBatch()``) hands over the refresh stage that follows it, if any, or ends.
/// 4. The flight ends (``endFlight()``): the waiters whose changes are shown run
///    (``takeReadyWaiters()``), and what became pending meanwhile is the next flush.
///
/// ``stop()`` ends it all: a flush, a completion and a waiter find nothing more to do.
struct ViewUpdaterState<Content> {
    /// What waits to be shown.
    struct Pending: Equatable {
        /// Changes observed (the storage's updates, the user's moves) that ``displayed`` does not
        /// include yet.
        var changes = 0
        /// Whether the view must read everything again (the storage asked, or the displayed
        /// content could not take a user's move).
        var reload = false

        /// Whether nothing waits.
        var isEmpty: Bool { changes == 0 && !reload }
    }

    /// What is between the storage and the view now.
    enum Flight {
        /// Nothing is in flight and no flush is scheduled.
        case idle
        /// A flush runs at the scheduler's next turn.
        case scheduled
        /// The structure batch animates; at its completion the refresh batch of these stages
        /// (new index paths of the displayed content) is sent.
        case structure(refresh: BatchStages)
        /// The refresh batch (or the only batch of an update) animates.
        case refresh

        /// Whether a batch is in flight (or being sent): its completion flushes what waits.
        var isInFlight: Bool {
            switch self {
            case .idle, .scheduled: return false
            case .structure, .refresh: return true
            }
        }
    }

    /// What ``startFlush()`` found.
    enum FlushStart: Equatable {
        /// Stopped, or a batch is in flight (its completion flushes): nothing to do now.
        case notNow
        /// Nothing waits; ready waiters may run.
        case nothingPending
        /// The flush shows everything observed so far: `changes` in all (the count to show the
        /// target `through`), with a reload when `reload`.
        case target(changes: Int, reload: Bool)
    }

    /// What follows a batch's completion.
    enum Completion {
        /// Stopped: nothing more is sent.
        case stopped
        /// The structure batch is done: these refresh stages follow.
        case refresh(BatchStages)
        /// The last batch is done: ``endFlight()`` comes next.
        case finished
    }

    /// The content the view shows.
    private(set) var displayed: Content
    /// How many of the observed changes ``displayed`` includes.
    private(set) var displayedChanges = 0
    /// What waits to be shown.
    private(set) var pending = Pending()
    /// What is in flight.
    private(set) var flight = Flight.idle
    /// Work to run once the view shows the changes observed when it was registered (`changes`:
    /// the count observed then).
    private(set) var waiters: [(changes: Int, body: @MainActor () -> Void)] = []
    /// Whether ``stop()`` was called.
    private(set) var isStopped = false

    /// The state of an updater whose view shows `content`, with nothing pending.
    init(displaying content: Content) {
        displayed = content
    }

    /// How many changes were observed so far.
    var observedChanges: Int { displayedChanges + pending.changes }

    /// Whether the view shows everything observed, with nothing in flight or scheduled.
    var isIdle: Bool {
        guard case .idle = flight else { return false }
        return pending.isEmpty
    }

    /// Whether the scheduled flush is still due (a flush that ran sooner cancels it).
    var isFlushScheduled: Bool {
        guard case .scheduled = flight else { return false }
        return true
    }

    // MARK: Changes

    /// The storage changed (`requiresReload`: it asks for a reload). Returns whether the updater
    /// must schedule a flush (nothing was in flight or scheduled; then one is).
    mutating func observe(requiresReload: Bool) -> Bool {
        pending.changes += 1
        if requiresReload { pending.reload = true }
        return scheduleFlush()
    }

    /// The user's move on screen, made in the displayed content by `move` (which returns whether
    /// the content could take it, as ``ContentStorage/moveItem(in:at:to:)`` does).
    mutating func moveDisplayed(_ move: (inout Content) -> Bool) -> Bool {
        move(&displayed)
    }

    /// The displayed content took the user's move of the item at `source` to `destination`
    /// (UIKit's `moveRow(at:to:)` reading): the refresh stage in flight follows the items it
    /// lists, and the move is one more change until a flush compares the displayed content with
    /// the storage's. Returns whether the updater must schedule a flush.
    mutating func noteUserMove(from source: IndexPath, to destination: IndexPath) -> Bool {
        if case let .structure(refresh) = flight {
            flight = .structure(refresh: refresh.afterUserMove(from: source, to: destination))
        }
        pending.changes += 1
        return scheduleFlush()
    }

    /// The displayed content could not take the user's move: the view must read everything
    /// again. Returns whether the updater must schedule a flush.
    mutating func noteUntakenMove() -> Bool {
        pending.reload = true
        pending.changes += 1
        return scheduleFlush()
    }

    /// A flush is due when nothing is in flight or scheduled.
    private mutating func scheduleFlush() -> Bool {
        guard case .idle = flight else { return false }
        flight = .scheduled
        return true
    }

    // MARK: Flushes and batches

    /// A flush starts: unless stopped or in flight, the scheduled one (if any) is done, and what
    /// is pending is the target.
    mutating func startFlush() -> FlushStart {
        guard !isStopped, !flight.isInFlight else { return .notNow }
        flight = .idle
        guard !pending.isEmpty else { return .nothingPending }
        return .target(changes: observedChanges, reload: pending.reload)
    }

    /// The view shows `content`, which includes the first `changes` changes observed (a flush's
    /// target: what was observed when it started).
    mutating func show(_ content: Content, through changes: Int) {
        assert(changes >= displayedChanges && changes <= observedChanges, "a flush's target")
        displayed = content
        pending.changes = observedChanges - changes
        displayedChanges = changes
    }

    /// The view reloads, showing `content` through `changes` (see ``show(_:through:)``): the
    /// reload asked for is done.
    mutating func showReloaded(_ content: Content, through changes: Int) {
        pending.reload = false
        show(content, through: changes)
    }

    /// The structure batch is sent; `refresh` follows it.
    mutating func startStructureBatch(refresh: BatchStages) {
        flight = .structure(refresh: refresh)
    }

    /// The refresh batch (or the only batch of an update) is sent.
    mutating func startRefreshBatch() {
        flight = .refresh
    }

    /// The batch in flight completed.
    func completeBatch() -> Completion {
        guard !isStopped else { return .stopped }
        if case let .structure(refresh) = flight { return .refresh(refresh) }
        return .finished
    }

    /// The batch (or reload) is done: nothing is in flight.
    mutating func endFlight() {
        flight = .idle
    }

    // MARK: Waiters

    /// Work to run once the view shows every change observed so far: `true` when it does already
    /// and nothing is in flight (the caller runs `body` now), else `body` waits.
    mutating func wait(_ body: @escaping @MainActor () -> Void) -> Bool {
        if displayedChanges >= observedChanges && !pending.reload && !flight.isInFlight { return true }
        waiters.append((observedChanges, body))
        return false
    }

    /// The waiters whose changes the view shows, out of the state (none while a batch is in
    /// flight), in the order they came; the caller runs them.
    mutating func takeReadyWaiters() -> [@MainActor () -> Void] {
        guard !waiters.isEmpty, !flight.isInFlight else { return [] }
        let shown = displayedChanges
        let ready = waiters.filter { $0.changes <= shown }.map { $0.body }
        waiters.removeAll { $0.changes <= shown }
        return ready
    }

    // MARK: The end

    /// Nothing more is sent. Returns whether it was running (`false` when stopped already).
    mutating func stop() -> Bool {
        guard !isStopped else { return false }
        isStopped = true
        return true
    }
}
