import FingerprintDiff
import Foundation
import ModelStorage
import SeededRandom

/// A screen of one section of 100,000 items behind a `ViewUpdater` whose 1,000 random changes
/// are pending (the updater's scheduler never runs): what a user's actions meet while a list fed
/// by the network animates. `actions` are 100 random displayed index paths and destinations.
struct PendingScreen: @unchecked Sendable {
    let storage: MemoryStorage
    let updater: ViewUpdater<MemoryStorage>
    /// Displayed sources and destinations (UIKit's `moveRow(at:to:)` reading), and the storage
    /// index paths of the same items for the storage's own calls.
    let actions: [(source: IndexPath, destination: IndexPath, storageSource: IndexPath, storageDestination: IndexPath)]

    /// The screen of `input`'s first list with its 1,000 mutations pending, and actions drawn
    /// from `seed`.
    static func make(_ input: CoalescedInput, seed: UInt64) -> PendingScreen {
        MainActor.assumeIsolated {
            let storage = MemoryStorage()
            try! storage.setItemsForAllSections(input.before)
            let updater = ViewUpdater(storage: storage, view: BenchmarkView()) { _ in }
            for mutation in input.script { mutation.apply(to: storage) }
            var generator = SplitMix64(seed: seed)
            let shown = input.before[0].count, live = storage.numberOfItems(inSection: 0)
            func random(_ count: Int) -> IndexPath { IndexPath(indexes: [0, Int.random(in: 0..<count, using: &generator)]) }
            let actions = (0..<100).map { _ in (random(shown), random(shown - 1), random(live - 100), random(live - 100)) }
            return PendingScreen(storage: storage, updater: updater, actions: actions)
        }
    }
}

extension BenchmarkPlan {
    /// The way back from the screen at 100,000 items with 1,000 changes pending, against the bare
    /// `Changeset` of the same lists (registered by `registerViewUpdates`): resolving a displayed
    /// index path, a user's move (beyond the storage's own move), a swipe to delete (beyond the
    /// storage's own removal). 100 calls a run, each on a fresh screen.
    func registerUserActions() {
        let key = "coalesced-1"
        let input = { CoalescedInput(sections: 1, itemsPerSection: 100_000) }
        let baseline = "coalesced 1 Changeset"
        let prepare = { (input: CoalescedInput) in PendingScreen.make(input, seed: 7) }
        add("user storageIndexPath", inputKey: key, input: input, prepare: prepare, iterations: 15) { screen in
            MainActor.assumeIsolated {
                for action in screen.actions { blackHole(screen.updater.storageIndexPath(forDisplayed: action.source)) }
            }
        }
        add("user move", inputKey: key, input: input, prepare: prepare, iterations: 15) { screen in
            MainActor.assumeIsolated {
                for action in screen.actions { try? screen.updater.userDidMoveItem(at: action.source, to: action.destination) }
            }
        }
        add("storage move", inputKey: key, input: input, prepare: prepare, iterations: 15) { screen in
            for action in screen.actions { try! screen.storage.moveItem(at: action.storageSource, to: action.storageDestination) }
        }
        add("user delete", inputKey: key, input: input, prepare: prepare, iterations: 15) { screen in
            MainActor.assumeIsolated {
                for action in screen.actions { try? screen.updater.userDidDeleteItem(at: action.source) }
            }
        }
        add("storage remove", inputKey: key, input: input, prepare: prepare, iterations: 15) { screen in
            for action in screen.actions { try! screen.storage.removeItem(at: action.storageSource) }
        }
        var table = ResultTable(title: "User actions on one section of 100,000 items with 1,000 changes pending, per action (multiple of the bare Changeset of the same lists)",
                                columns: ["action", "time"])
        table.rows = [
            ("Changeset of the two lists (baseline)", [.time(baseline)]),
            ("storageIndexPath(forDisplayed:)", [.time("user storageIndexPath", relativeTo: baseline, perCall: 100)]),
            ("the storage's own moveItem(at:to:)", [.time("storage move", relativeTo: baseline, perCall: 100)]),
            ("userDidMoveItem(at:to:) beyond the storage's move", [.excess("user move", over: "storage move", relativeTo: baseline, perCall: 100)]),
            ("the storage's own removeItem(at:)", [.time("storage remove", relativeTo: baseline, perCall: 100)]),
            ("userDidDeleteItem(at:) beyond the storage's removal", [.excess("user delete", over: "storage remove", relativeTo: baseline, perCall: 100)]),
        ]
        tables.append(table)
    }
}
