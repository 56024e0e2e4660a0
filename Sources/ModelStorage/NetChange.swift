#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

/// The one update that takes a storage from the identities in `baseline` to `current`: the
/// net change of a ``MemoryStorage/performUpdates(_:)`` block, whatever happened inside it.
///
/// Sections are diffed by identity, then all items of all sections at once (so an item that
/// changed section is a move, not a delete and an insert), both with the diff core, and
/// ``SectionedChangeset`` places them; the storage delivers its
/// ``SectionedChangeset/batchUpdate`` (one batch plus reloads, legal while the data source
/// already shows the new data). Items in `touchedItems` and sections in `touchedSections`
/// that survive are the updates.
///
/// - Complexity: O(n + k log k) for n items in all and k items that stay in their section,
///   plus the diff core's time for the section and item identities.
func netChange(
    from baseline: [SectionSnapshot], to current: [StoredSection],
    touchedItems: Set<UInt64>, touchedSections: Set<UInt64>
) -> StorageUpdate {
    var sectionChanges = Changeset(from: baseline.map(\.id), to: current.map(\.id), id: \.self)
    if !touchedSections.isEmpty {
        sectionChanges.updates = matchedPairs(of: sectionChanges, oldCount: baseline.count, newCount: current.count) {
            touchedSections.contains(current[$0].id)
        }
    }
    let oldSlots = baseline.flatMap(\.slots)
    let newSlots = current.flatMap(\.slots)
    var itemChanges = Changeset(from: oldSlots, to: newSlots, id: \.self)
    if !touchedItems.isEmpty {
        itemChanges.updates = matchedPairs(of: itemChanges, oldCount: oldSlots.count, newCount: newSlots.count) {
            touchedItems.contains(newSlots[$0])
        }
    }
    // Identities are unique and the changesets come from the diff core, so they fit.
    let sectioned = SectionedChangeset(
        sectionChanges: sectionChanges, itemChanges: itemChanges,
        oldItemCounts: baseline.map(\.slots.count), newItemCounts: current.map(\.slots.count))!
    return StorageUpdate(sectioned, current: current)
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
                models[update.new] = current[update.new[0]].model.items[update.new[1]]
            }
        }
        self.init(changes: changes, updatedModels: models)
    }
}

/// The pairs `changeset` matches whose new offset satisfies `isChanged`, in old order.
func matchedPairs(
    of changeset: Changeset, oldCount: Int, newCount: Int, where isChanged: (Int) -> Bool
) -> [Changeset.Update] {
    let newOfOld = changeset.matchedOffsets(oldCount: oldCount, newCount: newCount)!
    var pairs: [Changeset.Update] = []
    for (old, new) in newOfOld.enumerated() where new >= 0 && isChanged(new) {
        pairs.append(Changeset.Update(old: old, new: new))
    }
    return pairs
}
