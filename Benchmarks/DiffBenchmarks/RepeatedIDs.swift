import FingerprintDiff
import Foundation
import SeededRandom

/// Lists whose ids repeat: how much `.heckel` animates against `.myers` (the least a
/// matching-based diff can), measured as the edit total, deletions + insertions + 2 × moves,
/// and how long each takes.
///
/// - The line corpus: the files modified between releases of swift-syntax, swift-crypto, Yams
///   and Nimble (`Benchmarks/line-corpus.sh`, which `make bench` runs once into
///   `.build/line-corpus`), each diffed by line (a line is its own id: blank lines and closing
///   braces repeat).
/// - Separator feeds: rows where every 10th row is a separator sharing one id and a few ads
///   repeat, changed by deleting, inserting and moving 1% of the rows and adding or removing a
///   few separators and ads.
enum RepeatedIDs {
    /// Where the line corpus is (`MODELSTORAGE_LINE_CORPUS`, or `.build/line-corpus` in the
    /// current directory, where `make bench` puts it).
    static var corpusDirectory: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["MODELSTORAGE_LINE_CORPUS"] ?? ".build/line-corpus")
    }

    /// The corpus as pairs of line lists, or nil when it was not built.
    static func lineCorpus() -> [(old: [Substring], new: [Substring])]? {
        let directory = corpusDirectory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return nil }
        let stems = names.filter { $0.hasSuffix(".old") }.map { String($0.dropLast(4)) }.sorted()
        guard !stems.isEmpty else { return nil }
        func lines(_ name: String) -> [Substring] {
            let text = (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
            return text.split(separator: "\n", omittingEmptySubsequences: false)
        }
        return stems.map { (lines("\($0).old"), lines("\($0).new")) }
    }

    /// A row of a feed: its id and content.
    struct FeedRow: Identifiable, Equatable, Sendable {
        var id: Int
        var content: Int
    }

    /// `count` random feeds of about `rows` rows (separator id 0, ads 1-5, items from 100).
    static func separatorFeeds(count: Int, rows: Int) -> [(old: [FeedRow], new: [FeedRow])] {
        var generator = SplitMix64(seed: 2_500)
        var nextID = 100
        func item() -> FeedRow {
            nextID += 1
            return FeedRow(id: nextID, content: 0)
        }
        return (0..<count).map { _ in
            var old: [FeedRow] = []
            for k in 0..<rows {
                if k % 10 == 0 {
                    old.append(FeedRow(id: 0, content: 0))
                } else if generator.next() % 40 == 0 {
                    old.append(FeedRow(id: 1 + Int(generator.next() % 5), content: 0))
                } else {
                    old.append(item())
                }
            }
            var new = old
            let onePercent = max(1, rows / 100)
            for _ in 0..<onePercent { new.remove(at: Int(generator.next() % UInt64(new.count))) }
            for _ in 0..<onePercent { new.insert(item(), at: Int(generator.next() % UInt64(new.count + 1))) }
            for _ in 0..<onePercent {
                let row = new.remove(at: Int(generator.next() % UInt64(new.count)))
                new.insert(row, at: Int(generator.next() % UInt64(new.count + 1)))
            }
            for _ in 0..<(1 + generator.next() % 3) {
                switch generator.next() % 4 {
                case 0: new.insert(FeedRow(id: 0, content: 0), at: Int(generator.next() % UInt64(new.count + 1)))
                case 1: if let k = new.firstIndex(where: { $0.id == 0 }) { new.remove(at: k) }
                case 2: new.insert(FeedRow(id: 1 + Int(generator.next() % 5), content: 0), at: Int(generator.next() % UInt64(new.count + 1)))
                default: if let k = new.lastIndex(where: { (1...5).contains($0.id) }) { new.remove(at: k) }
                }
            }
            return (old, new)
        }
    }

    /// The four shapes of repeated ids the pairing is measured on, 40,000 old elements each,
    /// ids as `UInt64`s (the same shapes as `Benchmarks/RepeatsProbe/repeats_probe.c`, which
    /// counts one `fd_diff` call's instructions and allocations on them):
    ///
    /// - unique-20: unique old ids; about 20% of the new ids repeat old ones;
    /// - quarter: 10,000 distinct values, 5% deleted, 5% inserted;
    /// - unique-20-inserted: unique-20 with 13,333 new ids inserted;
    /// - feed: a separator sharing one id every 10 rows, an ad every 25 from 4, 5% removed, 5%
    ///   inserted, 20 swaps.
    static func repeatedShapes(count n: Int = 40_000) -> [(name: String, old: [UInt64], new: [UInt64])] {
        var generator = SplitMix64(seed: 12_345)
        func below(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
        func edited(_ old: [UInt64], deleting: Int, inserting: Int, _ pick: () -> UInt64) -> [UInt64] {
            var new = old
            for _ in 0..<deleting where !new.isEmpty { new.remove(at: below(new.count)) }
            for _ in 0..<inserting { new.insert(pick(), at: below(new.count + 1)) }
            return new
        }
        let unique = (0..<n).map { _ in generator.next() | 1 }
        var repeated = unique
        for _ in 0..<n / 5 { repeated[below(n)] = unique[below(n)] }
        let inserted = edited(repeated, deleting: 0, inserting: n / 3) { generator.next() | 1 }
        let values = (0..<n / 4).map { _ in generator.next() | 1 }
        let quarterOld = (0..<n).map { _ in values[below(values.count)] }
        let quarterNew = edited(quarterOld, deleting: n / 20, inserting: n / 20) { values[below(values.count)] }
        let ads: [UInt64] = [0xAD1, 0xAD2, 0xAD3, 0xAD4]
        let feedOld = (0..<n).map { k -> UInt64 in
            k % 10 == 9 ? 0x5E9A7A705 : k % 25 == 24 ? ads[k / 25 % 4] : generator.next() | 1
        }
        var feedNew = edited(feedOld, deleting: n / 20, inserting: n / 20) { generator.next() | 1 }
        for _ in 0..<20 { feedNew.swapAt(below(feedNew.count), below(feedNew.count)) }
        return [("unique-20", unique, repeated), ("quarter", quarterOld, quarterNew),
                ("unique-20-inserted", unique, inserted), ("feed", feedOld, feedNew)]
    }

    /// deletions + insertions + 2 × moves.
    static func editTotal(_ changeset: Changeset) -> Int {
        changeset.deletions.count + changeset.insertions.count + 2 * changeset.moves.count
    }

    /// The rows of the edit-total table, computed once (they are counts, not times).
    static func editTotals(lines: [(old: [Substring], new: [Substring])]?,
                           feeds: [(old: [FeedRow], new: [FeedRow])]) -> [(label: String, heckel: Int, myers: Int)] {
        var rows: [(String, Int, Int)] = []
        if let lines {
            var heckel = 0, myers = 0
            for (old, new) in lines {
                heckel += editTotal(Changeset(from: old, to: new, id: \.self, algorithm: .heckel))
                myers += editTotal(Changeset(from: old, to: new, id: \.self, algorithm: .myers))
            }
            rows.append(("line corpus: \(lines.count) file pairs, \(lines.reduce(0) { $0 + $1.old.count }) old lines", heckel, myers))
        }
        var heckel = 0, myers = 0
        for (old, new) in feeds {
            heckel += editTotal(Changeset(from: old, to: new, algorithm: .heckel))
            myers += editTotal(Changeset(from: old, to: new, algorithm: .myers))
        }
        rows.append(("separator feeds: \(feeds.count) x 1,000 rows", heckel, myers))
        // The example a user reports: remove the first of 100 separators in 1,000 rows.
        let feed = (0..<1_000).map { FeedRow(id: $0 % 10 == 0 ? 0 : 1_000 + $0, content: 0) }
        let removed = Changeset(from: feed, to: Array(feed.dropFirst()), algorithm: .heckel)
        rows.append(("first separator removed: \(removed.deletions.count) deletion, \(removed.moves.count) moves", editTotal(removed),
                     editTotal(Changeset(from: feed, to: Array(feed.dropFirst()), algorithm: .myers))))
        return rows
    }
}

extension BenchmarkPlan {
    /// The repeated-ids table: edit totals of both algorithms (counts, computed once) and the
    /// time each takes on the whole line corpus and on the feeds.
    func registerRepeatedIDs() {
        let lines = RepeatedIDs.lineCorpus()
        let feeds = RepeatedIDs.separatorFeeds(count: 200, rows: 1_000)
        var totals = ResultTable(title: "Repeated ids: edit total (deletions + insertions + 2 x moves), .heckel against .myers",
                                 columns: ["input", ".heckel", ".myers", "heckel / myers"])
        for row in RepeatedIDs.editTotals(lines: lines, feeds: feeds) {
            totals.rows.append((row.label, [.note("\(row.heckel)"), .note("\(row.myers)"),
                                            .note(Formatting.ratio(Double(row.heckel) / Double(max(1, row.myers))))]))
        }
        if lines == nil {
            totals.rows.append(("line corpus", [.note("not built: Benchmarks/line-corpus.sh .build/line-corpus"), .note("-"), .note("-")]))
        }
        tables.append(totals)

        var times = ResultTable(title: "Repeated ids: time to diff the whole input", columns: ["input", ".heckel", ".myers"])
        if let lines {
            for algorithm in [DiffAlgorithm.heckel, .myers] {
                add("line corpus \(algorithm)", inputKey: "line-corpus", input: { lines }) { pairs in
                    for (old, new) in pairs { blackHole(Changeset(from: old, to: new, id: \.self, algorithm: algorithm)) }
                }
            }
            times.rows.append(("line corpus (\(lines.count) file pairs)", [.time("line corpus heckel"), .time("line corpus myers")]))
        }
        for algorithm in [DiffAlgorithm.heckel, .myers] {
            add("separator feeds \(algorithm)", inputKey: "separator-feeds", input: { feeds }) { pairs in
                for (old, new) in pairs { blackHole(Changeset(from: old, to: new, algorithm: algorithm)) }
            }
        }
        times.rows.append(("separator feeds (200 x 1,000 rows)", [.time("separator feeds heckel"), .time("separator feeds myers")]))
        for (index, shape) in RepeatedIDs.repeatedShapes().enumerated() {
            for algorithm in [DiffAlgorithm.heckel, .myers] {
                add("repeats \(shape.name) \(algorithm)", inputKey: "repeat-shape-\(index)", input: { RepeatedIDs.repeatedShapes()[index] }) { lists in
                    blackHole(Changeset(from: lists.old, to: lists.new, id: \.self, algorithm: algorithm))
                }
            }
            times.rows.append(("\(shape.name) (40,000 elements)", [.time("repeats \(shape.name) heckel"), .time("repeats \(shape.name) myers")]))
        }
        tables.append(times)
    }
}
