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
        // The example of the issue: remove the first of 100 separators in 1,000 rows.
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
        tables.append(times)
    }
}
