import FingerprintDiff
import Foundation
import ModelStorage
import SeededRandom

/// The scale figures that are not medians of a benchmark body: the main actor's share of a
/// background `setItems` (an `async` call), and memory (malloc's statistics).
enum ScaleReport {
    @MainActor
    static func run() async {
        await backgroundRow()
        ViewUpdaterReport.memory([(1, 100_000), (1, 1_000_000)],
                                 title: "Memory an updater adds to a MemoryStorage of one section (malloc's bytes in use)",
                                 notes: ["Target: one change pending ≤ 64 KiB (65,536 bytes) at 1,000,000 items."])
        residentBytesPerItem(count: 1_000_000)
    }

    /// The `setItemsInBackground` row: 1,000,000 items, median of 9 runs.
    @MainActor
    static func backgroundRow() async {
        await background(count: 1_000_000, runs: 9)
    }

    /// The calling thread's processor time so far, in ns: on the main thread, the main actor's
    /// work (the thread sleeps while the main actor waits).
    static func threadNanoseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }

    /// When the last update was delivered, by the main thread's processor clock.
    @MainActor
    final class Delivery {
        var at = 0.0
        var count = 0
    }

    /// `setItemsInBackground` of a list of `count` items with 10% of them changed (random items,
    /// another status), back and forth: the main thread's processor time from the call to the
    /// delivery of the update (observers excluded: the one observer notes the time), against one
    /// whole `Changeset` of the same two lists on the same clock, median of `runs`.
    @MainActor
    static func background(count: Int, runs: Int) async {
        precondition(Thread.isMainThread, "the main actor runs on the main thread")
        var generator = SplitMix64(seed: 10)
        let before = (0..<count).map { Message(id: $0, status: 0) }
        var after = before
        for k in (0..<count).shuffled(using: &generator).prefix(count / 10) { after[k].status = 1 }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

        var diffs: [Double] = []
        for _ in 0..<runs {
            let start = threadNanoseconds()
            blackHole(Changeset(from: before, to: after))
            diffs.append(threadNanoseconds() - start)
        }
        let diff = median(diffs)

        /// Runs `call` with each list in turn: the main actor's time to the delivery, and the wall clock's.
        func measure(_ observe: (Delivery) -> Void, _ call: ([Message]) async -> Void) async -> (main: Double, wall: Double) {
            let delivery = Delivery()
            observe(delivery)
            var main: [Double] = [], wall: [Double] = []
            for run in 0..<runs {
                let delivered = delivery.count
                let start = threadNanoseconds(), started = DispatchTime.now().uptimeNanoseconds
                await call(run % 2 == 0 ? after : before)
                precondition(delivery.count == delivered + 1, "one update delivered")
                main.append(delivery.at - start)
                wall.append(Double(DispatchTime.now().uptimeNanoseconds - started))
            }
            return (median(main), median(wall))
        }
        func typedStorage() -> (SingleSectionHashableStorage<Message>, (Delivery) -> Void) {
            let storage = SingleSectionHashableStorage(items: before)
            return (storage, { delivery in
                _ = storage.addObserver { _ in MainActor.assumeIsolated { delivery.at = threadNanoseconds(); delivery.count += 1 } }
            })
        }
        func memoryStorage() -> (MemoryStorage, (Delivery) -> Void) {
            let storage = MemoryStorage()
            try! storage.setItemsForAllSections([before])
            return (storage, { delivery in
                storage.addObserver { _ in MainActor.assumeIsolated { delivery.at = threadNanoseconds(); delivery.count += 1 } }
            })
        }
        let (typed, observeTyped) = typedStorage(), (typedSync, observeTypedSync) = typedStorage()
        let typedFigures = await measure(observeTyped) { await typed.setItemsInBackground($0) }
        let typedSyncFigures = await measure(observeTypedSync) { typedSync.setItems($0) }
        let (memory, observeMemory) = memoryStorage(), (memorySync, observeMemorySync) = memoryStorage()
        let memoryFigures = await measure(observeMemory) { try! await memory.setItemsInBackground($0, forSection: 0) }
        let memorySyncFigures = await measure(observeMemorySync) { try! memorySync.setItems($0, forSection: 0) }
        withExtendedLifetime((typed, typedSync, memory, memorySync)) {}

        func row(_ label: String, _ figures: (main: Double, wall: Double), synchronous: (main: Double, wall: Double)?) -> [String] {
            var cells = [label, Formatting.duration(nanoseconds: figures.main) + " (" + Formatting.ratio(figures.main / diff) + ")"]
            cells.append(synchronous.map { Formatting.ratio(figures.main / $0.main) } ?? "")
            cells.append(Formatting.duration(nanoseconds: figures.wall))
            guard let synchronous else { return cells + ["", ""] }
            func verdict(_ met: Bool) -> String { met ? "met" : "not met" }
            return cells + ["≤ 0.25× the whole diff",
                            "against the Changeset: \(verdict(figures.main <= 0.25 * diff)); against the synchronous call: \(verdict(figures.main <= 0.25 * synchronous.main))"]
        }
        Report.table("setItemsInBackground, \(count.formatted()) items, 10% of them changed: the main thread's processor time from the call to the delivery (multiple of one whole Changeset of the same lists, same clock), median of \(runs)",
                     columns: ["call", "main actor, call to delivery", "of the synchronous call's", "wall clock, call to delivery", "target", "met"],
                     rows: [["one whole Changeset of the two lists (baseline)", Formatting.duration(nanoseconds: diff), "", "", "", ""],
                            row("SingleSectionHashableStorage.setItems(_:), synchronous", typedSyncFigures, synchronous: nil),
                            row("SingleSectionHashableStorage.setItemsInBackground(_:)", typedFigures, synchronous: typedSyncFigures),
                            row("MemoryStorage.setItems(_:forSection:), synchronous", memorySyncFigures, synchronous: nil),
                            row("MemoryStorage.setItemsInBackground(_:forSection:)", memoryFigures, synchronous: memorySyncFigures)],
                     notes: ["10% changed: \((count / 10).formatted()) random items of another content, every id in place; the calls go back and forth between the two lists. The one observer notes the time of the delivery (no view)."])
    }

    /// Bytes a `MemoryStorage` of one section keeps per stored item at `count` items: malloc's
    /// bytes in use and the resident set's growth, after filling it and after its look-up index
    /// is built by a first look-up.
    @MainActor
    static func residentBytesPerItem(count: Int) {
        let items = (0..<count).map { Message(id: $0, status: 0) }
        _ = mallocTrim(0)
        guard let start = ViewUpdaterReport.allocatedBytes(), let residentStart = MemoryReport.kilobytes("VmRSS") else {
            return Report.table("Bytes per stored item", columns: ["figure", "value"], rows: [["no malloc statistics on this platform", "n/a"]])
        }
        let storage = MemoryStorage()
        try! storage.addItems(items)
        let filled = ViewUpdaterReport.allocatedBytes()! - start
        let residentFilled = MemoryReport.kilobytes("VmRSS")! - residentStart
        _ = storage.indexPath(forItem: items[0])
        let indexed = ViewUpdaterReport.allocatedBytes()! - start
        let residentIndexed = MemoryReport.kilobytes("VmRSS")! - residentStart
        withExtendedLifetime(storage) {}
        func perItem(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / Double(count)) }
        Report.table("Bytes a MemoryStorage keeps per stored item, one section of \(count.formatted()) Messages (16-byte items)",
                     columns: ["storage", "malloc's bytes in use per item", "resident set's growth per item"],
                     rows: [["filled (addItems)", perItem(filled), perItem(residentFilled * 1024)],
                            ["and its look-up index built (a first indexPath(forItem:))", perItem(indexed), perItem(residentIndexed * 1024)]],
                     notes: ["Target: no more than 1.25× the figures of this table when a section was one array: 48.0 bytes in use per item filled, 68.4 with the look-up index (resident growth 96.0 and 100.4)."])
    }
}
