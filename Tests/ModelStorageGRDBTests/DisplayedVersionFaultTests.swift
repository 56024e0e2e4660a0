#if GRDB
import FingerprintDiff
import Foundation
import GRDB
import ModelStorage
@testable import ModelStorageGRDB
import ModelStorageTesting
import Testing

/// What a displayed content answers when the database moves under it in ways a commit does not:
/// another connection's schema change, the file replaced; what a `DatabaseQueue` gets; and the
/// public ways to wait for a commit (`catchUp()`) and to see what a content lists (`ids`).
@Suite("DatabaseStorage: displayed versions under faults, on a queue, and catchUp")
@MainActor
struct DisplayedVersionFaultTests {
    /// A pool-backed storage over books 1...`count` on `database`, observed, with its content.
    func observedPool(_ database: TemporaryDatabase, count: Int, poll: Duration? = .milliseconds(10))
        async throws -> (DatabasePool, DatabaseStorage<Book>, Task<Void, any Error>) {
        let pool = try database.pool()
        try await pool.write(DisplayedVersionTests.insertBooks(first: 1, count: count))
        let storage = try DatabaseStorage(writer: pool, request: Book.ordered, sectionColumn: "genre")
        storage.externalChangePollInterval = poll
        let observation = try await startObserving(storage)
        return (pool, storage, observation)
    }

    /// Every record `content` lists, in order.
    func records(_ content: DatabaseStorage<Book>.Content) -> [Book?] {
        (0..<content.numberOfSections).flatMap { section in
            (0..<content.numberOfItems(inSection: section)).map { content.item(at: IndexPath(item: $0, section: section)) as? Book }
        }
    }

    @Test("catchUp returns once another connection's commit is read; a content lists its ids; not observing is a typed error")
    func catchUpAndIDs() async throws {
        let database = try TemporaryDatabase()
        let (pool, storage, observation) = try await observedPool(database, count: 10)
        let shown = storage.content
        let other = try DatabaseQueue(path: database.path, configuration: TemporaryDatabase.configuration())
        try await other.write { db in _ = try Book.deleteOne(db, id: 4) }
        try await storage.catchUp()
        #expect(storage.ids == (try idsInDatabase(pool)))
        #expect(shown.ids.joined().count == 10 && storage.content.ids == storage.ids)
        #expect(records(shown).compactMap { $0?.id } == shown.ids.joined().map { $0 })
        observation.cancel()
        while storage.isObserving { try await Task.sleep(for: .milliseconds(5)) }
        await #expect(throws: DatabaseStorageError.notObserving) { try await storage.catchUp() }
        try other.close()
    }

    @Test("another connection's schema change: the displayed version still answers its records; the storage reports a typed error")
    func schemaChange() async throws {
        let database = try TemporaryDatabase()
        let (_, storage, observation) = try await observedPool(database, count: 200)
        defer { observation.cancel() }
        let shown = storage.content
        let before = try await storage.writer.read { db in try Book.ordered.fetchAll(db) }
        let other = try DatabaseQueue(path: database.path, configuration: TemporaryDatabase.configuration())
        try await other.write { db in
            try db.execute(sql: "UPDATE book SET title = 'Changed'")
            try db.execute(sql: "ALTER TABLE book RENAME COLUMN title TO name")
        }
        var error: DatabaseStorageError?
        storage.addErrorObserver { error = $0 }
        while error == nil { try await Task.sleep(for: .milliseconds(5)) }
        #expect(records(shown) == before.map(Optional.some), "never nil, never the changed rows")
        if case .decoding = error {} else { Issue.record("\(String(describing: error))") }
        try other.close()
    }

    @Test("the file replaced while a version is displayed: fileChanged, never the other file's rows, never a trap")
    func fileReplaced() async throws {
        let database = try TemporaryDatabase()
        // No poll of the file: the storage's own read is what must notice.
        let (pool, storage, observation) = try await observedPool(database, count: 100, poll: nil)
        let shown = storage.content
        let before = try await pool.read { db in try Book.ordered.fetchAll(db) }
        let replacement = try TemporaryDatabase()
        let replacementQueue = try replacement.queue()
        try await replacementQueue.write(DisplayedVersionTests.insertBooks(first: 1_000, count: 5))
        try replacementQueue.close()
        try FileManager.default.removeItem(atPath: database.path)
        try FileManager.default.copyItem(atPath: replacement.path, toPath: database.path)
        // A commit of the storage's writer (to the unlinked file) wakes the storage.
        try await pool.write { db in try db.execute(sql: "UPDATE book SET title = 'x' WHERE id = 1") }
        let outcome = await observation.result
        guard case .failure(let failure) = outcome, case .fileChanged = failure as? DatabaseStorageError else {
            Issue.record("observe() ended with \(outcome)")
            return
        }
        #expect(storage.ids.joined().count == 100)
        #expect(records(shown) == before.map(Optional.some))
    }

    @Test("a DatabaseQueue: rows read answer as read for as long as a content lists them (no capacity); a row never read that changed answers nil, never newer")
    func queueGetsRowsRead() async throws {
        let database = try TemporaryDatabase()
        let queue = try database.queue()
        try await queue.write(DisplayedVersionTests.insertBooks(first: 1, count: 600))
        let storage = try DatabaseStorage(writer: queue, request: Book.ordered, sectionColumn: "genre", cacheCapacity: 16)
        storage.externalChangePollInterval = .milliseconds(10)
        let observation = try await startObserving(storage)
        defer { observation.cancel() }
        let shown = storage.content
        // The first section read through the content (far more rows than the cache holds).
        let firstSection = (0..<shown.numberOfItems(inSection: 0)).map { shown.item(at: IndexPath(item: $0, section: 0)) as? Book }
        #expect(firstSection.allSatisfy { $0 != nil } && firstSection.count == 120)
        let other = try DatabaseQueue(path: database.path, configuration: TemporaryDatabase.configuration())
        try await other.write { db in
            try db.execute(sql: "UPDATE book SET title = 'Newer'")
            try db.execute(sql: "DELETE FROM book WHERE id % 2 = 0")
        }
        try await storage.catchUp()
        #expect(storage.ids.joined().count == 300)
        let again = (0..<shown.numberOfItems(inSection: 0)).map { shown.item(at: IndexPath(item: $0, section: 0)) as? Book }
        #expect(again == firstSection, "rows read answer as read")
        let unread = (0..<shown.numberOfItems(inSection: 1)).map { shown.item(at: IndexPath(item: $0, section: 1)) as? Book }
        #expect(unread.allSatisfy { $0 == nil || $0?.title != "Newer" } && unread.contains { $0 == nil })
        try other.close()
    }

    @Test("a read that cannot fetch the old records of the rows it changed: those rows answer nil with a typed error and a reload, never the newer record")
    func retirementFails() async throws {
        let database = try TemporaryDatabase()
        let (pool, storage, observation) = try await observedPool(database, count: 50)
        let shown = storage.content
        let before = records(shown)
        observation.cancel()
        while storage.isObserving { try await Task.sleep(for: .milliseconds(5)) }
        try await pool.write { db in try db.execute(sql: "UPDATE book SET title = 'Later' WHERE id <= 10") }
        // Behind the storage's back, its transaction moves past the commit: the next read cannot
        // find the displayed version's records of the changed rows there.
        let pins = try #require(storage.pins)
        pins.current = try pins.pin()
        var errors: [DatabaseStorageError] = [], reloads = 0
        storage.addErrorObserver { errors.append($0) }
        storage.addObserver { if $0.requiresReload { reloads += 1 } }
        let again = try await startObserving(storage)
        defer { again.cancel() }
        try await storage.catchUp()
        let answered = records(shown)
        for (old, now) in zip(before, answered) {
            #expect(now == old || (now == nil && old!.id <= 10), "book \(old!.id): \(String(describing: now))")
        }
        #expect(answered.contains { $0 == nil } && !answered.contains { $0?.title == "Later" })
        #expect(!errors.isEmpty && reloads == 1, "errors \(errors), reloads \(reloads)")
    }
}
#endif
