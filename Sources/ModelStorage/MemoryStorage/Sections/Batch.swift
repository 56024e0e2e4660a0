#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

/// What one primitive of ``MemoryStorage`` changed (see `SectionStore`): outside a batch, the
/// update it makes on its own (legal by itself) and the new models of the items it replaced
/// (keyed by index path); inside a batch nothing (the batch's net change comes from identities
/// and revisions).
struct PrimitiveChange {
    /// The update on its own; empty when made inside a batch (not needed there).
    var update = SectionedBatchUpdate()
    /// The new models of the items it updated.
    var models: UpdatedModels = .none
    /// Whether it only replaced one item in place (identities unchanged): its update is then
    /// exactly what `netChange` finds from the content just before it.
    var isOneReplacement = false
}

/// A batch of ``MemoryStorage`` in progress: its baseline, from which the net change is computed
/// when it ends (see `SectionStore.endBatch()`).
struct Batch {
    /// Nesting depth: the update is made when the outermost batch ends.
    var depth = 1
    /// Every section before the outermost batch (sharing the trees the batch's changes copy
    /// from, chunk by chunk).
    let baseline: [StoredSection]
    /// The content's revision before the outermost batch: an item or section whose revision is
    /// above it changed in place during the batch.
    let revision: UInt64
    /// Whether a primitive changed anything.
    var changed = false
    /// Whether an `updateWithoutAnimations` block asked for a reload instead of an update.
    var reloadRequested = false

    init(baseline: [StoredSection], revision: UInt64) {
        self.baseline = baseline
        self.revision = revision
    }

    /// Whether `current` shows what the baseline did: the same sections and items, by identity,
    /// none changed in place. O(items).
    func leavesUnchanged(_ current: [StoredSection]) -> Bool {
        baseline.count == current.count
            && zip(baseline, current).allSatisfy { $0.id == $1.id && $0.hasSameSlots(as: $1) }
            && current.allSatisfy { $0.revision <= revision && !$0.entries.contains { $0.revision > revision } }
    }
}
