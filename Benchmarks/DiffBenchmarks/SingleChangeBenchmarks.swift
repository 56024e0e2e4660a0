import FingerprintDiff
import Foundation
import ModelStorage
import SeededRandom

/// A row of a chat list: `Identifiable & Hashable`, so the storage finds it by hash value.
struct Message: Identifiable, Hashable, Sendable {
    let id: Int
    var status: Int
}

/// A row that is `Identifiable & Equatable` but not `Hashable`: found through its id.
struct Note: Identifiable, Equatable, Sendable {
    let id: Int
    var text: Int
}

/// The input of the single-change benchmarks at one size: the items, distinct random victims,
/// random insertion offsets, and the list after replacing one item (for the bare `Changeset`).
struct SingleChangeInput {
    let messages: [Message]
    let notes: [Note]
    /// Distinct offsets of existing items, in random order.
    let victims: [Int]
    /// Random offsets, valid for insertion however many of the batch's removals came first.
    let insertionOffsets: [Int]
    /// `messages` with one item's status changed: what a `replaceItem` makes of it.
    let oneReplaced: [Message]

    init(count: Int) {
        var generator = SplitMix64(seed: UInt64(count) &+ 33)
        messages = (0..<count).map { Message(id: $0, status: 0) }
        notes = (0..<count).map { Note(id: $0, text: 0) }
        victims = Array((0..<count).shuffled(using: &generator).prefix(2_000))
        insertionOffsets = (0..<1_000).map { _ in Int.random(in: 0..<(count - 1_000), using: &generator) }
        var replaced = messages
        replaced[victims[0]].status = 1
        oneReplaced = replaced
    }
}

extension BenchmarkPlan {
    /// Single changes on one section of 10,000 and 100,000 items: each call's time per call
    /// against one whole `Changeset` of the same items in the same run, and a `performUpdates` of 1,000 mixed changes by value against its floor (the
    /// same operations on a plain array plus one `Changeset`).
    func registerSingleChanges() {
        let calls = 64
        for count in [10_000, 100_000] {
            let label = count == 10_000 ? "10k" : "100k"
            var table = ResultTable(
                title: "Single changes, one section of \(label) items: median time per call, (multiple of one whole Changeset)",
                columns: ["call", "time"])
            let key = "single-\(label)"
            let input = { SingleChangeInput(count: count) }
            let baseline = "single \(label) Changeset"
            add(baseline, inputKey: key, input: input) { input in
                blackHole(Changeset(from: input.messages, to: input.oneReplaced))
            }
            // A storage as an app has it: filled, observed, and its look-up index built by an
            // earlier look-up.
            func storage(_ input: SingleChangeInput) -> MemoryStorage {
                let storage = MemoryStorage()
                try! storage.addItems(input.messages)
                storage.addObserver { blackHole($0) }
                _ = storage.indexPath(forItem: input.messages[0])
                return storage
            }
            // The first look-up after filling builds the section's index (once per storage).
            add("single \(label) first look-up", inputKey: key, input: input,
                prepare: { input -> (MemoryStorage, Message) in
                    let storage = MemoryStorage()
                    try! storage.addItems(input.messages)
                    return (storage, input.messages[input.victims[0]])
                }, iterations: 25) { storage, message in
                blackHole(storage.indexPath(forItem: message))
            }
            add("single \(label) replaceItem", inputKey: key, input: input, prepare: { (storage($0), $0) }, iterations: 25) { storage, input in
                for victim in input.victims.prefix(calls) {
                    try! storage.replaceItem(Message(id: victim, status: 0), with: Message(id: victim, status: 1))
                }
            }
            add("single \(label) reloadItem", inputKey: key, input: input, prepare: { (storage($0), $0) }, iterations: 25) { storage, input in
                for victim in input.victims.prefix(calls) { try! storage.reloadItem(Message(id: victim, status: 0)) }
            }
            add("single \(label) removeItem", inputKey: key, input: input, prepare: { (storage($0), $0) }, iterations: 25) { storage, input in
                for victim in input.victims.prefix(calls) { try! storage.removeItem(Message(id: victim, status: 0)) }
            }
            add("single \(label) replace then look-up", inputKey: key, input: input,
                prepare: { (storage($0), $0) }, iterations: 25) { storage, input in
                for (victim, other) in zip(input.victims.prefix(calls), input.victims.dropFirst(calls)) {
                    try! storage.replaceItem(Message(id: victim, status: 0), with: Message(id: victim, status: 1))
                    blackHole(storage.indexPath(forItem: Message(id: other, status: 0)))
                }
            }
            add("single \(label) insert then look-up", inputKey: key, input: input,
                prepare: { (storage($0), $0) }, iterations: 25) { storage, input in
                for (k, other) in input.victims.prefix(calls).enumerated() {
                    try! storage.insertItem(Message(id: count + k, status: 0), to: IndexPath(indexes: [0, input.insertionOffsets[k]]))
                    blackHole(storage.indexPath(forItem: Message(id: other, status: 0)))
                }
            }
            add("single \(label) Identifiable replaceItem", inputKey: key, input: input,
                prepare: { input -> (MemoryStorage, SingleChangeInput) in
                    let storage = MemoryStorage()
                    try! storage.addItems(input.notes)
                    storage.addObserver { blackHole($0) }
                    try! storage.replaceItem(input.notes[0], with: input.notes[0])
                    return (storage, input)
                }, iterations: 25) { storage, input in
                for victim in input.victims.prefix(calls) {
                    try! storage.replaceItem(Note(id: victim, text: 0), with: Note(id: victim, text: 1))
                }
            }
            // 1,000 changes by value in one block: an insertion at a random offset, a removal,
            // a replacement, in turn.
            let floor = "single \(label) batch floor"
            add(floor, inputKey: key, input: input) { input in
                var array = input.messages
                for k in 0..<1_000 {
                    let victim = input.victims[k]
                    switch k % 3 {
                    case 0: array.insert(Message(id: count + k, status: 0), at: input.insertionOffsets[k])
                    case 1: array.remove(at: array.firstIndex(of: Message(id: victim, status: 0))!)
                    default: array[array.firstIndex(of: Message(id: victim, status: 0))!] = Message(id: victim, status: 1)
                    }
                }
                blackHole(Changeset(from: input.messages, to: array))
            }
            add("single \(label) batch", inputKey: key, input: input, prepare: { (storage($0), $0) }, iterations: 25) { storage, input in
                storage.performUpdates {
                    for k in 0..<1_000 {
                        let victim = input.victims[k]
                        switch k % 3 {
                        case 0: try! storage.insertItem(Message(id: count + k, status: 0),
                                                        to: IndexPath(indexes: [0, input.insertionOffsets[k]]))
                        case 1: try! storage.removeItem(Message(id: victim, status: 0))
                        default: try! storage.replaceItem(Message(id: victim, status: 0), with: Message(id: victim, status: 1))
                        }
                    }
                }
            }
            table.rows = [
                ("one whole Changeset (one item changed; baseline)", [.time(baseline)]),
                ("first indexPath(forItem:) after filling (builds the index)", [.time("single \(label) first look-up", relativeTo: baseline)]),
                ("replaceItem(_:with:), Hashable", [perCallRatio("single \(label) replaceItem", baseline, calls)]),
                ("reloadItem(_:), Hashable", [perCallRatio("single \(label) reloadItem", baseline, calls)]),
                ("removeItem(_:), Hashable", [perCallRatio("single \(label) removeItem", baseline, calls)]),
                ("replaceItem, then indexPath(forItem:)", [perCallRatio("single \(label) replace then look-up", baseline, calls)]),
                ("insertItem in the middle, then indexPath(forItem:)", [perCallRatio("single \(label) insert then look-up", baseline, calls)]),
                ("replaceItem(_:with:), Identifiable & Equatable", [perCallRatio("single \(label) Identifiable replaceItem", baseline, calls)]),
                ("1,000 changes by value on a plain array + one Changeset (floor)", [.time(floor)]),
                ("performUpdates of the same 1,000 changes (multiple of the floor)", [.time("single \(label) batch", relativeTo: floor)]),
            ]
            tables.append(table)
        }
    }

    /// The time per call of a benchmark whose body makes `calls` calls, against `baseline`.
    private func perCallRatio(_ name: String, _ baseline: String, _ calls: Int) -> Cell {
        .time(name, relativeTo: baseline, perCall: calls)
    }
}
