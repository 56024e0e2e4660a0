import Foundation
import ModelStorage
import ModelStorageTesting
import ModelStorageViews
import Observation
import Testing

/// Selection, the user's actions, refresh and the observable summary of a `ListHost`.
@MainActor
@Suite struct ListHostInteractionTests {
    @Test("the selection follows its items by identity; an item that leaves the list leaves it when the batch shows it")
    func selectionByIdentity() throws {
        let storage = RowStorage(items: rows(1...10))
        let screen = HostScreen(storage)
        try screen.view.simulateSelection(at: path(0, 4))
        screen.host.userDidSelectItem(at: path(0, 4))
        #expect(screen.host.selection == [5])
        storage.setItems(rows(20...22) + rows(1...10))
        screen.settle()
        #expect(screen.host.selectedIndexPaths == [path(0, 7)])
        #expect(screen.view.selectedIndexPaths == [path(0, 7)])   // the view's own selection agrees
        storage.setItems(rows(20...22) + rows(1...4) + rows(6...10))
        #expect(screen.host.selection == [5])                     // not ahead of the list
        screen.scheduler.runNextTurn()
        #expect(screen.host.selection.isEmpty)
        #expect(screen.selectionReports.last == [])
        screen.settle()
        #expect(screen.view.violations.isEmpty)
    }

    @Test("a selection set by the app keeps the ids the view shows and drops the others")
    func selectionFromApp() throws {
        let storage = RowStorage(items: rows(1...300))
        let screen = HostScreen(storage)
        #expect(screen.host.setSelection([3, 250, 999]))
        #expect(screen.host.selection == [3, 250])
        #expect(Set(screen.host.selectedIndexPaths) == [path(0, 2), path(0, 249)])
        #expect(screen.selectionReports == [[3, 250]])
        #expect(!screen.host.setSelection([3, 250]))
        storage.setItems(rows(1...300).reversed())
        screen.settle()
        #expect(Set(screen.host.selectedIndexPaths) == [path(0, 297), path(0, 50)])
        screen.host.userDidDeselectItem(at: path(0, 297))
        #expect(screen.host.selection == [250])
    }

    @Test("a swipe and a drag reach the items the user touched while changes are pending")
    func userActions() throws {
        let storage = RowStorage(items: rows(1...6))
        let screen = HostScreen(storage)
        var deleted: [Row] = [], moved: [(Row, IndexPath)] = []
        screen.host.didDeleteItem = { deleted.append($0 as! Row) }
        screen.host.didMoveItem = { moved.append(($0 as! Row, $1)) }
        storage.setItems(rows(10...11) + rows(1...6))            // pending: two rows on top
        try screen.view.simulateSwipeToDelete(at: path(0, 2))     // the view shows 3 there
        #expect(deleted == [Row(id: 3)])
        #expect(storage.items.map(\.id) == [10, 11, 1, 2, 4, 5, 6])
        try screen.view.simulateUserMove(from: path(0, 0), to: path(0, 3))   // 1 after 4
        #expect(moved.map(\.0) == [Row(id: 1)] && moved.map(\.1) == [path(0, 3)])
        #expect(storage.items.map(\.id) == [10, 11, 2, 4, 1, 5, 6])
        #expect(throws: UserActionError.noItemDisplayed(path(0, 40))) { try screen.host.userDidDeleteItem(at: path(0, 40)) }
        screen.settle()
        #expect(screen.view.violations.isEmpty)
        #expect(screen.visibleTexts == screen.expectedTexts)
    }

    @Test("pull to refresh runs the async closure once at a time and returns when it ends")
    func refresh() async throws {
        let storage = RowStorage(items: rows(1...3))
        let screen = HostScreen(storage)
        var runs = 0
        let (gate, open) = AsyncStream<Void>.makeStream()
        screen.host.refreshAction = {
            runs += 1
            for await _ in gate { break }
            storage.setItems(rows(1...4))
        }
        let first = Task { await screen.host.refresh() }
        while !screen.host.isRefreshing { await Task.yield() }
        await screen.host.refresh()                   // a second pull while the first runs: nothing
        #expect(runs == 1)
        open.yield()
        await first.value
        #expect(!screen.host.isRefreshing && storage.items.count == 4)
        open.yield()                                  // a later pull runs again
        await screen.host.refresh()
        #expect(runs == 2 && !screen.host.isRefreshing)
    }

    @Test("the summary changes inside the batch that shows the change, never ahead of the list")
    func summaryFollowsTheList() throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { return }
        let storage = RowStorage(items: rows(1...3))
        let screen = HostScreen(storage)
        let summary = ListSummary()
        screen.host.attach(summary)
        #expect(summary.numberOfItems == 3 && !summary.isEmpty)
        var changes: [(batches: Int, inFlight: Int)] = []
        func track() {
            withObservationTracking { _ = summary.numberOfItems } onChange: { [view = screen.view] in
                MainActor.assumeIsolated { changes.append((view.batchCount, view.batchesInFlight)) }
            }
        }
        track()
        storage.setItems(rows(1...5))
        #expect(changes.isEmpty && summary.numberOfItems == 3)     // the list does not show it yet
        screen.scheduler.runNextTurn()
        // Inside the updates block: the batch is counted, its animation not yet scheduled.
        #expect(changes.count == 1 && changes.first?.batches == 1 && changes.first?.inFlight == 0)
        #expect(summary.numberOfItems == 5)
        screen.settle()
        track()
        storage.setItems([])
        screen.settle()
        #expect(changes.count == 2 && summary.isEmpty && summary.numberOfSections == 1)
        track()
        screen.host.update(storage: RowStorage(items: rows(1...7)), rowContent: "v0")
        #expect(changes.count == 3 && summary.numberOfItems == 7)
    }
}
