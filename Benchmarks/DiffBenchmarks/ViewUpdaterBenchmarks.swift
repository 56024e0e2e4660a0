import FingerprintDiff
import Foundation
@_spi(Benchmarking) import ModelStorage
import SeededRandom

import MallocStatistics

/// One random single mutation of sections of `Message`s, by index path: what a storm of user
/// changes looks like to a storage.
enum Mutation {
    case replace(IndexPath, Message)
    case insert(IndexPath, Message)
    case remove(IndexPath)
    case move(IndexPath, IndexPath)

    /// `count` random mutations of `sections`, valid one after the other, new ids from `nextID`.
    static func script(_ count: Int, on sections: [[Message]], seed: UInt64, nextID: Int) -> [Mutation] {
        var generator = SplitMix64(seed: seed)
        var sizes = sections.map(\.count)
        var nextID = nextID
        func anyPath(end: Bool = false) -> IndexPath? {
            let candidates = sizes.indices.filter { sizes[$0] > 0 || end }
            guard let section = candidates.randomElement(using: &generator) else { return nil }
            return IndexPath(indexes: [section, Int.random(in: 0..<(sizes[section] + (end ? 1 : 0)), using: &generator)])
        }
        var script: [Mutation] = []
        while script.count < count {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                guard let path = anyPath() else { continue }
                script.append(.replace(path, Message(id: -1, status: Int.random(in: 1...1_000, using: &generator))))
            case 1:
                guard let path = anyPath(end: true) else { continue }
                script.append(.insert(path, Message(id: nextID, status: 0)))
                nextID += 1
                sizes[path[0]] += 1
            case 2:
                guard let path = anyPath() else { continue }
                script.append(.remove(path))
                sizes[path[0]] -= 1
            default:
                guard let from = anyPath() else { continue }
                sizes[from[0]] -= 1
                guard let to = anyPath(end: true) else { sizes[from[0]] += 1; continue }
                script.append(.move(from, to))
                sizes[to[0]] += 1
            }
        }
        return script
    }

    /// Applies the mutation to plain arrays.
    func apply(to sections: inout [[Message]]) {
        switch self {
        case let .replace(path, message): sections[path[0]][path[1]].status = message.status
        case let .insert(path, message): sections[path[0]].insert(message, at: path[1])
        case let .remove(path): sections[path[0]].remove(at: path[1])
        case let .move(from, to): sections[to[0]].insert(sections[from[0]].remove(at: from[1]), at: to[1])
        }
    }

    /// Applies the mutation to `storage` (which holds what the arrays would).
    func apply(to storage: MemoryStorage) {
        switch self {
        case let .replace(path, message):
            let item = storage.item(at: path) as! Message
            try! storage.replaceItem(item, with: Message(id: item.id, status: message.status))
        case let .insert(path, message): try! storage.insertItem(message, to: path)
        case let .remove(path): try! storage.removeItems(at: [path])
        case let .move(from, to): try! storage.moveItem(at: from, to: to)
        }
    }
}

/// The input of the coalesced-update benchmarks: sections before, the mutations made during
/// one batch, and the sections after.
struct CoalescedInput {
    let before: [[Message]]
    let script: [Mutation]
    let after: [[Message]]

    init(sections: Int, itemsPerSection: Int) {
        before = (0..<sections).map { section in
            (0..<itemsPerSection).map { Message(id: section * itemsPerSection + $0, status: 0) }
        }
        script = Mutation.script(1_000, on: before, seed: UInt64(sections), nextID: sections * itemsPerSection)
        var after = before
        for mutation in script { mutation.apply(to: &after) }
        self.after = after
    }
}

/// A view that does what the updater asks and nothing else (no checks, no cells), so that the
/// storm measures the updater's own main-actor time.
@MainActor
final class BenchmarkView: BatchUpdatingView {
    var completions: [(due: Int, completion: ((Bool) -> Void)?)] = []
    var batches = 0
    var reloads = 0
    var now = 0
    var animationMilliseconds = 300
    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        batches += 1
        updates?()
        completions.append((now + animationMilliseconds, completion))
    }
    func insertSections(_ sections: IndexSet) {}
    func deleteSections(_ sections: IndexSet) {}
    func reloadSections(_ sections: IndexSet) {}
    func moveSection(_ section: Int, toSection newSection: Int) {}
    func insertItems(at indexPaths: [IndexPath]) {}
    func deleteItems(at indexPaths: [IndexPath]) {}
    func reloadItems(at indexPaths: [IndexPath]) {}
    func reconfigureItems(at indexPaths: [IndexPath]) {}
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
    func reloadData() { reloads += 1 }
    var indexPathsForVisibleItems: [IndexPath] { [] }
    var isInWindow: Bool { true }
}

extension BenchmarkPlan {
    /// The coalesced update: 1,000 random single mutations made while a batch animates, then the
    /// net update from the displayed content (`update(since:)`), against the bare `Changeset` of
    /// the same two lists (flattened) in the same run.
    func registerViewUpdates() {
        var table = ResultTable(title: "View updater: the net update of 1,000 mutations made during one batch, (multiple of the bare Changeset of the same lists)",
                                columns: ["storage", "time"])
        for (sections, items, label) in [(1, 100_000, "one section of 100,000"), (100, 1_000, "100 sections of 1,000")] {
            let key = "coalesced-\(sections)"
            let input = { CoalescedInput(sections: sections, itemsPerSection: items) }
            let baseline = "coalesced \(sections) Changeset"
            add(baseline, inputKey: key, input: input) { input in
                blackHole(Changeset(from: input.before.flatMap { $0 }, to: input.after.flatMap { $0 }))
            }
            add("coalesced \(sections) update(since:)", inputKey: key, input: input,
                prepare: { input -> (MemoryStorage, MemoryStorage.Content) in
                    let storage = MemoryStorage()
                    try! storage.setItemsForAllSections(input.before)
                    let shown = storage.content
                    for mutation in input.script { mutation.apply(to: storage) }
                    return (storage, shown)
                }, iterations: 25) { storage, shown in
                // Four calls a run, as the baseline runs back to back (the preparation's 1,000
                // mutations leave the caches cold for the first).
                for _ in 0..<4 { blackHole(storage.update(since: shown)) }
            }
            table.rows += [
                ("\(label): Changeset of the two lists (baseline)", [.time(baseline)]),
                ("\(label): MemoryStorage.update(since:), per call", [.time("coalesced \(sections) update(since:)", relativeTo: baseline, perCall: 4)]),
            ]
        }
        tables.append(table)
    }
}

/// The storm and the memory an updater adds, printed after the tables.
enum ViewUpdaterReport {
    @MainActor
    static func run() {
        storm()
        memory()
    }

    /// 10,000 items, 10,000 mutations a second for 10 simulated seconds, 300 ms animations,
    /// the updater's work run every 16 ms frame: batches sent, and the updater's main-actor time
    /// per batch (the scheduled flush and the completions, the storage's own work excluded).
    @MainActor
    static func storm() {
        let items = (0..<10_000).map { Message(id: $0, status: 0) }
        let storage = MemoryStorage()
        try! storage.addItems(items)
        var scheduled: [@MainActor () -> Void] = []
        let view = BenchmarkView()
        let updater = ViewUpdater(storage: storage, view: view) { work in
            MainActor.assumeIsolated { scheduled.append(work) }
        }
        let script = Mutation.script(100_000, on: [items], seed: 99, nextID: 10_000)
        var durations: [Double] = []
        var mutationTime = 0.0
        func timed(_ body: () -> Void) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        var next = 0
        for millisecond in 0..<10_000 {
            view.now = millisecond
            mutationTime += timed {
                for _ in 0..<10 {
                    script[next].apply(to: storage)
                    next += 1
                }
            }
            while let due = view.completions.firstIndex(where: { $0.due <= millisecond }) {
                let completion = view.completions.remove(at: due).completion
                let before = view.batches
                let time = timed { completion?(true) }
                if view.batches > before { durations.append(time) }
            }
            if millisecond % 16 == 0 {
                let work = scheduled
                scheduled = []
                for item in work {
                    let before = view.batches
                    let time = timed { item() }
                    if view.batches > before { durations.append(time) }
                }
            }
        }
        durations.sort()
        let median = durations.isEmpty ? 0 : durations[durations.count / 2]
        Report.table("View updater storm: 10,000 items, 10,000 single mutations a second for 10 simulated seconds, 300 ms animations, work run every 16 ms",
                     columns: ["figure", "value"],
                     rows: [["animation windows", "\(10_000 / 300)"],
                            ["structure batches", "\(updater.statistics.structureBatches)"],
                            ["refresh batches", "\(updater.statistics.refreshBatches)"],
                            ["reloads", "\(view.reloads)"],
                            ["updater's main-actor time per batch sent, median", String(format: "%.3f ms", median)],
                            ["updater's main-actor time per batch sent, maximum", String(format: "%.3f ms", durations.last ?? 0)],
                            ["batches timed", "\(durations.count)"],
                            ["the storage's own time for the 100,000 mutations", String(format: "%.0f ms", mutationTime)]])
    }

    /// Bytes allocated (malloc's in-use count), `nil` where malloc gives none (not glibc).
    static func allocatedBytes() -> Int? {
        let bytes = Int(malloc_statistics_bytes_in_use())
        return bytes == 0 ? nil : bytes
    }

    /// What an updater adds to a storage of `sections` of `items` each: with nothing pending,
    /// and with one change pending (what the storage keeps for the content the view shows).
    @MainActor
    static func memory(_ shapes: [(sections: Int, items: Int)] = [(1, 100_000), (100, 1_000)],
                       title: String = "Memory an updater adds to a storage of 100,000 items (malloc's bytes in use)",
                       notes: [String] = []) {
        var rows: [[String]] = []
        defer {
            Report.table(title, columns: ["storage", "idle updater", "one change pending", "that section's arrays"], rows: rows, notes: notes)
        }
        for (sections, items) in shapes {
            let storage = MemoryStorage()
            try! storage.setItemsForAllSections((0..<sections).map { section in
                (0..<items).map { Message(id: section * items + $0, status: 0) }
            })
            let view = BenchmarkView()
            _ = storage.indexPath(forItem: Message(id: 5, status: 0))   // the look-up index, built before measuring
            guard let start = allocatedBytes() else { return rows.append(["no malloc statistics on this platform", "n/a", "n/a", "n/a"]) }
            var updater: ViewUpdater<MemoryStorage>? = ViewUpdater(storage: storage, view: view) { _ in }
            let idle = allocatedBytes()! - start
            try! storage.replaceItem(Message(id: 5, status: 0), with: Message(id: 5, status: 1))
            let pending = allocatedBytes()! - start
            withExtendedLifetime(updater) {}
            updater = nil
            // The same change without an updater: nothing displayed to keep.
            try! storage.replaceItem(Message(id: 5, status: 1), with: Message(id: 5, status: 2))
            let section = items * (MemoryLayout<any Sendable>.stride + 16)
            rows.append(["\(sections) section(s) of \(items.formatted())", "\(idle.formatted()) bytes", "\(pending.formatted()) bytes",
                         "\(section.formatted()) bytes (\(items.formatted()) items)"])
        }
    }
}

