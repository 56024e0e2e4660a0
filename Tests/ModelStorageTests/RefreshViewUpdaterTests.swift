import FingerprintDiff
import Foundation
import ModelStorage
import ModelStorageTesting
import Testing

/// A refresh written as "headers, then items" through a `ViewUpdater` and a `SimulatedView`:
/// equal headers send nothing, so only the items' real change reaches the view and every other
/// cell stays the cell it was.
@Suite struct RefreshViewUpdaterTests {
    /// Two sections of `items` under headers `Shelf 1` and `Shelf 2`, on a laid-out view that
    /// shows everything.
    @MainActor
    func makeScreen(_ items: [[any Sendable]]) -> (MemoryStorage, ViewUpdater<MemoryStorage>, SimulatedView, ManualScheduler) {
        let storage = MemoryStorage()
        try! storage.setItemsForAllSections(items)
        storage.setSectionHeaderModels([Shelf(id: 1), Shelf(id: 2)])
        let scheduler = ManualScheduler()
        let view = SimulatedView(visibleItemCount: 50)
        let updater = ViewUpdater(storage: storage, view: view, schedule: scheduler.schedule)
        view.dataSource = updater
        view.layoutIfNeeded()
        return (storage, updater, view, scheduler)
    }

    /// The cell of every visible item, by index path.
    @MainActor
    func cells(_ view: SimulatedView) -> [IndexPath: Int] {
        Dictionary(uniqueKeysWithValues: view.indexPathsForVisibleItems.compactMap { path in view.cellID(at: path).map { (path, $0) } })
    }

    /// Runs the refresh, lets the view finish, and checks: no section reloaded, no item
    /// inserted or deleted, every visible cell kept (the changed one reconfigured, not reloaded).
    @MainActor
    func expectRefreshKeepsCells(_ items: [[any Sendable]], _ refresh: (MemoryStorage) throws -> Void,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (storage, updater, view, scheduler) = makeScreen(items)
        let before = cells(view)
        #expect(before.count == items.joined().count, sourceLocation: sourceLocation)
        let logged = view.log.count
        try refresh(storage)
        quiesce(updater, view, scheduler, sourceLocation: sourceLocation)
        let sent = Array(view.log[logged...])
        #expect(!sent.contains { $0.hasPrefix("reloadSections") || $0.hasPrefix("reloadData") || $0.hasPrefix("reloadItems") },
                "\(sent)", sourceLocation: sourceLocation)
        #expect(sent.filter { $0 != "performBatchUpdates" } == ["reconfigureItems [[1, 1]]"], "\(sent)", sourceLocation: sourceLocation)
        #expect(cells(view) == before, "every cell is the cell it was", sourceLocation: sourceLocation)
        expectShowsStorage(updater, view, sourceLocation: sourceLocation)
    }

    @Test @MainActor func equalHeadersThenTypedItemsWithOneChange() throws {
        let cells = [(0..<4).map { Cell(id: $0) }, (4..<8).map { Cell(id: $0) }]
        try expectRefreshKeepsCells(cells.map { $0.map { $0 as any Sendable } }) { storage in
            storage.setSectionHeaderModels([Shelf(id: 1), Shelf(id: 2)])
            try storage.setItems(cells[1].map { $0.id == 5 ? Cell(id: 5, version: 1) : $0 }, forSection: 1)
        }
    }

    @Test @MainActor func equalHeadersThenItemsOfSeveralTypesWithOneChange() throws {
        let items: [[any Sendable]] = [[FeedPost(id: 1), FeedComment(id: 1), FeedTag(id: 1)],
                                       [FeedPost(id: 2), FeedComment(id: 2), FeedTag(id: 2)]]
        try expectRefreshKeepsCells(items) { storage in
            storage.setSectionHeaderModels([Shelf(id: 1), Shelf(id: 2)])
            try storage.setItemsForAllSections([items[0], [FeedPost(id: 2), FeedComment(id: 2, version: 1), FeedTag(id: 2)]])
        }
    }
}
