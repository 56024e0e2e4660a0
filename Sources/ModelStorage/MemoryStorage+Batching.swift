#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

/// How a mutation of ``MemoryStorage`` becomes the update its observers receive. The contract:
///
/// - A primitive (`MemoryStorage+Primitives.swift`) makes one change and *returns* it as a
///   ``PrimitiveChange``: the update it makes on its own, legal by itself. It records nothing.
/// - A public method that makes one change runs one primitive through `commit(_:)`, whose body
///   returns that one change: outside a batch it is delivered as it is, inside one it is folded.
///   A second change cannot slip in: its value would have nowhere to go (an unused result is a
///   compiler warning, and the package builds without warnings).
/// - A public method that makes several changes runs them inside `batch(_:)`, whose outermost
///   level delivers the net change between the identities before and after it (`netChange`).
///   So which update goes out never depends on how many changes a caller predicted.
/// - Both freeze what readers see first (``Delivery/willChange(_:)``), so that during a delivery
///   the reads keep showing the state the update being delivered leads to.
extension MemoryStorage {
    /// Runs `block`, whose mutations change the data at once but are reported together, as
    /// ONE update: the net change between the state before and after the block, computed with
    /// the diff core on the identities of sections and items. Any mix of inserts, deletes,
    /// moves (also between sections) and reloads is therefore legal in one batch; an item
    /// inserted and removed inside the block does not appear at all, and a block whose changes
    /// cancel out reports nothing. Nested blocks fold into the outermost one. When `block`
    /// throws, what it changed before is still reported, then the error is rethrown.
    ///
    /// - Complexity: O(n + m + k log k) after the block for n items before and m after (see
    ///   the diff core), plus what the mutations cost.
    public func performUpdates<E: Error>(_ block: () throws(E) -> Void) throws(E) {
        try batch(block)
    }

    /// Runs `block` without reporting its mutations one by one, then asks observers to reload
    /// everything (``StorageUpdating/storageNeedsReloading()``, or ``StorageUpdate/reload`` for
    /// closures and streams) when the storage ended different from how it began. Inside
    /// ``performUpdates(_:)`` the whole outer block becomes a reload.
    public func updateWithoutAnimations<E: Error>(_ block: () throws(E) -> Void) throws(E) {
        try batch { () throws(E) in
            batchState?.reloadRequested = true
            try block()
        }
    }

    /// Runs `primitive`, which makes one change and returns it (`nil` when it changed nothing),
    /// and reports that change: delivered as it is, or folded into the batch in progress.
    func commit(_ primitive: () -> PrimitiveChange?) {
        delivery.willChange(sections)
        guard let change = primitive() else { return }
        if batchState != nil {
            batchState!.fold(change)
        } else {
            deliver(StorageUpdate(changes: change.update, updatedModels: change.models), through: delivery,
                    leadingTo: sections)
        }
    }

    /// Runs `body`, whose changes (each through `commit(_:)`) are reported as one update when the
    /// outermost batch ends: the net change from the identities before it (see the contract
    /// above). Nested batches join the outermost.
    func batch<E: Error>(_ body: () throws(E) -> Void) throws(E) {
        if batchState == nil {
            delivery.willChange(sections)
            batchState = Batch(baseline: sections.map { SectionSnapshot(id: $0.id, slots: $0.slots) })
        } else {
            batchState!.depth += 1
        }
        defer { endBatch() }
        try body()
    }

    /// Whether mutations are being folded into one update.
    var isBatching: Bool { batchState != nil }

    private func endBatch() {
        guard var state = batchState else { return }
        state.depth -= 1
        guard state.depth == 0 else {
            batchState = state
            return
        }
        batchState = nil
        guard state.changed || state.reloadRequested else { return }
        // Content changes of items and sections that are gone are not changes of what is shown.
        let survivingItems = state.touchedItems.isEmpty ? [] : state.touchedItems.intersection(sections.lazy.flatMap(\.slots))
        let survivingSections = state.touchedSections.isEmpty ? [] : state.touchedSections.intersection(sections.map(\.id))
        let baseline = state.baseline
        if state.reloadRequested {
            let unchanged = survivingItems.isEmpty && survivingSections.isEmpty && baseline.count == sections.count
                && zip(baseline, sections).allSatisfy { $0.id == $1.id && $0.slots == $1.slots }
            if !unchanged { deliver(.reload, through: delivery, leadingTo: sections) }
        } else {
            deliver(netChange(from: baseline, to: sections, touchedItems: survivingItems, touchedSections: survivingSections),
                    through: delivery, leadingTo: sections)
        }
    }
}

/// What one primitive of ``MemoryStorage`` changed: the update it makes on its own (legal by
/// itself), the new models of the items it replaced (keyed by index path), and the identities
/// of the items and sections whose content it changed (which a batch's net change reports as
/// updates when they survive).
struct PrimitiveChange {
    var update: SectionedBatchUpdate
    var models: [IndexPath: any Sendable] = [:]
    var touchedItems: [UInt64] = []
    var touchedSections: [UInt64] = []
}

/// A batch of ``MemoryStorage`` in progress (see `batch(_:)`).
struct Batch {
    /// Nesting depth: the update is made when the outermost batch ends.
    var depth = 1
    /// Identities of every section and item before the outermost batch.
    let baseline: [SectionSnapshot]
    /// Whether a primitive changed anything.
    var changed = false
    /// Items whose content was replaced or reloaded.
    var touchedItems: Set<UInt64> = []
    /// Sections whose supplementary models changed.
    var touchedSections: Set<UInt64> = []
    /// Whether an `updateWithoutAnimations` block asked for a reload instead of an update.
    var reloadRequested = false

    init(baseline: [SectionSnapshot]) {
        self.baseline = baseline
    }

    /// Folds one primitive's change in: only what the net change needs of it (which identities'
    /// content changed) is kept.
    mutating func fold(_ change: PrimitiveChange) {
        changed = true
        touchedItems.formUnion(change.touchedItems)
        touchedSections.formUnion(change.touchedSections)
    }
}
