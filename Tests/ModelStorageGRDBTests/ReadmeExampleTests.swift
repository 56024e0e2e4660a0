#if GRDB
import ModelStorage
import ModelStorageGRDB
import ModelStorageTesting
import Testing

// The DatabaseStorage example of README.md, verbatim, so that it keeps compiling and stays true.

struct Novel: Codable, FetchableRecord, PersistableRecord, Identifiable, Equatable, Sendable {
    var id: Int64
    var title: String
    var genre: String
}

@MainActor
final class NovelList {
    let storage: DatabaseStorage<Novel>
    let updater: ViewUpdater<DatabaseStorage<Novel>>
    private var observing: Task<Void, any Error>?

    /// `view`: a table or collection view through ModelStorageViews (or a SimulatedView in tests);
    /// its data source reads `updater`, never `storage`.
    init(database: any DatabaseWriter, view: any BatchUpdatingView) throws {
        storage = try DatabaseStorage(writer: database,
                                      request: Novel.order(Column("genre"), Column("title")),
                                      sectionColumn: "genre")            // headers: the genre
        updater = ViewUpdater(storage: storage, view: view)              // each commit: one animated batch
        storage.addErrorObserver { error in
            // .database, .decoding, .duplicateID ...: the list keeps what it showed
        }
        observing = Task { try await self.storage.observe() }           // until cancelled
    }

    /// The title of the novel the view shows at `indexPath` (the view's index paths).
    func title(at indexPath: IndexPath) -> String? {
        updater.displayedItem(at: indexPath)?.title
    }

    func stop() { observing?.cancel() }
}

@Suite("README DatabaseStorage example")
@MainActor
struct DatabaseReadmeExampleTests {
    @Test func novelList() async throws {
        let database = try TemporaryDatabase()
        let dbQueue = try DatabaseQueue(path: database.path)
        try await dbQueue.write { db in
            try db.create(table: "novel") { table in
                table.primaryKey("id", .integer)
                table.column("title", .text).notNull()
                table.column("genre", .text).notNull()
            }
            try Novel(id: 1, title: "Dune", genre: "science fiction").insert(db)
        }
        let view = SimulatedView(animationDuration: .zero)
        let list = try NovelList(database: dbQueue, view: view)
        view.dataSource = list.updater
        view.layoutIfNeeded()
        var updates: [StorageUpdate] = []
        list.storage.addObserver { updates.append($0) }
        let recorder = UpdateRecorderWaiter()
        try await recorder.wait { list.storage.isObserving }

        try await dbQueue.write { db in
            try Novel(id: 2, title: "Emma", genre: "classics").insert(db)
        }
        try await recorder.wait { updates.count == 1 }
        #expect(updates.first?.insertedSectionIndexes == [0])
        try await recorder.wait { view.finishAnimations(); return list.updater.isIdle }   // the updater's batch has run
        #expect(list.title(at: IndexPath(item: 0, section: 1)) == "Dune")
        #expect(list.title(at: IndexPath(item: 0, section: 0)) == "Emma")
        #expect(view.visibleCells.map { ($0.item as? Novel)?.title } == ["Emma", "Dune"] && view.violations.isEmpty)
        #expect(list.storage.headerModel(forSection: 0) as? String == "classics")
        list.stop()
    }
}

/// Polls a condition for up to 60 s (the recorder's waiting, without a storage of books).
@MainActor
struct UpdateRecorderWaiter {
    func wait(until condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition() {
            if ContinuousClock.now > deadline {
                Issue.record("timed out waiting")
                return
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
#endif
