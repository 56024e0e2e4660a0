#if GRDB
import FingerprintDiff
import Foundation
import GRDB
import ModelStorage
@testable import ModelStorageGRDB
import SeededRandom
import Testing

/// Displayed versions and the WAL: a storage observing a `DatabasePool` while another connection
/// commits without pause keeps the WAL within ``DatabaseStorage/walResetFrames`` plus what is
/// committed while it reads twice, and a content held throughout (a batch animating the whole time)
/// still answers every row as of its version. Driven by commits (the storage reads every third
/// one), not by time.
@Suite("DatabaseStorage: the WAL stays bounded under a writer that never pauses")
@MainActor
struct DisplayedVersionWALTests {
    /// The size of the WAL file of `path` in bytes.
    static func walFileSize(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
    }

    @Test("200 commits of another connection, read every third: the WAL file stays within the bound; a content held throughout answers as of its version",
          arguments: [7, 8] as [UInt64])
    func writerThatNeverPauses(seed: UInt64) async throws {
        var generator = SplitMix64(seed: seed)
        let database = try TemporaryDatabase()
        let pool = try database.pool()
        let other = try DatabaseQueue(path: database.path, configuration: TemporaryDatabase.configuration())
        let padding = String(repeating: "x", count: 300)
        try await other.write { db in
            for id in 1...1_500 as ClosedRange<Int64> {
                try Book(id: id, title: "Book \(id) \(padding)", genre: ["a", "b", "c"][Int(id) % 3], rank: Int(id % 40)).insert(db)
            }
        }
        let storage = try DatabaseStorage(writer: pool, request: Book.ordered, sectionColumn: "genre")
        storage.walResetFrames = 120
        storage.externalChangePollInterval = .milliseconds(10)
        let observation = try await startObserving(storage)
        defer { observation.cancel() }
        let held = storage.content
        let heldBooks = try await pool.read { db in try Book.ordered.fetchAll(db) }

        // A commit that appends to the WAL file grows it by its frames; one that starts the WAL
        // over writes inside it.
        var mostBytesPerCommit = 0, largestWALFile = 0
        for commit in 0..<200 {
            let ids = (0..<30).map { _ in Int64.random(in: 1...1_500, using: &generator) }
            let before = Self.walFileSize(database.path)
            try await other.write { db in
                try db.execute(sql: "UPDATE book SET title = title || '+', rank = (rank + 7) % 40 WHERE id IN (\(ids.map(String.init).joined(separator: ",")))")
            }
            let after = Self.walFileSize(database.path)
            mostBytesPerCommit = max(mostBytesPerCommit, after - before)
            if commit % 3 == 2 { try await storage.catchUp() }
            largestWALFile = max(largestWALFile, after)
        }
        try await storage.catchUp()
        // Between two reads, 3 commits; a reset read empties the WAL (or the next commit starts it over).
        let boundBytes = 32 + storage.walResetFrames * (4_096 + 24) + 2 * 3 * mostBytesPerCommit
        #expect(200 * mostBytesPerCommit > 3 * boundBytes, "seed \(seed): the writer must write well past the bound")
        #expect(largestWALFile <= boundBytes,
                "seed \(seed): WAL file \(largestWALFile) bytes > bound \(boundBytes) (\(mostBytesPerCommit) bytes per commit at most)")
        let answered = (0..<held.numberOfSections).flatMap { section in
            (0..<held.numberOfItems(inSection: section)).map { held.item(at: IndexPath(item: $0, section: section)) as? Book }
        }
        #expect(answered == heldBooks.map(Optional.some), "seed \(seed): the held content answers as of its version")
        #expect(storage.ids.joined().count == 1_500 && storage.lastError == nil)
        try other.close()
    }

    @Test("a storage released ends its read transaction: the WAL can be checkpointed whole and truncated")
    func releasedStorageHoldsNothing() async throws {
        let database = try TemporaryDatabase()
        let pool = try database.pool()
        try await pool.write(DisplayedVersionTests.insertBooks(first: 1, count: 100))
        var storage: DatabaseStorage<Book>? = try DatabaseStorage(writer: pool, request: Book.ordered, sectionColumn: "genre")
        storage?.externalChangePollInterval = nil
        let observation = Task { [storage] in try await storage?.observe() }
        while storage?.isObserving != true { try await Task.sleep(for: .milliseconds(5)) }
        try await pool.write { db in try db.execute(sql: "UPDATE book SET title = 'x' WHERE id = 1") }
        try await storage?.catchUp()
        observation.cancel()
        _ = await observation.result
        weak let released = storage
        storage = nil
        #expect(released == nil, "the storage is freed")
        try await pool.write { db in try db.execute(sql: "UPDATE book SET title = 'y' WHERE id = 2") }
        // TRUNCATE fails with SQLITE_BUSY while any read transaction uses the WAL.
        _ = try await pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        #expect(Self.walFileSize(database.path) == 0)
    }
}
#endif
