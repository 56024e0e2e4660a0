#if GRDB
import FingerprintDiff
import Foundation
import GRDB
import ModelStorage
import Testing
import SeededRandom

@testable import ModelStorageGRDB

/// The read that takes ids from the primary key column and decodes only new and changed rows
/// gives exactly what the read that decodes every row gives.
@Suite("DatabaseStorage: the fast read equals the decoding read")
@MainActor
struct DatabaseStorageFastReadTests {
    /// The keys of an index, comparable.
    static func keys(_ index: ResultIndex) -> [[String]] {
        index.sections.map { section in
            ["\(section.model.id)"] + section.items.map { "\($0.id) \($0.content.first) \($0.content.second)" }
        }
    }

    @Test("random transactions: same index, same changeset, same updated records", arguments: 1...8 as ClosedRange<UInt64>)
    func fastReadEqualsDecodingRead(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let database = try TemporaryDatabase()
        let queue = try database.queue()
        let sectioned = seed % 2 == 0
        // Some requests with arguments (the fast read steps GRDB's statement itself).
        let filtered = seed % 4 >= 2
        let base = filtered ? Book.filter(Column("rank") < 40 && Column("title") != "x") : Book.all()
        let request = sectioned ? base.order(Column("genre"), Column("rank"), Column("id")) : base.order(Column("rank"), Column("id"))
        let section = sectioned ? "genre" : nil
        var nextID: Int64 = 0
        var old = try queue.read { db in
            try ResultIndex.read(request, sectionColumn: section, idColumn: "id", decodingEveryRow: true, in: db)
        }
        #expect(old.idColumnHoldsIDs)
        for round in 0..<40 {
            let ids = old.index.sections.flatMap { $0.items.compactMap { Int64.fromDatabaseValue($0.id.value) } }
            try queue.write(DatabaseStoragePropertyTests.randomChange(&generator, nextID: &nextID, existing: ids))
            let (fast, slow) = try queue.read { db in
                (try DatabaseStorage<Book>.read(request, sectionColumn: section, idColumn: "id", comparedWith: old.index, in: db),
                 try DatabaseStorage<Book>.read(request, sectionColumn: section, idColumn: nil, comparedWith: old.index, in: db))
            }
            #expect(Self.keys(fast.index) == Self.keys(slow.index), "seed \(seed) round \(round)")
            #expect(fast.changes == slow.changes, "seed \(seed) round \(round)")
            let fastModels = fast.fetchedRecords.compactMap { fetched in fetched.path.map { ($0, fetched.record) } }
            let slowModels = slow.fetchedRecords.compactMap { fetched in fetched.path.map { ($0, fetched.record) } }
            #expect(Dictionary(uniqueKeysWithValues: fastModels) == Dictionary(uniqueKeysWithValues: slowModels))
            #expect(!fast.decodedEveryRow && slow.decodedEveryRow)
            // Every new or changed row was decoded by the fast read too.
            let decoded = Set(fast.fetchedRecords.map(\.id))
            let before = Set(old.index.sections.flatMap { $0.items.map { "\($0.id) \($0.content.first) \($0.content.second)" } })
            for row in fast.index.sections.flatMap(\.items) where !before.contains("\(row.id) \(row.content.first) \(row.content.second)") {
                #expect(decoded.contains(row.id), "seed \(seed) round \(round): \(row.id) new or changed, not decoded")
            }
            old = (slow.index, true)
        }
    }

    /// A record whose id is not its table's primary key column.
    struct Coded: Codable, FetchableRecord, PersistableRecord, Identifiable, Equatable, Sendable {
        static let databaseTableName = "coded"
        var id: String { code }
        var rowNumber: Int64
        var code: String

        enum CodingKeys: String, CodingKey {
            case rowNumber = "id"
            case code
        }
    }

    @Test("an id that is not the primary key column: every row is decoded, the ids stay right",
          arguments: [false, true])
    func idNotThePrimaryKey(emptyAtFirst: Bool) async throws {
        let database = try TemporaryDatabase()
        let queue = try database.queue()
        try await queue.write { db in
            try db.create(table: "coded") { table in
                table.primaryKey("id", .integer)
                table.column("code", .text).notNull()
            }
            if !emptyAtFirst {
                for number in 1...3 { try db.execute(sql: "INSERT INTO coded VALUES (?, ?)", arguments: [number, "c\(number)"]) }
            }
        }
        let storage = try DatabaseStorage(writer: queue, request: Coded.order(Column("id")))
        // With rows, the check at creation sees that column "id" does not hold `Coded.id`.
        #expect((storage.idColumn == nil) == !emptyAtFirst)
        var updates: [StorageUpdate] = []
        storage.addObserver { updates.append($0) }
        var errors: [DatabaseStorageError] = []
        storage.addErrorObserver { errors.append($0) }
        storage.externalChangePollInterval = nil
        let observation = try await startObserving(storage)
        defer { observation.cancel() }
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO coded VALUES (10, 'z10')")
            try db.execute(sql: "UPDATE coded SET code = 'a' || code WHERE id = 1")
        }
        let expected = try await queue.read { db in try Coded.order(Column("id")).fetchAll(db) }
        for _ in 0..<2_000 where storage.ids.first != expected.map(\.id) { try await Task.sleep(for: .milliseconds(5)) }
        #expect(storage.ids == [expected.map(\.id)])
        #expect(storage.idColumn == nil, "a mismatch found while observing turns the fast read off")
        #expect(errors.isEmpty)
        // (`record(at:)` cannot fetch such records: the storage requires `id` to be the primary
        // key, as GRDB's `filter(id:)` does; the ids and updates above stay right regardless.)
    }
}
#endif
