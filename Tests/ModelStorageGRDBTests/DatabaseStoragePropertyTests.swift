#if GRDB
import FingerprintDiff
import Foundation
import GRDB
import ModelStorage
import ModelStorageGRDB
import Testing
import SeededRandom

@Suite("DatabaseStorage on random transactions")
@MainActor
struct DatabaseStoragePropertyTests {
    /// A random transaction: inserts, deletes, title changes, re-sorts and genre changes, always
    /// with at least one insertion so that every round changes the result.
    static func randomChange(_ generator: inout SplitMix64, nextID: inout Int64, existing: [Int64])
        -> @Sendable (Database) throws -> Void
    {
        let genres = ["art", "fantasy", "history", "poetry", "science", "travel"]
        var statements: [String] = []
        for _ in 0..<Int.random(in: 1...40, using: &generator) {
            let id = existing.randomElement(using: &generator) ?? 0
            switch Int.random(in: 0..<6, using: &generator) {
            case 0:
                nextID += 1
                statements.append("INSERT INTO book (id, title, genre, rank) VALUES (\(nextID), 'Book \(nextID)', '\(genres.randomElement(using: &generator)!)', \(Int.random(in: 0..<50, using: &generator)))")
            case 1: statements.append("DELETE FROM book WHERE id = \(id)")
            case 2: statements.append("UPDATE book SET title = title || '!' WHERE id = \(id)")
            case 3: statements.append("UPDATE book SET rank = \(Int.random(in: 0..<50, using: &generator)) WHERE id = \(id)")
            case 4: statements.append("UPDATE book SET genre = '\(genres.randomElement(using: &generator)!)' WHERE id = \(id)")
            default: statements.append("UPDATE book SET rank = rank WHERE id = \(id)")   // no change
            }
        }
        nextID += 1
        statements.append("INSERT INTO book (id, title, genre, rank) VALUES (\(nextID), 'Book \(nextID)', '\(genres.randomElement(using: &generator)!)', 0)")
        let sql = statements.joined(separator: ";\n")
        return { db in try db.execute(sql: sql) }
    }

    @Test("every update passes the oracle, and the storage shows what the database holds",
          arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomTransactions(seed: UInt64) async throws {
        var generator = SplitMix64(seed: seed)
        let database = try TemporaryDatabase()
        let queue = try database.queue()
        let other = try DatabasePool(path: database.path, configuration: TemporaryDatabase.configuration())
        var nextID: Int64 = 0
        let sectioned = seed % 3 != 0
        let request = sectioned ? Book.ordered : Book.order(Column("rank"), Column("id"))
        let storage = try DatabaseStorage(writer: queue, request: request, sectionColumn: sectioned ? "genre" : nil,
                                          cacheCapacity: seed % 2 == 0 ? 8 : 10_000)
        storage.externalChangePollInterval = .milliseconds(10)
        storage.pageSize = 4
        let recorder = UpdateRecorder(storage)
        let observation = Task { try await storage.observe() }
        defer { observation.cancel() }
        try await recorder.wait { storage.isObserving }

        for round in 0..<25 {
            let change = Self.randomChange(&generator, nextID: &nextID, existing: storage.ids.flatMap { $0 })
            let before = recorder.updates.count
            let viaOther = Int.random(in: 0..<4, using: &generator) == 0
            try await (viaOther ? other as any DatabaseWriter : queue).write(change)
            let expected = try idsInDatabase(queue, request, sectioned: sectioned)
            try await recorder.wait { recorder.updates.count > before && storage.ids == expected }
            #expect(storage.ids == expected, "seed \(seed) round \(round)")
            let books = try await queue.read { db in try request.fetchAll(db) }
            var shown: [Book] = []
            for section in 0..<storage.numberOfSections {
                for item in 0..<storage.numberOfItems(inSection: section) {
                    if let book = storage.record(at: IndexPath(item: item, section: section)) { shown.append(book) }
                }
                if sectioned {
                    #expect(storage.headerModel(forSection: section) as? String
                        == storage.record(at: IndexPath(item: 0, section: section))?.genre)
                }
            }
            #expect(shown == books, "seed \(seed) round \(round)")
        }
        #expect(recorder.failures.isEmpty, "seed \(seed): \(recorder.failures)")
        #expect(recorder.errors.isEmpty, "seed \(seed): \(recorder.errors)")
        try other.close()
    }
}
#endif
