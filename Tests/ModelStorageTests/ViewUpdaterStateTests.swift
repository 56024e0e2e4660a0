import FingerprintDiff
import Foundation
@testable import ModelStorage
import SeededRandom
import Testing

/// `ViewUpdaterState`, the one value of a `ViewUpdater`: each transition from a table of states,
/// then random sequences of everything that happens to an updater (the storage's changes, the
/// user's moves, the scheduler's turns, flushes, batches and their completions, waiters, the
/// end) against a model that keeps the same facts its own way (counts of changes, a list of
/// waiters, the displayed items in order).
@Suite struct ViewUpdaterStateTests {
    typealias State = ViewUpdaterState<Int>

    /// What a state holds, comparable.
    struct Summary: Equatable, CustomStringConvertible {
        var displayed: Int
        var displayedChanges: Int
        var pending: State.Pending
        var flight: String
        var waiterMarks: [Int]
        var isStopped: Bool

        init(_ state: State) {
            displayed = state.displayed
            displayedChanges = state.displayedChanges
            pending = state.pending
            switch state.flight {
            case .idle: flight = "idle"
            case .scheduled: flight = "scheduled"
            case let .structure(refresh): flight = "structure \(refresh.reconfiguredItems.map { Array($0) })"
            case .refresh: flight = "refresh"
            }
            waiterMarks = state.waiters.map { $0.changes }
            isStopped = state.isStopped
        }

        init(displayed: Int = 0, displayedChanges: Int = 0, pending: (Int, Bool) = (0, false),
             flight: String = "idle", waiterMarks: [Int] = [], isStopped: Bool = false) {
            self.displayed = displayed
            self.displayedChanges = displayedChanges
            self.pending = State.Pending(changes: pending.0, reload: pending.1)
            self.flight = flight
            self.waiterMarks = waiterMarks
            self.isStopped = isStopped
        }

        var description: String {
            "displayed \(displayed) through \(displayedChanges), pending \(pending.changes)\(pending.reload ? " + reload" : ""), "
                + "\(flight), waiters \(waiterMarks)\(isStopped ? ", stopped" : "")"
        }
    }

    /// Refresh stages that reconfigure `items` (section, item).
    static func stages(_ items: [(Int, Int)]) -> BatchStages {
        BatchStages(SectionedBatchUpdate(updatedItems: items.map { IndexPath(item: $0.1, section: $0.0) }))
    }

    static func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }

    /// One row of the table: from the state `setup` makes, `transition` returns what it
    /// returned (described), and leaves `after`.
    struct Row {
        var name: String
        var setup: (inout State) -> Void
        var transition: (inout State) -> String
        var returns: String
        var after: Summary
    }

    @MainActor
    static let table: [Row] = [
        Row(name: "a change when idle schedules a flush", setup: { _ in },
            transition: { "\($0.observe(requiresReload: false))" }, returns: "true",
            after: Summary(pending: (1, false), flight: "scheduled")),
        Row(name: "a change when a flush is scheduled waits for it", setup: { _ = $0.observe(requiresReload: false) },
            transition: { "\($0.observe(requiresReload: false))" }, returns: "false",
            after: Summary(pending: (2, false), flight: "scheduled")),
        Row(name: "a change that asks for a reload", setup: { _ in },
            transition: { "\($0.observe(requiresReload: true))" }, returns: "true",
            after: Summary(pending: (1, true), flight: "scheduled")),
        Row(name: "a change while a batch is in flight waits for its completion",
            setup: { _ = $0.observe(requiresReload: false); _ = $0.startFlush(); $0.startRefreshBatch() },
            transition: { "\($0.observe(requiresReload: false))" }, returns: "false",
            after: Summary(pending: (2, false), flight: "refresh")),
        Row(name: "a flush with nothing pending", setup: { _ in },
            transition: { "\($0.startFlush())" }, returns: "nothingPending", after: Summary()),
        Row(name: "a flush takes what is pending as its target and is no longer scheduled",
            setup: { _ = $0.observe(requiresReload: false); _ = $0.observe(requiresReload: true) },
            transition: { "\($0.startFlush())" }, returns: "target(changes: 2, reload: true)",
            after: Summary(pending: (2, true))),
        Row(name: "a flush while a batch is in flight does nothing",
            setup: { _ = $0.observe(requiresReload: false); _ = $0.startFlush(); $0.startStructureBatch(refresh: stages([])) },
            transition: { "\($0.startFlush())" }, returns: "notNow",
            after: Summary(pending: (1, false), flight: "structure []")),
        Row(name: "a flush once stopped does nothing",
            setup: { _ = $0.observe(requiresReload: false); _ = $0.stop() },
            transition: { "\($0.startFlush())" }, returns: "notNow",
            after: Summary(pending: (1, false), flight: "scheduled", isStopped: true)),
        Row(name: "the updates block shows the target through the flush's changes",
            setup: { _ = $0.observe(requiresReload: false); _ = $0.startFlush(); $0.startStructureBatch(refresh: stages([])); _ = $0.observe(requiresReload: false) },
            transition: { $0.show(7, through: 1); return "" }, returns: "",
            after: Summary(displayed: 7, displayedChanges: 1, pending: (1, false), flight: "structure []")),
        Row(name: "a reload shows the target and is no longer asked for",
            setup: { _ = $0.observe(requiresReload: true); _ = $0.startFlush() },
            transition: { $0.showReloaded(3, through: 1); return "" }, returns: "",
            after: Summary(displayed: 3, displayedChanges: 1)),
        Row(name: "the structure batch is in flight with its refresh stages",
            setup: { _ = $0.observe(requiresReload: false); _ = $0.startFlush() },
            transition: { $0.startStructureBatch(refresh: stages([(0, 1)])); return "" }, returns: "",
            after: Summary(pending: (1, false), flight: "structure [[0, 1]]")),
        Row(name: "the refresh batch is in flight",
            setup: { _ = $0.observe(requiresReload: false); _ = $0.startFlush() },
            transition: { $0.startRefreshBatch(); return "" }, returns: "",
            after: Summary(pending: (1, false), flight: "refresh")),
        Row(name: "the user's move in the displayed content",
            setup: { _ in },
            transition: { "\($0.moveDisplayed { $0 += 5; return true })" }, returns: "true",
            after: Summary(displayed: 5)),
        Row(name: "a user's move the displayed content took, when idle, schedules a flush", setup: { _ in },
            transition: { "\($0.noteUserMove(from: path(0, 0), to: path(0, 2)))" }, returns: "true",
            after: Summary(pending: (1, false), flight: "scheduled")),
        Row(name: "a user's move during the structure batch carries its refresh stage",
            setup: { _ = $0.observe(requiresReload: false); _ = $0.startFlush(); $0.startStructureBatch(refresh: stages([(0, 1), (0, 3)])) },
            transition: { "\($0.noteUserMove(from: path(0, 3), to: path(0, 0)))" }, returns: "false",
            after: Summary(pending: (2, false), flight: "structure [[0, 0], [0, 2]]")),
        Row(name: "a user's move the displayed content could not take asks for a reload", setup: { _ in },
            transition: { "\($0.noteUntakenMove())" }, returns: "true",
            after: Summary(pending: (1, true), flight: "scheduled")),
        Row(name: "the structure batch's completion hands over its refresh stages",
            setup: { _ = $0.observe(requiresReload: false); _ = $0.startFlush(); $0.startStructureBatch(refresh: stages([(1, 0)])); $0.show(1, through: 1) },
            transition: {
                guard case let .refresh(stages) = $0.completeBatch() else { return "not refresh" }
                return "refresh \(stages.reconfiguredItems.map { Array($0) })"
            }, returns: "refresh [[1, 0]]",
            after: Summary(displayed: 1, displayedChanges: 1, flight: "structure [[1, 0]]")),
        Row(name: "the refresh batch's completion finishes",
            setup: { _ = $0.observe(requiresReload: false); _ = $0.startFlush(); $0.startRefreshBatch(); $0.show(1, through: 1) },
            transition: {
                guard case .finished = $0.completeBatch() else { return "not finished" }
                return "finished"
            }, returns: "finished",
            after: Summary(displayed: 1, displayedChanges: 1, flight: "refresh")),
        Row(name: "a completion once stopped does nothing",
            setup: { _ = $0.observe(requiresReload: false); _ = $0.startFlush(); $0.startRefreshBatch(); _ = $0.stop() },
            transition: {
                guard case .stopped = $0.completeBatch() else { return "not stopped" }
                return "stopped"
            }, returns: "stopped",
            after: Summary(pending: (1, false), flight: "refresh", isStopped: true)),
        Row(name: "the end of a flight",
            setup: { _ = $0.observe(requiresReload: false); _ = $0.startFlush(); $0.startRefreshBatch(); $0.show(1, through: 1) },
            transition: { $0.endFlight(); return "" }, returns: "",
            after: Summary(displayed: 1, displayedChanges: 1)),
        Row(name: "a waiter when everything is shown runs now", setup: { _ in },
            transition: { "\($0.wait({}))" }, returns: "true", after: Summary()),
        Row(name: "a waiter while changes are pending waits for them",
            setup: { _ = $0.observe(requiresReload: false); _ = $0.observe(requiresReload: false) },
            transition: { "\($0.wait({}))" }, returns: "false",
            after: Summary(pending: (2, false), flight: "scheduled", waiterMarks: [2])),
        Row(name: "a waiter while a reload is pending waits",
            setup: { _ = $0.observe(requiresReload: true); _ = $0.startFlush(); $0.show(1, through: 1) },
            transition: { "\($0.wait({}))" }, returns: "false",
            after: Summary(displayed: 1, displayedChanges: 1, pending: (0, true), waiterMarks: [1])),
        Row(name: "a waiter while a batch is in flight waits",
            setup: { _ = $0.observe(requiresReload: false); _ = $0.startFlush(); $0.startRefreshBatch(); $0.show(1, through: 1) },
            transition: { "\($0.wait({}))" }, returns: "false",
            after: Summary(displayed: 1, displayedChanges: 1, flight: "refresh", waiterMarks: [1])),
        Row(name: "ready waiters leave the state; the others stay",
            setup: {
                _ = $0.observe(requiresReload: false); _ = $0.wait({})
                _ = $0.observe(requiresReload: false); _ = $0.wait({})
                _ = $0.startFlush(); $0.show(1, through: 1)
            },
            transition: { "\($0.takeReadyWaiters().count)" }, returns: "1",
            after: Summary(displayed: 1, displayedChanges: 1, pending: (1, false), waiterMarks: [2])),
        Row(name: "no waiter is ready while a batch is in flight",
            setup: { _ = $0.observe(requiresReload: false); _ = $0.wait({}); _ = $0.startFlush(); $0.startRefreshBatch(); $0.show(1, through: 1) },
            transition: { "\($0.takeReadyWaiters().count)" }, returns: "0",
            after: Summary(displayed: 1, displayedChanges: 1, flight: "refresh", waiterMarks: [1])),
        Row(name: "stop", setup: { _ in },
            transition: { "\($0.stop())" }, returns: "true", after: Summary(isStopped: true)),
        Row(name: "stop again does nothing", setup: { _ = $0.stop() },
            transition: { "\($0.stop())" }, returns: "false", after: Summary(isStopped: true)),
    ]

    @Test("each transition, from a table of states")
    @MainActor
    func eachTransition() {
        for row in Self.table {
            var state = State(displaying: 0)
            row.setup(&state)
            let returned = row.transition(&state)
            #expect(returned == row.returns, "\(row.name)")
            #expect(Summary(state) == row.after, "\(row.name)")
        }
    }

    @Test("isIdle and isFlushScheduled read the state")
    @MainActor
    func queries() {
        var state = State(displaying: 0)
        #expect(state.isIdle && !state.isFlushScheduled)
        _ = state.observe(requiresReload: false)
        #expect(!state.isIdle && state.isFlushScheduled)
        _ = state.startFlush()
        #expect(!state.isIdle && !state.isFlushScheduled)   // the change is not shown yet
        state.show(1, through: 1)
        #expect(state.isIdle)
    }

    // MARK: Random sequences against a model

    /// The model: the facts of the state kept another way.
    struct Model {
        enum Flight: Equatable { case idle, scheduled, structure, refresh }
        /// Changes observed, and how many the view shows.
        var observed = 0
        var shown = 0
        var displayed = 0
        var reloadAsked = false
        var flight = Flight.idle
        var stopped = false
        /// Waiters not run yet: their ids and the number of changes observed when they came.
        var waiters: [(id: Int, mark: Int)] = []
        /// The items the view shows, by id, per section, and those the refresh stage in flight
        /// reconfigures.
        var layout: [[Int]] = [Array(0..<4), Array(4..<7), []]
        var refreshIDs: Set<Int> = []

        var inFlight: Bool { flight == .structure || flight == .refresh }
        var pending: State.Pending { State.Pending(changes: observed - shown, reload: reloadAsked) }
        /// The waiters that may run now, in order.
        var readyWaiters: [Int] { inFlight ? [] : waiters.filter { $0.mark <= shown }.map { $0.id } }
        func path(of id: Int) -> IndexPath {
            for (section, items) in layout.enumerated() {
                if let item = items.firstIndex(of: id) { return IndexPath(item: item, section: section) }
            }
            fatalError("id \(id) is shown")
        }
        var refreshPaths: [IndexPath] { refreshIDs.map(path(of:)).sorted() }
        /// A change: a flush is scheduled when nothing is in flight or scheduled.
        mutating func change() -> Bool {
            observed += 1
            guard flight == .idle else { return false }
            flight = .scheduled
            return true
        }
    }

    /// An updater's side of the state, as `ViewUpdater` plays it, with its choices random, and
    /// the model checked after every event.
    @MainActor
    final class Harness {
        var state = State(displaying: 0)
        var model = Model()
        var random: SplitMix64
        /// Scheduled turns not run yet.
        var tickets = 0
        /// A batch sent whose updates block has not run: the target and its changes.
        var block: (content: Int, changes: Int)?
        /// Waiters run, by id, in order; the model's expectation.
        var ran: [Int] = []
        var expectedRan: [Int] = []
        var nextContent = 1
        var nextWaiter = 0
        let label: String

        init(seed: UInt64) {
            random = SplitMix64(seed: seed)
            label = "seed \(seed)"
        }

        func chance(_ percent: Int) -> Bool { Int.random(in: 1...100, using: &random) <= percent }

        func check(_ event: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let summary = Summary(state)
            let model = self.model
            #expect(summary.displayed == model.displayed && summary.displayedChanges == model.shown,
                    "\(label) \(event): \(summary)", sourceLocation: sourceLocation)
            #expect(state.observedChanges == model.observed && summary.pending == model.pending,
                    "\(label) \(event): \(summary)", sourceLocation: sourceLocation)
            #expect(summary.isStopped == model.stopped && summary.waiterMarks == model.waiters.map { $0.mark },
                    "\(label) \(event): \(summary)", sourceLocation: sourceLocation)
            let flight: Model.Flight
            switch state.flight {
            case .idle: flight = .idle
            case .scheduled: flight = .scheduled
            case let .structure(refresh):
                flight = .structure
                #expect(refresh.reconfiguredItems == model.refreshPaths, "\(label) \(event): the refresh stage follows the user's moves",
                        sourceLocation: sourceLocation)
            case .refresh: flight = .refresh
            }
            #expect(flight == model.flight, "\(label) \(event): \(summary)", sourceLocation: sourceLocation)
            #expect(state.isIdle == (model.flight == .idle && model.pending.isEmpty), "\(label) \(event)", sourceLocation: sourceLocation)
            #expect(state.isFlushScheduled == (model.flight == .scheduled), "\(label) \(event)", sourceLocation: sourceLocation)
            #expect(ran == expectedRan, "\(label) \(event): waiters run", sourceLocation: sourceLocation)
        }

        func runWaiters() {
            let expected = model.readyWaiters
            model.waiters.removeAll { expected.contains($0.id) }
            expectedRan += expected
            for body in state.takeReadyWaiters() { body() }
        }

        /// `ViewUpdater.flush()`: a target shown by a reload, taken as it is, or sent in one or
        /// two batches.
        func flush() {
            let start = state.startFlush()
            guard !model.stopped, !model.inFlight else {
                #expect(start == .notNow, "\(label) flush")
                return
            }
            model.flight = .idle
            guard !model.pending.isEmpty else {
                #expect(start == .nothingPending, "\(label) flush")
                return runWaiters()
            }
            #expect(start == .target(changes: model.observed, reload: model.reloadAsked), "\(label) flush")
            guard case let .target(changes, reload) = start else { return }
            let target = nextContent
            nextContent += 1
            let choice = reload ? 0 : Int.random(in: 0...3, using: &random)
            switch choice {
            case 0:   // a reload
                state.showReloaded(target, through: changes)
                (model.displayed, model.shown, model.reloadAsked) = (target, changes, false)
                finish()
            case 1:   // nothing the view can tell apart
                state.show(target, through: changes)
                (model.displayed, model.shown) = (target, changes)
                runWaiters()
            case 2:   // structure, then refresh
                let shown = model.layout.flatMap { $0 }
                let refreshed = Set(shown.filter { _ in chance(30) })
                state.startStructureBatch(refresh: stages(refreshed.map { Array(model.path(of: $0)) }.map { ($0[0], $0[1]) }))
                (model.flight, model.refreshIDs) = (.structure, refreshed)
                block = (target, changes)
            default:  // one refresh batch
                state.startRefreshBatch()
                model.flight = .refresh
                block = (target, changes)
            }
        }

        /// `ViewUpdater.finish()`.
        func finish() {
            state.endFlight()
            model.flight = .idle
            runWaiters()
            if !model.pending.isEmpty { flush() }
        }

        /// One random event, as it can happen to an updater now.
        func step() {
            switch Int.random(in: 0...99, using: &random) {
            case 0..<25:
                let reload = chance(10)
                if reload { model.reloadAsked = true }
                let scheduled = model.change()
                #expect(state.observe(requiresReload: reload) == scheduled, "\(label) change")
                if scheduled { tickets += 1 }
                check("change")
            case 25..<40 where block == nil:
                userMove()
            case 40..<55 where tickets > 0:
                tickets -= 1
                if model.flight == .scheduled {
                    #expect(state.isFlushScheduled, "\(label) turn")
                    flush()
                } else {
                    #expect(!state.isFlushScheduled, "\(label) turn")
                }
                check("scheduler's turn")
            case 55..<65:
                flush()
                check("flush")
            case 65..<80 where block != nil:
                let (content, changes) = block!
                block = nil
                state.show(content, through: changes)
                (model.displayed, model.shown) = (content, changes)
                check("updates block")
            case 65..<85 where block == nil && model.inFlight:
                complete()
                check("completion")
            case 85..<95:
                let id = nextWaiter
                nextWaiter += 1
                let now = model.shown >= model.observed && !model.reloadAsked && !model.inFlight
                if now { expectedRan.append(id) } else { model.waiters.append((id, model.observed)) }
                if state.wait({ [unowned self] in self.ran.append(id) }) { ran.append(id) }
                check("waiter")
            case 95... where chance(10):
                let wasRunning = !model.stopped
                model.stopped = true
                #expect(state.stop() == wasRunning, "\(label) stop")
                check("stop")
            default:
                break
            }
        }

        /// The user moves an item of the displayed content (taken, or not).
        func userMove() {
            let sections = model.layout.indices.filter { !model.layout[$0].isEmpty }
            guard let from = sections.randomElement(using: &random) else { return }
            let source = IndexPath(item: Int.random(in: 0..<model.layout[from].count, using: &random), section: from)
            let to = Int.random(in: 0..<model.layout.count, using: &random)
            let count = model.layout[to].count - (to == from ? 1 : 0)
            let destination = IndexPath(item: Int.random(in: 0...count, using: &random), section: to)
            let taken = chance(80)
            let before = model.displayed
            #expect(state.moveDisplayed { $0 += 1_000; return taken } == taken, "\(label) move")
            model.displayed = before + 1_000
            if taken {
                let id = model.layout[source[0]].remove(at: source[1])
                model.layout[destination[0]].insert(id, at: destination[1])
                let scheduled = model.change()
                #expect(state.noteUserMove(from: source, to: destination) == scheduled, "\(label) move")
                if scheduled { tickets += 1 }
            } else {
                model.reloadAsked = true
                let scheduled = model.change()
                #expect(state.noteUntakenMove() == scheduled, "\(label) untaken move")
                if scheduled { tickets += 1 }
            }
            check(taken ? "user's move" : "user's move not taken")
        }

        /// `ViewUpdater.completed()`.
        func complete() {
            switch state.completeBatch() {
            case .stopped:
                #expect(model.stopped, "\(label) completion")
            case let .refresh(stages):
                #expect(!model.stopped && model.flight == .structure, "\(label) completion")
                #expect(stages.reconfiguredItems == model.refreshPaths, "\(label) completion")
                if stages.hasRefresh {
                    state.startRefreshBatch()
                    model.flight = .refresh
                } else {
                    finish()
                }
            case .finished:
                #expect(!model.stopped && model.flight == .refresh, "\(label) completion")
                finish()
            }
        }

        /// Runs every turn and completes every batch until nothing is left to happen.
        func settle() {
            for _ in 0..<1_000 {
                if let (content, changes) = block {
                    block = nil
                    state.show(content, through: changes)
                    (model.displayed, model.shown) = (content, changes)
                } else if model.inFlight && !model.stopped {
                    complete()
                } else if tickets > 0 {
                    tickets -= 1
                    if model.flight == .scheduled { flush() }
                } else {
                    break
                }
                check("settling")
            }
        }
    }

    @Test("random events against the model, then settled: the view shows everything, every waiter ran",
          arguments: 0..<40)
    @MainActor
    func randomEvents(seed: UInt64) {
        let harness = Harness(seed: seed)
        for _ in 0..<300 { harness.step() }
        harness.settle()
        if !harness.model.stopped {
            #expect(harness.state.isIdle && harness.state.waiters.isEmpty, "seed \(seed)")
            #expect(harness.ran.sorted() == Array(0..<harness.nextWaiter), "seed \(seed): every waiter ran once")
        }
    }
}
