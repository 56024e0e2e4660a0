#if GRDB
import FingerprintDiff
import Foundation
import GRDB
import ModelStorage
import ModelStorageGRDB
import Testing

/// Faults from outside, on real files with a second connection: a lock is waited for and never
/// ends observation; a deleted or replaced file ends it with a typed error.
@Suite("DatabaseStorage under outside faults")
@MainActor
struct DatabaseStorageFaultTests {
    /// A storage on a rollback-journal file (a `DatabaseQueue` with GRDB's default
    /// configuration: no busy timeout, so a lock fails at once with `SQLITE_BUSY`).
    func makeStorage(_ database: TemporaryDatabase) throws -> (DatabaseQueue, DatabaseStorage<Book>) {
        _ = try database.queue()   // creates the table
        let queue = try DatabaseQueue(path: database.path)
        try queue.write { db in
            for id in 1...3 { try Book(id: Int64(id), title: "Book \(id)", genre: "a", rank: id).insert(db) }
        }
        let storage = try DatabaseStorage(writer: queue, request: Book.ordered, sectionColumn: "genre")
        storage.externalChangePollInterval = .milliseconds(50)
        return (queue, storage)
    }

    @Test("another connection holding an exclusive lock until it is told: observation waits and catches up")
    func exclusiveLockIsWaitedFor() async throws {
        let database = try TemporaryDatabase()
        let (queue, storage) = try makeStorage(database)
        var errors: [DatabaseStorageError] = []
        let told = LockToldFlag()
        storage.addErrorObserver { errors.append($0); told.set() }
        let recorder = UpdateRecorder(storage)
        let observation = Task { try await storage.observe() }
        defer { observation.cancel() }
        try await recorder.wait { storage.isObserving }

        // The second connection takes the lock, writes while holding it, and commits once the
        // lock has been told (a loaded machine can hold the storage's polls up for seconds, so
        // a fixed hold could end before a poll saw a second of it), at the latest after 30 s.
        let holder = try DatabaseQueue(path: database.path)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global().async {
                do {
                    try holder.writeWithoutTransaction { db in
                        try db.execute(sql: "BEGIN EXCLUSIVE")
                        try db.execute(sql: "INSERT INTO book VALUES (10, 'Locked', 'a', 10)")
                        Thread.sleep(forTimeInterval: 1.5)
                        let deadline = Date(timeIntervalSinceNow: 30)
                        while !told.isSet, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
                        try db.execute(sql: "COMMIT")
                    }
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
        // Once released, the retried poll reads the commit and shows the row. How soon is the
        // poll interval's matter, a wall-clock figure a loaded machine cannot promise, so the
        // test waits for the row rather than timing it.
        try await recorder.wait { storage.ids == [[1, 2, 3, 10]] }
        #expect(storage.ids == [[1, 2, 3, 10]])
        #expect(storage.isObserving, "a lock must not end observation")
        // A lock of more than a second is told once, as SQLite's busy error.
        #expect(errors.count == 1)
        if case .database(let error) = errors.first {
            #expect(error.resultCode == .SQLITE_BUSY)
        } else {
            Issue.record("expected a busy error, got \(errors)")
        }
        #expect(storage.lastError == nil, "a read succeeded since")
        // And it goes on following the database.
        try await queue.write { db in try db.execute(sql: "INSERT INTO book VALUES (11, 'After', 'a', 11)") }
        try await recorder.wait { storage.ids == [[1, 2, 3, 10, 11]] }
        #expect(recorder.failures.isEmpty, "\(recorder.failures)")
        try holder.close()
    }

    /// Observes `storage` until `observe()` throws after `fault` ran; returns the error.
    func observationError(_ storage: DatabaseStorage<Book>, after fault: () throws -> Void) async throws -> DatabaseStorageError? {
        let observation = Task { try await storage.observe() }
        defer { observation.cancel() }
        let recorder = UpdateRecorder(storage)
        try await recorder.wait { storage.isObserving }
        try fault()
        try await recorder.wait { !storage.isObserving }
        switch await observation.result {
        case .success:
            Issue.record("observe() ended without an error")
            return nil
        case .failure(let error):
            return error as? DatabaseStorageError
        }
    }

    @Test("the database file deleted while observed: .fileChanged, content kept")
    func deletedFile() async throws {
        let database = try TemporaryDatabase()
        let (_, storage) = try makeStorage(database)
        var errors: [DatabaseStorageError] = []
        storage.addErrorObserver { errors.append($0) }
        let error = try await observationError(storage) {
            for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database.path + suffix) }
        }
        #expect(error == .fileChanged(database.path))
        #expect(errors == [.fileChanged(database.path)])
        #expect(storage.ids == [[1, 2, 3]])
    }

    @Test("the database file replaced by another while observed: .fileChanged")
    func replacedFile() async throws {
        let database = try TemporaryDatabase()
        let (_, storage) = try makeStorage(database)
        let other = try TemporaryDatabase()
        _ = try other.queue()
        let error = try await observationError(storage) {
            _ = rename(other.path, database.path)   // atomically: the path now names another file
        }
        #expect(error == .fileChanged(database.path))
    }
}
/// Set once by an error observer on the main actor, read by the thread holding the lock.
final class LockToldFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    /// Marks the lock as told.
    func set() { lock.withLock { value = true } }

    /// Whether the lock has been told.
    var isSet: Bool { lock.withLock { value } }
}
#endif
