#if GRDB
import FingerprintDiff
import Foundation
import GRDB
import ModelStorage
@testable import ModelStorageGRDB
import ModelStorageTesting
import SeededRandom
import Testing

/// Contents held across several commits of another connection, as a view's batches hold them,
/// on a pool and on a queue with a cache far smaller than the rows read: every row a content
/// answered (read through the content, or delivered as an updated record of it) answers exactly
/// that record again after each later commit, whatever the commits did since (titles changed,
/// rows moved to another section, rows deleted or inserted, everything deleted at the end). Once
/// every content is released and the storage lists nothing, it keeps no record.
@Suite("DatabaseStorage: contents held across commits answer what they answered")
@MainActor
struct HeldContentsTests {
    /// A content held by the test and what it answered, by index path.
    struct Held {
        var content: DatabaseStorage<Book>.Content?
        var answered: [IndexPath: Book]
    }

    @Test("random commits, then delete-all; a cache of 16 records", arguments: [(false, 8_800), (false, 8_801), (true, 8_802), (true, 8_803)] as [(Bool, UInt64)])
    func heldContents(onPool: Bool, seed: UInt64) async throws {
        var generator = SplitMix64(seed: seed)
        let database = try TemporaryDatabase()
        let writer: any DatabaseWriter = onPool ? try database.pool() : try database.queue()
        try await writer.write(DisplayedVersionTests.insertBooks(first: 1, count: Int.random(in: 200...400, using: &generator)))
        let storage = try DatabaseStorage(writer: writer, request: Book.ordered, sectionColumn: "genre", cacheCapacity: 16)
        storage.externalChangePollInterval = .milliseconds(10)
        var delivered: [StorageUpdate] = []
        storage.addObserver { delivered.append($0) }
        let observation = try await startObserving(storage)
        defer { observation.cancel() }
        let other = try DatabaseQueue(path: database.path, configuration: TemporaryDatabase.configuration())
        defer { try? other.close() }

        var held: [Held] = []
        var nextID: Int64 = 1_000
        // The rows each commit changed or deleted since the first content held (every content
        // is held to the end).
        var changedRows = 0
        let rounds = Int.random(in: 4...7, using: &generator)
        for round in 0...rounds {
            held.append(Held(content: storage.content, answered: Self.readSome(storage.content, &generator)))
            delivered = []
            let existing = storage.ids.joined().map(String.init)
            var commit: @Sendable (Database) throws -> Void = { db in try db.execute(sql: "DELETE FROM book") }
            var touched = existing.count
            if round < rounds { (touched, commit) = Self.randomCommit(&generator, existing: existing, nextID: &nextID) }
            changedRows += touched
            try await other.write(commit)
            try await storage.catchUp()
            // Retired: one record at most per row and commit that changed or deleted it. Read (a
            // queue): the records of rows listed now, none on a pool (its pin reads them again).
            #expect(storage.keptRetired.value <= changedRows,
                    "round \(round): \(storage.keptRetired.value) retired records kept, \(changedRows) rows changed since the first content held")
            #expect(storage.reads.count <= (onPool ? 0 : storage.ids.joined().count),
                    "round \(round): \(storage.reads.count) read records kept, \(storage.ids.joined().count) rows listed")
            for (number, entry) in held.enumerated() {
                let content = try #require(entry.content)
                for (path, record) in entry.answered {
                    let again = content.item(at: path) as? Book
                    #expect(again == record, "round \(round), content \(number) at \(path): \(String(describing: again)), answered \(record) before")
                }
            }
            // The updated records a refresh delivered are what the view shows of the new content;
            // read through it from the next commit on only (a read would keep them anyway).
            if delivered.count == 1, let models = delivered.first?.updatedModels, !models.isEmpty {
                var answered: [IndexPath: Book] = [:]
                for (path, model) in models { answered[path] = try #require(model as? Book) }
                held.append(Held(content: storage.content, answered: answered))
            }
        }
        #expect(storage.ids.joined().isEmpty)
        held = []
        #expect(storage.keptRecordCount == 0, "nothing listed, no content held: \(storage.keptRecordCount) records kept")
    }

    /// On a queue, a row a held content read, changed and then changed back (to another section
    /// and back, or deleted and inserted again as it was), is listed by the newer contents as the
    /// same row: they answer the record the held content read, after the row changed once more
    /// and with a cache too small to keep it, not `nil`. On the `book` table (its id column read
    /// without decoding, the changed rows fetched) and on a table without a primary key (every
    /// row decoded, only the updated rows' records kept), whose rowid is the book's id as the
    /// storage requires (GRDB's `filter(id:)` reads such a table by rowid).
    @Test("a row changed and changed back answers, in the newer contents, the record a held content read",
          arguments: ["book", "loose"], ["UPDATE # SET genre = 'poetry' WHERE id = 5", "DELETE FROM # WHERE id = 5"])
    func rowChangedBack(table: String, away: String) async throws {
        let database = try TemporaryDatabase()
        let queue = try database.queue()
        try await queue.write(DisplayedVersionTests.insertBooks(first: 1, count: 40))
        try await queue.write { db in
            try db.execute(sql: "CREATE TABLE loose (id INTEGER, title TEXT, genre TEXT NOT NULL, rank INTEGER NOT NULL)")
            try db.execute(sql: "INSERT INTO loose (rowid, id, title, genre, rank) SELECT id, id, title, genre, rank FROM book")
        }
        let request = Table<Book>(table).order(Column("genre"), Column("rank"), Column("id"))
        let storage = try DatabaseStorage(writer: queue, request: request, sectionColumn: "genre", cacheCapacity: 1)
        storage.externalChangePollInterval = .milliseconds(10)
        let observation = try await startObserving(storage)
        defer { observation.cancel() }
        let other = try DatabaseQueue(path: database.path, configuration: TemporaryDatabase.configuration())
        defer { try? other.close() }
        let original = try #require(try await other.read { db in try Book.fetchOne(db, id: 5) })
        let sql = { @Sendable (statement: String) in statement.replacingOccurrences(of: "#", with: table) }

        let first = storage.content
        let path = try #require(Self.path(of: 5, in: first))
        #expect(first.item(at: path) as? Book == original)
        try await other.write { db in try db.execute(sql: sql(away)) }
        try await storage.catchUp()
        try await other.write { db in
            try db.execute(sql: sql("DELETE FROM # WHERE id = 5"))
            // The same id again: on `loose`, as its rowid too.
            let rowID = table == "loose" ? "rowid, " : "", placeholder = table == "loose" ? "?, " : ""
            try db.execute(sql: sql("INSERT INTO # (\(rowID)id, title, genre, rank) VALUES (\(placeholder)?, ?, ?, ?)"),
                           arguments: StatementArguments((table == "loose" ? [original.id] : [])
                               + [original.id, original.title, original.genre, original.rank] as [any DatabaseValueConvertible]))
        }
        try await storage.catchUp()
        let back = storage.content
        let pathBack = try #require(Self.path(of: 5, in: back))
        // Other rows read through the newer content: the cache of one record no longer holds it.
        for item in 0..<back.numberOfItems(inSection: 0) { _ = back.item(at: IndexPath(item: item, section: 0)) }
        try await other.write { db in try db.execute(sql: sql("UPDATE # SET title = 'Changed' WHERE id = 5")) }
        try await storage.catchUp()

        #expect(back.item(at: pathBack) as? Book == original, "the newer content lists the row as the held one read it")
        #expect(first.item(at: path) as? Book == original)
        let now = try #require(Self.path(of: 5, in: storage.content))
        #expect((storage.content.item(at: now) as? Book)?.title == "Changed")
    }

    /// Where `content` lists the book `id`, or `nil`.
    static func path(of id: Int64, in content: DatabaseStorage<Book>.Content) -> IndexPath? {
        for (section, ids) in content.ids.enumerated() {
            if let item = ids.firstIndex(of: id) { return IndexPath(item: item, section: section) }
        }
        return nil
    }

    /// Reads a random part of `content`'s rows (a run of consecutive rows in each section, as
    /// visible cells are), returning each answer.
    static func readSome(_ content: DatabaseStorage<Book>.Content, _ generator: inout SplitMix64) -> [IndexPath: Book] {
        var answered: [IndexPath: Book] = [:]
        for section in 0..<content.numberOfSections {
            let count = content.numberOfItems(inSection: section)
            guard count > 0, Bool.random(using: &generator) else { continue }
            let start = Int.random(in: 0..<count, using: &generator)
            for item in start..<min(count, start + Int.random(in: 1...60, using: &generator)) {
                let path = IndexPath(item: item, section: section)
                if let book = content.item(at: path) as? Book { answered[path] = book }
            }
        }
        return answered
    }

    /// Titles changed, rows moved to another section, rows deleted or inserted; with the number
    /// of existing rows the commit changes or deletes.
    static func randomCommit(_ generator: inout SplitMix64, existing: [String], nextID: inout Int64)
        -> (touched: Int, commit: @Sendable (Database) throws -> Void)
    {
        let chosen = existing.shuffled(using: &generator).prefix(max(1, existing.count / Int.random(in: 2...4, using: &generator)))
        let some = chosen.joined(separator: ","), touched = existing.isEmpty ? 0 : chosen.count
        let genre = ["art", "fantasy", "history", "poetry", "science"].randomElement(using: &generator)!
        switch Int.random(in: 0..<5, using: &generator) {
        case 0, 4: return (touched, { db in try db.execute(sql: "UPDATE book SET title = title || '*' WHERE id IN (\(some))") })
        case 1: return (touched, { db in try db.execute(sql: "UPDATE book SET genre = '\(genre)' WHERE id IN (\(some))") })
        case 2: return (touched, { db in try db.execute(sql: "DELETE FROM book WHERE id IN (\(some))") })
        default:
            defer { nextID += 50 }
            return (0, DisplayedVersionTests.insertBooks(first: nextID, count: 50))
        }
    }
}
#endif
