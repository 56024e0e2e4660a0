#if GRDB
import Foundation
import GRDB
import ModelStorage
import ModelStorageGRDB
import ModelStorageTesting
import ModelStorageViews
import Testing

/// A `StorageList`'s coordinator over a `DatabaseStorage` on a real SQLite file: a swipe to delete
/// is a request the app's handler fulfils by writing the database; one that throws keeps the row,
/// reported, and the view stays equal to the storage.
@Suite("DatabaseStorage behind a list host: deletions are requests")
@MainActor
struct DatabaseListHostTests {
    struct Refused: Error {}

    /// What the app's handler does and what it was told.
    @MainActor
    final class App {
        var refuses = true
        var failures: [any Error] = []
        var reads = 0
    }

    /// The books by genre in a `DatabaseStorage` on `queue`, shown by a list host over a simulated
    /// view of ten visible rows whose updater the returned scheduler drives.
    static func hostedBooks(on queue: DatabaseQueue) throws
        -> (DatabaseStorage<Book>, ManualScheduler, SimulatedView, ListHost<DatabaseStorage<Book>, String, Int64>) {
        let storage = try DatabaseStorage(writer: queue, request: Book.ordered, sectionColumn: "genre")
        let scheduler = ManualScheduler()
        let view = SimulatedView(visibleItemCount: 10)
        let host = ListHost(storage: storage, view: view, rowContent: "rows", identify: { ($0 as? Book)?.id },
                            visibleItems: { view.indexPathsForVisibleItems }, schedule: scheduler.schedule)
        view.dataSource = host
        view.layoutIfNeeded()
        return (storage, scheduler, view, host)
    }

    @Test("a delete handler that writes removes the row; one that throws keeps it and is reported")
    func requests() async throws {
        let database = try TemporaryDatabase()
        let queue = try database.queue()
        try await queue.write { db in
            for id in 1...4 { try Book(id: Int64(id), title: "Book \(id)", genre: "art", rank: id).insert(db) }
        }
        let (storage, scheduler, view, host) = try Self.hostedBooks(on: queue)
        storage.externalChangePollInterval = .milliseconds(10)
        let app = App()
        host.didFailAction = { app.failures.append($0) }
        host.didDeleteItem = { item in
            guard let book = item as? Book else { return }
            if app.refuses { throw Refused() }
            _ = try queue.write { db in try Book.deleteOne(db, id: book.id) }
        }
        storage.addObserver { _ in app.reads += 1 }
        let observation = try await startObserving(storage)
        defer { observation.cancel() }

        #expect(!host.userDidSwipeToDelete(at: IndexPath(item: 1, section: 0)))   // the write refused
        #expect(app.failures.count == 1 && app.failures.first is Refused)
        #expect(storage.ids == [[1, 2, 3, 4]])
        app.refuses = false
        #expect(host.userDidSwipeToDelete(at: IndexPath(item: 1, section: 0)))
        while app.reads == 0 { try await Task.sleep(for: .milliseconds(2)) }
        for _ in 0..<100 where !host.updater.isIdle || view.batchesInFlight > 0 {
            scheduler.runUntilIdle()
            view.finishAnimations()
        }
        view.layoutIfNeeded()
        #expect(storage.ids == [[1, 3, 4]] && app.failures.count == 1)
        #expect((0..<host.numberOfItems(inSection: 0)).map { (host.item(at: IndexPath(item: $0, section: 0)) as? Book)?.id } == [1, 3, 4])
        #expect(view.violations.isEmpty && view.staleCells.isEmpty)
    }

    @Test("a drop where the row was asks the app nothing; a drop elsewhere is a request")
    func dropInPlace() throws {
        let database = try TemporaryDatabase()
        let queue = try database.queue()
        try queue.write { db in
            for id in 1...4 { try Book(id: Int64(id), title: "Book \(id)", genre: "art", rank: id).insert(db) }
        }
        let (storage, scheduler, view, host) = try Self.hostedBooks(on: queue)
        var requests: [(Int64, IndexPath)] = [], failures: [any Error] = []
        host.didMoveItem = { item, destination in requests.append(((item as! Book).id, destination)) }
        host.didFailAction = { failures.append($0) }
        try view.simulateUserMove(from: IndexPath(item: 1, section: 0), to: IndexPath(item: 1, section: 0))
        #expect(requests.isEmpty && failures.isEmpty)
        try view.simulateUserMove(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))
        #expect(requests.map(\.0) == [1] && requests.map(\.1) == [IndexPath(item: 2, section: 0)] && failures.isEmpty)
        #expect(storage.ids == [[1, 2, 3, 4]])   // the app did not write it: the next batch moves it back
        for _ in 0..<100 where !host.updater.isIdle || view.batchesInFlight > 0 {
            scheduler.runUntilIdle()
            view.finishAnimations()
        }
        view.layoutIfNeeded()
        #expect(view.violations.isEmpty)
        #expect((0..<host.numberOfItems(inSection: 0)).map { (host.item(at: IndexPath(item: $0, section: 0)) as? Book)?.id } == [1, 2, 3, 4])
    }
}
#endif
