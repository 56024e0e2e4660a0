#if GRDB
import FingerprintDiff
import Foundation
import GRDB
import ModelStorage
import Testing
import SeededRandom

@testable import ModelStorageGRDB

/// After commits of the storage's own writer, the read that fetches only the rows the
/// change journal lists gives exactly what the full read gives, and whatever the journal cannot
/// see (other connections, schema changes, rows deleted by `REPLACE`, too many changes) makes
/// the read a full one.
@Suite("DatabaseStorage: reading the changed rows equals the full read")
@MainActor
struct DatabaseStorageChangedRowsTests {
    /// What can happen between two reads.
    enum Commit: CaseIterable {
        /// A random transaction of the storage's writer (inserts, deletes, updates, no-ops).
        case ownWriter
        /// The same from another connection: only `data_version` shows it.
        case otherConnection
        /// `INSERT OR REPLACE` that deletes another row through a unique index: SQLite tells no
        /// observer of that deletion.
        case replaceThroughUniqueIndex
        /// `DELETE FROM book` without a condition (SQLite's truncate optimization).
        case deleteAll
        /// A transaction rolled back after changing rows.
        case rolledBack
        /// More changed rows than the journal keeps.
        case manyRows
        /// A new column with a default: every row's content changes, no row event.
        case schemaChange
        /// `UPDATE ... SET id = ...`: SQLite tells the new rowid only, not the old one.
        case changeRowID
    }

    /// The read through the journal (as the storage's next refresh makes it) and the full read
    /// of the same database state, compared; then the storage's own refresh must show the
    /// full read.
    @Test("random commits: same index, same changeset, same records; fallbacks where the journal is blind",
          arguments: 1...8 as ClosedRange<UInt64>)
    func changedRowsReadEqualsFullRead(seed: UInt64) async throws {
        var generator = SplitMix64(seed: seed)
        let database = try TemporaryDatabase()
        let queue = try database.queue()
        let other = try DatabaseQueue(path: database.path, configuration: TemporaryDatabase.configuration())
        try await queue.write { db in
            try db.execute(sql: "CREATE UNIQUE INDEX book_title ON book(title)")
            for id in 1...60 {
                try db.execute(sql: "INSERT INTO book VALUES (?, ?, ?, ?)",
                               arguments: [id, "Book \(id)", ["art", "history", "poetry"][id % 3], id % 7])
            }
        }
        let sectioned = seed % 2 == 0
        let filtered = seed % 4 >= 2
        let base = filtered ? Book.filter(Column("rank") < 40 && Column("title") != "x") : Book.all()
        let request = sectioned ? base.order(Column("genre"), Column("rank"), Column("id")) : base.order(Column("rank"), Column("id"))
        let section = sectioned ? "genre" : nil
        let storage = try DatabaseStorage(writer: queue, request: request, sectionColumn: section)
        let journal = try #require(storage.journal, "a single-table request on a DatabaseQueue is journaled")
        var nextID: Int64 = 1_000
        var changedRowsReads = 0
        var schemaChanged = false
        for round in 0..<60 {
            let ids = storage.ids.flatMap { $0 }
            var commit = Commit.ownWriter
            if Int.random(in: 0..<3, using: &generator) == 0 { commit = Commit.allCases.randomElement(using: &generator)! }
            if commit == .schemaChange && schemaChanged { commit = .ownWriter }
            switch commit {
            case .ownWriter:
                try await queue.write(DatabaseStoragePropertyTests.randomChange(&generator, nextID: &nextID, existing: ids))
            case .otherConnection:
                try await other.write(DatabaseStoragePropertyTests.randomChange(&generator, nextID: &nextID, existing: ids))
            case .replaceThroughUniqueIndex:
                guard let victim = ids.randomElement(using: &generator) else { continue }
                nextID += 1
                try await queue.write { [nextID] db in
                    try db.execute(sql: "INSERT OR REPLACE INTO book (id, title, genre, rank) VALUES (?, (SELECT title FROM book WHERE id = ?), 'art', 1)",
                                   arguments: [nextID, victim])
                }
            case .deleteAll:
                try await queue.write { db in try db.execute(sql: "DELETE FROM book") }
            case .rolledBack:
                let change = DatabaseStoragePropertyTests.randomChange(&generator, nextID: &nextID, existing: ids)
                try await queue.writeWithoutTransaction { db in
                    try db.inTransaction {
                        try change(db)
                        return .rollback
                    }
                }
            case .manyRows:
                try await queue.write { db in
                    for id in 5_000..<(5_000 + 4_200) {
                        try db.execute(sql: "INSERT INTO book (id, title, genre, rank) VALUES (?, ?, 'art', 3)", arguments: [id, "Many \(id)"])
                    }
                    try db.execute(sql: "DELETE FROM book WHERE id >= 5000")
                }
            case .changeRowID:
                guard let victim = ids.randomElement(using: &generator) else { continue }
                nextID += 1
                try await queue.write { [nextID] db in
                    try db.execute(sql: "UPDATE book SET id = ? WHERE id = ?", arguments: [nextID, victim])
                }
            case .schemaChange:
                schemaChanged = true
                try await queue.write { db in try db.execute(sql: "ALTER TABLE book ADD COLUMN note TEXT DEFAULT 'n'") }
            }
            let old = storage.index
            let basePosition = storage.journalPosition
            let (viaJournal, full) = try await queue.read { db in
                (try DatabaseStorage<Book>.read(request, sectionColumn: section, idColumn: "id", comparedWith: old,
                                                journal: journal, at: journal.position(in: db), since: basePosition, in: db),
                 try DatabaseStorage<Book>.read(request, sectionColumn: section, idColumn: "id", comparedWith: old, in: db))
            }
            let context = "seed \(seed) round \(round) \(commit)"
            #expect(DatabaseStorageFastReadTests.keys(viaJournal.index) == DatabaseStorageFastReadTests.keys(full.index), "\(context)")
            #expect(viaJournal.changes == full.changes, "\(context)")
            let journalModels = viaJournal.fetchedRecords.compactMap { fetched in fetched.path.map { ($0, fetched.record) } }
            let fullModels = full.fetchedRecords.compactMap { fetched in fetched.path.map { ($0, fetched.record) } }
            #expect(Dictionary(uniqueKeysWithValues: journalModels) == Dictionary(uniqueKeysWithValues: fullModels), "\(context)")
            // Why a read is whole is part of the read's result: each kind of commit has its reason.
            let reason = viaJournal.fullReadReason
            switch commit {
            case .ownWriter, .rolledBack:
                #expect(reason == nil, "\(context): the journal lists every changed row")
            case .otherConnection, .manyRows, .schemaChange:
                #expect(reason == .journalIncomplete, "\(context): the journal knows it cannot list the changes")
            case .replaceThroughUniqueIndex, .changeRowID:
                #expect(reason == .changedRowsRefused, "\(context): the changed-rows read finds rows it was not told of")
            case .deleteAll:
                // Journaled row by row: read through the journal, or too many rows for it.
                if case .tooManyChanges(let count) = reason {
                    #expect(count > ReadPlan.maximumChangedRows(rowCount: old.rowCount), "\(context)")
                } else {
                    #expect(reason == nil, "\(context): \(String(describing: reason))")
                }
            }
            if viaJournal.readChangedRowsOnly { changedRowsReads += 1 }

            // The storage's own refresh shows the database as a full read does.
            let readsBefore = storage.changedRowsReadCount
            try await storage.refresh(isolation: MainActor.shared)
            #expect(storage.changedRowsReadCount - readsBefore == (viaJournal.readChangedRowsOnly ? 1 : 0), "\(context)")
            #expect(storage.lastFullReadReason == reason, "\(context): the refresh planned as the read did")
            let fresh = try await queue.read { db in
                try ResultIndex.read(request, sectionColumn: section, idColumn: "id", decodingEveryRow: true, in: db).index
            }
            #expect(DatabaseStorageFastReadTests.keys(storage.index) == DatabaseStorageFastReadTests.keys(fresh), "\(context)")
            #expect(journal.keptCount == 0, "\(context): rows shown are forgotten")
        }
        #expect(changedRowsReads >= 30, "seed \(seed): most reads fetch only the changed rows")
        try other.close()
    }

    /// Requests whose rows could change without a row of their table changing are never
    /// journaled: every read of theirs is a full one.
    /// An error of the changed-rows read (here a changed row that does not decode) is not the
    /// one reported: the read falls back to the whole result, in the same transaction, and says
    /// why; the whole read meets the same row and its error is the one the storage reports.
    @Test("a changed-rows read that throws falls back to the whole read, which reports the error")
    func changedRowsReadFailure() async throws {
        let database = try TemporaryDatabase()
        let queue = try database.queue()
        try await queue.write { db in
            for id in 1...6 { try db.execute(sql: "INSERT INTO book VALUES (?, ?, 'art', ?)", arguments: [id, "Book \(id)", id]) }
        }
        let storage = try DatabaseStorage(writer: queue, request: Book.ordered)
        let journal = try #require(storage.journal)
        let old = storage.index
        let base = storage.journalPosition
        try await queue.write { db in try db.execute(sql: "UPDATE book SET title = NULL WHERE id = 3") }
        let (plan, fallback, wholeError) = try await queue.read { db in
            let position = try journal.position(in: db)
            let plan = ReadPlan(idColumn: "id", journal: journal, base: base, position: position, exact: true, rowCount: old.rowCount)
            let fallback = try DatabaseStorage<Book>.readIndex(plan, request: Book.ordered, sectionColumn: nil, idColumn: "id",
                                                               old: old, in: db)
            let wholeError = #expect(throws: DatabaseStorageError.self) {
                try DatabaseStorage<Book>.read(Book.ordered, sectionColumn: nil, idColumn: "id", comparedWith: old,
                                               journal: journal, at: position, since: base, in: db)
            }
            return (plan, fallback, wholeError)
        }
        #expect(plan == .changedRows([3]))
        guard case .changedRowsFailed(let message) = fallback.fullReadReason else {
            Issue.record("expected .changedRowsFailed, got \(String(describing: fallback.fullReadReason))")
            return
        }
        #expect(message.contains("could not be decoded"), "\(message)")
        #expect(fallback.changedRows == nil)
        #expect(fallback.index.sections.flatMap(\.items).map(\.id.value) == (1...6).map { Int64($0).databaseValue })
        guard case .decoding = wholeError else { Issue.record("expected .decoding, got \(String(describing: wholeError))"); return }
        // The storage's refresh reports it, and keeps what it showed.
        await #expect(throws: DatabaseStorageError.self) { try await storage.refresh(isolation: MainActor.shared) }
        #expect(storage.ids == [[1, 2, 3, 4, 5, 6]])
    }

    @Test("what the journal cannot follow is always read in full")
    func ineligibleRequests() async throws {
        let database = try TemporaryDatabase()
        let queue = try database.queue()
        try await queue.write { db in
            try db.create(table: "shelf") { table in
                table.primaryKey("id", .integer)
                table.column("name", .text)
            }
            try db.execute(sql: "INSERT INTO book VALUES (1, 'A', 'art', 1), (2, 'B', 'art', 2)")
            try db.execute(sql: "INSERT INTO shelf VALUES (1, 'top')")
        }
        #expect(try DatabaseStorage(writer: queue, request: Book.ordered, sectionColumn: "genre").journal != nil)
        // Another table in the filter.
        let subquery = Book.filter(sql: "rank IN (SELECT id FROM shelf)").order(Column("id"))
        #expect(try DatabaseStorage(writer: queue, request: subquery).journal == nil)
        // A subquery on the same table: a row's membership depends on other rows.
        let sameTable = Book.filter(sql: "rank < (SELECT max(rank) FROM book)").order(Column("id"))
        #expect(try DatabaseStorage(writer: queue, request: sameTable).journal == nil)
        // An expression column: its value need not depend on the row alone.
        let expression = Book.select(sql: "id, title, genre, rank + (SELECT count(*) FROM book) AS rank").order(Column("id"))
        #expect(try DatabaseStorage(writer: queue, request: expression).journal == nil)
        let computed = Book.select(sql: "id, title, genre, random() AS rank").order(Column("id"))
        #expect(try DatabaseStorage(writer: queue, request: computed).journal == nil)
        // Grouped rows.
        let grouped = Book.all().group(Column("genre")).order(Column("genre"))
        #expect(try DatabaseStorage(writer: queue, request: grouped).journal == nil)
    }

    /// A `DatabasePool` reads on other connections than its writer's: each journaled read
    /// starts its snapshot from the writer's queue, so it sees exactly the journaled commits,
    /// also while the pool keeps writing.
    @Test("a DatabasePool writing while the storage reads: what it shows is the database", arguments: [1, 2, 3] as [UInt64])
    func poolWritingConcurrently(seed: UInt64) async throws {
        var generator = SplitMix64(seed: seed)
        let database = try TemporaryDatabase()
        let pool = try database.pool()
        let other = try DatabaseQueue(path: database.path, configuration: TemporaryDatabase.configuration())
        try await pool.write { db in
            for id in 1...200 {
                try db.execute(sql: "INSERT INTO book VALUES (?, ?, ?, ?)",
                               arguments: [id, "Book \(id)", ["art", "history", "poetry"][id % 3], id % 7])
            }
        }
        let request = Book.ordered
        let storage = try DatabaseStorage(writer: pool, request: request, sectionColumn: "genre")
        #expect(storage.journal != nil)
        var nextID: Int64 = 1_000
        // Commits go on in the background (mostly the pool's own, some of another connection)
        // while the storage refreshes; each refresh must pick up exactly what its snapshot holds.
        var changes: [(@Sendable (Database) throws -> Void, Bool)] = []
        var ids = (1...200).map(Int64.init)
        for _ in 0..<120 {
            let change = DatabaseStoragePropertyTests.randomChange(&generator, nextID: &nextID, existing: ids)
            changes.append((change, Int.random(in: 0..<6, using: &generator) == 0))
            ids = Array(1...nextID)
        }
        let writes = Task.detached { [changes] in
            for (change, viaOther) in changes {
                if viaOther { try await other.write(change) } else { try await pool.write(change) }
                try await Task.sleep(for: .microseconds(300))
            }
        }
        let refreshes = 150
        for _ in 0..<refreshes {
            try await storage.refresh(isolation: MainActor.shared)
            try await Task.sleep(for: .microseconds(500))
        }
        try await writes.value
        try await storage.refresh(isolation: MainActor.shared)
        let fresh = try await pool.read { db in
            try ResultIndex.read(request, sectionColumn: "genre", idColumn: "id", decodingEveryRow: true, in: db).index
        }
        #expect(DatabaseStorageFastReadTests.keys(storage.index) == DatabaseStorageFastReadTests.keys(fresh), "seed \(seed)")
        #expect(storage.changedRowsReadCount > refreshes / 3, "seed \(seed): \(storage.changedRowsReadCount) of \(refreshes + 1) reads journaled")
        try other.close()
        try pool.close()
        // A read through the journal of a closed pool is an error, not a crash.
        await #expect(throws: DatabaseError.self) { try await storage.refresh(isolation: MainActor.shared) }
    }

    /// An observer that writes to the database while an update is delivered (through the
    /// storage's own writer, so the journal records it): each write arrives as the next update,
    /// every update passes the oracle, and the storage ends showing the database.
    ///
    /// The waits only guard against a hang: the 13 rounds are sequential (each write is made in
    /// the delivery of the update before it) and each waits on the main actor, which this suite's
    /// other tests share; under load (suites running at once on two busy cores) a 30-second wait
    /// once ran out, as the main-actor waits of the pool-closing test grew to 50-62 s.
    @Test("an observer writing to the database during delivery", arguments: [false, true])
    func observerWritesDuringDelivery(pool: Bool) async throws {
        let database = try TemporaryDatabase()
        let queue = try database.queue()
        try await queue.write { db in
            for id in 1...40 {
                try db.execute(sql: "INSERT INTO book VALUES (?, ?, ?, ?)",
                               arguments: [id, "Book \(id)", ["art", "history"][id % 2], id % 9])
            }
        }
        let writer: any DatabaseWriter = pool
            ? try DatabasePool(path: database.path, configuration: TemporaryDatabase.configuration()) : queue
        let storage = try DatabaseStorage(writer: writer, request: Book.ordered, sectionColumn: "genre")
        storage.externalChangePollInterval = nil
        let recorder = UpdateRecorder(storage)   // first: it checks each update before the writer below runs
        var generator = SplitMix64(seed: pool ? 11 : 12)
        var nextID: Int64 = 1_000
        var writesLeft = 12
        storage.addObserver { [unowned storage] _ in   // the storage keeps its observers
            guard writesLeft > 0 else { return }
            writesLeft -= 1
            let change = DatabaseStoragePropertyTests.randomChange(&generator, nextID: &nextID,
                                                                   existing: storage.ids.flatMap { $0 })
            try? writer.write(change)
        }
        let observation = Task { try await storage.observe() }
        defer { observation.cancel() }
        try await recorder.wait { storage.isObserving }
        try await writer.write { db in try db.execute(sql: "UPDATE book SET rank = rank + 1 WHERE id = 1") }
        try await recorder.wait(timeout: .seconds(240)) { writesLeft == 0 && recorder.updates.count >= 13 }
        let expected = try idsInDatabase(writer)
        try await recorder.wait(timeout: .seconds(240)) { storage.ids == expected }
        #expect(storage.ids == expected)
        #expect(recorder.updates.count == 13, "one update per commit: \(recorder.updates.count)")
        #expect(recorder.failures.isEmpty, "\(recorder.failures)")
        #expect(recorder.errors.isEmpty, "\(recorder.errors)")
        // Every read has a journal position to start from, except a pool's first (a pool's
        // storage takes its first position when observation starts), which may be the one that
        // finds the first commit.
        #expect(storage.changedRowsReadCount >= (pool ? 12 : 13), "the writes were read through the journal")
    }

    /// An order that is not total: rows that tie may come back in another order; the read
    /// through the journal notices that unchanged rows moved and reads in full.
    @Test("ties in the order: the result is still the database's")
    func orderWithTies() async throws {
        let database = try TemporaryDatabase()
        let queue = try database.queue()
        try await queue.write { db in
            for id in 1...50 {
                try db.execute(sql: "INSERT INTO book VALUES (?, ?, 'art', ?)", arguments: [id, "T\(id)", id % 3])
            }
        }
        let request = Book.order(Column("rank"))
        let storage = try DatabaseStorage(writer: queue, request: request)
        var generator = SplitMix64(seed: 77)
        var nextID: Int64 = 100
        for round in 0..<20 {
            try await queue.write(DatabaseStoragePropertyTests.randomChange(&generator, nextID: &nextID,
                                                                            existing: storage.ids.flatMap { $0 }))
            try await storage.refresh(isolation: MainActor.shared)
            let fresh = try await queue.read { db in
                try ResultIndex.read(request, sectionColumn: nil, idColumn: "id", decodingEveryRow: true, in: db).index
            }
            // Ties may be ordered either way by each read; the rows and their contents agree.
            #expect(Set(storage.index.sections.flatMap(\.items).map { "\($0.id) \($0.content.first)" })
                    == Set(fresh.sections.flatMap(\.items).map { "\($0.id) \($0.content.first)" }), "round \(round)")
        }
    }
}
#endif
