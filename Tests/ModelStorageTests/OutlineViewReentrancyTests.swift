import Foundation
@testable import ModelStorage
import ModelStorageTesting
import SeededRandom
import Testing

/// An app that changes the outline while the updater is sending it to the view: a cell
/// provider that edits the storage when the view reads a cell (inside an insertion or a
/// reload), and an observer of the storage that edits it again from its update. The flush
/// running keeps the view consistent with what it was told, the next flush sends the rest,
/// and the view ends showing exactly the storage.
@MainActor
@Suite struct OutlineViewReentrancyTests {
    /// The random source, shared by the closures the view and the storage call.
    @MainActor
    final class Caller {
        var caller: OutlineCaller
        /// Edits the app may still make (so that a cascade ends).
        var budget = 0
        var log: [String] = []
        init(seed: UInt64) { caller = OutlineCaller(seed: seed) }

        /// One random call on `storage` at `moment`, while the budget lasts.
        func maybeEdit(_ storage: OutlineStorage<TreeItem>, percent: Int, at moment: String) {
            guard budget > 0, caller.chance(percent) else { return }
            budget -= 1
            let call = caller.call(for: OutlineViewUpdaterPropertyTests.model(of: storage))
            log.append("\(moment): \(call)")
            try? call.perform(on: storage)
        }
    }

    @Test("edits from a cell provider and from an observer during the updates: the view ends equal to the storage",
          arguments: 0..<200)
    func editsDuringFlush(seed: UInt64) throws {
        let random = Caller(seed: seed)
        let roots = random.caller.forest() + random.caller.forest()
        let expanded = Set(OutlineModel(roots: roots).allIDs.filter { _ in random.caller.chance(70) })
        let harness = try OutlineViewHarness(roots, expanded: expanded)
        let storage = harness.storage
        harness.view.cellContent = { [unowned storage] object in
            random.maybeEdit(storage, percent: 20, at: "cell")
            return (object as? OutlineViewItem<TreeItem>)?.item
        }
        let token = storage.addObserver { [unowned storage] _ in
            MainActor.assumeIsolated { random.maybeEdit(storage, percent: 20, at: "observer") }
        }
        defer { storage.removeObserver(token) }
        harness.settle()
        harness.expectShowsStorage("seed \(seed): first flush, after \(random.log)")
        for step in 0..<25 {
            random.budget = 4
            let call = random.caller.call(for: OutlineViewUpdaterPropertyTests.model(of: storage))
            random.log.append("\(call)")
            try? call.perform(on: storage)
            if random.caller.chance(20) {
                // The user clicks a disclosure: the view expands or collapses the row, the storage follows.
                let row = random.caller.int(0...max(0, harness.view.numberOfRows - 1))
                let option = random.caller.chance(25)
                random.log.append("click on row \(row)\(option ? " with option" : "")")
                try? harness.view.simulateDisclosureClick(onRow: row, withOption: option)
            }
            if random.caller.chance(40) {
                harness.settle()
                harness.expectShowsStorage("seed \(seed) step \(step), after \(random.log.suffix(8))")
            }
        }
        harness.settle()
        #expect(harness.updater.isIdle)
        harness.expectShowsStorage("seed \(seed): at the end, after \(random.log.suffix(8))")
    }
}
