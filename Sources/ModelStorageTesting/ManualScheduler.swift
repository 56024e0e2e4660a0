import ModelStorage

/// A scheduler whose turns run when the test says so: pass ``schedule`` to
/// `ViewUpdater(storage:view:schedule:)`, make changes, then ``runNextTurn()``. What is
/// scheduled during a turn waits for the next one, as on the main actor, so "two changes in one
/// turn" and "a change in the next turn" can both be written.
///
/// ```swift
/// let scheduler = ManualScheduler()
/// let updater = ViewUpdater(storage: storage, view: view, schedule: scheduler.schedule)
/// try storage.addItem("a")
/// try storage.addItem("b")       // the same turn: one batch
/// scheduler.runNextTurn()
/// ```
@MainActor
public final class ManualScheduler {
    /// The work waiting for the next turn, in the order it was scheduled.
    private var queue: [@MainActor () -> Void] = []
    /// How many turns ran work so far.
    public private(set) var turns = 0

    /// A scheduler with nothing scheduled.
    public init() {}

    /// The number of pieces of work waiting for the next turn.
    public var pendingCount: Int { queue.count }

    /// The function `ViewUpdater(storage:view:schedule:)` takes: queues `work` for the next turn.
    public var schedule: (@escaping @MainActor () -> Void) -> Void {
        { [weak self] work in MainActor.assumeIsolated { self?.queue.append(work) } }
    }

    /// Runs the work scheduled before this call, in order; what it schedules waits for the next
    /// turn.
    public func runNextTurn() {
        let work = queue
        queue = []
        if !work.isEmpty { turns += 1 }
        for item in work { item() }
    }

    /// Runs turns until nothing is scheduled, at most `limit` of them; returns how many ran.
    @discardableResult
    public func runUntilIdle(limit: Int = 1_000) -> Int {
        var count = 0
        while !queue.isEmpty && count < limit {
            runNextTurn()
            count += 1
        }
        return count
    }
}
