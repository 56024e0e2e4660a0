import FingerprintDiff
import Foundation
@_spi(Benchmarking) import ModelStorage
import ModelStorageTesting
import ModelStorageViews
import SeededRandom

/// One list of `count` messages and the same list with the item in the middle changed: the
/// baseline of the scale rows is one whole `Changeset` between them.
struct ScaleList: Sendable {
    let items: [Message]
    let oneChanged: [Message]

    init(count: Int) {
        items = (0..<count).map { Message(id: $0, status: 0) }
        var changed = items
        changed[count / 2].status = 1
        oneChanged = changed
    }
}

/// A `MemoryStorage` of one section on screen through a `ViewUpdater` and a view that does
/// nothing (`BenchmarkView`), kept from one iteration to the next: the screen takes change after
/// change, each shown by the updater's flush and its batch, whose animation then ends.
@MainActor
final class UpdatedScaleStorage {
    nonisolated let list: ScaleList
    let storage: MemoryStorage
    let view: BenchmarkView
    let updater: ViewUpdater<MemoryStorage>
    /// The next id of an inserted item.
    private var nextID: Int

    /// A storage holding `list.items`, its look-up index built, shown by an idle updater.
    convenience init(_ list: ScaleList) {
        let storage = MemoryStorage()
        try! storage.setItemsForAllSections([list.items])
        _ = storage.indexPath(forItem: list.items[0])   // the look-up index, built before measuring
        self.init(storage: storage, list: list)
    }

    /// `storage` shown by an idle updater from now on.
    init(storage: MemoryStorage, list: ScaleList) {
        self.list = list
        self.storage = storage
        nextID = 3 * list.items.count
        view = BenchmarkView()
        updater = ViewUpdater(storage: storage, view: view) { _ in }
    }

    /// The section's item count now.
    var count: Int { storage.numberOfItems(inSection: 0) }

    /// `change` made, then shown: the flush sends one batch, whose animation ends (its completion).
    func show(_ change: () throws(StorageError) -> Void) {
        let before = view.batches
        try! change()
        updater.flush()
        precondition(view.batches == before + 1, "one batch")
        let ending = view.completions
        view.completions = []
        for batch in ending { batch.completion?(true) }
    }

    /// The item in the middle replaced by itself with another status.
    func replaceMiddle() {
        show { () throws(StorageError) in
            let item = storage.item(at: IndexPath(indexes: [0, count / 2])) as! Message
            try storage.replaceItem(item, with: Message(id: item.id, status: item.status + 1))
        }
    }

    /// A new item inserted in the middle.
    func insertMiddle() {
        nextID += 1
        let item = Message(id: nextID, status: 0)
        show { () throws(StorageError) in try storage.insertItem(item, to: IndexPath(indexes: [0, count / 2])) }
    }

    /// The item in the middle removed by its index path.
    func removeMiddle() {
        show { () throws(StorageError) in try storage.removeItems(at: [IndexPath(indexes: [0, count / 2])]) }
    }

    /// The item at a third moved to two thirds.
    func moveThird() {
        show { () throws(StorageError) in
            try storage.moveItem(at: IndexPath(indexes: [0, count / 3]), to: IndexPath(indexes: [0, 2 * count / 3]))
        }
    }
}

/// A storage after 1,000 random edits (replacements, insertions, removals and moves at random
/// positions) made once its look-up index was built, then shown by an updater; random items and
/// index paths of what it holds, for look-ups, and victims to remove one after the other.
@MainActor
final class EditedScaleStorage {
    /// The updater that shows the storage after the edits.
    let shown: UpdatedScaleStorage
    /// Items the storage holds, in random order (what `indexPath(forItem:)` looks up).
    let probes: [Message]
    /// Valid index paths, in random order.
    let paths: [IndexPath]
    /// Items to remove, one per iteration, distinct from `probes`.
    private var victims: [Message]

    init(_ list: ScaleList) {
        var sections = [list.items]
        let script = Mutation.script(1_000, on: sections, seed: UInt64(list.items.count) &+ 7, nextID: 2 * list.items.count)
        let storage = MemoryStorage()
        try! storage.setItemsForAllSections(sections)
        _ = storage.indexPath(forItem: list.items[0])   // built before the edits, which must keep it
        for mutation in script { mutation.apply(to: storage) }
        for mutation in script { mutation.apply(to: &sections) }
        shown = UpdatedScaleStorage(storage: storage, list: list)
        var generator = SplitMix64(seed: 54)
        let picked = Array(sections[0].indices.shuffled(using: &generator).prefix(2_000))
        probes = picked.prefix(1_000).map { sections[0][$0] }
        victims = picked.dropFirst(1_000).map { sections[0][$0] }
        paths = picked.prefix(1_000).map { IndexPath(indexes: [0, $0 % (sections[0].count - 1_000)]) }   // valid after the removals
    }

    /// The next victim removed by value, shown.
    func removeNextVictim() {
        let victim = victims.removeLast()
        shown.show { () throws(StorageError) in try shown.storage.removeItem(victim) }
    }
}

/// `StorageList`'s coordinator (`ListHost`) over a `MemoryStorage` of one section, showing it
/// in a view that does nothing (`BenchmarkView`) or in a `SimulatedView` (UIKit's rules, 20
/// visible cells, laid out) whose own time is counted apart: the host a `StorageList` makes.
@MainActor
final class HostedScaleList {
    nonisolated let list: ScaleList
    let storage: MemoryStorage
    let host: ListHost<MemoryStorage, Int, Int>
    /// The simulated view behind the host's view; `nil` for a view that does nothing.
    let simulated: TimedSimulatedView?

    init(_ list: ScaleList, simulated: Bool) {
        self.list = list
        let storage = MemoryStorage()
        try! storage.setItemsForAllSections([list.items])
        _ = storage.indexPath(forItem: list.items[0])   // the look-up index, built before measuring
        self.storage = storage
        let view: any BatchUpdatingView = simulated ? TimedSimulatedView(SimulatedView()) : BenchmarkView()
        self.simulated = view as? TimedSimulatedView
        host = ListHost(storage: storage, view: view, rowContent: 0, contentVersion: 0,
                        identify: { ($0 as? Message)?.id }, visibleItems: { [] }, schedule: { _ in })
        if let timed = self.simulated {
            timed.simulated.dataSource = host
            timed.simulated.layoutIfNeeded()
        }
    }

    /// The item in the middle replaced by itself with another status, shown (the flush, the
    /// batch, the end of its animation); returns the simulated view's own time in it, in ns.
    func replaceMiddle() -> Double {
        let viewTime = simulated?.ownNanoseconds ?? 0
        let batches = host.updater.statistics.refreshBatches
        let middle = IndexPath(indexes: [0, storage.numberOfItems(inSection: 0) / 2])
        let item = storage.item(at: middle) as! Message
        try! storage.replaceItem(item, with: Message(id: item.id, status: item.status + 1))
        host.updater.flush()
        if let simulated {
            simulated.simulated.finishAnimations()
            precondition(simulated.simulated.violations.isEmpty, "a batch as UIKit takes it")
        } else {
            let view = host.view as! BenchmarkView
            let ending = view.completions
            view.completions = []
            for batch in ending { batch.completion?(true) }
        }
        precondition(host.updater.statistics.refreshBatches == batches + 1, "one refresh batch")
        return (simulated?.ownNanoseconds ?? 0) - viewTime
    }
}
