import ModelStorage
import ModelStorageTesting
import Testing

// The view examples of README.md and of the DocC articles, verbatim, so that they keep
// compiling and stay true.

@Suite("README view examples")
struct ViewReadmeExampleTests {
    @Test @MainActor func simulatedView() throws {
        let view = SimulatedView()                              // UIKit's rules, in a plain swift test
        let storage = MemoryStorage()
        let updater = ViewUpdater(storage: storage, view: view, schedule: ViewUpdaterScheduling.immediately)
        view.dataSource = updater
        view.layoutIfNeeded()

        storage.updateWithoutAnimations { try! storage.addItem(Song(id: 1, title: "Blue")) }
        try storage.addItem(Song(id: 2, title: "Gold"))          // the same turn: the radar, applied directly
        view.finishAnimations()
        precondition(view.violations.isEmpty && view.visibleCells.count == 2)
        #expect(view.reloadCount == 1 && view.batchCount == 1)
    }

    @Test @MainActor func aDataSourceReadingTheLiveStorageIsCaught() throws {
        let storage = MemoryStorage()
        try storage.addItem(Song(id: 1, title: "Blue"))
        let view = SimulatedView(dataSource: storage)    // a data source that reads the live storage
        view.layoutIfNeeded()                            // the view has read one row

        try storage.addItem(Song(id: 2, title: "Gold"))
        try storage.addItem(Song(id: 3, title: "Red"))   // a second change before the first is shown
        view.performBatchUpdates({ view.insertItems(at: [IndexPath(item: 1, section: 0)]) }, completion: nil)
        precondition(view.violations.count == 1)         // "Invalid update: invalid number of items in section 0 ..."

        #expect(view.violations == [.invalidNumberOfItems(section: 0, after: 3, before: 1, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0)])
        #expect(view.violations.first?.description.hasPrefix("Invalid update: invalid number of items in section 0") == true)
    }

    @Test @MainActor func userActions() throws {
        let storage = MemoryStorage()
        try storage.addItems([Song(id: 1, title: "Blue"), Song(id: 2, title: "Gold"), Song(id: 3, title: "Red")])
        let scheduler = ManualScheduler()                        // the test's turns
        let view = SimulatedView()
        let updater = ViewUpdater(storage: storage, view: view, schedule: scheduler.schedule)
        view.dataSource = updater
        view.layoutIfNeeded()

        try storage.insertItem(Song(id: 4, title: "Green"), to: IndexPath(item: 0, section: 0))  // not shown yet
        try view.simulateSwipeToDelete(at: IndexPath(item: 1, section: 0))   // "Gold", as shown
        try view.simulateUserMove(from: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 0))  // "Red" on top
        scheduler.runNextTurn()
        view.finishAnimations()
        precondition(storage.items(inSection: 0)!.map { ($0 as! Song).title } == ["Green", "Red", "Blue"])
        precondition(view.violations.isEmpty)
        #expect(shownItems(updater) == shownItems(storage) && view.batchCount == 1)
    }

    @Test @MainActor func screenReadsTheUpdater() async throws {
        let view = SimulatedView()
        let screen = SongsScreen(view: view)
        view.dataSource = screen.updater
        view.layoutIfNeeded()
        try screen.storage.addItem(Song(id: 1, title: "Blue"))
        #expect(screen.numberOfItems(inSection: 0) == 0, "the view has not been sent the change yet")
        // The default scheduler runs the flush on the main actor's next turn.
        while view.batchCount == 0 { await Task.yield() }
        view.finishAnimations()
        #expect(screen.numberOfItems(inSection: 0) == 1 && screen.title(at: IndexPath(item: 0, section: 0)) == "Blue")
        #expect(view.violations.isEmpty)
    }
}
