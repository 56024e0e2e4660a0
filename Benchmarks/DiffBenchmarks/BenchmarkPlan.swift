import Benchmark
import Foundation

/// One cell of a results table.
enum Cell {
    /// The median of `benchmark`, and its ratio to the median of `relativeTo` (`4.2×`); with
    /// `perCall`, the median divided by the number of calls one run of the body makes.
    case time(String, relativeTo: String? = nil, perCall: Int = 1)
    /// How many times faster `fast` is than `slow`: median(slow) ÷ median(fast).
    case speedup(slow: String, fast: String)
    /// What `benchmark` costs beyond `over` (the difference of their medians, per call), and its
    /// ratio to the median of `relativeTo`: the cost a layer adds to the call it makes.
    case excess(String, over: String, relativeTo: String, perCall: Int = 1)
    /// A note instead of a figure ("skipped: 120 s").
    case note(String)
    /// Whether every limit holds in this run: "met", "not met", or "-" when a figure is missing.
    case verdict([Limit])
}

/// A target: the median of `benchmark` (per call) at most `atMost` times the median of `relativeTo`.
struct Limit {
    var benchmark: String
    var relativeTo: String
    var perCall: Int = 1
    var atMost: Double
}

/// A table of the report: a title, column headings, and rows of cells.
struct ResultTable {
    var title: String
    var columns: [String]
    var rows: [(label: String, cells: [Cell])] = []
}

/// The benchmarks of one run and the tables that show them. Benchmarks are registered under
/// unique names; the tables refer to them by name, so a ratio always compares two medians of
/// the same run.
final class BenchmarkPlan {
    let suite = BenchmarkSuite(name: "")
    let store = InputStore()
    var tables: [ResultTable] = []
    /// Whether the whole matrix runs (`--full`).
    let full: Bool

    init(full: Bool) {
        self.full = full
    }

    /// Registers a benchmark whose input is built once (outside the measurement) and shared by
    /// every benchmark with the same `inputKey`.
    func add<Input>(_ name: String, inputKey: String, input: @escaping () -> Input, body: @escaping (Input) -> Void) {
        suite.register(benchmark: CachedBenchmark(name, store: store, inputKey: inputKey, input: input, body: body))
    }

    /// Registers a benchmark that prepares a fresh state from the shared input before every
    /// measured run (outside the measurement) and measures only `body`.
    func add<Input, Prepared>(_ name: String, inputKey: String, input: @escaping () -> Input,
                              prepare: @escaping (Input) -> Prepared, iterations: Int? = nil,
                              body: @escaping (Prepared) -> Void) {
        suite.register(benchmark: PreparedBenchmark(name, store: store, inputKey: inputKey, input: input,
                                                    prepare: prepare, settings: iterations.map { [Iterations($0)] } ?? [],
                                                    body: body))
    }

    /// Runs the benchmarks (progress on stderr) and returns the median of each, in ns.
    func run(filter: String?, iterations: Int?) throws -> [String: (median: Double, iterations: Int)] {
        var settings: [any BenchmarkSetting] = [Format(.none), MinTime(seconds: full ? 1.0 : 0.25)]
        if let filter { settings.append(Filter(filter)) }
        if let iterations { settings.append(Iterations(iterations)) }
        var runner = BenchmarkRunner(suites: [suite], settings: settings)
        try runner.run()
        var medians: [String: (Double, Int)] = [:]
        for result in runner.results where !result.measurements.isEmpty {
            let sorted = result.measurements.sorted()
            let middle = sorted.count / 2
            let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
            medians[result.benchmarkName] = (median, sorted.count)
        }
        return medians.merging(SelfTimedFigures.medians()) { measured, _ in measured }
    }

    /// Reports the tables (`Report`): each cell's text from the medians of this run; a row with
    /// no figure (its benchmarks filtered out or skipped) is left out, and so is an empty table.
    func report(_ medians: [String: (median: Double, iterations: Int)]) {
        func text(_ cell: Cell) -> String {
            switch cell {
            case let .time(name, relativeTo, perCall):
                guard let total = medians[name]?.median else { return "-" }
                let value = total / Double(perCall)
                var text = Formatting.duration(nanoseconds: value)
                if let relativeTo, let base = medians[relativeTo]?.median {
                    text += " (" + Formatting.ratio(value / base) + ")"
                }
                return text
            case let .speedup(slow, fast):
                guard let slow = medians[slow]?.median, let fast = medians[fast]?.median else { return "-" }
                return Formatting.ratio(slow / fast)
            case let .excess(name, over, relativeTo, perCall):
                guard let total = medians[name]?.median, let under = medians[over]?.median,
                      let base = medians[relativeTo]?.median else { return "-" }
                let value = (total - under) / Double(perCall)
                return Formatting.duration(nanoseconds: value) + " (" + Formatting.ratio(value / base) + ")"
            case let .note(note):
                return note
            case let .verdict(limits):
                var met = true
                for limit in limits {
                    guard let value = medians[limit.benchmark]?.median, let base = medians[limit.relativeTo]?.median else { return "-" }
                    met = met && value / Double(limit.perCall) <= limit.atMost * base
                }
                return met ? "met" : "not met"
            }
        }
        /// Whether a cell shows a figure of this run (not a note, not a verdict, not missing).
        func isFigure(_ cell: Cell) -> Bool {
            switch cell {
            case .note, .verdict: false
            case .time, .speedup, .excess: text(cell) != "-"
            }
        }
        for table in tables {
            let rows = table.rows.filter { row in row.cells.contains(where: isFigure) }.map { row in [row.label] + row.cells.map(text) }
            guard !rows.isEmpty else { continue }
            Report.table(table.title, columns: table.columns, rows: rows)
        }
    }
}
