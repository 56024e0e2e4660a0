#if GRDB
import FingerprintDiff
import Foundation
import GRDB
import ModelStorage
@testable import ModelStorageGRDB
import ModelStorageTesting
import SeededRandom
import Testing

/// Displayed versions, from outside: a `ViewUpdater` over a `DatabaseStorage` on a `DatabasePool`,
/// a `SimulatedView`, another connection committing at random moments (bulk commits, delete-all);
/// every displayed row, read at random moments while batches animate, answers its record as of the
/// version the view shows: never `nil`, never newer, never a mix of versions.
@Suite("DatabaseStorage: the displayed content answers every row as displayed")
@MainActor
struct DisplayedVersionTests {
    /// Every state the database went through (the request's books, in sections by genre),
    /// recorded by the test, the only writer.
    @MainActor
    final class History {
        var states: [[[Book]]] = []

        /// Commits `change` through `writer` and records the state it leaves, read in the same
        /// transaction.
        func commit(_ writer: any DatabaseWriter, _ change: @escaping @Sendable (Database) throws -> Void) async throws {
            let books = try await writer.write { db in
                try change(db)
                return try Book.ordered.fetchAll(db)
            }
            states.append(Self.sectioned(books))
        }

        /// `books` in sections of consecutive genres.
        static func sectioned(_ books: [Book]) -> [[Book]] {
            var sections: [[Book]] = []
            for book in books {
                if book.genre == sections.last?.last?.genre { sections[sections.count - 1].append(book) } else { sections.append([book]) }
            }
            return sections
        }
    }

    /// Reads every row the updater displays: the state of `history` they are (its index), or a
    /// description of what is wrong (rows answering `nil`, rows of no one state).
    static func displayedState(_ updater: ViewUpdater<DatabaseStorage<Book>>, _ history: History) -> Result<Int, Fault> {
        let records = (0..<updater.numberOfSections).map { section in
            (0..<updater.numberOfItems(inSection: section)).map { updater.item(at: IndexPath(item: $0, section: section)) as? Book }
        }
        let rowCount = records.reduce(0) { $0 + $1.count }
        let missing = records.reduce(0) { $0 + $1.filter { $0 == nil }.count }
        if missing > 0 { return .failure(Fault("\(missing) of \(rowCount) displayed rows answer nil")) }
        let shown = records.map { $0.map { $0! } }
        guard let version = history.states.lastIndex(where: { $0 == shown }) else {
            // How many rows differ from the closest state with the same counts.
            let counts = shown.map(\.count)
            let differing = history.states.filter { $0.map(\.count) == counts }.map { state in
                zip(state.joined(), shown.joined()).filter { $0 != $1 }.count
            }.min()
            return .failure(Fault("the \(rowCount) displayed rows are no state the database went through (closest: \(differing.map(String.init) ?? "none") rows differ)"))
        }
        return .success(version)
    }

    /// What is wrong with the displayed rows.
    struct Fault: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The fault of the displayed rows (see ``displayedState(_:_:)``), `nil` when there is none.
    static func displayedFault(_ updater: ViewUpdater<DatabaseStorage<Book>>, _ history: History) -> String? {
        if case .failure(let fault) = displayedState(updater, history) { return fault.description }
        return nil
    }

    /// `count` books with ids from `first`, in five genres.
    static func insertBooks(first: Int64, count: Int) -> @Sendable (Database) throws -> Void {
        { db in
            let genres = ["art", "fantasy", "history", "poetry", "science"]
            for id in first..<(first + Int64(count)) {
                try Book(id: id, title: "Book \(id)", genre: genres[Int(id) % genres.count], rank: Int(id % 50)).insert(db)
            }
        }
    }

    /// A random commit: a small random transaction, a bulk insert, update or delete of 50-500
    /// rows, or (rarely) delete-all.
    static func randomCommit(_ generator: inout SplitMix64, nextID: inout Int64, existing: [Int64])
        -> @Sendable (Database) throws -> Void
    {
        let count = Int.random(in: 50...500, using: &generator)
        switch Int.random(in: 0..<10, using: &generator) {
        case 0...3:
            return DatabaseStoragePropertyTests.randomChange(&generator, nextID: &nextID, existing: existing)
        case 4, 5:
            let first = nextID + 1
            nextID += Int64(count)
            return insertBooks(first: first, count: count)
        case 6, 7:
            let ids = existing.shuffled(using: &generator).prefix(count).map(String.init).joined(separator: ",")
            let rank = Int.random(in: 0..<50, using: &generator)
            return { db in try db.execute(sql: "UPDATE book SET title = title || '*', rank = \(rank) WHERE id IN (\(ids))") }
        case 8:
            let ids = existing.shuffled(using: &generator).prefix(count).map(String.init).joined(separator: ",")
            return { db in try db.execute(sql: "DELETE FROM book WHERE id IN (\(ids))") }
        default:
            return { db in try db.execute(sql: "DELETE FROM book") }
        }
    }

    @Test("random commits of another connection, bulk and delete-all: every displayed row answers its displayed version",
          arguments: [(40, nil), (41, nil), (42, 8), (43, 8)] as [(UInt64, Int?)])
    func randomCommits(seed: UInt64, walResetFrames: Int?) async throws {
        var generator = SplitMix64(seed: seed)
        let database = try TemporaryDatabase()
        let pool = try database.pool()
        let other = try DatabaseQueue(path: database.path, configuration: TemporaryDatabase.configuration())
        let history = History()
        var nextID: Int64 = 300
        try await history.commit(other, Self.insertBooks(first: 1, count: 300))
        let screen = try BookScreen(writer: pool, visibleItemCount: 20)
        let (storage, scheduler, view, updater) = (screen.storage, screen.scheduler, screen.view, screen.updater)
        // A small WAL bound: reads that start the WAL over come often.
        if let walResetFrames { storage.walResetFrames = walResetFrames }
        try await screen.observe()

        var faults: [String] = []
        var checksMidAnimation = 0
        for round in 0..<30 {
            try await history.commit(other, Self.randomCommit(&generator, nextID: &nextID, existing: storage.ids.flatMap { $0 }))
            // Sometimes the storage reads the commit before the view moves on, sometimes not.
            if Bool.random(using: &generator) { try await storage.catchUp() }
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                switch Int.random(in: 0...4, using: &generator) {
                case 0: scheduler.runUntilIdle()
                case 1: view.advance(by: .milliseconds(Int.random(in: 0...200, using: &generator)))
                case 2: view.firstVisibleItem = Int.random(in: 0...max(0, updater.numberOfItems(inSection: 0) - 1), using: &generator)
                case 3: view.layoutIfNeeded()
                default: view.isInWindow = Int.random(in: 0...5, using: &generator) > 0
                }
                if view.batchesInFlight > 0 { checksMidAnimation += 1 }
                if let fault = Self.displayedFault(updater, history) { faults.append("round \(round): \(fault)") }
            }
        }
        #expect(faults.isEmpty, "seed \(seed): \(faults.count) faulty reads: \(faults.prefix(5))")
        #expect(checksMidAnimation > 0 && view.violations.isEmpty, "seed \(seed)")
        // Settled: the view shows the last state.
        try await storage.catchUp()
        #expect(storage.ids == history.states.last!.map { $0.map(\.id) })
        screen.settle()
        #expect(Self.displayedFault(updater, history) == nil)
        #expect(storage.lastError == nil)
        try other.close()
    }

    @Test("1,000 rows shown, 900 deleted in one commit while a batch animates, the rest updated: default settings")
    func bulkDeleteWhileABatchAnimates() async throws {
        let database = try TemporaryDatabase()
        let pool = try database.pool()
        let other = try DatabaseQueue(path: database.path, configuration: TemporaryDatabase.configuration())
        let history = History()
        try await history.commit(other, Self.insertBooks(first: 1, count: 1_000))
        let screen = try BookScreen(writer: pool, visibleItemCount: 20)
        let (storage, scheduler, view, updater) = (screen.storage, screen.scheduler, screen.view, screen.updater)
        try await screen.observe()

        // One row inserted: a batch starts and animates.
        try await history.commit(other, Self.insertBooks(first: 1_001, count: 1))
        try await storage.catchUp()
        scheduler.runUntilIdle()
        #expect(view.batchesInFlight == 1)
        #expect(try Self.displayedState(updater, history).get() == 1, "the batch shows the 1,001 rows")
        // 900 rows deleted in one commit, the other 100 updated, while the batch animates.
        try await history.commit(other) { db in
            try db.execute(sql: "DELETE FROM book WHERE id % 10 <> 0")
            try db.execute(sql: "UPDATE book SET title = 'Updated ' || id")
        }
        try await storage.catchUp()
        #expect(storage.ids.joined().count == 100)
        #expect(try Self.displayedState(updater, history).get() == 1, "while the batch animates")
        // The view off screen: the content it shows still answers.
        view.isInWindow = false
        #expect(try Self.displayedState(updater, history).get() == 1, "off screen")
        view.isInWindow = true
        view.finishAnimations()
        scheduler.runUntilIdle()
        view.finishAnimations()
        #expect(updater.isIdle && view.violations.isEmpty)
        #expect(try Self.displayedState(updater, history).get() == 2, "after the batches")
        try other.close()
    }
}
#endif
