#if GRDB
import FingerprintDiff
import Foundation
import GRDB
@_spi(Benchmarking) import ModelStorage
import ModelStorageGRDB
import ModelStorageTesting
import Testing

/// A user acting on a view of a `DatabaseStorage` while another connection's commits are pending:
/// the rows are resolved by id, the storage takes no edit itself (the app writes the database),
/// and a move the app does not write is animated back to the request's order.
@Suite("DatabaseStorage: the user's actions")
@MainActor
struct DatabaseStorageUserActionTests {
    /// A storage of books 1...5 (rank = id) behind an updater and a view, observing.
    func makeScreen(_ database: TemporaryDatabase) async throws -> (DatabaseQueue, BookScreen) {
        let queue = try database.queue()
        try await queue.write { db in
            for id in 1...5 { try Book(id: Int64(id), title: "Book \(id)", genre: "art", rank: id).insert(db) }
        }
        let screen = try BookScreen(writer: queue, visibleItemCount: 10)
        try await screen.observe()
        return (queue, screen)
    }

    func displayedIDs(_ updater: ViewUpdater<DatabaseStorage<Book>>) -> [Int64?] {
        (0..<updater.numberOfItems(inSection: 0)).map { updater.displayedItem(at: IndexPath(item: $0, section: 0))?.id }
    }

    @Test("rows resolved by id while a deletion is pending; swipes are the app's, unapplied moves animate back")
    func actionsWhileACommitIsPending() async throws {
        let database = try TemporaryDatabase()
        let (_, screen) = try await makeScreen(database)
        let (storage, updater, view, scheduler) = (screen.storage, screen.updater, screen.view, screen.scheduler)
        let other = try DatabaseQueue(path: database.path, configuration: TemporaryDatabase.configuration())

        try await other.write { db in _ = try Book.deleteOne(db, id: 2) }
        try await screen.waitForReads(after: 0)
        #expect(displayedIDs(updater) == [1, 2, 3, 4, 5])
        #expect(updater.storageIndexPath(forDisplayed: IndexPath(item: 2, section: 0)) == IndexPath(item: 1, section: 0))
        #expect(updater.storageIndexPath(forDisplayed: IndexPath(item: 1, section: 0)) == nil)
        #expect(throws: UserActionError.notEditable) { try view.simulateSwipeToDelete(at: IndexPath(item: 3, section: 0)) }
        #expect(throws: UserActionError.notEditable) {
            try view.simulateUserMove(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 3, section: 0))
        }
        #expect(displayedIDs(updater) == [2, 3, 4, 1, 5], "the view shows the user's move")
        scheduler.runUntilIdle()
        view.finishAnimations()
        view.layoutIfNeeded()
        #expect(displayedIDs(updater) == [1, 3, 4, 5] && storage.ids == [[1, 3, 4, 5]])
        #expect(view.violations.isEmpty && view.staleCells.isEmpty && view.cachedItemCounts == [4])
        try other.close()
    }

    @Test("a move the app writes to the database before the next batch stays where the user put it")
    func moveWrittenByTheApp() async throws {
        let database = try TemporaryDatabase()
        let (queue, screen) = try await makeScreen(database)
        let (updater, view, scheduler) = (screen.updater, screen.view, screen.scheduler)

        #expect(throws: UserActionError.notEditable) {
            try view.simulateUserMove(from: IndexPath(item: 4, section: 0), to: IndexPath(item: 0, section: 0))
        }
        // The app's reordering handler: book 5 first.
        try await queue.write { db in try db.execute(sql: "UPDATE book SET rank = 0 WHERE id = 5") }
        try await screen.waitForReads(after: 0)
        let structures = updater.statistics.structureBatches, logged = view.log.count
        scheduler.runUntilIdle()
        view.finishAnimations()
        // Only the changed row's refresh (its rank changed): no move, the view had it.
        #expect(updater.statistics.structureBatches == structures && !view.log[logged...].contains { $0.hasPrefix("moveItem") },
                "\(view.log[logged...])")
        #expect(displayedIDs(updater) == [5, 1, 2, 3, 4] && view.violations.isEmpty)
    }
}
#endif
