import FingerprintDiff
import Foundation
@_spi(Benchmarking) import ModelStorage
import ModelStorageViews

/// A `StorageList`'s coordinator (`ListHost`) over one section of 100,000 items and a view that
/// does nothing (`BenchmarkView`), for its main-actor work.
struct HostedList: @unchecked Sendable {
    let storage: MemoryStorage
    let host: ListHost<MemoryStorage, Int, Int>
    let changed: Message

    /// A host showing `items`, nothing scheduled; `changed` is the item at 50,000 with another status.
    static func make(_ items: [Message]) -> HostedList {
        MainActor.assumeIsolated {
            let storage = MemoryStorage()
            try! storage.setItemsForAllSections([items])
            _ = storage.indexPath(forItem: items[0])   // the look-up index, built before measuring
            let host = ListHost(storage: storage, view: BenchmarkView(), rowContent: 0, contentVersion: 0,
                                identify: { ($0 as? Message)?.id }, visibleItems: { [] }, schedule: { _ in })
            return HostedList(storage: storage, host: host, changed: Message(id: 50_000, status: 1))
        }
    }
}

/// One `HostedList` kept from one iteration to the next: a screen that takes change after change,
/// each shown by its flush, so that the allocator is in its steady state (a fresh host per
/// iteration puts every copy of the items in fresh pages: the kernel's zeroing dominated that row).
final class SteadyHostedList: @unchecked Sendable {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var shared: SteadyHostedList?
    let list: HostedList
    /// The status the item at 50,000 has now.
    private(set) var status = 0

    private init(_ items: [Message]) { list = HostedList.make(items) }

    /// The one host, made from `items` the first time.
    static func make(_ items: [Message]) -> SteadyHostedList {
        lock.withLock {
            if let shared { return shared }
            let made = SteadyHostedList(items)
            shared = made
            return made
        }
    }

    /// The item at 50,000 changed again (its status toggled), the change shown, the batch's
    /// animation ended.
    func changeAndFlush() {
        MainActor.assumeIsolated {
            let next = 1 - status
            let before = list.host.updater.statistics.refreshBatches
            try! list.storage.replaceItem(Message(id: 50_000, status: status), with: Message(id: 50_000, status: next))
            status = next
            list.host.updater.flush()
            precondition(list.host.updater.statistics.refreshBatches == before + 1, "one refresh batch")
            // The batch's animation ends: its completion (the updater goes idle for the next change).
            let view = list.host.view as! BenchmarkView
            let ending = view.completions
            view.completions = []
            for batch in ending { batch.completion?(true) }
        }
    }
}

/// The same over a typed storage (what `StorageList(storage) { item in ... }` shows), with the
/// list the app sets: the item at 50,000 with another status.
struct HostedTypedList: @unchecked Sendable {
    let storage: SingleSectionHashableStorage<Message>
    let host: ListHost<SingleSectionHashableStorage<Message>, Int, Int>
    let after: [Message]

    static func make(_ items: [Message]) -> HostedTypedList {
        MainActor.assumeIsolated {
            let storage = SingleSectionHashableStorage(items: items)
            let host = ListHost(storage: storage, view: BenchmarkView(), rowContent: 0, contentVersion: 0,
                                identify: { ($0 as? Message)?.id }, visibleItems: { [] }, schedule: { _ in })
            var after = items
            after[50_000].status = 1
            return HostedTypedList(storage: storage, host: host, after: after)
        }
    }
}

extension BenchmarkPlan {
    /// A `StorageList` at 100,000 rows against one whole `Changeset` of the same list with one item
    /// changed: the coordinator's main-actor work for one changed item (the storage's change, the
    /// updater's flush and batch), and a parent's re-render that changes nothing.
    func registerStorageList() {
        let key = "storagelist-100k"
        let input = { (0..<100_000).map { Message(id: $0, status: 0) } }
        let baseline = "storagelist Changeset"
        add(baseline, inputKey: key, input: input) { items in
            var after = items
            after[50_000].status = 1
            blackHole(Changeset(from: items, to: after))
        }
        add("storagelist one change", inputKey: key, input: input, prepare: HostedList.make, iterations: 25) { list in
            MainActor.assumeIsolated {
                try! list.storage.replaceItem(Message(id: 50_000, status: 0), with: list.changed)
                list.host.updater.flush()
                precondition(list.host.updater.statistics.refreshBatches == 1, "one refresh batch")
            }
        }
        add("storagelist memory steady change", inputKey: key, input: input, prepare: SteadyHostedList.make, iterations: 25) { list in
            list.changeAndFlush()
        }
        add("storagelist memory change only", inputKey: key, input: input, prepare: HostedList.make, iterations: 25) { list in
            try! list.storage.replaceItem(Message(id: 50_000, status: 0), with: list.changed)
        }
        add("storagelist typed one change", inputKey: key, input: input, prepare: HostedTypedList.make, iterations: 25) { list in
            MainActor.assumeIsolated {
                list.storage.setItems(list.after)
                list.host.updater.flush()
                precondition(list.host.updater.statistics.refreshBatches == 1, "one refresh batch")
            }
        }
        add("storagelist typed change only", inputKey: key, input: input, prepare: HostedTypedList.make, iterations: 25) { list in
            list.storage.setItems(list.after)
        }
        add("storagelist re-render", inputKey: key, input: input, prepare: HostedList.make, iterations: 25) { list in
            MainActor.assumeIsolated {
                for _ in 0..<1_000 { list.host.update(storage: list.storage, rowContent: 0, contentVersion: 0) }
            }
        }
        var table = ResultTable(title: "StorageList's coordinator at 100,000 rows (multiple of one whole Changeset of the same list)",
                                columns: ["work", "time"])
        table.rows = [
            ("Changeset of the list and the list with one item changed (baseline)", [.time(baseline)]),
            ("one changed item, typed storage (setItems of the list, the flush, the batch)", [.time("storagelist typed one change", relativeTo: baseline)]),
            ("  of which the coordinator's (beyond the storage's own setItems)", [.excess("storagelist typed one change", over: "storagelist typed change only", relativeTo: baseline)]),
            ("one changed item, MemoryStorage (replaceItem, the flush, the batch)", [.time("storagelist one change", relativeTo: baseline)]),
            ("  of which the coordinator's (beyond the storage's own replaceItem)", [.excess("storagelist one change", over: "storagelist memory change only", relativeTo: baseline)]),
            ("  the same, change after change on one screen (the allocator's steady state)", [.time("storagelist memory steady change", relativeTo: baseline)]),
            ("a parent's re-render that changes nothing, per call", [.time("storagelist re-render", relativeTo: baseline, perCall: 1_000)]),
        ]
        tables.append(table)
    }
}
