#if GRDB
import FingerprintDiff
import Foundation
import GRDB
import ModelStorage
import ModelStorageGRDB
import ModelStorageTesting
import SeededRandom
import Testing

/// A note of the sync-engine tests: a text or UUID primary key, in folders (the sections) that a
/// foreign key with cascades ties to the `folder` table.
protocol SyncNote: Codable, FetchableRecord, PersistableRecord, Identifiable, Equatable, Sendable
where ID: DatabaseValueConvertible & Sendable & Hashable {
    var title: String { get }
    var folder: String { get }
    var rank: Int { get }
    init(number: Int, title: String, folder: String, rank: Int)
    /// The id of note `number`.
    static func id(_ number: Int) -> ID
    /// The number of the note of id `id`.
    static func number(_ id: ID) -> Int
    /// The SQL type of the primary key column.
    static var idType: String { get }
}

/// A note whose primary key is text.
struct TextNote: SyncNote {
    static let databaseTableName = "note"
    var id: String
    var title: String
    var folder: String
    var rank: Int
    init(number: Int, title: String, folder: String, rank: Int) {
        (id, self.title, self.folder, self.rank) = (Self.id(number), title, folder, rank)
    }
    static func id(_ number: Int) -> String { "note-\(number)" }
    static func number(_ id: String) -> Int { Int(id.dropFirst(5))! }
    static let idType = "TEXT"
}

/// A note whose primary key is a UUID (stored as GRDB stores them, 16 bytes).
struct UUIDNote: SyncNote {
    static let databaseTableName = "note"
    var id: UUID
    var title: String
    var folder: String
    var rank: Int
    init(number: Int, title: String, folder: String, rank: Int) {
        (id, self.title, self.folder, self.rank) = (Self.id(number), title, folder, rank)
    }
    static func id(_ number: Int) -> UUID {
        UUID(uuid: (0x5e, 0xed, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, UInt8(number >> 24 & 0xff), UInt8(number >> 16 & 0xff),
                    UInt8(number >> 8 & 0xff), UInt8(number & 0xff)))
    }
    static func number(_ id: UUID) -> Int {
        let bytes = id.uuid
        return Int(bytes.12) << 24 | Int(bytes.13) << 16 | Int(bytes.14) << 8 | Int(bytes.15)
    }
    static let idType = "BLOB"
}

/// The writes a sync engine makes, from a second connection to a real file, interleaved with the
/// app's own deletes of displayed rows, for a pool and a queue and for text and UUID keys:
/// upserts (`ON CONFLICT DO UPDATE`), `INSERT OR REPLACE`, a delete and an insert of one id in
/// one commit, a trigger and foreign-key cascades that change the request's rows, `DELETE`
/// without `WHERE` (SQLite's truncate optimisation), the table dropped and created again (with
/// the same columns, with one more). While batches animate, every displayed row answers as one
/// state the database went through (the audit's rules, `DisplayedRowsAuditTests`); each run ends
/// with the view showing the database, and a table created again without a column the record
/// needs is a typed error that ends observation, the view still answering as displayed.
///
/// `MODELSTORAGE_SYNC_SEEDS` sets how many seeds run per kind of key (default 2: a pool, a queue).
@Suite("DatabaseStorage under the writes of a sync engine")
@MainActor
struct SyncEngineWritesTests {
    nonisolated static var seeds: [UInt64] {
        let count = ProcessInfo.processInfo.environment["MODELSTORAGE_SYNC_SEEDS"].flatMap(Int.init) ?? 2
        return (0..<UInt64(max(1, count))).map { 7_700 + $0 }
    }

    @Test("text primary keys", arguments: seeds)
    func textKeys(seed: UInt64) async throws { try await Self.run(TextNote.self, seed: seed) }

    @Test("UUID primary keys", arguments: seeds)
    func uuidKeys(seed: UInt64) async throws { try await Self.run(UUIDNote.self, seed: seed) }

    nonisolated static let folders = ["inbox", "later", "notes", "work", "zz"]

    /// The schema: folders, notes referencing them (cascading deletes and id changes), and a
    /// trigger that marks a folder's notes when the folder is renamed. `extraColumn` adds one
    /// column the record does not read; `withoutRank` leaves out one it needs.
    nonisolated static func createSchema(_ type: (some SyncNote).Type, extraColumn: Bool = false, withoutRank: Bool = false)
        -> @Sendable (Database) throws -> Void
    {
        let idType = type.idType
        return { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS folder (id TEXT PRIMARY KEY, name TEXT NOT NULL)")
            try db.execute(sql: """
                CREATE TABLE note (id \(idType) PRIMARY KEY NOT NULL, title TEXT NOT NULL,
                  folder TEXT NOT NULL REFERENCES folder(id) ON DELETE CASCADE ON UPDATE CASCADE\
                \(withoutRank ? "" : ", rank INTEGER NOT NULL")\(extraColumn ? ", synced INTEGER DEFAULT 1" : ""))
                """)
            try db.execute(sql: "CREATE INDEX note_order ON note (folder\(withoutRank ? "" : ", rank"), id)")
            try db.execute(sql: """
                CREATE TRIGGER IF NOT EXISTS folder_renamed AFTER UPDATE OF name ON folder BEGIN
                  UPDATE note SET title = title || ' (' || NEW.name || ')' WHERE folder = NEW.id;
                END
                """)
        }
    }

    /// Every state the database went through: the request's notes in sections of consecutive
    /// folders, read in the transaction of each commit.
    final class History<Note: SyncNote> {
        var states: [[[Note]]] = []
        static var request: QueryInterfaceRequest<Note> { Note.order(Column("folder"), Column("rank"), Column("id")) }

        func commit(_ writer: any DatabaseWriter, _ change: @escaping @Sendable (Database) throws -> Void) async throws {
            let notes = try await writer.write { db in
                try change(db)
                return try Self.request.fetchAll(db)
            }
            states.append(Self.sectioned(notes))
        }

        static func sectioned(_ notes: [Note]) -> [[Note]] {
            var sections: [[Note]] = []
            for note in notes {
                if note.folder == sections.last?.last?.folder { sections[sections.count - 1].append(note) } else { sections.append([note]) }
            }
            return sections
        }
    }

    /// One seed: a pool on even seeds, a queue on odd ones.
    static func run<Note: SyncNote>(_ type: Note.Type, seed: UInt64) async throws {
        var generator = SplitMix64(seed: seed)
        let onPool = seed % 2 == 0
        let database = try TemporaryDatabase()
        let other = try DatabaseQueue(path: database.path, configuration: TemporaryDatabase.configuration())
        let history = History<Note>()
        try await other.write { db in
            try createSchema(type)(db)
            for folder in folders { try db.execute(sql: "INSERT INTO folder (id, name) VALUES (?, ?)", arguments: [folder, folder]) }
        }
        var next = 0
        try await history.commit(other, upsert(type, numbers: (1...200).map { $0 }, generator: &generator))
        next = 200
        let writer: any DatabaseWriter = onPool
            ? try DatabasePool(path: database.path, configuration: TemporaryDatabase.configuration())
            : try DatabaseQueue(path: database.path, configuration: TemporaryDatabase.configuration())
        let storage = try DatabaseStorage(writer: writer, request: History<Note>.request, sectionColumn: "folder",
                                          cacheCapacity: 16)
        storage.externalChangePollInterval = .milliseconds(10)
        let scheduler = ManualScheduler()
        let view = SimulatedView(animationDuration: .milliseconds(300), visibleItemCount: Int.random(in: 20...150, using: &generator))
        let updater = ViewUpdater(storage: storage, view: view, schedule: scheduler.schedule)
        view.dataSource = updater
        var seen = Set<Seen<Note>>()
        view.onConfigureCell = { _, item in if let note = item as? Note { seen.insert(Seen(note)) } }
        view.layoutIfNeeded()
        var errors: [DatabaseStorageError] = []
        storage.addErrorObserver { errors.append($0) }
        let observation = try await startObserving(storage)

        var faults: [String] = []
        var checks = 0
        let audit = {
            checks += 1
            if let fault = displayedFault(updater, history, seen: &seen, nilAllowed: !onPool) { faults.append(fault) }
        }
        for step in 0..<30 {
            let existing = storage.ids.flatMap { $0 }
            if Int.random(in: 0..<5, using: &generator) == 0, updater.numberOfSections > 0 {
                // The app deletes a displayed row (a swipe), through its own writer.
                let section = Int.random(in: 0..<updater.numberOfSections, using: &generator)
                let item = Int.random(in: 0..<max(1, updater.numberOfItems(inSection: section)), using: &generator)
                if let id = updater.displayedItem(at: IndexPath(item: item, section: section))?.id {
                    try await history.commit(writer) { db in _ = try Note.deleteOne(db, key: id) }
                }
            } else {
                try await history.commit(other, randomWrite(type, &generator, next: &next, existing: existing, step: step))
            }
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                switch Int.random(in: 0..<6, using: &generator) {
                case 0, 1: try await storage.catchUp()
                case 2: scheduler.runNextTurn()
                case 3: view.advance(by: .milliseconds(Int.random(in: 0...400, using: &generator)))
                case 4:
                    view.firstVisibleItem = Int.random(in: 0...max(0, storage.ids.joined().count - 1), using: &generator)
                    view.layoutIfNeeded()
                default: audit()
                }
            }
        }
        // The table dropped and created again with one more column: every row changes.
        try await history.commit(other) { db in
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM note")
            try db.execute(sql: "DROP TABLE note")
            try createSchema(type, extraColumn: true)(db)
            for row in rows {
                try db.execute(sql: "INSERT INTO note (id, title, folder, rank) VALUES (?, ?, ?, ?)",
                               arguments: [row["id"] as DatabaseValue, row["title"] as DatabaseValue,
                                           row["folder"] as DatabaseValue, row["rank"] as DatabaseValue])
            }
        }
        audit()
        try await storage.catchUp()
        audit()
        settle(scheduler, view, updater)
        let label = "\(Note.self) seed \(seed) (\(onPool ? "pool" : "queue"))"
        #expect(faults.isEmpty, "\(label): \(faults.count) of \(checks) checks: \(faults.prefix(3))")
        #expect(storage.ids == history.states.last!.map { $0.map(\.id) }, "\(label)")
        #expect(shown(updater) == history.states.last!.map { $0.map(Optional.some) }, "\(label): the view shows the database")
        #expect(view.violations.isEmpty && view.staleCells.isEmpty, "\(label): \(view.violations.prefix(3))")
        #expect(errors.isEmpty, "\(label): \(errors.prefix(3))")

        // Created again without a column the record needs: a typed error ends observation; the
        // content shown still answers as displayed.
        try await other.write { db in
            try db.execute(sql: "DROP TABLE note")
            try createSchema(type, withoutRank: true)(db)
            try db.execute(sql: "INSERT INTO note (id, title, folder) VALUES (?, 'orphan', 'inbox')", arguments: [Note.id(9_999)])
        }
        let result = await observation.result
        #expect(throws: DatabaseStorageError.self, "\(label): observation ends with a typed error") { try result.get() }
        #expect(storage.lastError != nil && !errors.isEmpty, "\(label)")
        if let fault = displayedFault(updater, history, seen: &seen, nilAllowed: true) {
            Issue.record("\(label), after the schema change: \(fault)")
        }
        try other.close()
    }

    /// A random write of the sync engine: upserts, replaces, delete and insert of one id, a folder
    /// renamed (the trigger), deleted (cascade) or given another id (cascade: its notes change
    /// section), everything deleted without `WHERE`, or the table dropped and created again with
    /// the same rows.
    static func randomWrite<Note: SyncNote>(_ type: Note.Type, _ generator: inout SplitMix64, next: inout Int,
                                            existing: [Note.ID], step: Int) -> @Sendable (Database) throws -> Void {
        let known = existing.map(Note.number)
        let some = { (generator: inout SplitMix64, count: Int) in Array(known.shuffled(using: &generator).prefix(count)) }
        switch Int.random(in: 0..<20, using: &generator) {
        case 0...5:
            // Upserts of known and new notes, several in one commit.
            var numbers = some(&generator, Int.random(in: 1...30, using: &generator))
            for _ in 0..<Int.random(in: 0...20, using: &generator) { next += 1; numbers.append(next) }
            return upsert(type, numbers: numbers, generator: &generator)
        case 6...8:
            var numbers = some(&generator, Int.random(in: 1...20, using: &generator))
            next += 1
            numbers.append(next)
            let rows = numbers.map { ($0, Int.random(in: 0..<30, using: &generator), folders.randomElement(using: &generator)!) }
            return { db in
                for (number, rank, folder) in rows {
                    try db.execute(sql: "INSERT OR REPLACE INTO note (id, title, folder, rank) VALUES (?, ?, ?, ?)",
                                   arguments: [Note.id(number), "Replaced \(number)", folder, rank])
                }
            }
        case 9, 10:
            // Deleted and inserted again in one commit: the same content, or another.
            let numbers = some(&generator, Int.random(in: 1...10, using: &generator))
            let changed = Bool.random(using: &generator)
            return { db in
                for number in numbers {
                    let note = try Note.fetchOne(db, key: Note.id(number))
                    _ = try Note.deleteOne(db, key: Note.id(number))
                    if let note {
                        try Note(number: number, title: note.title + (changed ? " again" : ""), folder: note.folder,
                                 rank: note.rank).insert(db)
                    }
                }
            }
        case 11, 12:
            let folder = folders.randomElement(using: &generator)!
            let name = "renamed \(step)"
            return { db in try db.execute(sql: "UPDATE folder SET name = ? WHERE id = ?", arguments: [name, folder]) }
        case 13:
            // A folder's notes deleted by the cascade; the folder comes back empty.
            let folder = folders.randomElement(using: &generator)!
            return { db in
                try db.execute(sql: "DELETE FROM folder WHERE id = ?", arguments: [folder])
                try db.execute(sql: "INSERT INTO folder (id, name) VALUES (?, ?)", arguments: [folder, folder])
            }
        case 14, 15:
            // A folder's id changed: the cascade moves its notes to a new section; a folder of
            // the old id comes back empty.
            let (from, to) = (folders.randomElement(using: &generator)!, "moved \(step)")
            return { db in
                try db.execute(sql: "UPDATE folder SET id = ? WHERE id = ?", arguments: [to, from])
                try db.execute(sql: "INSERT INTO folder (id, name) VALUES (?, ?)", arguments: [from, from])
            }
        case 16:
            return { db in try db.execute(sql: "DELETE FROM note") }
        case 17:
            return { db in
                let rows = try Row.fetchAll(db, sql: "SELECT id, title, folder, rank FROM note")
                try db.execute(sql: "DROP TABLE note")
                try createSchema(type)(db)
                for row in rows {
                    try db.execute(sql: "INSERT INTO note (id, title, folder, rank) VALUES (?, ?, ?, ?)",
                                   arguments: [row[0] as DatabaseValue, row[1] as DatabaseValue, row[2] as DatabaseValue,
                                               row[3] as DatabaseValue])
                }
            }
        default:
            // A folder's notes moved into another folder in one statement.
            let (from, to) = (folders.randomElement(using: &generator)!, folders.randomElement(using: &generator)!)
            return { db in try db.execute(sql: "UPDATE note SET folder = ?, rank = rank + 1 WHERE folder = ?", arguments: [to, from]) }
        }
    }

    /// Upserts of notes `numbers` (`INSERT ... ON CONFLICT DO UPDATE`), random contents.
    static func upsert<Note: SyncNote>(_ type: Note.Type, numbers: [Int], generator: inout SplitMix64)
        -> @Sendable (Database) throws -> Void
    {
        let rows = numbers.map { ($0, Int.random(in: 0..<30, using: &generator), folders.randomElement(using: &generator)!,
                                  Int.random(in: 0..<1_000, using: &generator)) }
        return { db in
            for (number, rank, folder, version) in rows {
                try db.execute(sql: """
                    INSERT INTO note (id, title, folder, rank) VALUES (?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET title = excluded.title, folder = excluded.folder, rank = excluded.rank
                    """, arguments: [Note.id(number), "Note \(number) v\(version)", folder, rank])
            }
        }
    }

    /// A note as answered (hashable through its id and columns).
    struct Seen<Note: SyncNote>: Hashable {
        var id: Note.ID, title: String, folder: String, rank: Int
        init(_ note: Note) { (id, title, folder, rank) = (note.id, note.title, note.folder, note.rank) }
    }

    /// What is wrong with the displayed rows, or `nil`: answers of no one state, a row answered
    /// before that answers `nil`, any `nil` unless `nilAllowed` (rows nobody read, on a queue).
    static func displayedFault<Note: SyncNote>(_ updater: ViewUpdater<DatabaseStorage<Note>>, _ history: History<Note>,
                                               seen: inout Set<Seen<Note>>, nilAllowed: Bool) -> String? {
        let ids = updater.content.ids
        let answers = ids.indices.map { section in
            ids[section].indices.map { updater.item(at: IndexPath(item: $0, section: section)) as? Note }
        }
        let flat = Array(answers.joined())
        let candidates = history.states.map { Array($0.joined()) }.enumerated().filter { index, state in
            history.states[index].map { $0.map(\.id) } == ids && zip(state, flat).allSatisfy { $1 == nil || $0 == $1 }
        }.map(\.element)
        guard !candidates.isEmpty else { return "\(flat.count) displayed rows answer no one state" }
        for (position, answer) in flat.enumerated() where answer == nil {
            if !nilAllowed { return "a displayed row answers nil" }
            if candidates.allSatisfy({ seen.contains(Seen($0[position])) }) { return "a row answered before answers nil" }
        }
        for case let note? in flat { seen.insert(Seen(note)) }
        return nil
    }

    @Test("the table created again with two columns' names swapped, the values in place: every row is seen as changed",
          arguments: [false, true])
    func columnsSwapped(onPool: Bool) async throws {
        let database = try TemporaryDatabase()
        let writer: any DatabaseWriter = onPool ? try database.pool() : try database.queue()
        try await writer.write { db in
            for id in 1...3 { try Book(id: Int64(id), title: "Title \(id)", genre: "Genre \(id)", rank: id).insert(db) }
        }
        let storage = try DatabaseStorage(writer: writer, request: Book.order(Column("id")))
        storage.externalChangePollInterval = .milliseconds(10)
        // Not UpdateRecorder: GRDB's reader connections keep the column names of a statement
        // prepared before the change, so its reads are no oracle here.
        var updates: [StorageUpdate] = []
        storage.addObserver { updates.append($0) }
        let observation = try await startObserving(storage)
        defer { observation.cancel() }
        #expect(storage.record(at: IndexPath(item: 0, section: 0))?.title == "Title 1")
        // Every row's values, in column order, stay the same bytes: only the names moved.
        let other = try DatabaseQueue(path: database.path, configuration: TemporaryDatabase.configuration())
        try await other.write { db in
            try db.execute(sql: "ALTER TABLE book RENAME TO old_book")
            try db.execute(sql: "CREATE TABLE book (id INTEGER PRIMARY KEY, genre TEXT NOT NULL, title TEXT, rank INTEGER NOT NULL)")
            try db.execute(sql: "INSERT INTO book SELECT * FROM old_book")
            try db.execute(sql: "DROP TABLE old_book")
        }
        try await storage.catchUp()
        let swapped = (1...3).map { Book(id: Int64($0), title: "Genre \($0)", genre: "Title \($0)", rank: $0) }
        #expect(updates.count == 1 && updates.first?.updatedModels.count == 3, "one update: every row changed")
        for (path, model) in updates.first?.updatedModels ?? [:] { #expect(model as? Book == swapped[path.item]) }
        for item in 0..<3 { #expect(storage.record(at: IndexPath(item: item, section: 0)) == swapped[item]) }
        try other.close()
    }

    static func shown<Note: SyncNote>(_ updater: ViewUpdater<DatabaseStorage<Note>>) -> [[Note?]] {
        (0..<updater.numberOfSections).map { section in
            (0..<updater.numberOfItems(inSection: section)).map { updater.item(at: IndexPath(item: $0, section: section)) as? Note }
        }
    }

    static func settle<Note: SyncNote>(_ scheduler: ManualScheduler, _ view: SimulatedView,
                                       _ updater: ViewUpdater<DatabaseStorage<Note>>) {
        view.isInWindow = true
        while !(updater.isIdle && scheduler.pendingCount == 0 && view.batchesInFlight == 0) {
            scheduler.runUntilIdle()
            view.finishAnimations()
        }
        view.layoutIfNeeded()
    }
}
#endif
