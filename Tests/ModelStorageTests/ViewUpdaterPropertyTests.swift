import FingerprintDiff
import Foundation
import ModelStorage
import ModelStorageTesting
import SeededRandom
import Testing

/// `ViewUpdater` under random storms: random storage changes (valid and invalid calls, inside
/// and outside `performUpdates`, reloads) at random moments, random animation lengths, layout
/// passes, `reloadData()` calls by the view's owner, window changes, scrolling, and observers,
/// cell configurations and completions that change the storage, and a user's drags, swipes and
/// selections at random moments (`RandomUser`: each reaches the item the user touched). At every
/// step the view has seen
/// no violation of UIKit's rules and at most one batch animated at a time; at the end the view
/// shows exactly the storage, and the batches sent fit in the time they animated (coalescing).
@Suite struct ViewUpdaterPropertyTests {
    /// The test's random choices, shared by the hooks the view and the storage call.
    @MainActor
    final class Dice {
        var random: SplitMix64
        /// Whether the hooks may change the storage (off while the test settles).
        var hooksChange = true
        init(seed: UInt64) { random = SplitMix64(seed: seed) }
        func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        func chance(_ percent: Int) -> Bool { int(1...100) <= percent }
    }

    /// Drives `storage` through `steps` random steps behind a `ViewUpdater` and a `SimulatedView`;
    /// `change` makes one random change of the storage (re-entrant calls come with `nested`).
    /// Without `userDrags` the user only swipes and selects (for a storage whose content takes
    /// no move, where a drag makes the updater reload the view). `actions`, when given, plays the
    /// user instead of `RandomUser` (with its own checks), `actionWeight` times in 100 + weight
    /// steps. Returns the updater, idle, for the caller's own checks of what the view shows.
    @MainActor
    @discardableResult
    func storm<Source: ContentStorage>(seed: UInt64, storage: Source, steps: Int, userDrags: Bool = true,
                                       actionWeight: Int = 10,
                                       actions: ((ViewUpdater<Source>, SimulatedView, (ClosedRange<Int>) -> Int, String) -> Void)? = nil,
                                       change: @escaping (_ nested: Bool) -> Void) -> ViewUpdater<Source> {
        let dice = Dice(seed: seed &+ 7_919)
        let duration = Duration.milliseconds(dice.int(1...400))
        let scheduler = ManualScheduler()
        let view = SimulatedView(animationDuration: duration, visibleItemCount: dice.int(1...25))
        let updater = ViewUpdater(storage: storage, view: view, schedule: scheduler.schedule)
        view.dataSource = updater
        view.layoutIfNeeded()
        var user = RandomUser(updater: updater, view: view)
        user.allowsDrags = userDrags
        var depth = 0
        func changeOnce() {
            guard depth < 2 else { return }
            depth += 1
            change(depth > 1)
            depth -= 1
        }
        view.onConfigureCell = { _, _ in if dice.hooksChange && dice.chance(2) { changeOnce() } }
        // `change` holds the storage, which holds this observer: removed when the storm ends.
        let observer = storage.addObserver { _ in
            MainActor.assumeIsolated { if dice.hooksChange && dice.chance(3) { changeOnce() } }
        }
        defer { storage.removeObserver(observer) }
        for step in 0..<steps {
            switch dice.int(0...(99 + actionWeight)) {
            case 100...:
                // Exact checks of what the action did: no observer changes the storage meanwhile.
                dice.hooksChange = false
                if let actions {
                    actions(updater, view, { dice.int($0) }, "seed \(seed) step \(step)")
                } else {
                    user.act({ dice.int($0) }, "seed \(seed) step \(step)")
                }
                dice.hooksChange = true
            case 0..<40: changeOnce()
            case 40..<60: scheduler.runNextTurn()
            case 60..<78: view.advance(by: .milliseconds(dice.int(0...500)))
            case 78..<83: view.layoutIfNeeded()
            case 83..<85: view.reloadData()
            case 85..<89: view.isInWindow = dice.chance(70)
            case 89..<92: view.firstVisibleItem = dice.int(0...30)
            case 92..<96: updater.whenDisplayed { if dice.hooksChange && dice.chance(50) { changeOnce() } }
            default: updater.flush()
            }
            if !view.violations.isEmpty || view.maximumBatchesInFlight > 1 {
                Issue.record("seed \(seed) step \(step): \(view.violations), \(view.maximumBatchesInFlight) in flight")
                return updater
            }
        }
        dice.hooksChange = false
        view.isInWindow = true
        quiesce(updater, view, scheduler)
        expectShowsStorage(updater, view, "seed \(seed)")
        #expect(view.maximumBatchesInFlight <= 1)
        // One batch in flight at a time, each animating `duration`: the batches fit in the time.
        #expect(view.batchCount <= Int(view.now / duration) + 1,
                "seed \(seed): \(view.batchCount) batches in \(view.now) of \(duration) animations")
        return updater
    }

    @Test("MemoryStorage behind a ViewUpdater: random storms end showing the storage, no rule broken",
          arguments: 0..<40)
    @MainActor func memoryStorageStorms(seed: UInt64) {
        var mutator = MemoryStoragePropertyTests.Mutator(random: SplitMix64(seed: seed))
        // Re-entrant changes use a mutator of their own (fresh ids far from the first's).
        var nested = MemoryStoragePropertyTests.Mutator(random: SplitMix64(seed: seed &+ 1), nextID: 5_000_000)
        let sections = (0..<mutator.int(0...4)).map { _ in mutator.freshCells(mutator.int(0...8)).map(\.id) }
        let (storage, _) = makeStorage(sections, headers: mutator.chance(50) ? [1, 2] : nil)
        storage.delegate = nil
        storm(seed: seed, storage: storage, steps: 250) { isNested in
            if isNested {
                _ = nested.mutate(storage, allowBatches: false)
            } else if mutator.chance(4) {
                storage.updateWithoutAnimations { _ = mutator.mutate(storage, allowBatches: false) }
            } else {
                _ = mutator.mutate(storage, allowBatches: true)
            }
        }
    }

    @Test("a single-section storage behind a ViewUpdater: random storms end showing the storage",
          arguments: 0..<20)
    @MainActor func singleSectionStorms(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var nextID = 100
        let storage = SingleSectionHashableStorage(items: (0..<Int.random(in: 0...10, using: &random)).map { Cell(id: $0) })
        storm(seed: seed, storage: storage, steps: 250) { _ in
            var items = storage.items
            switch Int.random(in: 0...5, using: &random) {
            case 0: items.shuffle(using: &random)
            case 1: if !items.isEmpty { items.remove(at: Int.random(in: 0..<items.count, using: &random)) }
            case 2:
                items.insert(Cell(id: nextID), at: Int.random(in: 0...items.count, using: &random))
                nextID += 1
            case 3: for index in items.indices where Bool.random(using: &random) { items[index].version += 1 }
            case 4:
                storage.setSectionHeaderModel(nextID)
                nextID += 1
                return
            default:
                storage.addItems([Cell(id: nextID), Cell(id: Int.random(in: 0...nextID, using: &random))],
                                 UpdateOldValuesAccumulationStrategy())
                nextID += 1
                return
            }
            storage.setItems(items)
        }
    }
}
