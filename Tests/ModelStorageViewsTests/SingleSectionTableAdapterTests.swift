import Foundation
import ModelStorage
import ModelStorageTesting
import ModelStorageViews
import SeededRandom
import Testing

/// `SingleSectionTableAdapter` behind a `ViewUpdater`, through a stand-in that applies each call
/// at once as `NSTableView` does (`ShiftingTable`).
@MainActor
@Suite struct SingleSectionTableAdapterTests {
    /// A storage of `ids` shown in a `ShiftingTable` through the adapter.
    @MainActor
    final class Harness<Source: ContentStorage> {
        let storage: Source
        let table = ShiftingTable()
        let scheduler = ManualScheduler()
        let updater: ViewUpdater<Source>
        let adapter: SingleSectionTableAdapter<Animation>

        init(_ storage: Source) {
            self.storage = storage
            adapter = SingleSectionTableAdapter(operations: table, insertAnimation: .fade, removeAnimation: .left)
            updater = ViewUpdater(storage: storage, view: adapter, schedule: scheduler.schedule)
            table.dataSource = updater
            table.reloadData()
        }

        /// Runs turns and animations until nothing is left to send.
        func settle(sourceLocation: SourceLocation = #_sourceLocation) {
            var rounds = 0
            while !(updater.isIdle && (scheduler.pendingCount == 0) && table.pendingCompletions.isEmpty) && rounds < 100 {
                scheduler.runNextTurn()
                table.finishAnimations()
                rounds += 1
            }
            #expect(rounds < 100, "never idle", sourceLocation: sourceLocation)
        }

        /// What the storage holds in section 0.
        var storageRows: [Row?] {
            (0..<storage.numberOfItems(inSection: 0)).map { storage.item(at: path(0, $0)) as? Row }
        }
    }

    @Test("a move keeps the row's view; a changed row is read again in place; calls between beginUpdates and endUpdates")
    func movedAndChanged() {
        let storage = SingleSectionHashableStorage(items: [1, 2, 3, 4].map { Row(id: $0) })
        let harness = Harness(storage)
        let views = harness.table.rows.map(\.id)
        storage.setItems([Row(id: 2), Row(id: 3, version: 1), Row(id: 4), Row(id: 1)])
        harness.settle()
        #expect(harness.table.rows.map(\.item) == storage.items)
        #expect(harness.table.rows.map(\.id) == [views[1], views[2], views[3], views[0]])
        #expect(harness.table.calls.dropFirst() == ["beginUpdates", "moveRow 0 3", "endUpdates",
                                                    "beginUpdates", "reloadData rows [1] columns [0, 1]", "endUpdates"])
    }

    @Test("deletions, insertions and moves of one batch: one removal, the moves, one insertion, each with its animation")
    func oneBatch() {
        let storage = SingleSectionHashableStorage(items: [1, 2, 3, 4, 5].map { Row(id: $0) })
        let harness = Harness(storage)
        storage.setItems([5, 1, 7, 3, 8].map { Row(id: $0) })
        harness.settle()
        #expect(harness.table.rows.map(\.item) == storage.items)
        #expect(harness.table.calls.dropFirst() == ["beginUpdates", "removeRows [1, 3] left", "moveRow 2 0",
                                                    "insertRows [2, 4] fade", "endUpdates"])
        #expect(harness.table.violations.isEmpty)
    }

    @Test("when the table's section appears or goes, the table reloads")
    func sectionsChanged() throws {
        let storage = MemoryStorage()
        let harness = Harness(storage)
        try storage.addItems([Row(id: 1), Row(id: 2)])
        harness.settle()
        try storage.deleteSections([0])
        harness.settle()
        #expect(harness.table.calls == ["reloadData", "reloadData", "reloadData"])
        #expect(harness.table.rows.isEmpty)
    }

    @Test("random storms end with the table showing the storage, one update at a time",
          arguments: 0..<60)
    func storms(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var nextID = 100
        let storage = SingleSectionHashableStorage(items: (0..<Int.random(in: 0...12, using: &random)).map { Row(id: $0) })
        let harness = Harness(storage)
        for step in 0..<120 {
            switch Int.random(in: 0...9, using: &random) {
            case 0...4:
                var items = storage.items
                switch Int.random(in: 0...3, using: &random) {
                case 0: items.shuffle(using: &random)
                case 1: if !items.isEmpty { items.remove(at: Int.random(in: 0..<items.count, using: &random)) }
                case 2:
                    items.insert(Row(id: nextID), at: Int.random(in: 0...items.count, using: &random))
                    nextID += 1
                default: for index in items.indices where Bool.random(using: &random) { items[index].version += 1 }
                }
                storage.setItems(items)
            case 5...6: harness.scheduler.runNextTurn()
            case 7: harness.table.finishAnimations()
            case 8: harness.table.isInWindow = Int.random(in: 0...3, using: &random) > 0
            default: harness.updater.flush()
            }
            #expect(harness.table.pendingCompletions.count <= 1, "seed \(seed) step \(step): updates overlap")
            if !harness.table.violations.isEmpty { break }
        }
        harness.table.isInWindow = true
        harness.settle()
        #expect(harness.table.violations.isEmpty, "seed \(seed): \(harness.table.violations)")
        #expect(harness.table.rows.map(\.item) == harness.storageRows, "seed \(seed)")
    }
}
