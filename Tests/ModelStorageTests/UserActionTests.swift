import FingerprintDiff
import Foundation
import ModelStorage
import ModelStorageTesting
import SeededRandom
import Testing

/// The way back from the screen: the view's index paths resolved to the items it shows, drags
/// taken into the displayed content and made in the storage, swipes that delete the swiped item,
/// cells that need another kind of cell reloaded, and the simulated view's own rules for these.
@Suite struct UserActionTests {
    struct Color: Hashable, Sendable, Identifiable {
        var id: String
    }

    @MainActor
    func makeScreen(_ storage: MemoryStorage) -> (ViewUpdater<MemoryStorage>, SimulatedView, ManualScheduler) {
        let scheduler = ManualScheduler()
        let view = SimulatedView(visibleItemCount: 20)
        let updater = ViewUpdater(storage: storage, view: view, schedule: scheduler.schedule)
        view.dataSource = updater
        view.layoutIfNeeded()
        return (updater, view, scheduler)
    }

    @Test("a swipe while an insertion is pending deletes the swiped item, not its index path's new occupant")
    @MainActor func swipeWithPendingInsertion() throws {
        let storage = MemoryStorage()
        try storage.addItems(["Blue", "Gold", "Red"].map(Color.init(id:)))
        let (updater, view, scheduler) = makeScreen(storage)
        try storage.insertItem(Color(id: "Green"), to: path(0, 0))   // not shown yet
        #expect(updater.storageIndexPath(forDisplayed: path(0, 1)) == path(0, 2))
        try view.simulateSwipeToDelete(at: path(0, 1))                // the user swipes "Gold"
        #expect(storage.items(inSection: 0)?.map { ($0 as! Color).id } == ["Green", "Blue", "Red"])
        scheduler.runUntilIdle()
        view.finishAnimations()
        expectShowsStorage(updater, view)
    }

    @Test("a drag while changes are pending and a batch animates: no batch is sent for it, the storage makes it")
    @MainActor func dragWhileChangesArePending() throws {
        let storage = MemoryStorage()
        try storage.addItems((0..<6).map { Cell(id: $0) })
        let (updater, view, scheduler) = makeScreen(storage)
        try storage.removeItem(Cell(id: 1))
        scheduler.runNextTurn()                                        // a batch animates
        try storage.insertItem(Cell(id: 9), to: path(0, 0))           // pending
        try storage.replaceItem(Cell(id: 4), with: Cell(id: 4, version: 1))
        let batches = view.batchCount
        try view.simulateUserMove(from: path(0, 4), to: path(0, 0))   // the user drags 5 to the top
        #expect(view.batchCount == batches, "no batch for the user's move")
        #expect(storage.items(inSection: 0)?.map { ($0 as! Cell).id } == [9, 5, 0, 2, 3, 4])
        view.finishAnimations()
        scheduler.runUntilIdle()
        view.finishAnimations()
        expectShowsStorage(updater, view)
        #expect(view.violations.isEmpty)
    }

    @Test("a drag between sections is made after the item shown before it")
    @MainActor func dragAcrossSections() throws {
        let storage = MemoryStorage()
        try storage.setItemsForAllSections([[Cell(id: 0), Cell(id: 1)], [Cell(id: 2), Cell(id: 3)]])
        let (updater, view, scheduler) = makeScreen(storage)
        try storage.removeItem(Cell(id: 2))                            // pending
        try view.simulateUserMove(from: path(0, 0), to: path(1, 2))    // after 3, as shown
        #expect(storage.items(inSection: 1)?.map { ($0 as! Cell).id } == [3, 0])
        view.layoutIfNeeded()
        scheduler.runUntilIdle()
        view.finishAnimations()
        expectShowsStorage(updater, view)
    }

    @Test("the user's move of an item a pending change removed: the view shows it, then deletes it")
    @MainActor func dragOfAnItemThatLeft() throws {
        let storage = MemoryStorage()
        try storage.addItems((0..<4).map { Cell(id: $0) })
        let (updater, view, scheduler) = makeScreen(storage)
        try storage.removeItem(Cell(id: 2))
        #expect(throws: UserActionError.itemLeftStorage(path(0, 2))) {
            try view.simulateUserMove(from: path(0, 2), to: path(0, 0))
        }
        #expect(throws: UserActionError.itemLeftStorage(path(0, 0))) { try updater.userDidDeleteItem(at: path(0, 0)) }
        scheduler.runUntilIdle()
        view.finishAnimations()
        expectShowsStorage(updater, view)
    }

    @Test("bad input: typed errors, nothing changed")
    @MainActor func badInput() throws {
        let storage = MemoryStorage()
        try storage.addItems((0..<3).map { Cell(id: $0) })
        let (updater, view, _) = makeScreen(storage)
        #expect(throws: UserActionError.noItemDisplayed(path(0, 3))) { try updater.userDidDeleteItem(at: path(0, 3)) }
        #expect(throws: UserActionError.noItemDisplayed(path(2, 0))) { try updater.userDidMoveItem(at: path(2, 0), to: path(0, 0)) }
        #expect(throws: UserActionError.invalidDestination(path(0, 3))) { try updater.userDidMoveItem(at: path(0, 0), to: path(0, 3)) }
        #expect(throws: UserActionError.invalidDestination(path(1, 0))) { try view.simulateUserMove(from: path(0, 0), to: path(1, 0)) }
        #expect(throws: UserActionError.noItemDisplayed(IndexPath(indexes: [0]))) { try updater.userDidDeleteItem(at: IndexPath(indexes: [0])) }
        #expect(updater.storageIndexPath(forDisplayed: path(-1, 0)) == nil)
        #expect(storage.items(inSection: 0)?.map { ($0 as! Cell).id } == [0, 1, 2])
        #expect(view.cachedItemCounts == [3] && updater.isIdle)
    }

    @Test("a single-section storage: removeItem(at:) and moveItem(at:to:) report one operation each")
    @MainActor func singleSectionEdits() throws {
        let storage = SingleSectionEquatableStorage(items: (0..<4).map { Cell(id: $0) })
        var updates: [StorageUpdate] = []
        storage.addObserver { updates.append($0) }
        try storage.moveItem(at: path(0, 0), to: path(0, 3))
        try storage.removeItem(at: path(0, 1))
        #expect(storage.items.map(\.id) == [1, 3, 0])
        #expect(updates.map(\.changes) == [SectionedBatchUpdate(movedItems: [IndexPathMove(from: path(0, 0), to: path(0, 3))]),
                                           SectionedBatchUpdate(deletedItems: [path(0, 1)])])
        #expect(throws: StorageError.itemOutOfRange(path(0, 3), itemCount: 3)) { try storage.removeItem(at: path(0, 3)) }
        #expect(throws: StorageError.sectionOutOfRange(1, sectionCount: 1)) { try storage.moveItem(at: path(1, 0), to: path(0, 0)) }
        #expect(throws: StorageError.itemOutOfRange(path(0, 3), itemCount: 2)) { try storage.moveItem(at: path(0, 0), to: path(0, 3)) }
        #expect(storage.items.map(\.id) == [1, 3, 0] && updates.count == 2)
    }

    @Test("an item replaced by one of another type is reloaded, not reconfigured; one of the same type is reconfigured")
    @MainActor func anotherKindOfCellIsReloaded() throws {
        let storage = MemoryStorage()
        try storage.addItems([Cell(id: 0), Cell(id: 1)])
        let (updater, view, scheduler) = makeScreen(storage)
        let cell0 = view.cellID(at: path(0, 0)), cell1 = view.cellID(at: path(0, 1))
        try storage.replaceItem(Cell(id: 0), with: Color(id: "ad"))
        try storage.replaceItem(Cell(id: 1), with: Cell(id: 1, version: 1))
        scheduler.runNextTurn()
        #expect(view.log.contains("reloadItems [[0, 0]]") && view.log.contains("reconfigureItems [[0, 1]]"), "\(view.log)")
        #expect(view.cellID(at: path(0, 0)) != cell0 && view.cellID(at: path(0, 1)) == cell1)
        view.finishAnimations()
        expectShowsStorage(updater, view)
    }

    @Test("SimulatedView holds reconfigureItems' rule: the same kind of cell")
    @MainActor func reconfigureRule() throws {
        let storage = MemoryStorage()
        try storage.addItems([Cell(id: 0)])
        let view = SimulatedView()
        view.dataSource = storage
        view.layoutIfNeeded()
        try storage.replaceItem(Cell(id: 0), with: Color(id: "ad"))   // read live by this view
        view.performBatchUpdates({ view.reconfigureItems(at: [path(0, 0)]) }, completion: nil)
        #expect(view.violations == [.reconfiguredWithAnotherKindOfCell(path(0, 0))])
        #expect(view.violations.first?.description.contains("must dequeue the same type of cell") == true)
    }

    @Test("SimulatedView reports a data source released while it reads it")
    @MainActor func releasedDataSource() {
        let view = SimulatedView()
        do {
            let storage = MemoryStorage()
            view.dataSource = ViewUpdater(storage: storage, view: view)  // nothing else keeps it
        }
        view.layoutIfNeeded()
        #expect(view.violations == [.dataSourceReleased])
    }

    @Test("selection follows its row through a batch")
    @MainActor func selectionFollowsItsRow() throws {
        let storage = MemoryStorage()
        try storage.addItems((0..<4).map { Cell(id: $0) })
        let (updater, view, scheduler) = makeScreen(storage)
        let selected = try view.simulateSelection(at: path(0, 2)) as? Cell
        #expect(selected == Cell(id: 2))
        try storage.moveItem(at: path(0, 2), to: path(0, 0))
        try storage.insertItem(Cell(id: 7), to: path(0, 0))
        scheduler.runNextTurn()
        #expect(view.selectedIndexPaths == [path(0, 1)])
        #expect(updater.item(at: path(0, 1)) as? Cell == Cell(id: 2))
        // The view holds the batch's completion (as UIKit does until its animation ends), and the
        // completion holds the updater, which holds the view: end the animation.
        view.finishAnimations()
    }

    @Test("ManualScheduler: two changes in one turn are one batch, a change in the next turn another")
    @MainActor func manualSchedulerTurns() throws {
        let storage = MemoryStorage()
        let (updater, view, scheduler) = makeScreen(storage)
        try storage.addItem(Cell(id: 0))
        try storage.addItem(Cell(id: 1))
        #expect(scheduler.pendingCount == 1)
        scheduler.runNextTurn()
        view.finishAnimations()
        try storage.addItem(Cell(id: 2))
        scheduler.runNextTurn()
        #expect(view.batchCount == 2 && scheduler.turns == 2)
        view.finishAnimations()
        expectShowsStorage(updater, view)
    }

    @Test("a move in place equals a removal and an insertion, on random arrays and places", arguments: 0..<4)
    @MainActor func moveInPlaceEqualsRemoveAndInsert(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let count = Int.random(in: 1...40, using: &random)
            let from = Int.random(in: 0..<count, using: &random), to = Int.random(in: 0..<count, using: &random)
            let items = (0..<count).map { Cell(id: $0) }
            var expected = items
            expected.insert(expected.remove(at: from), at: to)
            let storage = SingleSectionEquatableStorage(items: items)
            var content = storage.content
            let shared = content   // a second holder: the move must not change it
            #expect(storage.moveItem(in: &content, at: path(0, from), to: path(0, to)))
            #expect(content.items == expected && shared.items == items)
            try storage.moveItem(at: path(0, from), to: path(0, to))
            #expect(storage.items == expected)
            let memory = MemoryStorage()
            try memory.addItems(items)
            var memoryContent = memory.content
            #expect(memory.moveItem(in: &memoryContent, at: path(0, from), to: path(0, to)))
            #expect(memoryContent.items(inSection: 0)?.map { $0 as! Cell } == expected)
            #expect(memory.update(since: memoryContent).changes.movedItems.count == (from == to ? 0 : 1))
        }
    }

    @Test("identity look-ups equal the reference through update(since:), on random changes", arguments: 0..<30)
    @MainActor func identityLookUpsEqualTheReference(seed: UInt64) throws {
        var mutator = MemoryStoragePropertyTests.Mutator(random: SplitMix64(seed: seed))
        let sections = (0..<mutator.int(1...4)).map { _ in mutator.freshCells(mutator.int(0...10)).map(\.id) }
        let (storage, _) = makeStorage(sections)
        storage.delegate = nil
        let single = SingleSectionHashableStorage(items: mutator.freshCells(mutator.int(0...20)))
        for _ in 0..<12 {
            let shown = storage.content, shownSingle = single.content
            for _ in 0..<mutator.int(0...6) { _ = mutator.mutate(storage, allowBatches: true) }
            var items = single.items
            items.shuffle(using: &mutator.random)
            items.removeLast(min(items.count, mutator.int(0...2)))
            items.append(contentsOf: mutator.freshCells(mutator.int(0...2)))
            if mutator.chance(30), let first = items.first { items.append(first) }  // a repeated id
            single.setItems(items)
            expectSameLookUps(storage, shown)
            expectSameLookUps(single, shownSingle)
        }
    }

    /// Every item and section of `content` found where the reference (the update since it) says,
    /// when it names a place: the update may also replace a section, or items of a repeated id,
    /// whose items the identity look-up still finds (the same item: the same identity).
    @MainActor
    func expectSameLookUps<Source: ContentStorage>(_ storage: Source, _ content: Source.Content,
                                                   sourceLocation: SourceLocation = #_sourceLocation) {
        let reference = PendingIndexMap(storage.update(since: content))
        for section in -1...content.numberOfSections {
            let inRange = section >= 0 && section < content.numberOfSections
            let found = storage.sectionIndex(ofSection: section, in: content)
            if let expected = inRange ? reference?.newSection(ofSection: section) : nil {
                #expect(found == expected, sourceLocation: sourceLocation)
            } else if !inRange {
                #expect(found == nil, sourceLocation: sourceLocation)
            }
            for item in 0..<content.numberOfItems(inSection: section) {
                let shown = path(section, item)
                let found = storage.indexPath(ofItemAt: shown, in: content)
                if let expected = reference?.newIndexPath(ofItemAt: shown) {
                    #expect(found == expected, "\(shown)", sourceLocation: sourceLocation)
                } else if let found {
                    #expect(storage.content.item(at: found).flatMap(identity) == content.item(at: shown).flatMap(identity),
                            "\(shown) found at \(found), another item", sourceLocation: sourceLocation)
                }
            }
        }
    }
}
