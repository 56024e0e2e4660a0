import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// A random run of a `MemoryStorage`'s background calls interleaved with everything else that
/// can change it, against a twin that makes the same changes synchronously: steps of
/// synchronous changes (invalid calls among them), then one to three overlapping background
/// calls (`setItemsInBackground(_:forSection:)`, sections out of range among them, and
/// `setSectionsInBackground(_:)`), some cancelled before they start or while they diff, with
/// random changes made while each diff runs (at the storage's hook after a diff) and an observer
/// on each storage that changes it from inside some deliveries. Each call's changes made while
/// it ran are replayed on the twin before the twin makes the call synchronously (unless it was
/// cancelled): the calls must run in call order, each give the synchronous call's error and
/// result at its moment, and every update either storage delivers must replay (see
/// ``DeliveredReplay``).
@MainActor final class BackgroundInterleaving {
    typealias Fixture = BackgroundSetItemsTests
    typealias Edits = BackgroundSetItemsPropertyTests

    /// A background call.
    enum Call {
        case items([Cell], section: Int)
        case sections([ArraySection<Shelf, Cell>])
    }

    /// A background call and what happens while it runs.
    struct Plan {
        var call: Call
        /// The seeds of the changes made after its first diffs, one per round.
        var changes: [UInt64]
        /// The first id the changes made while it runs give new items.
        var firstID: Int
        var cancelledBeforeStart: Bool
        /// The round after whose diff its task is cancelled.
        var cancelledAtRound: Int?
    }

    /// The call whose task is running: what tells the hook which call's diff finished.
    enum Running {
        @TaskLocal static var call: Int?
    }

    /// The storage under test, until a step lets it go.
    private(set) var storage: MemoryStorage?
    /// The storage under test, also once let go (`nil` once freed).
    private(set) weak var released: MemoryStorage?
    let twin = MemoryStorage()
    let replay: DeliveredReplay, twinReplay: DeliveredReplay
    let recorder: Fixture.Recorder, twinRecorder: Fixture.Recorder
    let meddler: Meddler, twinMeddler: Meddler
    var random: SplitMix64
    var nextID = 100_000
    let name: String

    // What the calls of the current step did.
    private var plans: [Plan] = []
    private var rounds: [Int] = []
    /// The calls whose diffs finished, in order (one entry per diff).
    private var diffs: [Int] = []
    /// The changes made at the hook: the call and the round.
    private var changes: [(call: Int, round: Int)] = []
    private var cancelledWhileDiffing: [Bool] = []
    /// The calls in the order they returned.
    private var returned: [Int] = []

    init(seed: UInt64) throws {
        random = SplitMix64(seed: seed)
        name = "seed \(seed)"
        let storage = MemoryStorage()
        for section in 0..<Int.random(in: 1...3, using: &random) {
            let items = (0..<Int.random(in: 0...30, using: &random)).map { Cell(id: section * 1_000 + $0) }
            for target in [storage, twin] {
                try target.addItems(items, toSection: section)
                if section != 1 {
                    try target.setSupplementaryModel(Shelf(id: section), forKind: target.supplementaryHeaderKind, atSectionIndex: section)
                }
            }
        }
        (self.storage, released) = (storage, storage)
        (replay, twinReplay) = (DeliveredReplay(storage), DeliveredReplay(twin))
        (recorder, twinRecorder) = (Fixture.record(storage), Fixture.record(twin))
        let meddlerSeed = random.next()
        (meddler, twinMeddler) = (Meddler(storage, seed: meddlerSeed), Meddler(twin, seed: meddlerSeed))
        storage.backgroundDiffDidFinish = { [weak self] in self?.diffDidFinish() }
    }

    /// One step: synchronous changes of both storages alike, then overlapping background calls
    /// on the storage and their synchronous equivalent on the twin, then the checks. With
    /// `releasing`, the storage's only references are its calls' tasks.
    func step(_ index: Int, releasing: Bool) async throws {
        // No local holds the storage: with `releasing`, the calls' tasks must be its only owners.
        guard storage != nil else { return }
        let context = "\(name), step \(index)"
        let before = (content: storage!.content, state: ShownState(storage!), twin: twin.content)
        (meddler.budget, twinMeddler.budget) = (2, 2)
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            var (edits, twinEdits, id, twinID) = (random, random, nextID, nextID)
            try Edits.randomChange(storage!, &edits, nextID: &id)
            try Edits.randomChange(twin, &twinEdits, nextID: &twinID)
            (random, nextID) = (edits, id)
        }
        let plans = (0..<Int.random(in: 1...3, using: &random)).map { _ in plan(storage!) }
        let errors = await run(plans, on: releasing ? letGo() : storage!)
        try replayOnTwin(plans, errors: errors, context)
        if releasing {
            #expect(released == nil, "\(context): the storage outlived its calls")
        } else {
            check(since: before, context)
        }
        #expect(recorder.take() == twinRecorder.take(), "\(context): updates")
        #expect(replay.take() == [], "\(context): the background storage's updates")
        #expect(twinReplay.take() == [], "\(context): the synchronous storage's updates")
        #expect(replay.shown == twinReplay.shown, "\(context): what a view shows")
    }

    /// The storage, which this run no longer holds.
    private func letGo() -> MemoryStorage {
        defer { storage = nil }
        return storage!
    }

    /// A random background call on `storage` as it is now, and what happens while it runs.
    private func plan(_ storage: MemoryStorage) -> Plan {
        let sections = storage.numberOfSections
        let call: Call
        if Int.random(in: 0..<3, using: &random) == 0 {
            call = .sections(newSections(storage))
        } else {
            let section = switch Int.random(in: 0..<10, using: &random) {
            case 0: -1 - Int.random(in: 0..<3, using: &random)
            case 1: [Int.max, sections + MemoryStorage.maximumSectionsCreatedPerCall + 100][Int.random(in: 0..<2, using: &random)]
            default: Int.random(in: 0...sections, using: &random)
            }
            call = .items(Fixture.edit(Edits.cells(storage, section: section), &random, nextID: &nextID), section: section)
        }
        let changed = [0, 0, 1, 1, 2, backgroundDiffRounds][Int.random(in: 0..<6, using: &random)]
        defer { nextID += 200 }
        return Plan(call: call, changes: (0..<changed).map { _ in random.next() }, firstID: nextID,
                    cancelledBeforeStart: Int.random(in: 0..<8, using: &random) == 0,
                    cancelledAtRound: Int.random(in: 0..<8, using: &random) == 0 ? Int.random(in: 1...2, using: &random) : nil)
    }

    /// The storage's sections, some dropped, shuffled, their items edited (one moved to another
    /// section), some headers changed, maybe a new section: matched by their header models.
    private func newSections(_ storage: MemoryStorage) -> [ArraySection<Shelf, Cell>] {
        var result: [ArraySection<Shelf, Cell>] = []
        for section in 0..<storage.numberOfSections where Int.random(in: 0..<5, using: &random) != 0 {
            nextID += 1
            var model = storage.supplementaryModel(ofKind: storage.supplementaryHeaderKind, forSectionAt: section) as? Shelf
                ?? Shelf(id: nextID)
            if Int.random(in: 0..<4, using: &random) == 0 { model.title += 1 }
            result.append(ArraySection(model: model, items: Fixture.edit(Edits.cells(storage, section: section), &random, nextID: &nextID)))
        }
        result.shuffle(using: &random)
        if Int.random(in: 0..<3, using: &random) == 0 {
            nextID += 1
            let new = ArraySection(model: Shelf(id: nextID), items: Fixture.edit([], &random, nextID: &nextID))
            result.insert(new, at: Int.random(in: 0...result.count, using: &random))
        }
        if result.count > 1, let moved = result[0].items.popLast() {
            let target = Int.random(in: 1..<result.count, using: &random)
            result[target].items.insert(moved, at: Int.random(in: 0...result[target].items.count, using: &random))
        }
        return result
    }

    /// Starts a task per call, in order (some cancelled at once), and waits for them all; returns
    /// each call's error. The tasks hold `storage` until they end.
    private func run(_ plans: [Plan], on storage: consuming MemoryStorage) async -> [StorageError?] {
        self.plans = plans
        (rounds, diffs, changes, returned) = (Array(repeating: 0, count: plans.count), [], [], [])
        cancelledWhileDiffing = Array(repeating: false, count: plans.count)
        var tasks: [Task<StorageError?, Never>] = []
        for (index, plan) in plans.enumerated() {
            let task = Task { [storage] in
                let error = await Running.$call.withValue(index) { await Self.perform(plan.call, on: storage) }
                returned.append(index)
                return error
            }
            if plan.cancelledBeforeStart { task.cancel() }
            tasks.append(task)
        }
        _ = consume storage
        var errors: [StorageError?] = []
        for task in tasks { errors.append(await task.value) }
        tasks = []
        return errors
    }

    /// The background call `call` on `storage`; its error.
    private static func perform(_ call: Call, on storage: MemoryStorage) async -> StorageError? {
        switch call {
        case let .items(items, section):
            do throws(StorageError) {
                try await storage.setItemsInBackground(items, forSection: section)
            } catch {
                return error
            }
        case let .sections(sections):
            await storage.setSectionsInBackground(sections)
        }
        return nil
    }

    /// At the storage's hook after a diff: the change planned for this round of the running
    /// call, and its cancellation.
    private func diffDidFinish() {
        guard let call = Running.call, let storage = released else {
            Issue.record("\(name): a diff finished outside the calls")
            return
        }
        diffs.append(call)
        rounds[call] += 1
        let (round, plan) = (rounds[call], plans[call])
        if round <= plan.changes.count {
            changes.append((call, round))
            Self.change(storage, plan, round: round)
        }
        if plan.cancelledAtRound == round {
            withUnsafeCurrentTask { $0?.cancel() }
            cancelledWhileDiffing[call] = true
        }
    }

    /// The change `plan` makes after its diff of `round`.
    private static func change(_ storage: MemoryStorage, _ plan: Plan, round: Int) {
        var random = SplitMix64(seed: plan.changes[round - 1]), id = plan.firstID + 40 * round
        try! Edits.randomChange(storage, &random, nextID: &id)
    }

    /// The calls' effect on the twin: each call's changes made while it ran, then, unless it was
    /// cancelled, the synchronous call, whose error the background one must have given, and whose
    /// result must be what was asked. Checks the calls ran in call order.
    private func replayOnTwin(_ plans: [Plan], errors: [StorageError?], _ context: String) throws {
        #expect(diffs == diffs.sorted() && returned == returned.sorted(), "\(context): out of call order: \(diffs), \(returned)")
        for (index, plan) in plans.enumerated() {
            for change in changes where change.call == index { Self.change(twin, plan, round: change.round) }
            #expect(rounds[index] <= backgroundDiffRounds, "\(context): call \(index), \(rounds[index]) rounds")
            guard !plan.cancelledBeforeStart && !cancelledWhileDiffing[index] else {
                #expect(errors[index] == nil, "\(context): cancelled call \(index) threw")
                continue
            }
            let delivered = twinReplay.history.count
            let error = synchronously(plan.call)
            #expect(errors[index] == error, "\(context): call \(index)")
            if error != nil { #expect(rounds[index] == 0, "\(context): call \(index) diffed, then threw") }
            // What the call's own update led to (the observer's change, if any, comes after it).
            let result = twinReplay.history.count > delivered ? twinReplay.history[delivered] : ShownState(twin)
            switch (plan.call, error) {
            case let (.items(items, section), nil):
                #expect(result.items[section] == items.map(\.description), "\(context): call \(index)")
            case let (.sections(sections), _):
                #expect(result.items == sections.map { $0.items.map(\.description) }
                        && result.headers == sections.map(\.model.description), "\(context): call \(index)")
            default:
                break
            }
        }
    }

    /// `call` made synchronously on the twin; its error.
    private func synchronously(_ call: Call) -> StorageError? {
        switch call {
        case let .items(items, section):
            do throws(StorageError) {
                try twin.setItems(items, forSection: section)
            } catch {
                return error
            }
        case let .sections(sections):
            twin.setSections(sections)
        }
        return nil
    }

    /// After a step: the storage and its twin hold the same items with the same identities,
    /// revisions and labels (the trees built off the actor are the synchronous calls'), and
    /// `update(since:)` from before the step takes what it showed then to what it shows now.
    private func check(since before: (content: MemoryStorage.Content, state: ShownState, twin: MemoryStorage.Content),
                       _ context: String) {
        guard let storage else { return }
        let state = ShownState(storage)
        #expect(state == ShownState(twin), "\(context)")
        #expect(Edits.entries(storage) == Edits.entries(twin), "\(context): identities, revisions, labels")
        #expect(storage.core.freshCounters == twin.core.freshCounters, "\(context)")
        #expect(replay.shown == state, "\(context): an update was not delivered")
        let since = storage.update(since: before.content)
        #expect(DeliveredReplay.problems(since, from: before.state, to: state, emptyAllowed: true, movesChecked: false) == [],
                "\(context): update(since:)")
        #expect(Fixture.Delivered(since) == Fixture.Delivered(twin.update(since: before.twin)), "\(context): update(since:)")
        for section in storage.sections { section.entries._checkInvariants() }
    }
}

/// An observer that changes its storage from inside some of the deliveries (at most `budget`
/// times until the budget is set again), decided from its own generator and the storage's
/// content: two storages with equal content that deliver equal updates get equal changes.
@MainActor final class Meddler {
    private weak var storage: MemoryStorage?
    private var random: SplitMix64
    private var nextID = 50_000_000
    var budget = 0

    init(_ storage: MemoryStorage, seed: UInt64) {
        self.storage = storage
        random = SplitMix64(seed: seed)
        storage.addObserver { [weak self] _ in self?.react() }
    }

    private func react() {
        guard budget > 0, let storage, Int.random(in: 0..<3, using: &random) == 0 else { return }
        budget -= 1
        nextID += 50
        if Int.random(in: 0..<2, using: &random) == 0 {
            // A change that needs no reading.
            try! storage.insertItem(Cell(id: nextID), to: IndexPath(0, 0))
        } else {
            // Read and changed in one block: the reads then show the latest content, not the one
            // the update being delivered leads to.
            try! storage.performUpdates { try BackgroundSetItemsPropertyTests.randomChange(storage, &random, nextID: &nextID) }
        }
    }
}
