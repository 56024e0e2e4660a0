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

        // Fingerprinting through the public API (the build's XXH3), and the same loops calling
        // each implementation directly: libxxhash's (inlined from its header; Linux with the
        // trait SystemXXHash, which this package turns on) and the package's own.
        var fingerprints = ResultTable(title: "Fingerprinting 1,000,000 ids (divide by 10^6 for the time per id); this build: \(Fingerprint.implementation)",
                                       columns: ["id type", "Fingerprint(of:)", "libxxhash XXH3", "own XXH3", "own / libxxhash"])
        let ints = { Array(0..<1_000_000) }
        let uuids = { differenceKitScenario(count: 1_000_000).source }
        let strings = { (0..<1_000_000).map { "row-\($0)" } }
        add("fingerprint Int x1M", inputKey: "fp-int", input: ints) { ids in
            var sum: UInt64 = 0
            for id in ids { sum &+= id.fingerprint.rawValue }
            blackHole(sum)
        }
        add("fingerprint UUID x1M", inputKey: "fp-uuid", input: uuids) { ids in
            var sum: UInt64 = 0
            for id in ids { sum &+= id.fingerprint.rawValue }
            blackHole(sum)
        }
        add("fingerprint String x1M", inputKey: "fp-string", input: strings) { ids in
            var sum: UInt64 = 0
            for id in ids { sum &+= id.fingerprint.rawValue }
            blackHole(sum)
        }
        func implementation<XXH3: _XXH3Fingerprinting>(_ name: String, _: XXH3.Type) {
            add("fingerprint Int x1M \(name)", inputKey: "fp-int", input: ints) { ids in
                var sum: UInt64 = 0
                for id in ids { sum &+= XXH3.fingerprint(UInt64(bitPattern: Int64(id))) }
                blackHole(sum)
            }
            add("fingerprint UUID x1M \(name)", inputKey: "fp-uuid", input: uuids) { ids in
                var sum: UInt64 = 0
                for id in ids { sum &+= withUnsafeBytes(of: id.uuid) { XXH3.fingerprint16($0.baseAddress!) } }
                blackHole(sum)
            }
            add("fingerprint String x1M \(name)", inputKey: "fp-string", input: strings) { ids in
                var sum: UInt64 = 0
                for id in ids {
                    sum &+= id.utf8.withContiguousStorageIfAvailable {
                        XXH3.fingerprint(bytes: $0.baseAddress, count: $0.count, seed: 0)
                    } ?? 0
                }
                blackHole(sum)
            }
        }
        implementation("own", _PackagedXXH3.self)
        #if SYSTEM_XXHASH
        implementation("libxxhash", _SystemXXH3.self)
        #endif
        for (label, key) in [("Int", "Int"), ("UUID", "UUID"), ("String (\"row-123456\")", "String")] {
            let name = "fingerprint \(key) x1M"
            fingerprints.rows.append((label, [.time(name), .time("\(name) libxxhash"), .time("\(name) own"),
                                              .speedup(slow: "\(name) own", fast: "\(name) libxxhash")]))
        }
        tables.append(fingerprints)
    }
}

/// Keeps a result alive so the optimizer cannot drop the work that produced it (an empty
/// function is not enough: dead-argument elimination sees through `@inline(never)`).
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
