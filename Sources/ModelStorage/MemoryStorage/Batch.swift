#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

/// What one primitive of ``MemoryStorage`` changed (see `SectionStore`): outside a batch, the
/// update it makes on its own (legal by itself) and the new models of the items it replaced
/// (keyed by index path); always, the identities of the items and sections whose content it
/// changed, which a batch's net change reports as updates when they survive.
struct PrimitiveChange {
    /// The update on its own; empty when made inside a batch (not needed there).
    var update = SectionedBatchUpdate()
    var models: [IndexPath: any Sendable] = [:]
    var touchedItems: [UInt64] = []
    var touchedSections: [UInt64] = []
}

/// A batch of ``MemoryStorage`` in progress: the changes since its baseline, folded into the
/// identities the net change needs (see `SectionStore.endBatch()`).
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
    /// content changed) is kept. O(identities it touched).
    mutating func fold(_ change: PrimitiveChange) {
        changed = true
        touchedItems.formUnion(change.touchedItems)
        touchedSections.formUnion(change.touchedSections)
    }

    /// Whether `current` shows what the baseline did: the same sections and items, by identity,
    /// and no surviving item or section whose content changed. O(items).
    func leavesUnchanged(_ current: [StoredSection]) -> Bool {
        guard baseline.count == current.count,
              zip(baseline, current).allSatisfy({ $0.id == $1.id && $0.slots == $1.slots }) else { return false }
        // Same identities as before: every touched item or section still there changed.
        let items = touchedItems.isEmpty ? [] : touchedItems.intersection(current.lazy.flatMap(\.slots))
        let sections = touchedSections.isEmpty ? [] : touchedSections.intersection(current.map(\.id))
        return items.isEmpty && sections.isEmpty
    }
}
