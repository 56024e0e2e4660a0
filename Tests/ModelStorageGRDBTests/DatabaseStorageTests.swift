#if GRDB
import FingerprintDiff
import Foundation
import GRDB
import ModelStorage
import ModelStorageGRDB
import Testing

@Suite("DatabaseStorage follows the database")
@MainActor
struct DatabaseStorageTests {
    let database: TemporaryDatabase
    let queue: DatabaseQueue

    init() throws {
        database = try TemporaryDatabase()
        queue = try database.queue()
        try queue.write { db in
            for (id, genre) in [(1, "fantasy"), (2, "fantasy"), (3, "history"), (4, "poetry"), (5, "poetry")] {
                try Book(id: Int64(id), title: "Book \(id)", genre: genre, rank: id).insert(db)
            }
        }
    }

    @Test("reads the result at once: sections by the column, headers are the section values")
    func initialContent() throws {
        let storage = try DatabaseStorage(writer: queue, request: Book.ordered, sectionColumn: "genre")
        #expect(storage.ids == [[1, 2], [3], [4, 5]])
        #expect(storage.numberOfSections == 3 && storage.numberOfItems(inSection: 2) == 2)
        #expect(storage.numberOfItems(inSection: 3) == 0)
        #expect(storage.headerModel(forSection: 1) as? String == "history")
        #expect(storage.supplementaryModel(ofKind: SupplementaryKind.header, forSectionAt: 2) as? String == "poetry")
        #expect(storage.supplementaryModel(ofKind: SupplementaryKind.footer, forSectionAt: 2) == nil)
        #expect(storage.record(at: IndexPath(item: 1, section: 2)) == Book(id: 5, title: "Book 5", genre: "poetry", rank: 5))
        #expect(storage.item(at: IndexPath(item: 0, section: 1)) as? Book == Book(id: 3, title: "Book 3", genre: "history", rank: 3))
        #expect(storage.record(at: IndexPath(item: 2, section: 0)) == nil)
        #expect(storage.record(at: IndexPath(item: 0, section: 7)) == nil)

        let flat = try DatabaseStorage(writer: queue, request: Book.order(Column("id")))
        #expect(flat.ids == [[1, 2, 3, 4, 5]] && flat.headerModel(forSection: 0) == nil)
        let custom = try DatabaseStorage(writer: queue, request: Book.ordered, sectionColumn: "genre",
                                         sectionHeader: { "Genre: \($0.storage.value.map { "\($0)" } ?? "none")" })
        #expect(custom.headerModel(forSection: 0) as? String == "Genre: fantasy")

        // Providers answer what the storage does not know: footers, headers of a flat list.
        flat.headerModelProvider = { "All \($0)" }
        custom.footerModelProvider = { [unowned custom] in "\(custom.numberOfItems(inSection: $0)) books" }  // a storage keeps its providers
        #expect(flat.headerModel(forSection: 0) as? String == "All 0" && flat.headerModel(forSection: 1) == nil)
        #expect(custom.headerModel(forSection: 0) as? String == "Genre: fantasy")
        #expect(custom.supplementaryModel(ofKind: SupplementaryKind.footer, forSectionAt: 2) as? String == "2 books")
    }

    @Test("inserts, deletes, updates, re-sorts and section changes arrive as legal updates")
    func everyKindOfChange() async throws {
        let storage = try DatabaseStorage(writer: queue, request: Book.ordered, sectionColumn: "genre")
        storage.externalChangePollInterval = nil
        let recorder = UpdateRecorder(storage)
        let observation = Task { try await storage.observe() }
        defer { observation.cancel() }

        func commit(_ change: @escaping @Sendable (Database) throws -> Void) async throws {
            let before = recorder.updates.count
            try await queue.write(change)
            try await recorder.wait { recorder.updates.count > before }
            #expect(storage.ids == (try idsInDatabase(queue)))
        }

        try await commit { db in try Book(id: 6, title: "Book 6", genre: "fantasy", rank: 0).insert(db) }
        #expect(recorder.updates.last?.insertedIndexPaths == [IndexPath(item: 0, section: 0)])

        try await commit { db in _ = try Book.deleteOne(db, id: 2) }
        #expect(recorder.updates.last?.deletedIndexPaths == [IndexPath(item: 2, section: 0)])

        try await commit { db in try db.execute(sql: "UPDATE book SET title = 'Renamed' WHERE id = 3") }
        let renamed = try #require(recorder.updates.last)
        #expect(renamed.updatedIndexPaths == [IndexPath(item: 0, section: 1)])
        #expect(renamed.updatedModels[IndexPath(item: 0, section: 1)] as? Book
            == Book(id: 3, title: "Renamed", genre: "history", rank: 3))
        #expect(storage.record(at: IndexPath(item: 0, section: 1))?.title == "Renamed")

        try await commit { db in try db.execute(sql: "UPDATE book SET rank = 9 WHERE id = 4") }   // re-sort
        #expect(recorder.updates.last?.movedIndexPaths.count == 1)
        #expect(storage.ids == [[6, 1], [3], [5, 4]])

        try await commit { db in try db.execute(sql: "UPDATE book SET genre = 'history' WHERE id = 1") }
        #expect(recorder.updates.last?.movedIndexPaths
            == [IndexPathMove(from: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 1))])

        try await commit { db in try Book(id: 7, title: "Book 7", genre: "art", rank: 1).insert(db) }
        #expect(recorder.updates.last?.insertedSectionIndexes == [0])
        #expect(storage.headerModel(forSection: 0) as? String == "art")

        try await commit { db in _ = try Book.filter(Column("genre") == "poetry").deleteAll(db) }
        #expect(recorder.updates.last?.deletedSectionIndexes == [3])

        #expect(recorder.failures.isEmpty, "\(recorder.failures)")
        #expect(recorder.errors.isEmpty)
        #expect(recorder.updates.count == 7)
    }

    @Test("a transaction of hundreds of changes is one update")
    func oneTransactionOneUpdate() async throws {
        let storage = try DatabaseStorage(writer: queue, request: Book.ordered, sectionColumn: "genre")
        let recorder = UpdateRecorder(storage)
        let observation = Task { try await storage.observe() }
        defer { observation.cancel() }
        try await recorder.wait { storage.isObserving }

        try await queue.write { db in
            for id in 100..<400 {
                try Book(id: Int64(id), title: "Bulk \(id)", genre: ["fantasy", "history", "science"][id % 3], rank: id).insert(db)
            }
            try db.execute(sql: "UPDATE book SET title = 'Changed' WHERE id % 7 = 0")
            try db.execute(sql: "UPDATE book SET rank = -rank WHERE id % 11 = 0")
            try db.execute(sql: "DELETE FROM book WHERE id % 13 = 0 OR id = 4")
        }
        try await recorder.wait { !recorder.updates.isEmpty }
        try await Task.sleep(for: .milliseconds(300))   // nothing else may follow

        #expect(recorder.updates.count == 1)
        #expect(storage.ids == (try idsInDatabase(queue)))
        #expect(storage.ids.joined().count > 250)
        #expect(recorder.failures.isEmpty, "\(recorder.failures)")
    }

    @Test("commits of another connection to the same file arrive: a second queue, a pool")
    func otherConnections() async throws {
        let storage = try DatabaseStorage(writer: queue, request: Book.ordered, sectionColumn: "genre")
        storage.externalChangePollInterval = .milliseconds(20)
        let recorder = UpdateRecorder(storage)
        let observation = Task { try await storage.observe() }
        defer { observation.cancel() }
        try await recorder.wait { storage.isObserving }

        let other = try DatabaseQueue(path: database.path, configuration: TemporaryDatabase.configuration())
        try await other.write { db in
            try Book(id: 10, title: "From elsewhere", genre: "history", rank: 0).insert(db)
            try db.execute(sql: "UPDATE book SET genre = 'history' WHERE id = 5")
        }
        try await recorder.wait { recorder.updates.count == 1 }
        #expect(storage.ids == [[1, 2], [10, 3, 5], [4]])
        #expect(storage.record(at: IndexPath(item: 0, section: 1))?.title == "From elsewhere")
        try other.close()

        let pool = try DatabasePool(path: database.path, configuration: TemporaryDatabase.configuration())
        try await pool.write { db in _ = try Book.deleteAll(db, ids: [1, 2]) }
        try await recorder.wait { recorder.updates.count == 2 }
        #expect(storage.ids == [[10, 3, 5], [4]])
        #expect(recorder.updates[1].deletedSectionIndexes == [0])
        try pool.close()

        #expect(recorder.failures.isEmpty, "\(recorder.failures)")
        #expect(recorder.errors.isEmpty)
    }

    @Test("a storage observing a pool sees the pool's own commits")
    func poolWriter() async throws {
        let pool = try DatabasePool(path: database.path, configuration: TemporaryDatabase.configuration())
        let storage = try DatabaseStorage(writer: pool, request: Book.order(Column("rank")))
        let recorder = UpdateRecorder(storage)
        let observation = Task { try await storage.observe() }
        defer { observation.cancel() }
        try await recorder.wait { storage.isObserving }
        try await pool.write { db in try db.execute(sql: "UPDATE book SET rank = 10 - rank") }
        try await recorder.wait { !recorder.updates.isEmpty }
        #expect(storage.ids == [[5, 4, 3, 2, 1]])
        #expect(recorder.failures.isEmpty, "\(recorder.failures)")
    }

    @Test("cancelling the observing task ends observation; a second observe at once is refused")
    func cancellation() async throws {
        let storage = try DatabaseStorage(writer: queue, request: Book.ordered, sectionColumn: "genre")
        let recorder = UpdateRecorder(storage)
        let observation = Task { try await storage.observe() }
        try await recorder.wait { storage.isObserving }
        await #expect(throws: DatabaseStorageError.self) { try await storage.observe() }
        observation.cancel()
        try await observation.value
        #expect(!storage.isObserving)
        try await queue.write { db in try Book(id: 8, title: "Unseen", genre: "art", rank: 0).insert(db) }
        try await Task.sleep(for: .milliseconds(200))
        #expect(recorder.updates.isEmpty && storage.ids == [[1, 2], [3], [4, 5]])

        let again = Task { try await storage.observe() }   // observing again catches up
        defer { again.cancel() }
        try await recorder.wait { recorder.updates.count == 1 }
        #expect(storage.ids == [[8], [1, 2], [3], [4, 5]])
        #expect(recorder.failures.isEmpty, "\(recorder.failures)")
    }
}
#endif
