import Foundation
@_spi(Benchmarking) import ModelStorage
import ModelStorageTesting
import ModelStorageViews
import SeededRandom
import Testing

/// The calls the collection and table adapters make for each kind of operation, in the order
/// UIKit expects them, through stand-ins that record each call and pass it on to a
/// `SimulatedView` (which raises what UIKit raises).
@MainActor
@Suite struct AdapterCallTests {
    /// A storage of `sections` shown by a `ViewUpdater` through `adapter(view)`; changes go one
    /// turn at a time.
    @MainActor
    final class Harness {
        let storage = MemoryStorage()
        let view: SimulatedView
        let scheduler = ManualScheduler()
        var updater: ViewUpdater<MemoryStorage>!

        init(_ sections: [[Int]], headers: [String]? = nil, adapter: (SimulatedView) -> any BatchUpdatingView) {
            try! storage.setItemsForAllSections(sections.map { $0.map { Row(id: $0) } })
            if let headers { storage.setSectionHeaderModels(headers) }
            view = SimulatedView(animationDuration: .milliseconds(100), visibleItemCount: 50)
            updater = ViewUpdater(storage: storage, view: adapter(view), schedule: scheduler.schedule)
            view.dataSource = updater
            view.layoutIfNeeded()
        }

        /// Sends what changed, runs every batch to its end, and checks the view shows the storage.
        func settle(sourceLocation: SourceLocation = #_sourceLocation) {
            for _ in 0..<10 {
                scheduler.runNextTurn()
                view.finishAnimations()
            }
            view.layoutIfNeeded()
            #expect(view.violations.isEmpty, "\(view.violations)", sourceLocation: sourceLocation)
            #expect(updater.isIdle, sourceLocation: sourceLocation)
            #expect(view.staleCells.isEmpty, sourceLocation: sourceLocation)
            let shown = (0..<updater.numberOfSections).map { section in
                (0..<updater.numberOfItems(inSection: section)).map { updater.item(at: path(section, $0)) as? Row }
            }
            let live = (0..<storage.numberOfSections).map { section in
                (0..<storage.numberOfItems(inSection: section)).map { storage.item(at: path(section, $0)) as? Row }
            }
            #expect(shown == live, sourceLocation: sourceLocation)
            #expect(view.cachedItemCounts == live.map(\.count), sourceLocation: sourceLocation)
        }
    }

    /// Each scenario: the storage's sections before, the change, and the calls a collection view
    /// receives (each batch opens with `performBatchUpdates`).
    static let scenarios: [(name: String, sections: [[Int]], change: @MainActor (MemoryStorage) throws -> Void, calls: [String])] = [
        ("item deleted", [[1, 2, 3]], { try $0.removeItem(Row(id: 2)) },
         ["performBatchUpdates", "deleteItems [[0, 1]]"]),
        ("item inserted", [[1, 2, 3]], { try $0.insertItem(Row(id: 7), to: path(0, 1)) },
         ["performBatchUpdates", "insertItems [[0, 1]]"]),
        ("item moved", [[1, 2, 3]], { try $0.moveItem(at: path(0, 0), to: path(0, 2)) },
         ["performBatchUpdates", "moveItem [0, 0] [0, 2]"]),
        ("item moved to another section", [[1, 2], [3]], { try $0.moveItem(at: path(0, 0), to: path(1, 1)) },
         ["performBatchUpdates", "moveItem [0, 0] [1, 1]"]),
        ("section deleted", [[1], [2, 3], [4]], { try $0.deleteSections([1]) },
         ["performBatchUpdates", "deleteSections [1]"]),
        ("section inserted", [[1], [2]], { try $0.insertSection(SectionModel(items: [Row(id: 9)]), atIndex: 1) },
         ["performBatchUpdates", "insertSections [1]"]),
        ("section moved", [[1], [2], [3]], { try $0.moveSection(2, toSection: 0) },
         ["performBatchUpdates", "moveSection 2 0"]),
        ("item changed in place", [[1, 2, 3]], { try $0.replaceItem(Row(id: 2), with: Row(id: 2, version: 1)) },
         ["performBatchUpdates", "reconfigureItems [[0, 1]]"]),
        ("item moved and changed: moved, then reconfigured at its new index path", [[1, 2, 3]], { storage in
            try storage.performUpdates {
                try storage.moveItem(at: path(0, 0), to: path(0, 2))
                try storage.replaceItem(Row(id: 1), with: Row(id: 1, version: 1))
            }
         },
         ["performBatchUpdates", "moveItem [0, 0] [0, 2]", "performBatchUpdates", "reconfigureItems [[0, 2]]"]),
        ("everything at once: deletions, insertions, moves in one batch, in UIKit's order", [[1, 2, 3], [4, 5], [6]], { storage in
            try storage.performUpdates {
                try storage.deleteSections([2])
                try storage.removeItem(Row(id: 2))
                try storage.insertItem(Row(id: 8), to: path(1, 0))
                try storage.moveItem(at: path(1, 2), to: path(0, 0))
            }
         },
         ["performBatchUpdates", "deleteSections [2]", "deleteItems [[0, 1]]", "insertItems [[1, 0]]", "moveItem [1, 1] [0, 0]"]),
    ]

    @Test("a collection view receives one call per kind of operation, in UIKit's order", arguments: 0..<10)
    func collectionViewCalls(scenario: Int) throws {
        let (name, sections, change, calls) = Self.scenarios[scenario]
        var standIn: CollectionViewStandIn!
        let harness = Harness(sections) { view in
            standIn = CollectionViewStandIn(view)
            return CollectionViewAdapter(operations: standIn)
        }
        try change(harness.storage)
        harness.settle()
        #expect(standIn.calls == calls, "\(name)")
    }

    @Test("a table view receives rows for items, each kind with its own animation", arguments: 0..<10)
    func tableViewCalls(scenario: Int) throws {
        let (name, sections, change, calls) = Self.scenarios[scenario]
        var standIn: TableViewStandIn!
        let animations = TableRowAnimations<Animation>(insertRows: .left, deleteRows: .right, reloadRows: .fade,
                                                       insertSections: .top, deleteSections: .bottom, reloadSections: .none)
        let harness = Harness(sections) { view in
            standIn = TableViewStandIn(view)
            return TableViewAdapter(operations: standIn, animations: animations)
        }
        try change(harness.storage)
        harness.settle()
        // The same calls, spelled as UITableView spells them, each with its kind's animation.
        let expected = calls.map { call -> String in
            let parts = call.split(separator: " ", maxSplits: 1).map(String.init)
            switch parts[0] {
            case "insertItems": return "insertRows \(parts[1]) left"
            case "deleteItems": return "deleteRows \(parts[1]) right"
            case "reloadItems": return "reloadRows \(parts[1]) fade"
            case "reconfigureItems": return "reconfigureRows \(parts[1])"
            case "moveItem": return "moveRow \(parts[1])"
            case "insertSections": return "insertSections \(parts[1]) top"
            case "deleteSections": return "deleteSections \(parts[1]) bottom"
            case "reloadSections": return "reloadSections \(parts[1]) none"
            default: return call
            }
        }
        #expect(standIn.calls == expected, "\(name)")
    }

    @Test("a changed section header reloads the section, in a batch after the structure")
    func sectionReload() throws {
        for kind in ["collection", "table"] {
            var calls: () -> [String] = { [] }
            let harness = Harness([[1, 2], [3]], headers: ["A", "B"]) { view in
                if kind == "collection" {
                    let standIn = CollectionViewStandIn(view)
                    calls = { standIn.calls }
                    return CollectionViewAdapter(operations: standIn)
                }
                let standIn = TableViewStandIn(view)
                calls = { standIn.calls }
                return TableViewAdapter(operations: standIn, animations: TableRowAnimations<Animation>(all: .fade))
            }
            try harness.storage.performUpdates {
                try harness.storage.setSupplementaryModel("B2", forKind: harness.storage.supplementaryHeaderKind,
                                                      atSectionIndex: 1)
                try harness.storage.removeItem(Row(id: 1))
            }
            harness.settle()
            let expected = kind == "collection"
                ? ["performBatchUpdates", "deleteItems [[0, 0]]", "performBatchUpdates", "reloadSections [1]"]
                : ["performBatchUpdates", "deleteRows [[0, 0]] fade", "performBatchUpdates", "reloadSections [1] fade"]
            #expect(calls() == expected, "\(kind)")
        }
    }

    @Test("off window, or when the storage asks, the view reloads its data; never inside a batch")
    func reloads() throws {
        var standIn: CollectionViewStandIn!
        let harness = Harness([[1, 2, 3]]) { view in
            standIn = CollectionViewStandIn(view)
            return CollectionViewAdapter(operations: standIn)
        }
        harness.view.isInWindow = false
        try harness.storage.removeItem(Row(id: 1))
        harness.settle()
        harness.view.isInWindow = true
        harness.storage.updateWithoutAnimations { try! harness.storage.addItem(Row(id: 4)) }
        harness.settle()
        #expect(standIn.calls == ["reloadData", "reloadData"])
        #expect(harness.updater.statistics.reloads == 2)
    }

    @Test("the adapters report the view's window as the view does")
    func window() {
        let view = SimulatedView(animationDuration: .milliseconds(10), visibleItemCount: 2)
        let collection = CollectionViewAdapter(operations: CollectionViewStandIn(view))
        let table = TableViewAdapter(operations: TableViewStandIn(view), animations: TableRowAnimations<Animation>(all: .fade))
        #expect(collection.isInWindow && table.isInWindow)
        view.isInWindow = false
        #expect(!collection.isInWindow && !table.isInWindow)
    }
}

/// Random storms through each adapter: the view (a `SimulatedView` behind the stand-in) never
/// sees a broken rule and ends showing the storage.
@MainActor
@Suite struct AdapterStormTests {
    /// One random change of `storage` (valid or not: invalid ones throw and change nothing).
    static func change(_ storage: MemoryStorage, _ random: inout SplitMix64, nextID: inout Int) {
        let sections = storage.numberOfSections
        func anyPath() -> IndexPath {
            let section = Int.random(in: 0...max(sections - 1, 0), using: &random)
            return path(section, Int.random(in: 0...max(storage.numberOfItems(inSection: section), 0), using: &random))
        }
        switch Int.random(in: 0...8, using: &random) {
        case 0, 1:
            nextID += 1
            try? storage.insertItem(Row(id: nextID), to: anyPath())
        case 2: try? storage.removeItems(at: [anyPath()])
        case 3: try? storage.moveItem(at: anyPath(), to: anyPath())
        case 4:
            nextID += 1
            try? storage.insertSection(SectionModel(items: [Row(id: nextID)]),
                                       atIndex: Int.random(in: 0...sections, using: &random))
        case 5: if sections > 0 { try? storage.deleteSections([Int.random(in: 0..<sections, using: &random)]) }
        case 6:
            if let row = storage.item(at: anyPath()) as? Row {
                try? storage.replaceItem(row, with: Row(id: row.id, version: row.version + 1))
            }
        case 7: if sections > 1 { try? storage.moveSection(0, toSection: sections - 1) }
        default:
            if sections > 0 {
                nextID += 1
                try? storage.setSupplementaryModel("h\(nextID)", forKind: storage.supplementaryHeaderKind,
                                                   atSectionIndex: Int.random(in: 0..<sections, using: &random))
            }
        }
    }

    @Test("random storms through CollectionViewAdapter and TableViewAdapter: no rule broken, the view ends showing the storage",
          arguments: 0..<30)
    func storms(seed: UInt64) {
        for kind in ["collection", "table"] {
            var random = SplitMix64(seed: seed)
            var nextID = 1_000
            let harness = AdapterCallTests.Harness((0..<Int.random(in: 0...3, using: &random)).map { section in
                (0..<Int.random(in: 0...5, using: &random)).map { section * 100 + $0 }
            }) { view -> any BatchUpdatingView in
                if kind == "collection" { return CollectionViewAdapter(operations: CollectionViewStandIn(view)) }
                return TableViewAdapter(operations: TableViewStandIn(view), animations: TableRowAnimations<Animation>(all: .fade))
            }
            for _ in 0..<80 {
                switch Int.random(in: 0...9, using: &random) {
                case 0...4: Self.change(harness.storage, &random, nextID: &nextID)
                case 5:
                    let storage = harness.storage
                    storage.performUpdates {
                        for _ in 0..<3 { Self.change(storage, &random, nextID: &nextID) }
                    }
                case 6, 7: harness.scheduler.runNextTurn()
                case 8: harness.view.advance(by: .milliseconds(Int.random(in: 0...150, using: &random)))
                default: harness.view.layoutIfNeeded()
                }
                if !harness.view.violations.isEmpty { break }
            }
            #expect(harness.view.maximumBatchesInFlight <= 1, "seed \(seed) \(kind)")
            harness.settle()
        }
    }
}

/// Each operation a `ViewUpdater` (or any caller) can send goes to the view as exactly one call,
/// with its arguments, in the order made: item reloads included, which the updater itself
/// replaces with reconfigures.
@MainActor
@Suite struct AdapterOperationTests {
    /// Sends one of every operation inside one batch.
    static func sendEveryOperation(to adapter: any BatchUpdatingView) {
        adapter.performBatchUpdates({
            adapter.deleteSections([3])
            adapter.insertSections([0])
            adapter.reloadSections([1])
            adapter.moveSection(2, toSection: 4)
            adapter.deleteItems(at: [path(0, 1)])
            adapter.insertItems(at: [path(1, 0), path(1, 2)])
            adapter.reloadItems(at: [path(0, 3)])
            adapter.moveItem(at: path(0, 0), to: path(1, 1))
        }, completion: nil)
        adapter.performBatchUpdates({ adapter.reconfigureItems(at: [path(0, 2)]) }, completion: nil)
        adapter.reloadData()
    }

    /// A view that records what it is sent, with no rules (`SimulatedView`'s would reject these
    /// index paths, which fit no data).
    static func recordingView() -> SimulatedView {
        SimulatedView(animationDuration: .milliseconds(1), visibleItemCount: 0)
    }

    @Test("a collection view: one call per operation, the same name and arguments")
    func collectionView() {
        let standIn = CollectionViewStandIn(Self.recordingView())
        Self.sendEveryOperation(to: CollectionViewAdapter(operations: standIn))
        #expect(standIn.calls == [
            "performBatchUpdates", "deleteSections [3]", "insertSections [0]", "reloadSections [1]", "moveSection 2 4",
            "deleteItems [[0, 1]]", "insertItems [[1, 0], [1, 2]]", "reloadItems [[0, 3]]", "moveItem [0, 0] [1, 1]",
            "performBatchUpdates", "reconfigureItems [[0, 2]]", "reloadData",
        ])
    }

    @Test("a table view: one call per operation, rows for items, each kind with its animation")
    func tableView() {
        let standIn = TableViewStandIn(Self.recordingView())
        let animations = TableRowAnimations<Animation>(insertRows: .left, deleteRows: .right, reloadRows: .fade,
                                                       insertSections: .top, deleteSections: .bottom, reloadSections: .none)
        Self.sendEveryOperation(to: TableViewAdapter(operations: standIn, animations: animations))
        #expect(standIn.calls == [
            "performBatchUpdates", "deleteSections [3] bottom", "insertSections [0] top", "reloadSections [1] none",
            "moveSection 2 4", "deleteRows [[0, 1]] right", "insertRows [[1, 0], [1, 2]] left", "reloadRows [[0, 3]] fade",
            "moveRow [0, 0] [1, 1]", "performBatchUpdates", "reconfigureRows [[0, 2]]", "reloadData",
        ])
    }

    @Test("a one-section table: reloads first in old rows, then the removal, the moves, the insertion, reconfigures last")
    func singleSectionTable() {
        let table = ShiftingTable()
        let storage = SingleSectionHashableStorage(items: (0..<6).map { Row(id: $0) })
        table.dataSource = storage
        table.reloadData()
        let adapter = SingleSectionTableAdapter(operations: table, insertAnimation: Animation.fade, removeAnimation: .left)
        adapter.performBatchUpdates({
            adapter.deleteItems(at: [path(0, 1)])
            adapter.insertItems(at: [path(0, 0)])
            adapter.reloadItems(at: [path(0, 4)])
            adapter.moveItem(at: path(0, 5), to: path(0, 1))
        }, completion: nil)
        adapter.reconfigureItems(at: [path(0, 2)])
        #expect(table.calls == ["reloadData",
                                "beginUpdates", "reloadData rows [4] columns [0, 1]", "removeRows [1] left", "moveRow 4 0",
                                "insertRows [0] fade", "endUpdates",
                                "beginUpdates", "reloadData rows [2] columns [0, 1]", "endUpdates"])
        #expect(table.violations.isEmpty)
    }
}
