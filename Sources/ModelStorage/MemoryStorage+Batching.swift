#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

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
        try transaction(folding: true, block)
    }

    /// Runs `block` without reporting its mutations one by one, then asks observers to reload
    /// everything (``StorageUpdating/storageNeedsReloading()``, or ``StorageUpdate/reload`` for
    /// closures and streams) when the storage ended different from how it began. Inside
    /// ``performUpdates(_:)`` the whole outer block becomes a reload.
    public func updateWithoutAnimations<E: Error>(_ block: () throws(E) -> Void) throws(E) {
        try transaction(folding: true) { () throws(E) in
            transactionState?.reloadRequested = true
            try block()
        }
    }

    /// Runs `body` as one transaction (nested ones join the outermost): when the outermost ends,
    /// what its primitives recorded becomes one update. `folding` transactions (batches and
    /// public methods made of several primitives) fold any number of recorded changes into
    /// their net change; the others record exactly one change, delivered as it is.
    func transaction<E: Error>(folding: Bool = false, _ body: () throws(E) -> Void) throws(E) {
        if transactionState == nil {
            freezeShownStateIfDelivering()
            transactionState = Transaction(baseline: folding ? sections.map { SectionSnapshot(id: $0.id, slots: $0.slots) } : nil)
        } else {
            transactionState?.depth += 1
        }
        defer { endTransaction() }
        try body()
    }

    /// Records what a primitive changed: the update it makes on its own, the new models of the
    /// items it replaced (keyed by index path), and the identities of the items and sections
    /// whose content it changed. The only way a change is recorded.
    func record(_ changes: SectionedBatchUpdate, models: [IndexPath: any Sendable] = [:], items: [UInt64] = [],
                sections touched: [UInt64] = []) {
        guard var state = transactionState else {
            preconditionFailure("MemoryStorage: a primitive ran outside a transaction")
        }
        transactionState = nil  // keep the sets uniquely referenced while they grow
        state.recorded += 1
        if state.recorded == 1 { state.first = StorageUpdate(changes: changes, updatedModels: models) }
        state.touchedItems.formUnion(items)
        state.touchedSections.formUnion(touched)
        transactionState = state
    }

    /// Whether mutations are being folded into one update.
    var isBatching: Bool { transactionState?.baseline != nil }

    private func endTransaction() {
        guard var state = transactionState else { return }
        state.depth -= 1
        guard state.depth == 0 else {
            transactionState = state
            return
        }
        transactionState = nil
        guard let baseline = state.baseline else {
            // One public method, one primitive: its own update.
            assert(state.recorded <= 1, "MemoryStorage: a non-folding transaction recorded \(state.recorded) changes")
            if let first = state.first { deliver(state.recorded == 1 ? first : .reload) }
            return
        }
        guard state.recorded > 0 || state.reloadRequested else { return }
        // Content changes of items and sections that are gone are not changes of what is shown.
        let survivingItems = state.touchedItems.isEmpty ? [] : state.touchedItems.intersection(sections.lazy.flatMap(\.slots))
        let survivingSections = state.touchedSections.isEmpty ? [] : state.touchedSections.intersection(sections.map(\.id))
        if state.reloadRequested {
            let unchanged = survivingItems.isEmpty && survivingSections.isEmpty && baseline.count == sections.count
                && zip(baseline, sections).allSatisfy { $0.id == $1.id && $0.slots == $1.slots }
            if !unchanged { deliver(.reload) }
        } else {
            deliver(netChange(from: baseline, to: sections, touchedItems: survivingItems, touchedSections: survivingSections))
        }
    }
}

/// A transaction of ``MemoryStorage`` in progress (see `transaction(folding:_:)`).
struct Transaction {
    /// Nesting depth: the update is made when the outermost transaction ends.
    var depth = 1
    /// Identities of every section and item before the outermost transaction, for folding
    /// transactions; `nil` for a transaction that records one change.
    let baseline: [SectionSnapshot]?
    /// How many changes primitives recorded.
    var recorded = 0
    /// The first recorded change, which a non-folding transaction delivers.
    var first: StorageUpdate?
    /// Items whose content was replaced or reloaded.
    var touchedItems: Set<UInt64> = []
    /// Sections whose supplementary models changed.
    var touchedSections: Set<UInt64> = []
    /// Whether an `updateWithoutAnimations` block asked for a reload instead of an update.
    var reloadRequested = false

    init(baseline: [SectionSnapshot]?) {
        self.baseline = baseline
    }
}
