#if GRDB
import ModelStorageGRDB
import Testing

// The example of the DocC article FollowingADatabase, verbatim: `DocumentationExampleTests`
// checks that it matches.

struct Note: Codable, FetchableRecord, PersistableRecord, Identifiable, Equatable, Sendable {
    var id: Int64
    var folder: String
    var text: String
}

@MainActor
func follow(_ database: DatabaseQueue) throws -> (DatabaseStorage<Note>, Task<Void, any Error>) {
    let storage = try DatabaseStorage(writer: database,
                                      request: Note.order(Column("folder"), Column("id")),
                                      sectionColumn: "folder")      // a section per folder
    storage.footerModelProvider = { [unowned storage] section in "\(storage.numberOfItems(inSection: section)) notes" }
    storage.addObserver { update in
        // tableView.performBatchUpdates { ... } with the update's index lists
    }
    storage.addErrorObserver { error in
        // .decoding, .database, .fileChanged ...: the list keeps what it showed
    }
    let observation = Task { try await storage.observe() }   // until cancelled or a lasting fault
    return (storage, observation)
}

@Suite("DocC article example (ModelStorageGRDB)")
@MainActor
struct DatabaseArticleExampleTests {
    @Test("Following a database")
    func followingADatabase() async throws {
        let database = try TemporaryDatabase()
        let queue = try DatabaseQueue(path: database.path)
        try await queue.write { db in
            try db.create(table: "note") { table in
                table.primaryKey("id", .integer)
                table.column("folder", .text).notNull()
                table.column("text", .text).notNull()
            }
            try Note(id: 1, folder: "home", text: "Milk").insert(db)
            try Note(id: 2, folder: "work", text: "Slides").insert(db)
        }

        let (notes, observation) = try follow(queue)
        var received: [StorageUpdate] = []
        notes.addObserver { received.append($0) }
        let waiter = UpdateRecorderWaiter()
        try await waiter.wait { notes.isObserving }

        let updates = notes.updates        // subscribe, then write
        try await queue.write { db in try Note(id: 3, folder: "work", text: "Call Bo").insert(db) }
        for await update in updates {      // the commit arrives as one update
            precondition(update.insertedIndexPaths == [IndexPath(item: 1, section: 1)])
            break
        }
        precondition(notes.record(at: IndexPath(item: 1, section: 1))?.text == "Call Bo")
        try await waiter.wait { received.count == 1 }
        #expect(received.first?.insertedIndexPaths == [IndexPath(item: 1, section: 1)])
        #expect(notes.record(at: IndexPath(item: 1, section: 1))?.text == "Call Bo")
        #expect(notes.footerModel(forSection: 1) as? String == "2 notes")
        #expect(notes.headerModel(forSection: 0) as? String == "home")

        observation.cancel()
        try await waiter.wait { !notes.isObserving }
    }
}
#endif
