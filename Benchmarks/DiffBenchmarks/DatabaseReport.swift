import Foundation
import GRDB
import GRDBSQLite
import ModelStorage

import SeededRandom
@_spi(Benchmarking) import ModelStorageGRDB

/// glibc's malloc_trim, which the Glibc module does not export.
@_silgen_name("malloc_trim")
private func releaseFreeMemoryToSystem(_ pad: Int) -> Int32

/// A row of the database benchmark: books in 20 genres.
struct BenchBook: Codable, FetchableRecord, PersistableRecord, Identifiable, Hashable, Sendable {
    static let databaseTableName = "book"
    var id: Int64
    var title: String
    var genre: String
    var rank: Int
}

/// `DiffBenchmarks --database`: at 10,000 and 100,000 rows (in 20 genres), with commits that
/// change 100 rows:
/// - the time from the start of a commit to the delivered update, for `DatabaseStorage`
///   (sectioned by genre) and, as baselines in the same run, GRDB's `ValueObservation` of
///   `fetchAll` (the new array, no diff) and the same plus the standard library's
///   `difference(from:).inferringMoves()` by id (a flat diff, without updates);
/// - the storage's read-and-diff alone (what it does per commit: after a commit of its own
///   `DatabaseQueue`, read the request's order by rowid and fetch the changed rows its journal
///   lists; after another connection's commit, read every row's id, section and fingerprint;
///   then diff and decode the new and changed rows), against a bare `fetchAll` of the same
///   request, SQLite's own steps through it, and the read decoding every row;
/// - the memory the storage keeps per row.
/// Blocks of each alternate so that machine noise hits all of them.
@MainActor
enum DatabaseReport {
    nonisolated static let genres = (0..<20).map { "genre \($0 < 10 ? "0" : "")\($0)" }
    nonisolated static let request = BenchBook.order(Column("genre"), Column("rank"), Column("id"))

    /// The queue's report, then the pool's, at 10,000 and 100,000 rows; with `filter`, only the
    /// parts whose title ("queue 10,000", "pool 100,000", ...) it matches.
    static func run(filter: String? = nil) async throws {
        func wanted(_ title: String) -> Bool { filter.map { title.range(of: $0, options: .regularExpression) != nil } ?? true }
        for rows in [10_000, 100_000] where wanted("queue \(rows.formatted())") {
            try await report(rows: rows)
        }
        for rows in [10_000, 100_000] where wanted("pool \(rows.formatted())") {
            try await DatabasePinReport.report(rows: rows)
        }
    }

    static func report(rows: Int) async throws {
        let (queue, directory) = try await makeDatabase(rows: rows)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await report(rows: rows, queue: queue)
    }

    /// A database of `rows` books in a new temporary directory (removed by the caller).
    static func makeDatabase(rows: Int) async throws -> (DatabaseQueue, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("DiffBenchmarks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: directory.appendingPathComponent("bench.sqlite").path)
        try await queue.write { db in
            try db.create(table: "book") { table in
                table.primaryKey("id", .integer)
                table.column("title", .text).notNull()
                table.column("genre", .text).notNull()
                table.column("rank", .integer).notNull()
            }
            // The request's order, indexed, as a list's query should be: SQLite then reads the
            // rows in order instead of sorting them on every read.
            try db.create(index: "book_by_genre_rank", on: "book", columns: ["genre", "rank", "id"])
            for id in 1...rows {
                try BenchBook(id: Int64(id), title: "Book \(id)", genre: genres[id % genres.count], rank: id).insert(db)
            }
        }
        return (queue, directory)
    }

    static func report(rows: Int, queue: DatabaseQueue) async throws {
        let clock = ContinuousClock()
        var generator = SplitMix64(seed: 2_026)
        var nextID = Int64(rows)
        let title = "DatabaseStorage on a DatabaseQueue, \(rows.formatted()) rows: commits of 100 changed rows (40 titles, 20 ranks, 20 genres, 10 deleted, 10 inserted) to a table of books indexed on the request's order (genre, rank, id); medians, in alternating blocks"
        var table: [[String]] = []

        // End to end.
        var times: [String: [Duration]] = [:]
        let names = ["DatabaseStorage (sectioned diff)", "ValueObservation fetchAll (no diff)",
                     "ValueObservation + CollectionDifference"]
        let commits = rows > 10_000 ? 4 : 15
        for _ in 0..<4 {
            for (kind, name) in names.enumerated() {
                times[name, default: []] += try await measure(kind: kind, queue: queue, commits: commits,
                                                               generator: &generator, nextID: &nextID)
            }
        }
        let baseline = median(times[names[1]]!)
        for name in names {
            let middle = median(times[name]!)
            table.append(["commit to delivered update: " + name, format(middle),
                          String(format: "%.2f×", middle / baseline) + " ValueObservation fetchAll"])
        }

        // Read and diff alone: the storage's index is one commit behind the database.
        let storage = try DatabaseStorage(writer: queue, request: request, sectionColumn: "genre")
        try await queue.write(randomChange(&generator, nextID: &nextID))
        var fast: [Duration] = [], full: [Duration] = [], decoding: [Duration] = [], fetches: [Duration] = [],
            steps: [Duration] = []
        let runs = rows > 10_000 ? 5 : 20
        for _ in 0..<4 {
            for _ in 0..<runs {
                let start = clock.now
                blackHole(try storage.readAndDiffWithoutApplying())
                fast.append(clock.now - start)
            }
            for _ in 0..<runs {
                let start = clock.now
                blackHole(try fetchAll(queue))
                fetches.append(clock.now - start)
            }
            for _ in 0..<runs {
                let start = clock.now
                blackHole(try stepAll(queue))
                steps.append(clock.now - start)
            }
            for _ in 0..<runs {
                let start = clock.now
                blackHole(try storage.readAndDiffWithoutApplying(readingEveryRow: true))
                full.append(clock.now - start)
            }
            for _ in 0..<runs {
                let start = clock.now
                blackHole(try storage.readAndDiffWithoutApplying(decodingEveryRow: true))
                decoding.append(clock.now - start)
            }
        }
        let fetch = median(fetches)
        for (name, values) in [("bare fetchAll of the request", fetches), ("SQLite's steps alone (floor)", steps),
                               ("storage read-and-diff (own commit)", fast),
                               ("the same, every row read (other connection)", full),
                               ("the same, decoding every row", decoding)] {
            table.append(["one read of the changed result: " + name, format(median(values)),
                          String(format: "%.2f×", median(values) / fetch) + " fetchAll"])
        }

        try await DatabaseReadAheadReport.report(queue: queue, rows: rows, generator: &generator, nextID: &nextID)

        // Memory kept: resident memory added by four new storages (their transient decoding
        // released), per row.
        _ = releaseFreeMemoryToSystem(0)
        let before = MemoryReport.kilobytes("VmRSS") ?? 0
        let kept = try (0..<4).map { _ in try DatabaseStorage(writer: queue, request: request, sectionColumn: "genre") }
        _ = releaseFreeMemoryToSystem(0)
        let after = MemoryReport.kilobytes("VmRSS") ?? 0
        withExtendedLifetime(kept) {}
        table.append(["memory kept by a storage (resident, per row)",
                      String(format: "%.0f bytes", Double(after - before) * 1024 / Double(4 * rows)), ""])
        Report.table(title, columns: ["measure", "time", "ratio"], rows: table)
    }

    /// The request's records, read synchronously (as the storage's read-and-diff runs).
    nonisolated static func fetchAll(_ queue: DatabaseQueue) throws -> [BenchBook] {
        try queue.read { db in try request.fetchAll(db) }
    }

    /// Steps through the request's rows with SQLite's C API, reading no column: what SQLite
    /// alone costs, the floor of any read of the result.
    nonisolated static func stepAll(_ queue: DatabaseQueue) throws -> Int {
        try queue.read { db in
            let prepared = try request.makePreparedRequest(db, forSingleResult: false)
            return withExtendedLifetime(prepared.statement) {
                let statement = prepared.statement.sqliteStatement
                sqlite3_reset(statement)
                defer { sqlite3_reset(statement) }
                var count = 0
                while sqlite3_step(statement) == SQLITE_ROW { count += 1 }
                return count
            }
        }
    }

    /// `commits` commits, each timed from the start of the write (which commits) to the delivery
    /// of its change: GRDB's `ValueObservation` fetches inside the write, right after the commit.
    /// A delivery counts for a commit only when it lists the row that commit inserted last (the
    /// largest id): a late or repeated delivery of an earlier value is never timed as this one's.
    static func measure(kind: Int, queue: any DatabaseWriter, commits: Int, generator: inout SplitMix64,
                        nextID: inout Int64) async throws -> [Duration] {
        let clock = ContinuousClock()
        var deliveredUpTo: Int64 = 0   // the largest id of the newest delivery
        var lastDelivery = clock.now
        var observing: Task<Void, any Error>
        switch kind {
        case 0, 3:
            let storage = try DatabaseStorage(writer: queue, request: request, sectionColumn: "genre")
            storage.externalChangePollInterval = nil
            // Kind 3 holds the content shown, as a view does: each read retires the old records.
            var shown = kind == 3 ? storage.content : nil
            storage.addObserver { [weak storage] update in
                blackHole(update)
                let now = clock.now
                if shown != nil, let storage { shown = storage.content }
                guard let storage else { return }
                lastDelivery = now
                deliveredUpTo = storage.ids.lazy.compactMap { $0.max() }.max() ?? 0
            }
            observing = Task { try await storage.observe() }
            while !storage.isObserving { try await Task.sleep(for: .milliseconds(1)) }
        default:
            let withDiff = kind == 2
            let observation = ValueObservation.tracking { db in try request.fetchAll(db) }
            var previous: [BenchBook]?
            observing = Task {
                for try await books in observation.values(in: queue) {
                    if withDiff, let previous {
                        blackHole(books.difference(from: previous) { $0.id == $1.id }.inferringMoves())
                    }
                    if previous != nil {
                        lastDelivery = clock.now
                        deliveredUpTo = books.lazy.map(\.id).max() ?? 0
                    }
                    previous = books
                }
            }
            while previous == nil { try await Task.sleep(for: .milliseconds(1)) }
        }
        defer { observing.cancel() }
        var times: [Duration] = []
        for _ in 0..<commits {
            let change = randomChange(&generator, nextID: &nextID)
            let committed = clock.now   // the commit is at the end of this write
            try await queue.write(change)
            while deliveredUpTo < nextID { try await Task.sleep(for: .microseconds(50)) }
            times.append(lastDelivery - committed)
        }
        return times
    }

    /// 100 changed rows: 40 titles, 20 ranks (moves within a genre), 20 genres (moves between
    /// sections), 10 deletions, 10 insertions.
    static func randomChange(_ generator: inout SplitMix64, nextID: inout Int64) -> @Sendable (Database) throws -> Void {
        var statements: [String] = []
        func someID() -> Int64 { Int64.random(in: 1...nextID, using: &generator) }
        for _ in 0..<40 { statements.append("UPDATE book SET title = title || '+' WHERE id = \(someID())") }
        for _ in 0..<20 { statements.append("UPDATE book SET rank = \(Int.random(in: 0..<20_000, using: &generator)) WHERE id = \(someID())") }
        for _ in 0..<20 { statements.append("UPDATE book SET genre = '\(genres.randomElement(using: &generator)!)' WHERE id = \(someID())") }
        for _ in 0..<10 { statements.append("DELETE FROM book WHERE id = \(someID())") }
        for _ in 0..<10 {
            nextID += 1
            statements.append("INSERT INTO book VALUES (\(nextID), 'New \(nextID)', '\(genres.randomElement(using: &generator)!)', \(Int.random(in: 0..<20_000, using: &generator)))")
        }
        let sql = statements.joined(separator: ";\n")
        return { db in try db.execute(sql: sql) }
    }

    static func median(_ values: [Duration]) -> Duration {
        values.sorted()[values.count / 2]
    }

    static func format(_ duration: Duration) -> String {
        String(format: "%.2f ms", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1e3)
    }
}

/// `DiffBenchmarks --database`, the pool's part: what pinning each version costs.
/// - commit to delivered update through a `DatabasePool`: the storage (each read in a snapshot
///   it keeps as the version's pin) against `ValueObservation` of `fetchAll` on the same pool;
/// - the memory a held version keeps (its connection, with the pages its reads touched);
/// - the WAL file after commits of a continuous writer, with no storage, with a storage
///   observing (its current version pinned), and with one content held throughout (a batch
///   animating the whole time).
@MainActor
enum DatabasePinReport {
    static func report(rows: Int) async throws {
        let (queue, directory) = try await DatabaseReport.makeDatabase(rows: rows)
        defer { try? FileManager.default.removeItem(at: directory) }
        try queue.close()
        let path = directory.appendingPathComponent("bench.sqlite").path
        let pool = try DatabasePool(path: path)
        var generator = SplitMix64(seed: 2_027)
        var nextID = Int64(rows)
        var times: [String: [Duration]] = [:]
        let names = ["DatabaseStorage, pinned (sectioned diff)", "ValueObservation fetchAll (no diff)",
                     "DatabaseStorage, a view's content held"]
        let commits = rows > 10_000 ? 4 : 15
        for _ in 0..<4 {
            for (kind, name) in zip([0, 1, 3], names) {
                times[name, default: []] += try await DatabaseReport.measure(kind: kind, queue: pool, commits: commits,
                                                                              generator: &generator, nextID: &nextID)
            }
        }
        let baseline = DatabaseReport.median(times[names[1]]!)
        let table = names.map { name in
            let middle = DatabaseReport.median(times[name]!)
            return [name, DatabaseReport.format(middle), String(format: "%.2f×", middle / baseline) + " ValueObservation fetchAll"]
        }
        let label = "\(rows.formatted()) rows"
        Report.table("DatabaseStorage on a DatabasePool (WAL), \(label): commit to delivered update, medians in alternating blocks",
                     columns: ["observer", "time", "ratio"], rows: table)
        try await refreshSteps(pool, label: label, generator: &generator, nextID: &nextID)
        try await versionMemory(pool, label: label, generator: &generator, nextID: &nextID)
        try await walGrowth(pool, label: label, path: path, generator: &generator, nextID: &nextID)
        try pool.close()
    }

    /// Where the time from a commit to its delivered update goes: the median time from the
    /// start of the write to each step of the storage's refresh (`RefreshProbe`), 30 commits.
    static func refreshSteps(_ pool: DatabasePool, label: String, generator: inout SplitMix64, nextID: inout Int64) async throws {
        let storage = try DatabaseStorage(writer: pool, request: DatabaseReport.request, sectionColumn: "genre")
        storage.externalChangePollInterval = nil
        let clock = ContinuousClock()
        let steps = StepLog()
        var delivered = 0
        storage.addObserver { _ in
            steps.append("delivered", clock.now)
            delivered += 1
        }
        let observing = Task { try await storage.observe() }
        defer { observing.cancel() }
        while !storage.isObserving { try await Task.sleep(for: .milliseconds(1)) }
        RefreshProbe.record = { step in steps.append(step, clock.now) }
        defer { RefreshProbe.record = nil }
        var sinceCommit: [String: [Duration]] = [:]
        var order: [String] = []
        for _ in 0..<30 {
            let change = DatabaseReport.randomChange(&generator, nextID: &nextID)
            let before = delivered
            steps.reset()
            let start = clock.now
            try await pool.write(change)
            while delivered == before { try await Task.sleep(for: .microseconds(50)) }
            for (step, time) in steps.entries {
                if sinceCommit[step] == nil { order.append(step) }
                sinceCommit[step, default: []].append(time - start)
            }
        }
        Report.table("DatabasePool, \(label): where the time goes (median time from the start of the write to each step, 30 commits)",
                     columns: ["step", "since the write began"],
                     rows: order.map { [$0, DatabaseReport.format(DatabaseReport.median(sinceCommit[$0]!))] })
    }

    /// Steps and their times, from any thread.
    final class StepLog: @unchecked Sendable {
        private let lock = NSLock()
        private var log: [(String, ContinuousClock.Instant)] = []
        func append(_ step: String, _ time: ContinuousClock.Instant) { lock.withLock { log.append((step, time)) } }
        func reset() { lock.withLock { log = [] } }
        var entries: [(String, ContinuousClock.Instant)] { lock.withLock { log } }
    }

    /// Resident memory per version held: 8 contents of 8 successive versions, each listing
    /// every row and having answered one page of records from its pin.
    static func versionMemory(_ pool: DatabasePool, label: String, generator: inout SplitMix64, nextID: inout Int64) async throws {
        let storage = try DatabaseStorage(writer: pool, request: DatabaseReport.request, sectionColumn: "genre")
        storage.externalChangePollInterval = nil
        let observing = Task { try await storage.observe() }
        while !storage.isObserving { try await Task.sleep(for: .milliseconds(1)) }
        try await storage.catchUp()
        var held: [DatabaseStorage<BenchBook>.Content] = []
        _ = releaseFreeMemoryToSystem(0)
        let before = MemoryReport.kilobytes("VmRSS") ?? 0
        for _ in 0..<8 {
            try await pool.write(DatabaseReport.randomChange(&generator, nextID: &nextID))
            try await storage.catchUp()
            let content = storage.content
            blackHole(content.item(at: IndexPath(item: 0, section: 5)))
            held.append(content)
        }
        _ = releaseFreeMemoryToSystem(0)
        let after = MemoryReport.kilobytes("VmRSS") ?? 0
        withExtendedLifetime(held) {}
        observing.cancel()
        _ = await observing.result
        Report.table("DatabasePool, \(label): memory per displayed version held (its rows' index, one page of records read)",
                     columns: ["versions held", "resident memory per version"],
                     rows: [["8", String(format: "%.0f KB", Double(after - before) / 8)]])
    }

    /// The size of the WAL file at `path` (0 when there is none).
    static func walSize(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
    }

    /// How much the WAL file grows over 200 commits of 100 rows by a continuous writer, in four
    /// set-ups (each starting from a checkpointed WAL when nothing else reads); the last one's
    /// writer is another connection (the storage polls every 10 ms).
    static func walGrowth(_ pool: DatabasePool, label: String, path: String, generator: inout SplitMix64, nextID: inout Int64) async throws {
        var sizes: [[String]] = []
        let setups = ["no storage", "a storage observing", "a storage observing, one content held throughout",
                      "the same, another connection writing"]
        var waiting = Configuration()
        waiting.busyMode = .timeout(10)   // a read that starts the WAL over holds the write lock briefly
        let other = try DatabaseQueue(path: path, configuration: waiting)
        defer { try? other.close() }
        for setup in setups {
            _ = try? await pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
            let start = walSize(path)
            var storage: DatabaseStorage<BenchBook>?
            var observing: Task<Void, any Error>?
            var held: DatabaseStorage<BenchBook>.Content?
            let external = setup.hasPrefix("the same")
            if setup != "no storage" {
                let observed = try DatabaseStorage(writer: pool, request: DatabaseReport.request, sectionColumn: "genre")
                observed.externalChangePollInterval = external ? .milliseconds(10) : nil
                observing = Task { try await observed.observe() }
                while !observed.isObserving { try await Task.sleep(for: .milliseconds(1)) }
                if setup.hasSuffix("throughout") || external { held = observed.content }
                storage = observed
            }
            var largest = 0
            for _ in 0..<200 {
                let change = DatabaseReport.randomChange(&generator, nextID: &nextID)
                try await (external ? other as any DatabaseWriter : pool).write(change)
                try await Task.sleep(for: .milliseconds(1))
                largest = max(largest, walSize(path))
            }
            try await storage?.catchUp()
            sizes.append([setup, "\(start / 1024) KB", "\(walSize(path) / 1024) KB", "\(largest / 1024) KB"])
            withExtendedLifetime(held) {}
            held = nil
            observing?.cancel()
            _ = await observing?.result
            storage = nil
        }
        Report.table("DatabasePool, \(label): the WAL file over 200 commits of 100 rows (SQLite's auto-checkpoint at 1,000 pages)",
                     columns: ["set-up", "at start", "at end", "largest"], rows: sizes)
    }
}
