import FingerprintDiff
import Foundation

/// Baselines (`new.difference(from: old).inferringMoves()`) that take longer than 10 s per run
/// are never run; each entry says what one run measured on the reference machine (stopped
/// after 150 s). `DIFF_BENCHMARKS_ALL_BASELINES=1` runs them anyway, to re-measure this table.
let baselineTooSlow: [String: String] = [
    "reversed-100k": "over 150 s",
    "shuffled-100k": "over 150 s",
    "all-new-100k": "over 150 s",
    "mix-1M": "120 s",
    "append-1M": "44 s",
    "prepend-1M": "55 s",
    "many-duplicates-1M": "over 150 s",
    "reversed-1M": "over 150 s",
    "shuffled-1M": "over 150 s",
    "all-new-1M": "over 150 s",
]

/// Baselines that take between 0.3 and 10 s per run: only in `--full`, to keep the default run
/// near a minute.
let baselineFullOnly: Set<String> = ["dk100k", "append-100k", "prepend-100k", "many-duplicates-100k"]

extension BenchmarkPlan {
    /// The diff table: per scenario, the floor (fingerprinting both lists), Heckel and Myers
    /// end to end from Swift arrays (each as a multiple of the floor), the standard library's
    /// `difference(from:).inferringMoves()`, and how many times faster Heckel is.
    func registerDiffs() {
        var table = ResultTable(title: "Diffs: median time, (multiple of the floor: fingerprinting both lists)",
                                columns: ["scenario", "floor", "heckel", "myers", "stdlib", "heckel vs stdlib"])

        /// `floor` fingerprints every id of both lists (a loop specialized for the element
        /// type, as the diff's own); `diff` is the public entry point a user of these elements
        /// calls (`Identifiable` rows, UUIDs by `id: \.self`).
        func scenario<Element: Hashable>(
            _ key: String, _ input: @escaping () -> (old: [Element], new: [Element]),
            floor: @escaping ([Element], [Element]) -> UInt64,
            diff: @escaping ([Element], [Element], DiffAlgorithm) -> Changeset
        ) {
            add("\(key) floor", inputKey: key, input: input) { lists in blackHole(floor(lists.old, lists.new)) }
            for algorithm in [DiffAlgorithm.heckel, .myers] {
                add("\(key) \(algorithm)", inputKey: key, input: input) { lists in
                    blackHole(diff(lists.old, lists.new, algorithm))
                }
            }
            var baseline = Cell.time("\(key) stdlib")
            if let note = baselineTooSlow[key], ProcessInfo.processInfo.environment["DIFF_BENCHMARKS_ALL_BASELINES"] != "1" {
                baseline = .note("skipped: \(note)")
            } else if full || !baselineFullOnly.contains(key) {
                add("\(key) stdlib", inputKey: key, input: input) { lists in
                    blackHole(lists.new.difference(from: lists.old).inferringMoves())
                }
            } else {
                baseline = .note("skipped (--full)")
            }
            table.rows.append((key, [.time("\(key) floor"), .time("\(key) heckel", relativeTo: "\(key) floor"),
                                     .time("\(key) myers", relativeTo: "\(key) floor"), baseline,
                                     .speedup(slow: "\(key) stdlib", fast: "\(key) heckel")]))
        }

        func rows(_ key: String, _ input: @escaping () -> (old: [Row], new: [Row])) {
            scenario(key, input, floor: { old, new in
                var sum: UInt64 = 0
                for row in old { sum &+= row.id.fingerprint.rawValue }
                for row in new { sum &+= row.id.fingerprint.rawValue }
                return sum
            }, diff: { Changeset(from: $0, to: $1, algorithm: $2) })
        }
        func uuids(_ key: String, _ input: @escaping () -> (old: [UUID], new: [UUID])) {
            scenario(key, input, floor: { old, new in
                var sum: UInt64 = 0
                for uuid in old { sum &+= uuid.fingerprint.rawValue }
                for uuid in new { sum &+= uuid.fingerprint.rawValue }
                return sum
            }, diff: { Changeset(from: $0, to: $1, id: \.self, algorithm: $2) })
        }
        rows("mix-100") { mixScenario(count: 100) }
        rows("mix-1k") { mixScenario(count: 1_000) }
        rows("feed-1k") { feedScenario() }
        uuids("dk5k") { let lists = differenceKitScenario(count: 5_000); return (lists.source, lists.target) }
        rows("mix-10k") { mixScenario(count: 10_000) }
        uuids("dk100k") { let lists = differenceKitScenario(count: 100_000); return (lists.source, lists.target) }
        rows("mix-1M") { mixScenario(count: 1_000_000) }
        for n in full ? [100_000, 1_000_000] : [100_000] {
            for shape in Shape.allCases {
                rows("\(shape.rawValue)-\(countLabel(n))") { shape.rows(count: n) }
            }
        }
        tables.append(table)

        var fingerprints = ResultTable(title: "Fingerprinting 1,000,000 ids (divide by 10^6 for the time per id)",
                                       columns: ["id type", "time"])
        add("fingerprint Int x1M", inputKey: "fp-int", input: { Array(0..<1_000_000) }) { ids in
            var sum: UInt64 = 0
            for id in ids { sum &+= id.fingerprint.rawValue }
            blackHole(sum)
        }
        add("fingerprint UUID x1M", inputKey: "fp-uuid", input: { differenceKitScenario(count: 1_000_000).source }) { ids in
            var sum: UInt64 = 0
            for id in ids { sum &+= id.fingerprint.rawValue }
            blackHole(sum)
        }
        add("fingerprint String x1M", inputKey: "fp-string", input: { (0..<1_000_000).map { "row-\($0)" } }) { ids in
            var sum: UInt64 = 0
            for id in ids { sum &+= id.fingerprint.rawValue }
            blackHole(sum)
        }
        fingerprints.rows = [("Int", [.time("fingerprint Int x1M")]), ("UUID", [.time("fingerprint UUID x1M")]),
                             ("String (\"row-123456\")", [.time("fingerprint String x1M")])]
        tables.append(fingerprints)
    }
}

/// Keeps a result alive so the optimizer cannot drop the work that produced it (an empty
/// function is not enough: dead-argument elimination sees through `@inline(never)`).
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
