#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

/// The one update that takes a storage from the identities in `baseline` to `current`: the
/// net change of a ``MemoryStorage/performUpdates(_:)`` block whatever happened inside it, and
/// the update since a content a consumer kept (``MemoryStorage/update(since:)``).
///
/// Sections are diffed by identity, then all items of all sections at once (so an item that
/// changed section is a move, not a delete and an insert), both with the diff core, and
/// ``SectionedChangeset`` places them; the storage delivers its
/// ``SectionedChangeset/batchUpdate`` (one batch plus reloads, legal while the data source
/// already shows the new data). Items and sections present on both sides whose revision in
/// `current` is above `revision` (the baseline's) changed in place: they are the updates.
///
/// - Complexity: O(n + k log k) for n items in all and k items that stay in their section,
///   plus the diff core's time for the section and item identities.
func netChange(
    from baseline: [some SectionIdentities], to current: [StoredSection], since revision: UInt64
) -> StorageUpdate {
    var touchedItems: Set<UInt64> = [], touchedSections: Set<UInt64> = []
    for section in current {
        if section.revision > revision { touchedSections.insert(section.id) }
        for (slot, itemRevision) in zip(section.slots, section.revisions) where itemRevision > revision {
            touchedItems.insert(slot)
        }
    }
    let identity = _SelfIdentity<UInt64, UInt64>()
    let oldSectionIDs = baseline.map(\.id), newSectionIDs = current.map(\.id)
    let sections = oldSectionIDs.withUnsafeBufferPointer { old in
        newSectionIDs.withUnsafeBufferPointer { new in
            _withMatching(old, new, .heckel, identity: identity, isChanged: { _, new in touchedSections.contains(new) }) {
                (changes: Changeset(_matching: $0), newOfOld: $0.newOffsetsOfOld)
            }
        }
    }
    let oldSlots = baseline.flatMap(\.slots), newSlots = current.flatMap(\.slots)
    return oldSlots.withUnsafeBufferPointer { old in
        newSlots.withUnsafeBufferPointer { new in
            // Items are placed section by section: no global moves.
            _withMatching(old, new, .heckel, identity: identity, moves: false,
                          isChanged: { _, new in touchedItems.contains(new) }) { items in
                StorageUpdate(SectionedChangeset(sectionChanges: sections.changes, sectionNewOfOld: sections.newOfOld,
                                                 items: items, oldItemCounts: baseline.map(\.slots.count),
                                                 newItemCounts: current.map(\.count)),
                              current: current)
            }
        }
    }
}

extension StorageUpdate {
    /// The storage update of `sectioned`: its ``SectionedChangeset/batchUpdate`` (one batch plus
    /// reloads, legal while the data source shows the new data), with the models of the listed
    /// item updates (not of items whose section is replaced or reloaded) taken from `current`.
    init(_ sectioned: SectionedChangeset, current: [StoredSection]) {
        let changes = sectioned.batchUpdate
        var models: [IndexPath: any Sendable] = [:]
        if !sectioned.itemUpdates.isEmpty {
            let inPlace = Set(changes.updatedItems)
            let afterMoves = Set(changes.updatedItemsAfterMoves)
            for update in sectioned.itemUpdates where inPlace.contains(update.old) || afterMoves.contains(update.new) {
                models[update.new] = current[update.new[0]].items[update.new[1]]
            }
        }
        self.init(changes: changes, updatedModels: models)
    }
}
