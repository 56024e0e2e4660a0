#if GRDB
import FingerprintDiff
import Foundation
import GRDB
import ModelStorage
import ModelStorageGRDB
import ModelStorageTesting
import SeededRandom
import Testing

/// From outside, on both kinds of writer: a `ViewUpdater` over a `DatabaseStorage`, a
/// `SimulatedView` with many visible cells and a small cache, a second connection committing at
/// random moments (single inserts and deletes, title and rank changes that move rows, rows
/// changing section, bulk commits of 50-500 rows, a whole section deleted, everything deleted),
/// batches animating across commits for random lengths of the test's time, and every displayed
/// row read at random moments.
///
/// Every answer must be the record of the row as one state the database went through, the same
/// state for every row (never newer, never mixed). A row whose record some content already
/// answered or configured a cell with must never answer `nil` (queue and pool); on a pool no
/// row answers `nil` at all. On a queue, rows nobody read that changed since answer `nil`: they
/// are counted (``Audit/unreadNils``) and allowed.
///
/// `MODELSTORAGE_AUDIT_SEEDS` sets how many seeds run (half on a pool, half on a queue; default
/// 4; `MODELSTORAGE_AUDIT_SEED` runs that one seed alone), `MODELSTORAGE_AUDIT_STEPS` the commits per seed (default 40), `MODELSTORAGE_AUDIT_READ_AHEAD`
/// the storage's ``DatabaseStorage/readAhead`` (default: the storage's), and
/// `MODELSTORAGE_AUDIT_REPORT=1` prints each seed's counts.
@Suite("DatabaseStorage: a random audit of the displayed rows, pool and queue")
@MainActor
struct DisplayedRowsAuditTests {
    /// What one seed's run saw.
    struct Audit: CustomStringConvertible {
        var reads = 0
        var readsMidAnimation = 0
        /// Displayed rows read, all checks together.
        var rowReads = 0
        var commits = 0
        var commitsMidAnimation = 0
        /// Rows that answered `nil` although their record, as displayed, was answered before.
        var promisedNils = 0
        /// Rows that answered `nil` whose record, as displayed, nobody read.
        var unreadNils = 0
        /// Those of them within one screen of the visible cells (where a user scrolls to during
        /// an animation).
        var unreadNilsNearView = 0
        /// Displayed contents whose answers are no one state the database went through.
        var mismatches: [String] = []
        /// The most records the storage kept for its contents.
        var mostKeptRecords = 0
        var seconds = 0.0

        var description: String {
            "reads \(reads) (\(readsMidAnimation) mid-animation, \(rowReads) rows), commits \(commits) (\(commitsMidAnimation) mid-animation), "
                + "promised nil \(promisedNils), unread nil \(unreadNils) (\(unreadNilsNearView) near the view), mismatches \(mismatches.count), "
                + "most kept \(mostKeptRecords), \(String(format: "%.2f", seconds)) s"
        }
    }

    /// The seeds to run: `MODELSTORAGE_AUDIT_SEEDS` of them (default 4), alternately on a pool
    /// (even) and a queue (odd), or `MODELSTORAGE_AUDIT_SEED` alone.
    nonisolated static var seeds: [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let seed = environment["MODELSTORAGE_AUDIT_SEED"].flatMap(UInt64.init) { return [seed] }
        let count = environment["MODELSTORAGE_AUDIT_SEEDS"].flatMap(Int.init) ?? 4
        return (0..<UInt64(max(1, count))).map { 5_500 + $0 }
    }

    static var steps: Int { ProcessInfo.processInfo.environment["MODELSTORAGE_AUDIT_STEPS"].flatMap(Int.init) ?? 40 }

    @Test("random commits of a second connection, batches animating, every displayed row read at random moments",
          arguments: seeds)
    func audit(seed: UInt64) async throws {
        let audit = try await Self.run(seed: seed, onPool: seed % 2 == 0)
        if ProcessInfo.processInfo.environment["MODELSTORAGE_AUDIT_REPORT"] == "1" {
            print("audit seed \(seed) \(seed % 2 == 0 ? "pool" : "queue"): \(audit)")
        }
        #expect(audit.mismatches.isEmpty, "seed \(seed): \(audit.mismatches.prefix(3))")
        #expect(audit.promisedNils == 0, "seed \(seed): \(audit)")
        if seed % 2 == 0 { #expect(audit.unreadNils == 0, "seed \(seed) (pool): \(audit)") }
        #expect(audit.readsMidAnimation > 0 && audit.commitsMidAnimation > 0, "seed \(seed): \(audit)")
    }

    /// One seed's run.
    static func run(seed: UInt64, onPool: Bool) async throws -> Audit {
        var generator = SplitMix64(seed: seed)
        let start = ContinuousClock.now
        let database = try TemporaryDatabase()
        let writer: any DatabaseWriter = onPool ? try database.pool() : try database.queue()
        let other = try DatabaseQueue(path: database.path, configuration: TemporaryDatabase.configuration())
        let history = DisplayedVersionTests.History()
        var nextID = Int64(Int.random(in: 100...600, using: &generator))
        try await history.commit(other, DisplayedVersionTests.insertBooks(first: 1, count: Int(nextID)))
        let screen = try BookScreen(writer: writer, cacheCapacity: [16, 64, 256].randomElement(using: &generator)!,
                                    visibleItemCount: Int.random(in: 20...384, using: &generator))
        if let readAhead = ProcessInfo.processInfo.environment["MODELSTORAGE_AUDIT_READ_AHEAD"].flatMap(Int.init) {
            screen.storage.readAhead = readAhead
        }
        var seen = SeenRecords()
        screen.view.onConfigureCell = { _, item in if let book = item as? Book { seen.insert(book) } }
        screen.view.layoutIfNeeded()
        try await screen.observe()
        defer { screen.stop() }

        var audit = Audit()
        for _ in 0..<steps {
            if screen.view.batchesInFlight > 0 { audit.commitsMidAnimation += 1 }
            audit.commits += 1
            try await history.commit(other, randomCommit(&generator, nextID: &nextID, existing: screen.storage.ids))
            for _ in 0..<Int.random(in: 1...5, using: &generator) {
                try await randomAction(&generator, screen)
                if Int.random(in: 0..<3, using: &generator) == 0 { check(screen, history, &seen, &audit) }
                audit.mostKeptRecords = max(audit.mostKeptRecords, screen.storage.keptRecordCount)
            }
        }
        try await screen.storage.catchUp()
        screen.settle()
        check(screen, history, &seen, &audit)
        if screen.storage.ids != history.states.last!.map({ $0.map(\.id) }) {
            audit.mismatches.append("settled, the storage shows \(screen.storage.ids.joined().count) rows, not the database's")
        }
        if !screen.view.violations.isEmpty { audit.mismatches.append("view rules: \(screen.view.violations.prefix(3))") }
        try other.close()
        let elapsed = ContinuousClock.now - start
        audit.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return audit
    }

    /// One thing the test does between commits: lets the storage read, runs the updater's turns,
    /// advances the animations, scrolls, lays out, or takes the view off screen and back.
    static func randomAction(_ generator: inout SplitMix64, _ screen: BookScreen) async throws {
        let view = screen.view
        switch Int.random(in: 0..<7, using: &generator) {
        case 0, 1: try await screen.storage.catchUp()
        case 2: screen.scheduler.runNextTurn()
        case 3: view.advance(by: .milliseconds(Int.random(in: 0...400, using: &generator)))
        case 4:
            let rows = (0..<screen.updater.numberOfSections).reduce(0) { $0 + screen.updater.numberOfItems(inSection: $1) }
            view.firstVisibleItem = Int.random(in: 0...max(0, rows - 1), using: &generator)
            view.layoutIfNeeded()
        case 5: view.layoutIfNeeded()
        default: view.isInWindow = Int.random(in: 0..<6, using: &generator) > 0
        }
    }

    /// A random commit of the second connection; bulk ones of 50-500 rows. Keeps the table
    /// under about 900 rows.
    static func randomCommit(_ generator: inout SplitMix64, nextID: inout Int64, existing ids: [[Int64]])
        -> @Sendable (Database) throws -> Void
    {
        let existing = ids.flatMap { $0 }
        let genres = ["art", "fantasy", "history", "poetry", "science"]
        let some = { (generator: inout SplitMix64) in
            existing.shuffled(using: &generator).prefix(Int.random(in: 50...500, using: &generator)).map(String.init).joined(separator: ",")
        }
        let one = existing.randomElement(using: &generator) ?? 0
        let rank = Int.random(in: 0..<50, using: &generator)
        let genre = genres.randomElement(using: &generator)!
        var kind = Int.random(in: 0..<40, using: &generator)
        if existing.count > 900, kind % 10 == 4 { kind = 6 }
        switch kind % 10 {
        case 0:
            nextID += 1
            return DisplayedVersionTests.insertBooks(first: nextID, count: 1)
        case 1: return { db in try db.execute(sql: "DELETE FROM book WHERE id = \(one)") }
        case 2: return { db in try db.execute(sql: "UPDATE book SET title = title || '*', rank = \(rank) WHERE id = \(one)") }
        case 3: return { db in try db.execute(sql: "UPDATE book SET genre = '\(genre)' WHERE id = \(one)") }
        case 4:
            let count = Int.random(in: 50...500, using: &generator)
            defer { nextID += Int64(count) }
            return DisplayedVersionTests.insertBooks(first: nextID + 1, count: count)
        case 5:
            let ids = some(&generator)
            return { db in try db.execute(sql: "UPDATE book SET title = title || '+', rank = \(rank) WHERE id IN (\(ids))") }
        case 6:
            let ids = some(&generator)
            return { db in try db.execute(sql: "DELETE FROM book WHERE id IN (\(ids))") }
        case 7: return { db in try db.execute(sql: "DELETE FROM book WHERE genre = '\(genre)'") }
        case 8: return DatabaseStoragePropertyTests.randomChange(&generator, nextID: &nextID, existing: existing)
        default:
            // Everything deleted one time in forty, else a section's rows moved to another.
            if kind == 39 { return { db in try db.execute(sql: "DELETE FROM book") } }
            let from = genres.randomElement(using: &generator)!
            return { db in try db.execute(sql: "UPDATE book SET genre = '\(genre)', title = title || '~' WHERE genre = '\(from)'") }
        }
    }

    /// The records some content answered, as they were (id and every column).
    struct SeenRecords {
        private var keys: Set<String> = []
        mutating func insert(_ book: Book) { keys.insert(Self.key(book)) }
        func contains(_ book: Book) -> Bool { keys.contains(Self.key(book)) }
        private static func key(_ book: Book) -> String { "\(book.id)|\(book.title)|\(book.genre)|\(book.rank)" }
    }

    /// Reads every row the updater displays and checks the answers against the states the
    /// database went through (see the type's notes), counting into `audit`.
    static func check(_ screen: BookScreen, _ history: DisplayedVersionTests.History, _ seen: inout SeenRecords,
                      _ audit: inout Audit) {
        let updater = screen.updater
        let ids = updater.content.ids
        let answers = ids.indices.map { section in
            ids[section].indices.map { updater.item(at: IndexPath(item: $0, section: section)) as? Book }
        }
        audit.reads += 1
        audit.rowReads += answers.joined().count
        if screen.view.batchesInFlight > 0 { audit.readsMidAnimation += 1 }
        // The states the displayed rows can be: their ids, and every answer their record there.
        let candidates = history.states.filter { state in
            state.map { $0.map(\.id) } == ids && zip(state.joined(), answers.joined()).allSatisfy { $1 == nil || $0 == $1 }
        }
        guard !candidates.isEmpty else {
            let wrong = answers.joined().filter { answer in
                answer != nil && !history.states.contains { state in state.joined().contains(answer!) }
            }
            audit.mismatches.append("\(answers.joined().count) rows answer no one state (\(wrong.count) answers of no state at all)")
            return
        }
        let flatCandidates = candidates.map { Array($0.joined()) }
        for (position, answer) in answers.joined().enumerated() {
            guard answer == nil else { continue }
            // Promised when, in every state the rows can be, the row's record was answered before.
            if flatCandidates.allSatisfy({ seen.contains($0[position]) }) {
                audit.promisedNils += 1
            } else {
                audit.unreadNils += 1
                let view = screen.view
                if position >= view.firstVisibleItem - view.visibleItemCount,
                   position < view.firstVisibleItem + 2 * view.visibleItemCount {
                    audit.unreadNilsNearView += 1
                }
            }
        }
        for case let book? in answers.joined() { seen.insert(book) }
    }
}
#endif
