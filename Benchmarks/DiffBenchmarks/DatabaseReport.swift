import Foundation
import GRDB
import ModelStorage
import ModelStorageGRDB
import SeededRandom

/// A row of the database benchmark: 10,000 books in 20 genres.
struct BenchBook: Codable, FetchableRecord, PersistableRecord, Identifiable, Hashable, Sendable {
    static let databaseTableName = "book"
    var id: Int64
    var title: String
    var genre: String
    var rank: Int
}

/// `DiffBenchmarks --database`: the time from a commit that changes 100 rows of a 10,000-row
/// table to the delivered update, for `DatabaseStorage` (sectioned by genre) and, as baselines
/// in the same run, GRDB's `ValueObservation` of `fetchAll` (the new array, no diff) and the
/// same plus the standard library's `difference(from:).inferringMoves()` by id (a flat diff,
/// without updates). Blocks of each alternate so that machine noise hits all of them.
@MainActor
enum DatabaseReport {
    nonisolated static let rows = 10_000
    nonisolated static let genres = (0..<20).map { "genre \($0 < 10 ? "0" : "")\($0)" }
    nonisolated static let request = BenchBook.order(Column("genre"), Column("rank"), Column("id"))

    static func run() async throws {
        let clock = ContinuousClock()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("DiffBenchmarks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let queue = try DatabaseQueue(path: directory.appendingPathComponent("bench.sqlite").path)
        try await queue.write { db in
            try db.create(table: "book") { table in
                table.primaryKey("id", .integer)
                table.column("title", .text).notNull()
                table.column("genre", .text).notNull()
                table.column("rank", .integer).notNull()
            }
            for id in 1...rows {
                try BenchBook(id: Int64(id), title: "Book \(id)", genre: genres[id % genres.count], rank: id).insert(db)
            }
        }
        var generator = SplitMix64(seed: 2_026)
        var nextID = Int64(rows)
        var times: [String: [Duration]] = [:]
        let names = ["DatabaseStorage (sectioned diff)", "ValueObservation fetchAll (no diff)",
                     "ValueObservation + CollectionDifference"]
        for _ in 0..<4 {
            for (kind, name) in names.enumerated() {
                times[name, default: []] += try await measure(kind: kind, queue: queue, commits: 15,
                                                               generator: &generator, nextID: &nextID)
            }
        }
        var reads: [Duration] = []
        for _ in 0..<20 {
            let start = clock.now
            blackHole(try DatabaseStorage(writer: queue, request: request, sectionColumn: "genre"))
            reads.append(clock.now - start)
        }
        var fetches: [Duration] = []
        for _ in 0..<20 {
            let start = clock.now
            blackHole(try await queue.read { db in try request.fetchAll(db) })
            fetches.append(clock.now - start)
        }
        print("reading the whole result: DatabaseStorage.init \(format(median(reads))), fetchAll \(format(median(fetches)))")
        print("commit of 100 changed rows (40 titles, 20 ranks, 20 genres, 10 deleted, 10 inserted) in a \(rows)-row table")
        print("to the delivered update, \(times[names[0]]!.count) commits each, in alternating blocks:")
        let baseline = median(times[names[1]]!)
        for name in names {
            let sorted = times[name]!.sorted()
            let middle = median(sorted)
            print("  \(name.padding(toLength: 42, withPad: " ", startingAt: 0)) median \(format(middle))"
                  + "  p90 \(format(sorted[sorted.count * 9 / 10]))  (\(String(format: "%.2f", middle / baseline))x the fetchAll baseline)")
        }
    }

    /// `commits` commits, each timed from the start of the write (which commits) to the delivery
    /// of its change: GRDB's `ValueObservation` fetches inside the write, right after the commit.
    static func measure(kind: Int, queue: DatabaseQueue, commits: Int, generator: inout SplitMix64,
                        nextID: inout Int64) async throws -> [Duration] {
        let clock = ContinuousClock()
        var delivered = 0
        var lastDelivery = clock.now
        var observing: Task<Void, any Error>
        switch kind {
        case 0:
            let storage = try DatabaseStorage(writer: queue, request: request, sectionColumn: "genre")
            storage.externalChangePollInterval = nil
            storage.addObserver { update in
                blackHole(update)
                delivered += 1
                lastDelivery = clock.now
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
                        delivered += 1
                        lastDelivery = clock.now
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
            let before = delivered
            let committed = clock.now   // the commit is at the end of this write
            try await queue.write(change)
            while delivered == before { try await Task.sleep(for: .microseconds(50)) }
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
