import Benchmark
import FingerprintDiff
import Foundation
import ModelStorage
import SeededRandom

/// A benchmark that builds its input once (shared through `store` like `CachedBenchmark`),
/// then before every measured run prepares a fresh state from it outside the measurement
/// (for example a storage filled with 100,000 items), and measures only `body`.
final class PreparedBenchmark<Input, Prepared>: AnyBenchmark {
    let name: String
    let settings: [BenchmarkSetting] = []
    private let cached: CachedBenchmark<Input>
    private let store: InputStore
    private let prepare: (Input) -> Prepared
    private let body: (Prepared) -> Void

    init(_ name: String, store: InputStore, inputKey: String, input: @escaping () -> Input,
         prepare: @escaping (Input) -> Prepared, body: @escaping (Prepared) -> Void) {
        self.name = name
        self.store = store
        self.prepare = prepare
        self.body = body
        cached = CachedBenchmark(name, store: store, inputKey: inputKey, input: input, body: { _ in })
    }

    func setUp() { cached.setUp() }

    func run(_ state: inout BenchmarkState) throws {
        let prepared = prepare(store.value as! Input)
        try state.measure { body(prepared) }
        withExtendedLifetime(prepared) {}
    }

    func tearDown() {}
}

/// A row identified by a UUID, for the storage version of DifferenceKit's scenario.
struct UUIDRow: Identifiable, Equatable, Sendable {
    let id: UUID
    var value: Int
}

/// The storages' figures: `SingleSectionStorage.setItems` against the bare `Changeset` of the
/// same items in the same run, and MemoryStorage's removal and look-up at 100,000 items.
func registerStorageBenchmarks(store: InputStore) {
    func register<Input>(_ name: String, inputKey: String, input: @escaping () -> Input,
                         body: @escaping (Input) -> Void) {
        defaultBenchmarkSuite.register(benchmark: CachedBenchmark(
            name, store: store, inputKey: inputKey, input: input, body: body))
    }
    func register<Input, Prepared>(_ name: String, inputKey: String, input: @escaping () -> Input,
                                   prepare: @escaping (Input) -> Prepared, body: @escaping (Prepared) -> Void) {
        defaultBenchmarkSuite.register(benchmark: PreparedBenchmark(
            name, store: store, inputKey: inputKey, input: input, prepare: prepare, body: body))
    }

    // setItems vs the bare changeset: mix (1% of each change, Int ids) and DifferenceKit's
    // scenario (UUID ids), 100,000 rows each.
    register("storage mix-100k Changeset", inputKey: "storage-mix", input: { mixScenario(count: 100_000) }) {
        blackHole(Changeset(from: $0.old, to: $0.new))
    }
    register("storage mix-100k setItems", inputKey: "storage-mix", input: { mixScenario(count: 100_000) },
             prepare: { (SingleSectionEquatableStorage(items: $0.old), $0.new) }) { storage, new in
        storage.setItems(new)
    }
    let dkRows = {
        let (source, target) = differenceKitScenario(count: 100_000)
        return (old: source.map { UUIDRow(id: $0, value: 0) }, new: target.map { UUIDRow(id: $0, value: 0) })
    }
    register("storage dk100k Changeset", inputKey: "storage-dk", input: dkRows) {
        blackHole(Changeset(from: $0.old, to: $0.new))
    }
    register("storage dk100k setItems", inputKey: "storage-dk", input: dkRows,
             prepare: { (SingleSectionEquatableStorage(items: $0.old), $0.new) }) { storage, new in
        storage.setItems(new)
    }

    // MemoryStorage at 100,000 Hashable items: remove 10,000 of them (the look-up index is
    // built inside the measurement, as on a first removal after filling the storage).
    let memoryInput = {
        var generator = SplitMix64(seed: 42)
        return (items: Array(0..<100_000), victims: Array((0..<100_000).shuffled(using: &generator).prefix(10_000)))
    }
    register("MemoryStorage removeItems 10k of 100k", inputKey: "memory-storage", input: memoryInput,
             prepare: { input -> (MemoryStorage, [Int]) in
                 let storage = MemoryStorage()
                 try! storage.addItems(input.items)
                 return (storage, input.victims)
             }) { storage, victims in
        try! storage.removeItems(victims)
    }
    // 10,000 look-ups with the index built (divide by 10^4 for the time per call).
    register("MemoryStorage indexPath(forItem:) x10k of 100k", inputKey: "memory-storage", input: memoryInput,
             prepare: { input -> (MemoryStorage, [Int]) in
                 let storage = MemoryStorage()
                 try! storage.addItems(input.items)
                 _ = storage.indexPath(forItem: 0)
                 return (storage, input.victims)
             }) { storage, victims in
        var found = 0
        for victim in victims where storage.indexPath(forItem: victim) != nil { found += 1 }
        blackHole(found)
    }
    // performUpdates over 100,000 items: 1,000 removals, 100 insertions and 100 moves in one
    // block, folded into one update (mutations and fold measured together; each insertion and
    // move in the middle of an array shifts its tail).
    register("MemoryStorage performUpdates 1.2k changes of 100k", inputKey: "memory-storage", input: memoryInput,
             prepare: { input -> (MemoryStorage, [Int]) in
                 let storage = MemoryStorage()
                 try! storage.addItems(input.items)
                 return (storage, input.victims)
             }) { storage, victims in
        storage.performUpdates {
            try! storage.removeItems(Array(victims[0..<1_000]))
            try! storage.insertItems(Array(200_000..<200_100), to: (0..<100).map { IndexPath(indexes: [0, $0 * 900]) })
            for offset in 0..<100 {
                try! storage.moveItem(at: IndexPath(indexes: [0, offset * 7]), to: IndexPath(indexes: [0, 99_000 - offset]))
            }
        }
    }
}
