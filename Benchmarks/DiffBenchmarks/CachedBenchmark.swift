import Benchmark

/// A benchmark whose input is built once, outside the measured section, the first time it
/// runs (so `--filter` builds only what it runs), shared by the benchmarks with the same
/// `inputKey`, and released when a benchmark with another input starts.
final class CachedBenchmark<Input>: AnyBenchmark {
    let name: String
    let settings: [BenchmarkSetting] = []
    private let makeInput: () -> Input
    private let body: (Input) -> Void
    private let store: InputStore
    private let inputKey: String

    init(_ name: String, store: InputStore, inputKey: String, input: @escaping () -> Input, body: @escaping (Input) -> Void) {
        self.name = name
        self.inputKey = inputKey
        self.store = store
        self.makeInput = input
        self.body = body
    }

    func setUp() { store.load(inputKey, makeInput) }

    func run(_ state: inout BenchmarkState) throws {
        let input = store.value as! Input
        try state.measure { body(input) }
    }

    func tearDown() {}
}

/// A benchmark that builds its input like `CachedBenchmark`, then before every measured run
/// prepares a fresh state from it outside the measurement (for example a storage filled with
/// 100,000 items), and measures only `body`.
final class PreparedBenchmark<Input, Prepared>: AnyBenchmark {
    let name: String
    /// Its own settings: a fixed number of iterations for a benchmark whose preparation costs
    /// far more than what it measures (each iteration prepares a fresh state).
    let settings: [BenchmarkSetting]
    private let store: InputStore
    private let inputKey: String
    private let makeInput: () -> Input
    private let prepare: (Input) -> Prepared
    private let body: (Prepared) -> Void

    init(_ name: String, store: InputStore, inputKey: String, input: @escaping () -> Input,
         prepare: @escaping (Input) -> Prepared, settings: [BenchmarkSetting] = [], body: @escaping (Prepared) -> Void) {
        self.name = name
        self.settings = settings
        self.store = store
        self.inputKey = inputKey
        self.makeInput = input
        self.prepare = prepare
        self.body = body
    }

    func setUp() { store.load(inputKey, makeInput) }

    func run(_ state: inout BenchmarkState) throws {
        let prepared = prepare(store.value as! Input)
        try state.measure { body(prepared) }
        withExtendedLifetime(prepared) {}
    }

    func tearDown() {}
}

/// Holds the input of the benchmark that ran last.
final class InputStore {
    private(set) var owner: String?
    private(set) var value: Any?

    /// Makes `key`'s input current, building it unless it already is.
    func load(_ key: String, _ make: () -> Any) {
        guard owner != key else { return }
        value = nil   // release the previous input before building the next
        value = make()
        owner = key
    }
}
