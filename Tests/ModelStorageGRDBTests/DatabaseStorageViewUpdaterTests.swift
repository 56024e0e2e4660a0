#if GRDB
import FingerprintDiff
import Foundation
import GRDB
import ModelStorage
import ModelStorageGRDB
import ModelStorageTesting
import SeededRandom
import Testing

/// `DatabaseStorage` behind a `ViewUpdater` on a real SQLite file, with another connection
/// writing while batches run: no UIKit rule broken, and the view ends showing the database.
@Suite("DatabaseStorage behind a ViewUpdater")
@MainActor
struct DatabaseStorageViewUpdaterTests {
    @Test("random commits from two connections while batches animate: no rule broken, the view ends showing the database",
          arguments: [11, 12, 13] as [UInt64])
    func commitsWhileBatchesRun(seed: UInt64) async throws {
        var generator = SplitMix64(seed: seed)
        let database = try TemporaryDatabase()
        let queue = try database.queue()
        let other = try DatabasePool(path: database.path, configuration: TemporaryDatabase.configuration())
        var nextID: Int64 = 0
        let screen = try BookScreen(writer: queue, cacheCapacity: 16, animationDuration: .milliseconds(200), visibleItemCount: 12)
        let (storage, view) = (screen.storage, screen.view)
        storage.pageSize = 4
        try await screen.observe()

        for round in 0..<30 {
            let change = DatabaseStoragePropertyTests.randomChange(&generator, nextID: &nextID,
                                                                   existing: storage.ids.flatMap { $0 })
            let viaOther = Bool.random(using: &generator)
            let readsBefore = screen.reads
            try await (viaOther ? other as any DatabaseWriter : queue).write(change)
            // Sometimes the test drives the view before the commit arrives, sometimes after.
            if Bool.random(using: &generator) { try await screen.waitForReads(after: readsBefore) }
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                switch Int.random(in: 0...3, using: &generator) {
                case 0: screen.scheduler.runNextTurn()
                case 1: view.advance(by: .milliseconds(Int.random(in: 0...300, using: &generator)))
                case 2: view.layoutIfNeeded()
                default: view.isInWindow = Int.random(in: 0...4, using: &generator) > 0
                }
            }
            if !view.violations.isEmpty {
                Issue.record("seed \(seed) round \(round): \(view.violations)")
                return
            }
        }
        // Settle: every commit read, everything sent and animated.
        let expected = try idsInDatabase(queue)
        while storage.ids != expected { try await Task.sleep(for: .milliseconds(5)) }
        screen.settle()
        view.layoutIfNeeded()
        let books = UpdateRecorder.books(of: storage)
        #expect(screen.shownRecords == books.map { $0.map(Optional.some) }, "seed \(seed)")
        #expect(view.cachedItemCounts == books.map(\.count) && view.violations.isEmpty && view.maximumBatchesInFlight <= 1)
        for (path, item) in view.visibleCells {
            #expect(item as? Book == books[path.section][path.item], "seed \(seed): the cell at \(path)")
        }
        try other.close()
    }

    @Test("a displayed row that another connection deleted or changed answers the record as last read")
    func deletedRowStillDisplayed() async throws {
        let database = try TemporaryDatabase()
        let queue = try database.queue()
        try await queue.write { db in
            for id in 1...5 { try Book(id: Int64(id), title: "Book \(id)", genre: "art", rank: id).insert(db) }
        }
        let other = try DatabaseQueue(path: database.path, configuration: TemporaryDatabase.configuration())
        // Laid out: the cells read (and the storage caches) every record.
        let screen = try BookScreen(writer: queue, visibleItemCount: 10)
        let (storage, updater, view) = (screen.storage, screen.updater, screen.view)
        try await screen.observe()

        try await other.write { db in _ = try Book.deleteOne(db, id: 3) }
        try await screen.waitForReads(after: 0)
        // The storage has moved on; the view still shows row 3 until the batch goes.
        #expect(storage.ids == [[1, 2, 4, 5]] && updater.numberOfItems(inSection: 0) == 5)
        #expect((updater.item(at: IndexPath(item: 2, section: 0)) as? Book)?.title == "Book 3")
        // A displayed row changed since: the storage now holds the new record (it fetched it for
        // the update), the displayed content still shows the one it was configured with.
        try await other.write { db in try db.execute(sql: "UPDATE book SET title = 'Renamed' WHERE id = 2") }
        try await screen.waitForReads(after: 1)
        #expect(storage.record(at: IndexPath(item: 1, section: 0))?.title == "Renamed")
        #expect((updater.item(at: IndexPath(item: 1, section: 0)) as? Book)?.title == "Book 2")
        screen.scheduler.runNextTurn()
        view.finishAnimations()
        #expect(screen.shownRecords.map { $0.map { $0?.id } } == [[1, 2, 4, 5]] && view.violations.isEmpty)
        #expect((updater.item(at: IndexPath(item: 1, section: 0)) as? Book)?.title == "Renamed")
        #expect(view.staleCells.isEmpty && view.visibleCells.map { ($0.item as? Book)?.title } == ["Book 1", "Renamed", "Book 4", "Book 5"])
        try other.close()
    }
}
#endif
