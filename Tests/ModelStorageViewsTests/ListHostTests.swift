import Foundation
import ModelStorage
import ModelStorageTesting
@_spi(Benchmarking) import ModelStorageViews
import Testing

/// The life cycle of a SwiftUI representable, on its platform-independent coordinator.
@MainActor
@Suite struct ListHostTests {
    @Test("a re-render with the same storage sends nothing and touches no cell, also during an animation")
    func rerenderIsFree() throws {
        let storage = RowStorage(items: rows(1...30))
        let screen = HostScreen(storage)
        storage.setItems(rows(1...3) + [Row(id: 99)] + rows(4...30))
        screen.scheduler.runNextTurn()
        #expect(screen.view.batchesInFlight == 1)
        let log = screen.view.log, configurations = screen.configurations
        for _ in 0..<1_000 { screen.host.update(storage: storage, rowContent: "v0") }
        #expect(screen.view.log == log)
        #expect(screen.configurations == configurations)
        #expect(screen.host.statistics.rerenders == 1_000)
        #expect(screen.host.statistics.reconfigurations == 0 && screen.host.statistics.storageSwaps == 0)
        screen.settle()
        #expect(screen.view.violations.isEmpty)
        #expect(screen.visibleTexts == screen.expectedTexts)
    }

    @Test("a new row content with the same version is used by new cells only; a new version reconfigures the visible cells, keeping them")
    func contentVersion() throws {
        let storage = RowStorage(items: rows(1...30))
        let screen = HostScreen(storage)
        screen.host.update(storage: storage, rowContent: "v1")
        #expect(screen.visibleTexts.first == "v0:1")
        let cells = screen.view.indexPathsForVisibleItems.map { screen.view.cellID(at: $0) }
        screen.host.update(storage: storage, rowContent: "v2", contentVersion: 2)
        #expect(screen.visibleTexts == screen.expectedTexts)
        #expect(screen.visibleTexts.first == "v2:1")
        #expect(screen.view.indexPathsForVisibleItems.map { screen.view.cellID(at: $0) } == cells)
        #expect(screen.host.statistics.reconfigurations == 1)
        #expect(screen.view.violations.isEmpty)
    }

    @Test("a content version change during an animation reconfigures the cells the view shows, with no rule broken")
    func versionDuringAnimation() throws {
        let storage = RowStorage(items: rows(1...30))
        let screen = HostScreen(storage)
        storage.setItems([Row(id: 50)] + rows(2...30).reversed())
        screen.scheduler.runNextTurn()
        screen.host.update(storage: storage, rowContent: "v1", contentVersion: 1)
        storage.setItems(rows(1...10))
        screen.host.update(storage: storage, rowContent: "v2", contentVersion: 2)
        screen.settle()
        #expect(screen.view.violations.isEmpty)
        #expect(screen.visibleTexts == screen.expectedTexts)
    }

    @Test("another storage starts over with a reload; the old one's pending changes and completion send nothing")
    func storageSwap() throws {
        let first = RowStorage(items: rows(1...20)), second = RowStorage(items: rows(101...105))
        let screen = HostScreen(first)
        first.setItems(rows(3...25))
        screen.scheduler.runNextTurn()
        first.setItems(rows(5...30))              // pending while the batch animates
        #expect(screen.view.batchesInFlight == 1)
        screen.host.update(storage: second, rowContent: "v0")
        #expect(screen.view.reloadCount == 1)
        screen.view.layoutIfNeeded()
        #expect(screen.visibleTexts == (101...105).map { "v0:\($0)" })
        let batches = screen.view.batchCount
        screen.view.finishAnimations()            // the old batch's completion
        first.setItems(rows(1...2))
        screen.scheduler.runUntilIdle()
        #expect(screen.view.batchCount == batches)
        #expect(screen.scheduler.pendingCount == 0)
        second.setItems(rows(100...104))
        screen.settle()
        #expect(screen.view.batchCount == batches + 1)
        #expect(screen.visibleTexts == screen.expectedTexts)
        #expect(screen.view.violations.isEmpty)
        #expect(screen.host.statistics.storageSwaps == 1)
    }

    @Test("dismantle stops observing with changes pending and a batch animating: nothing more reaches the view")
    func dismantle() throws {
        let storage = RowStorage(items: rows(1...20))
        let screen = HostScreen(storage)
        // A structure batch with a refresh stage due at its completion (row 2 changed).
        storage.setItems([Row(id: 2, version: 1)] + rows(3...21))
        screen.scheduler.runNextTurn()
        storage.setItems(rows(3...22))            // pending behind the animation
        storage.setItems(rows(4...22))
        let batches = screen.view.batchCount, log = screen.view.log
        screen.host.dismantle()
        #expect(screen.host.updater.hasStoppedObserving)
        screen.view.finishAnimations()
        screen.scheduler.runUntilIdle()
        storage.setItems(rows(1...5))             // the observer is gone: nothing is scheduled
        #expect(screen.scheduler.pendingCount == 0)
        screen.host.update(storage: RowStorage(items: rows(1...2)), rowContent: "v9", contentVersion: 9)
        #expect(screen.view.batchCount == batches)
        #expect(screen.view.log == log)
        #expect(screen.view.violations.isEmpty)
    }

    @Test("an updater that stopped observing ignores its scheduled flush, and a user's move no longer sends anything")
    func stoppedUpdater() throws {
        let storage = RowStorage(items: rows(1...5))
        let scheduler = ManualScheduler()
        let view = SimulatedView()
        let updater = ViewUpdater(storage: storage, view: view, schedule: scheduler.schedule)
        view.dataSource = updater
        view.layoutIfNeeded()
        storage.setItems(rows(1...6))
        updater.stopObserving()
        updater.stopObserving()
        scheduler.runUntilIdle()
        updater.flush()
        #expect(view.batchCount == 0 && view.reloadCount == 0)
        #expect(updater.numberOfItems(inSection: 0) == 5)
    }
}
