import Benchmark

/// A benchmark whose input is built once, outside the measured section, the first time it
/// runs (so `--filter` builds only what it runs), shared by the benchmarks with the same
/// `inputKey`, and released when a benchmark with another input starts.
final class CachedBenchmark<Input>: AnyBenchmark {
    let name: String
    let settings: [BenchmarkSetting]
    private let makeInput: () -> Input
    private let body: (Input) -> Void
    private let store: InputStore
    private let inputKey: String

    init(_ name: String, settings: [BenchmarkSetting] = [], store: InputStore, inputKey: String,
         input: @escaping () -> Input, body: @escaping (Input) -> Void) {
        self.name = name
        self.inputKey = inputKey
        self.settings = settings
        self.store = store
        self.makeInput = input
        self.body = body
    }

    func setUp() {
        if store.owner != inputKey {
            store.value = nil
            store.value = makeInput()
            store.owner = inputKey
        }
    }

    func run(_ state: inout BenchmarkState) throws {
        let input = store.value as! Input
        try state.measure { body(input) }
    }

    func tearDown() {}
}

/// Holds the input of the benchmark that ran last.
final class InputStore {
    var owner: String?
    var value: Any?
}
