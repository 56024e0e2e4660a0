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
    /// A scheduler the test runs by hand.
    @MainActor
    final class Turns {
        var queue: [@MainActor () -> Void] = []
        var schedule: (@escaping @MainActor () -> Void) -> Void {
            { [weak self] work in MainActor.assumeIsolated { self?.queue.append(work) } }
        }
        func run() {
            let work = queue
            queue = []
            for item in work { item() }
        }
    }

    /// The records the updater shows, per section.
    func shownRecords(_ updater: ViewUpdater<DatabaseStorage<Book>>) -> [[Book?]] {
        (0..<updater.numberOfSections).map { section in
            (0..<updater.numberOfItems(inSection: section)).map { updater.item(at: IndexPath(item: $0, section: section)) as? Book }
        }
    }

    @Test("random commits from two connections while batches animate: no rule broken, the view ends showing the database",
          arguments: [11, 12, 13] as [UInt64])
    func commitsWhileBatchesRun(seed: UInt64) async throws {
        var generator = SplitMix64(seed: seed)
        let database = try TemporaryDatabase()
        let queue = try database.queue()
        let other = try DatabasePool(path: database.path, configuration: TemporaryDatabase.configuration())
        var nextID: Int64 = 0
        let storage = try DatabaseStorage(writer: queue, request: Book.ordered, sectionColumn: "genre", cacheCapacity: 16)
        storage.externalChangePollInterval = .milliseconds(10)
        storage.pageSize = 4
        let turns = Turns()
        let view = SimulatedView(animationDuration: .milliseconds(200), visibleItemCount: 12)
        let updater = ViewUpdater(storage: storage, view: view, schedule: turns.schedule)
        view.dataSource = updater
        view.layoutIfNeeded()
        var reads = 0
        storage.addObserver { _ in reads += 1 }
        let observation = Task { try await storage.observe() }
        defer { observation.cancel() }
        while !storage.isObserving { try await Task.sleep(for: .milliseconds(5)) }

        for round in 0..<30 {
            let change = DatabaseStoragePropertyTests.randomChange(&generator, nextID: &nextID,
                                                                   existing: storage.ids.flatMap { $0 })
            let viaOther = Bool.random(using: &generator)
            let readsBefore = reads
            try await (viaOther ? other as any DatabaseWriter : queue).write(change)
            // Sometimes the test drives the view before the commit arrives, sometimes after.
            if Bool.random(using: &generator) {
                while reads == readsBefore { try await Task.sleep(for: .milliseconds(2)) }
            }
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                switch Int.random(in: 0...3, using: &generator) {
                case 0: turns.run()
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
        view.isInWindow = true
        while !(updater.isIdle && turns.queue.isEmpty && view.batchesInFlight == 0) {
            turns.run()
            view.finishAnimations()
        }
        view.layoutIfNeeded()
        let books = UpdateRecorder.books(of: storage)
        #expect(shownRecords(updater) == books.map { $0.map(Optional.some) }, "seed \(seed)")
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
        let storage = try DatabaseStorage(writer: queue, request: Book.ordered, sectionColumn: "genre")
        storage.externalChangePollInterval = .milliseconds(10)
        let turns = Turns()
        let view = SimulatedView(visibleItemCount: 10)
        let updater = ViewUpdater(storage: storage, view: view, schedule: turns.schedule)
        view.dataSource = updater
        view.layoutIfNeeded()   // the cells read (and the storage caches) every record
        var reads = 0
        storage.addObserver { _ in reads += 1 }
        let observation = Task { try await storage.observe() }
        defer { observation.cancel() }
        while !storage.isObserving { try await Task.sleep(for: .milliseconds(5)) }

        try await other.write { db in _ = try Book.deleteOne(db, id: 3) }
        while reads == 0 { try await Task.sleep(for: .milliseconds(2)) }
        // The storage has moved on; the view still shows row 3 until the batch goes.
        #expect(storage.ids == [[1, 2, 4, 5]] && updater.numberOfItems(inSection: 0) == 5)
        #expect((updater.item(at: IndexPath(item: 2, section: 0)) as? Book)?.title == "Book 3")
        // A displayed row changed since: the storage now holds the new record (it fetched it for
        // the update), the displayed content still shows the one it was configured with.
        try await other.write { db in try db.execute(sql: "UPDATE book SET title = 'Renamed' WHERE id = 2") }
        while reads < 2 { try await Task.sleep(for: .milliseconds(2)) }
        #expect(storage.record(at: IndexPath(item: 1, section: 0))?.title == "Renamed")
        #expect((updater.item(at: IndexPath(item: 1, section: 0)) as? Book)?.title == "Book 2")
        turns.run()
        view.finishAnimations()
        #expect(shownRecords(updater).map { $0.map { $0?.id } } == [[1, 2, 4, 5]] && view.violations.isEmpty)
        #expect((updater.item(at: IndexPath(item: 1, section: 0)) as? Book)?.title == "Renamed")
        #expect(view.staleCells.isEmpty && view.visibleCells.map { ($0.item as? Book)?.title } == ["Book 1", "Renamed", "Book 4", "Book 5"])
        try other.close()
    }
}
#endif
