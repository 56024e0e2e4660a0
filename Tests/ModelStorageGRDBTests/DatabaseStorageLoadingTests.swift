#if GRDB
import FingerprintDiff
import Foundation
import GRDB
import ModelStorage
import ModelStorageGRDB
import Testing

/// Counts the SELECT statements a connection runs, and the ids they asked for.
final class SelectCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var statements: [String] = []

    var selects: [String] { lock.withLock { statements } }

    func record(_ sql: String) {
        guard sql.uppercased().hasPrefix("SELECT") else { return }
        lock.withLock { statements.append(sql) }
    }
}

@Suite("DatabaseStorage fetches records on demand")
@MainActor
struct DatabaseStorageLoadingTests {
    @Test("a row of a 10,000-row result is fetched with its page, not with the result")
    func pagedFetching() throws {
        let database = try TemporaryDatabase()
        let counter = SelectCounter()
        var configuration = TemporaryDatabase.configuration()
        configuration.prepareDatabase { db in
            db.trace { event in
                if case .statement(let statement) = event { counter.record(statement.sql) }
            }
        }
        try database.queue().close()
        let queue = try DatabaseQueue(path: database.path, configuration: configuration)
        try queue.write { db in
            for id in 1...10_000 { try Book(id: Int64(id), title: "Book \(id)", genre: "g\((id - 1) / 1_000)", rank: id).insert(db) }
        }
        let storage = try DatabaseStorage(writer: queue, request: Book.ordered, sectionColumn: "genre", cacheCapacity: 100)
        let before = counter.selects.count
        #expect(storage.numberOfSections == 10 && storage.numberOfItems(inSection: 5) == 1_000)

        #expect(storage.record(at: IndexPath(item: 500, section: 5))?.id == 5_501)
        #expect(counter.selects.count == before + 1)
        let query = try #require(counter.selects.last)
        #expect(query.contains("IN ("))
        let inList = try #require(query.range(of: "IN (").map { query[$0.upperBound...].prefix { $0 != ")" } })
        #expect(inList.split(separator: ",").count == storage.pageSize)

        // The rows around it come from the cache: no query.
        for item in 485..<515 { #expect(storage.record(at: IndexPath(item: item, section: 5))?.id == Int64(5_001 + item)) }
        #expect(counter.selects.count == before + 1)

        // Far away: another page.
        #expect(storage.record(at: IndexPath(item: 3, section: 9))?.title == "Book 9004")
        #expect(counter.selects.count == before + 2)

        // At the ends of a section the page stays inside it.
        #expect(storage.record(at: IndexPath(item: 999, section: 2))?.id == 3_000)
        #expect(storage.record(at: IndexPath(item: 0, section: 0))?.id == 1)
        #expect(counter.selects.count == before + 4)
    }

    @Test("the cache keeps at most its capacity, most recently used first, and a changed row is fetched again")
    func cacheBoundsAndFreshness() async throws {
        let database = try TemporaryDatabase()
        let queue = try database.queue()
        try await queue.write { db in
            for id in 1...300 { try Book(id: Int64(id), title: "Book \(id)", genre: "g", rank: id).insert(db) }
        }
        let storage = try DatabaseStorage(writer: queue, request: Book.ordered, cacheCapacity: 40)
        storage.pageSize = 10
        for item in stride(from: 0, to: 300, by: 10) {
            #expect(storage.record(at: IndexPath(item: item, section: 0))?.id == Int64(item + 1))
        }
        #expect(storage.cachedRecordCount <= 40)

        let recorder = UpdateRecorder(storage)
        let observation = Task { try await storage.observe() }
        defer { observation.cancel() }
        try await recorder.wait { storage.isObserving }
        _ = storage.record(at: IndexPath(item: 295, section: 0))
        try await queue.write { db in try db.execute(sql: "UPDATE book SET title = 'New' WHERE id = 296") }
        try await recorder.wait { recorder.updates.count == 1 }
        #expect(storage.record(at: IndexPath(item: 295, section: 0))?.title == "New")
        #expect(recorder.updates[0].updatedModels[IndexPath(item: 295, section: 0)] as? Book
            == Book(id: 296, title: "New", genre: "g", rank: 296))
        #expect(recorder.failures.isEmpty, "\(recorder.failures)")
    }
}
#endif
