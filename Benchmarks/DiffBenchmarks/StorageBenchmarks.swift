import FingerprintDiff
import Foundation
import ModelStorage
import SeededRandom

/// An id whose `hashValue` is the same for every value: what a careless `hash(into:)` gives.
struct ConstantHashID: Hashable, Sendable {
    let value: Int
    static func == (a: Self, b: Self) -> Bool { a.value == b.value }
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
}

/// A row whose id has a constant hash value.
struct ConstantHashRow: Identifiable, Hashable, Sendable {
    let id: ConstantHashID
    var value: Int
}

/// A row identified by a UUID, for the storage version of DifferenceKit's scenario.
/// A second item type for heterogeneous lists: `OtherRow(id: 1)` is not `Row(id: 1)`.
struct OtherRow: Identifiable, Equatable, Sendable {
    let id: Int
    var value: Int
}

struct UUIDRow: Identifiable, Equatable, Sendable {
    let id: UUID
    var value: Int
}

/// `rows` as untyped items of two types whose ids collide (`Row(id: 5)` and `OtherRow(id: 5)`
/// are two items): even ids become `Row`s, odd ones `OtherRow`s.
func twoTypes(_ rows: [Row]) -> [any Sendable] {
    rows.map { $0.id % 2 == 0 ? Row(id: $0.id / 2, value: $0.value) as any Sendable : OtherRow(id: $0.id / 2, value: $0.value) }
}

extension BenchmarkPlan {
    /// The storages: `SingleSectionStorage.setItems` against the bare `Changeset` of the same
    /// items in the same run, and MemoryStorage's removal, look-up and batch at 100,000 items.
    func registerStorages() {
        var table = ResultTable(title: "Storages, 100,000 items: median time, (multiple of the bare Changeset)",
                                columns: ["operation", "time"])
        // setItems vs the bare changeset: mix (1% of each change, Int ids) and DifferenceKit's
        // scenario (UUID ids).
        add("storage mix-100k Changeset", inputKey: "storage-mix", input: { mixScenario(count: 100_000) }) {
            blackHole(Changeset(from: $0.old, to: $0.new))
        }
        add("storage mix-100k setItems", inputKey: "storage-mix", input: { mixScenario(count: 100_000) },
            prepare: { (SingleSectionEquatableStorage(items: $0.old), $0.new) }) { storage, new in
            storage.setItems(new)
        }
        let dkRows = {
            let (source, target) = differenceKitScenario(count: 100_000)
            return (old: source.map { UUIDRow(id: $0, value: 0) }, new: target.map { UUIDRow(id: $0, value: 0) })
        }
        add("storage dk100k Changeset", inputKey: "storage-dk", input: dkRows) {
            blackHole(Changeset(from: $0.old, to: $0.new))
        }
        add("storage dk100k setItems", inputKey: "storage-dk", input: dkRows,
            prepare: { (SingleSectionEquatableStorage(items: $0.old), $0.new) }) { storage, new in
            storage.setItems(new)
        }
        // 10,000 items whose ids all have the same hash value (mix-10k): nothing can avoid the
        // O(n^2) of comparing with `==`; the storage must cost no more than 3x the diff.
        let constantHashRows = {
            let (old, new) = mixScenario(count: 10_000)
            return (old: old.map { ConstantHashRow(id: ConstantHashID(value: $0.id), value: $0.value) },
                    new: new.map { ConstantHashRow(id: ConstantHashID(value: $0.id), value: $0.value) })
        }
        add("storage constant-hash-10k Changeset", inputKey: "storage-constant-hash", input: constantHashRows) {
            blackHole(Changeset(from: $0.old, to: $0.new))
        }
        add("storage constant-hash-10k setItems", inputKey: "storage-constant-hash", input: constantHashRows,
            prepare: { (SingleSectionHashableStorage(items: $0.old), $0.new) }) { storage, new in
            storage.setItems(new)
        }
        add("storage constant-hash-10k MemoryStorage.setItems", inputKey: "storage-constant-hash", input: constantHashRows,
            prepare: { input -> (MemoryStorage, [ConstantHashRow]) in
                let storage = MemoryStorage()
                try! storage.addItems(input.old)
                return (storage, input.new)
            }) { storage, new in
            try! storage.setItems(new, forSection: 0)
        }
        table.rows += [
            ("Changeset, mix-10k (ids with one hash value)", [.time("storage constant-hash-10k Changeset")]),
            ("SingleSectionHashableStorage.setItems, same", [.time("storage constant-hash-10k setItems", relativeTo: "storage constant-hash-10k Changeset")]),
            ("MemoryStorage.setItems(_:forSection:), same", [.time("storage constant-hash-10k MemoryStorage.setItems", relativeTo: "storage constant-hash-10k Changeset")]),
        ]
        // The same change as untyped items of two types whose ids collide (Row 5 and OtherRow 5
        // are two items): MemoryStorage diffs them by type and id, one dynamic cast per item.
        add("storage mix-100k MemoryStorage.setItems two types", inputKey: "storage-mix-two-types",
            input: { let (old, new) = mixScenario(count: 100_000); return (old: twoTypes(old), new: twoTypes(new)) },
            prepare: { input -> (MemoryStorage, [any Sendable]) in
                let storage = MemoryStorage()
                try! storage.addItems(input.old)
                return (storage, input.new)
            }) { (storage: MemoryStorage, new: [any Sendable]) in
            try! storage.setItems(new, forSection: 0)
        }
        table.rows += [
            ("Changeset, mix-100k (Int ids)", [.time("storage mix-100k Changeset")]),
            ("MemoryStorage.setItems, same as [any Sendable] of two types", [.time("storage mix-100k MemoryStorage.setItems two types", relativeTo: "storage mix-100k Changeset")]),
            ("SingleSectionEquatableStorage.setItems, same", [.time("storage mix-100k setItems", relativeTo: "storage mix-100k Changeset")]),
            ("Changeset, dk100k (UUID ids)", [.time("storage dk100k Changeset")]),
            ("SingleSectionEquatableStorage.setItems, same", [.time("storage dk100k setItems", relativeTo: "storage dk100k Changeset")]),
        ]

        // MemoryStorage at 100,000 Hashable items: remove 10,000 of them (the look-up index is
        // built inside the measurement, as on a first removal after filling the storage).
        let memoryInput = {
            var generator = SplitMix64(seed: 42)
            return (items: Array(0..<100_000), victims: Array((0..<100_000).shuffled(using: &generator).prefix(10_000)))
        }
        add("MemoryStorage removeItems 10k of 100k", inputKey: "memory-storage", input: memoryInput,
            prepare: { input -> (MemoryStorage, [Int]) in
                let storage = MemoryStorage()
                try! storage.addItems(input.items)
                return (storage, input.victims)
            }) { storage, victims in
            try! storage.removeItems(victims)
        }
        // 10,000 single mutations, each its own update delivered to one closure observer: the
        // path of every call outside performUpdates (validate, one primitive, one delivery).
        add("MemoryStorage addItem x10k onto 100k", inputKey: "memory-storage", input: memoryInput,
            prepare: { input -> (MemoryStorage, [Int]) in
                let storage = MemoryStorage()
                try! storage.addItems(input.items)
                storage.addObserver { blackHole($0) }
                return (storage, input.victims)
            }) { storage, victims in
            for victim in victims { try! storage.addItem(victim + 200_000) }
        }
        // 10,000 look-ups with the index built (divide by 10^4 for the time per call).
        add("MemoryStorage indexPath(forItem:) x10k of 100k", inputKey: "memory-storage", input: memoryInput,
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
        add("MemoryStorage performUpdates 1.2k changes of 100k", inputKey: "memory-storage", input: memoryInput,
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
        table.rows += [
            ("MemoryStorage.removeItems, 10,000 Hashable items", [.time("MemoryStorage removeItems 10k of 100k")]),
            ("MemoryStorage.indexPath(forItem:), 10,000 calls", [.time("MemoryStorage indexPath(forItem:) x10k of 100k")]),
            ("MemoryStorage.addItem, 10,000 calls, each delivered", [.time("MemoryStorage addItem x10k onto 100k")]),
            ("performUpdates: 1,000 removals, 100 insertions, 100 moves", [.time("MemoryStorage performUpdates 1.2k changes of 100k")]),
        ]
        tables.append(table)
    }
}
