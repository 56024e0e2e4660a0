import FingerprintDiff
import Foundation
@_spi(Benchmarking) import ModelStorage
import ModelStorageTesting
import Testing

/// `ViewUpdater` driving a `SimulatedView` (UIKit's rules) from a `MemoryStorage`: what it sends,
/// when, and that the view always ends showing the storage.
@Suite struct ViewUpdaterTests {
    /// A storage of `Cell`s in one section, an updater, a view reading it, laid out once.
    @MainActor
    func makeScreen(_ ids: [Int] = Array(0..<5), visible: Int = 20)
        -> (MemoryStorage, ViewUpdater<MemoryStorage>, SimulatedView, ManualScheduler) {
        let storage = MemoryStorage()
        try! storage.addItems(ids.map { Cell(id: $0) })
        let scheduler = ManualScheduler()
        let view = SimulatedView(visibleItemCount: visible)
        let updater = ViewUpdater(storage: storage, view: view, schedule: scheduler.schedule)
        view.dataSource = updater
        view.layoutIfNeeded()
        return (storage, updater, view, scheduler)
    }

    @Test @MainActor func changesOfOneTurnGoAsOneBatchAfterTheTurn() throws {
        let (storage, updater, view, scheduler) = makeScreen()
        try storage.addItem(Cell(id: 5))
        try storage.removeItem(Cell(id: 0))
        try storage.moveItem(at: path(0, 0), to: path(0, 3))
        #expect(view.batchCount == 0 && shownItems(updater).first?.count == 5, "nothing is sent during the turn")
        scheduler.runNextTurn()
        #expect(view.batchCount == 1 && updater.statistics.structureBatches == 1)
        view.finishAnimations()
        expectShowsStorage(updater, view)
    }

    @Test @MainActor func changesDuringAnAnimationWaitAndGoAsOneNetUpdate() throws {
        let (storage, updater, view, scheduler) = makeScreen()
        try storage.addItem(Cell(id: 5))
        scheduler.runNextTurn()
        #expect(view.batchesInFlight == 1)
        for id in 6..<20 {
            try storage.addItem(Cell(id: id))
            try storage.removeItem(Cell(id: id - 5))
            scheduler.runNextTurn()
        }
        #expect(view.batchCount == 1, "nothing is sent while a batch animates")
        view.advance(by: .milliseconds(300))
        #expect(view.batchCount == 2 && view.maximumBatchesInFlight == 1, "one net update after the completion")
        view.finishAnimations()
        expectShowsStorage(updater, view)
    }

    @Test @MainActor func aMovedAndChangedItemIsReconfiguredAfterTheMoveAndKeepsItsCell() throws {
        let (storage, updater, view, scheduler) = makeScreen()
        let cellBefore = view.cellID(at: path(0, 1))
        try storage.performUpdates {
            try storage.moveItem(at: path(0, 1), to: path(0, 4))
            try storage.replaceItem(Cell(id: 1), with: Cell(id: 1, version: 1))
        }
        scheduler.runNextTurn()
        #expect(view.log.suffix(2) == ["performBatchUpdates", "moveItem [0, 1] -> [0, 4]"])
        #expect(view.staleCells == [path(0, 4)], "between the stages the moved cell shows the old item")
        view.advance(by: .milliseconds(300))
        #expect(view.log.suffix(2) == ["performBatchUpdates", "reconfigureItems [[0, 4]]"])
        #expect(view.cellID(at: path(0, 4)) == cellBefore, "reconfigured, not reloaded")
        view.finishAnimations()
        expectShowsStorage(updater, view)
        #expect(updater.statistics.structureBatches == 1 && updater.statistics.refreshBatches == 1)
    }

    @Test @MainActor func aChangeInPlaceIsOneReconfigureBatch() throws {
        let (storage, updater, view, scheduler) = makeScreen()
        let cellBefore = view.cellID(at: path(0, 2))
        try storage.replaceItem(Cell(id: 2), with: Cell(id: 2, version: 3))
        scheduler.runNextTurn()
        #expect(view.log.suffix(2) == ["performBatchUpdates", "reconfigureItems [[0, 2]]"])
        #expect(view.cellID(at: path(0, 2)) == cellBefore)
        view.finishAnimations()
        expectShowsStorage(updater, view)
        #expect(updater.statistics.structureBatches == 0 && updater.statistics.refreshBatches == 1)
    }

    @Test @MainActor func inPlaceChangesAreCarriedToTheirNewIndexPaths() throws {
        let (storage, updater, view, scheduler) = makeScreen(Array(0..<8))
        try storage.performUpdates {
            try storage.removeItem(Cell(id: 0))
            try storage.insertItem(Cell(id: 20), to: path(0, 3))
            try storage.insertItem(Cell(id: 21), to: path(0, 3))
            try storage.replaceItem(Cell(id: 5), with: Cell(id: 5, version: 1))
            try storage.replaceItem(Cell(id: 2), with: Cell(id: 2, version: 1))
        }
        scheduler.runNextTurn()
        view.advance(by: .milliseconds(300))
        // 2 was at 2, is at 1; 5 was at 5, is at 6.
        #expect(view.log.last == "reconfigureItems [[0, 1], [0, 6]]")
        view.finishAnimations()
        expectShowsStorage(updater, view)
    }

    @Test @MainActor func aSectionWhoseHeaderChangedIsReloadedInTheSecondStage() throws {
        let (storage, updater, view, scheduler) = makeScreen()
        storage.setSectionHeaderModels(["A"])
        scheduler.runNextTurn()
        #expect(view.log.suffix(2) == ["performBatchUpdates", "reloadSections [0]"])
        view.finishAnimations()
        expectShowsStorage(updater, view)
        #expect(updater.headerModel(forSection: 0) as? String == "A")
    }

    @Test @MainActor func offScreenAListReloadsAtMostOncePerTurnAndAnimatesNothing() throws {
        let (storage, updater, view, scheduler) = makeScreen()
        view.isInWindow = false
        for turn in 0..<10 {
            for id in 0..<100 { try storage.addItem(Cell(id: 100 + turn * 100 + id)) }
            scheduler.runNextTurn()
        }
        #expect(view.reloadCount == 10 && view.batchCount == 0)
        view.isInWindow = true
        view.layoutIfNeeded()
        expectShowsStorage(updater, view)
    }

    @Test @MainActor func aReloadRequestIsAReloadAndNeverInsideOrDuringABatch() throws {
        let (storage, updater, view, scheduler) = makeScreen()
        try storage.addItem(Cell(id: 5))
        scheduler.runNextTurn()
        storage.updateWithoutAnimations { try! storage.addItem(Cell(id: 6)) }
        try storage.addItem(Cell(id: 7))
        scheduler.runNextTurn()
        #expect(view.reloadCount == 0, "not while a batch animates")
        view.advance(by: .milliseconds(300))
        #expect(view.reloadCount == 1 && view.batchCount == 1)
        view.layoutIfNeeded()
        expectShowsStorage(updater, view)
    }

    @Test @MainActor func anUpdateOverTheThresholdIsAReload() throws {
        let (storage, updater, view, scheduler) = makeScreen()
        updater.reloadThreshold = 3
        try storage.addItems((10..<14).map { Cell(id: $0) })
        scheduler.runNextTurn()
        #expect(view.reloadCount == 1 && view.batchCount == 0)
        try storage.addItems((20..<22).map { Cell(id: $0) })
        scheduler.runNextTurn()
        #expect(view.reloadCount == 1 && view.batchCount == 1)
        quiesce(updater, view, scheduler)
        expectShowsStorage(updater, view)
    }

    @Test @MainActor func changesThatCancelOutSendNothing() throws {
        let (storage, updater, view, scheduler) = makeScreen()
        try storage.addItem(Cell(id: 9))
        try storage.removeItem(Cell(id: 9))
        scheduler.runNextTurn()
        #expect(view.batchCount == 0 && view.reloadCount == 0 && updater.statistics.emptyFlushes == 1)
        #expect(updater.isIdle)
    }

    @Test @MainActor func whenDisplayedRunsOnceTheViewShowsTheChanges() throws {
        let (storage, updater, view, scheduler) = makeScreen()
        var ran: [String] = []
        updater.whenDisplayed { ran.append("idle") }
        try storage.moveItem(at: path(0, 0), to: path(0, 2))
        try storage.replaceItem(Cell(id: 0), with: Cell(id: 0, version: 1))
        updater.whenDisplayed { ran.append("moved") }
        scheduler.runNextTurn()
        view.advance(by: .milliseconds(300))
        #expect(ran == ["idle"], "not before the second stage ends")
        view.advance(by: .milliseconds(300))
        #expect(ran == ["idle", "moved"])
    }

    @Test @MainActor func aCellConfigurationThatChangesTheStorageGoesInTheNextBatch() throws {
        let (storage, updater, view, scheduler) = makeScreen()
        var changed = false
        view.onConfigureCell = { _, item in
            // The first new cell marks itself read: a change made while the view lays out.
            if !changed, let cell = item as? Cell, cell.id == 5 {
                changed = true
                try! storage.replaceItem(cell, with: Cell(id: 5, version: 1))
            }
        }
        try storage.addItem(Cell(id: 5))
        scheduler.runNextTurn()
        #expect(changed && view.batchCount == 1)
        quiesce(updater, view, scheduler)
        expectShowsStorage(updater, view)
        #expect(view.maximumBatchesInFlight == 1)
    }

    @Test @MainActor func aCompletionThatChangesTheStorageGoesInTheNextBatch() throws {
        let (storage, updater, view, scheduler) = makeScreen()
        try storage.addItem(Cell(id: 5))
        updater.whenDisplayed { try! storage.removeItem(Cell(id: 5)) }
        quiesce(updater, view, scheduler)
        expectShowsStorage(updater, view)
        #expect(shownItems(updater) == [[0, 1, 2, 3, 4].map { AnyHashable(Cell(id: $0)) }])
    }

    @Test @MainActor func aRejectedCallChangesNothingOnScreen() throws {
        let (storage, updater, view, scheduler) = makeScreen()
        #expect(throws: StorageError.self) { try storage.removeItem(Cell(id: 99)) }
        #expect(throws: StorageError.self) { try storage.moveItem(at: path(3, 0), to: path(0, 0)) }
        scheduler.runNextTurn()
        #expect(scheduler.turns == 0 && view.batchCount == 0 && view.reloadCount == 0)
        expectShowsStorage(updater, view)
    }

    @Test @MainActor func aSingleSectionStorageShowsTypedItemsAndItsHeader() throws {
        let storage = SingleSectionHashableStorage(items: [Cell(id: 1), Cell(id: 2)])
        let scheduler = ManualScheduler()
        let view = SimulatedView()
        let updater = ViewUpdater(storage: storage, view: view, schedule: scheduler.schedule)
        view.dataSource = updater
        view.layoutIfNeeded()
        storage.setItems([Cell(id: 2, version: 1), Cell(id: 3), Cell(id: 1)])
        storage.setSectionHeaderModel("Songs")
        #expect(updater.content.items == [Cell(id: 1), Cell(id: 2)], "typed, and still the old content")
        quiesce(updater, view, scheduler)
        expectShowsStorage(updater, view)
        #expect(updater.content.items == storage.items && updater.headerModel(forSection: 0) as? String == "Songs")
    }

    // MARK: The two situations of the issue, as regression tests

    /// The README's former delegate, a view controller applying each update to a view whose
    /// data source reads the live storage (a `@MainActor` class: the conformance is isolated).
    @MainActor
    final class DirectDelegate: @MainActor StorageUpdating {
        let view: SimulatedView
        init(view: SimulatedView) { self.view = view }
        func storageDidPerformUpdate(_ update: StorageUpdate) {
            view.performBatchUpdates({ update.changes.sendAll(to: self.view) }, completion: nil)
        }
        func storageNeedsReloading() { view.reloadData() }
    }

    @Test("a reload then an addItem in one turn: fatal applied directly, fine through the updater")
    @MainActor func reloadThenAddInOneTurn() throws {
        // Directly: UIKit reads the counts lazily at the batch and meets data that moved on.
        let direct = MemoryStorage()
        try direct.addItems((0..<5).map { Cell(id: $0) })
        let directView = SimulatedView(dataSource: direct)
        directView.layoutIfNeeded()
        let delegate = DirectDelegate(view: directView)
        direct.delegate = delegate
        direct.updateWithoutAnimations { try! direct.addItem(Cell(id: 5)) }
        try direct.addItem(Cell(id: 6))
        #expect(directView.violations.first.map { "\($0)" }?.hasPrefix("Invalid update: invalid number of items in section 0") == true,
                "\(directView.violations)")

        let (storage, updater, view, scheduler) = makeScreen()
        storage.updateWithoutAnimations { try! storage.addItem(Cell(id: 5)) }
        try storage.addItem(Cell(id: 6))
        quiesce(updater, view, scheduler)
        expectShowsStorage(updater, view)
    }

    @Test("the AsyncStream loop with a data source reading the storage: fatal directly, fine through the updater")
    @MainActor func streamReaderMeetsCountsThatMovedOn() async throws {
        let direct = MemoryStorage()
        try direct.addItems((0..<1).map { Cell(id: $0) })
        let directView = SimulatedView(dataSource: direct)
        directView.layoutIfNeeded()
        let updates = direct.updates
        try direct.addItem(Cell(id: 1))
        try direct.addItem(Cell(id: 2))   // before the reader runs
        for await update in updates {
            directView.performBatchUpdates({ update.changes.sendAll(to: directView) }, completion: nil)
            break
        }
        #expect(directView.violations.first.map { "\($0)" }?.contains("after the update (3) must be equal to the number of items contained in that section before the update (1), plus or minus the number of items inserted or deleted from that section (1 inserted") == true,
                "\(directView.violations)")

        let (storage, updater, view, scheduler) = makeScreen([0])
        try storage.addItem(Cell(id: 1))
        try storage.addItem(Cell(id: 2))
        quiesce(updater, view, scheduler)
        expectShowsStorage(updater, view)
    }
}

extension SectionedBatchUpdate {
    /// Every operation of both stages in one batch, as the README's delegate used to send them
    /// (stage 1 updates as reloads).
    @MainActor
    func sendAll(to view: any BatchUpdatingView) {
        send(to: view)
        if !updatedItems.isEmpty { view.reloadItems(at: updatedItems) }
    }
}
