// The performance record of ModelStorage: `swift run -c release DiffBenchmarks` prints the
// table (median time per run); `--filter`, `--format json`, `--iterations` work as
// google/swift-benchmark defines them. `DiffBenchmarks --memory` prints peak extra memory
// per element instead; `--database` the time from a commit to the delivered update of
// DatabaseStorage against GRDB's ValueObservation.
import Benchmark
import FingerprintDiff
import Foundation

/// Baselines (`new.difference(from: old).inferringMoves()`) that take longer than 10 s per run
/// are skipped; each entry says what one run measured on the reference machine (stopped after
/// 150 s). `DIFF_BENCHMARKS_ALL_BASELINES=1` runs them anyway, to re-measure this table.
let baselineSkipped: [String: String] = [
    "reversed-100k": "over 150 s",
    "shuffled-100k": "over 150 s",
    "all-new-100k": "over 150 s",
    "mix-1M": "120 s",
    "append-1M": "44 s",
    "prepend-1M": "55 s",
    "many-duplicates-1M": "over 150 s",
    "reversed-1M": "its 100k run took over 150 s",
    "shuffled-1M": "its 100k run took over 150 s",
    "all-new-1M": "its 100k run took over 150 s",
]

func baselineRuns(_ key: String) -> Bool {
    if ProcessInfo.processInfo.environment["DIFF_BENCHMARKS_ALL_BASELINES"] == "1" { return true }
    return baselineSkipped[key] == nil
}

func registerBenchmarks(store: InputStore) {
    func register<Input>(_ name: String, inputKey: String, input: @escaping () -> Input,
                         body: @escaping (Input) -> Void) {
        defaultBenchmarkSuite.register(benchmark: CachedBenchmark(
            name, store: store, inputKey: inputKey, input: input, body: body))
    }

    // DifferenceKit's published scenario, UUID elements identified by themselves.
    for n in [5_000, 100_000] {
        let key = "dk\(countLabel(n))"
        for algorithm in [DiffAlgorithm.heckel, .myers] {
            register("\(key) \(algorithm)", inputKey: key, input: { differenceKitScenario(count: n) }) {
                blackHole(Changeset(from: $0.source, to: $0.target, id: \.self, algorithm: algorithm))
            }
        }
        if baselineRuns(key) {
            register("\(key) baseline", inputKey: key, input: { differenceKitScenario(count: n) }) {
                blackHole($0.target.difference(from: $0.source).inferringMoves())
            }
        }
    }

    // 1,000,000 rows with 1% of each kind of change.
    for algorithm in [DiffAlgorithm.heckel, .myers] {
        register("mix-1M \(algorithm)", inputKey: "mix-1M", input: { mixScenario(count: 1_000_000) }) {
            blackHole(Changeset(from: $0.old, to: $0.new, algorithm: algorithm))
        }
    }
    if baselineRuns("mix-1M") {
        register("mix-1M baseline", inputKey: "mix-1M", input: { mixScenario(count: 1_000_000) }) {
            blackHole($0.new.difference(from: $0.old).inferringMoves())
        }
    }

    // Named shapes at 100k and 1M.
    for n in [100_000, 1_000_000] {
        for shape in Shape.allCases {
            let key = "\(shape.rawValue)-\(countLabel(n))"
            for algorithm in [DiffAlgorithm.heckel, .myers] {
                register("\(key) \(algorithm)", inputKey: key, input: { shape.rows(count: n) }) {
                    blackHole(Changeset(from: $0.old, to: $0.new, algorithm: algorithm))
                }
            }
            if baselineRuns(key) {
                register("\(key) baseline", inputKey: key, input: { shape.rows(count: n) }) {
                    blackHole($0.new.difference(from: $0.old).inferringMoves())
                }
            }
        }
    }

    // Fingerprinting alone, 1,000,000 ids (divide the time by 10^6 for ns per id).
    register("fingerprint Int x1M", inputKey: "fp-int", input: { Array(0..<1_000_000) }) { ids in
        var sum: UInt64 = 0
        for id in ids { sum &+= id.fingerprint.rawValue }
        blackHole(sum)
    }
    register("fingerprint UUID x1M", inputKey: "fp-uuid", input: { differenceKitScenario(count: 1_000_000).source }) { ids in
        var sum: UInt64 = 0
        for id in ids { sum &+= id.fingerprint.rawValue }
        blackHole(sum)
    }
    register("fingerprint String x1M", inputKey: "fp-string", input: { (0..<1_000_000).map { "row-\($0)" } }) { ids in
        var sum: UInt64 = 0
        for id in ids { sum &+= id.fingerprint.rawValue }
        blackHole(sum)
    }

    registerStorageBenchmarks(store: store)
    registerSectionedBenchmarks(store: store)
}

/// Keeps a result alive so the optimizer cannot drop the work that produced it (an empty
/// function is not enough: dead-argument elimination sees through `@inline(never)`).
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

if CommandLine.arguments.contains("--database") {
    try await DatabaseReport.run()
} else if CommandLine.arguments.contains("--phases") {
    PhaseReport.run()
} else if CommandLine.arguments.contains("--memory") {
    if CommandLine.arguments.contains("--breakdown") { MemoryReport.runBreakdown() } else { MemoryReport.run() }
} else {
    let store = InputStore()
    registerBenchmarks(store: store)
    print("Baselines skipped (over 10 s per run): "
          + baselineSkipped.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", "))
    Benchmark.main()
}
