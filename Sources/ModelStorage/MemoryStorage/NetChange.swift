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
/// When both sides have the same sections (identities and order: the usual case), the
/// classification is the direct one of `SectionedBatchUpdate._withinSameSections`, whose result
/// equals the general path's (`generalPathOnly` runs the general path, for the tests that
/// compare them).
///
/// - Complexity: O(n + k log k) for n items in all and k items that stay in their section,
///   plus the diff core's time for the section and item identities.
func netChange(
    from baseline: [some SectionIdentities], to current: [StoredSection], since revision: UInt64,
    generalPathOnly: Bool = false
) -> StorageUpdate {
    // Changed in place: sections by identity (few), items by flat new offset (the matching's
    // updates are marked from these afterwards, not asked of every matched pair: a hash look-up
    // per pair cost more than the whole diff).
    var touchedSections: Set<UInt64> = []
    var touchedOffsets: [Int] = []
    var offset = 0
    for section in current {
        if section.revision > revision { touchedSections.insert(section.id) }
        section.revisions.withUnsafeBufferPointer { revisions in
            for (index, itemRevision) in revisions.enumerated() where itemRevision > revision {
                touchedOffsets.append(offset + index)
            }
        }
        offset += section.count
    }
    let identity = _SelfIdentity<UInt64, UInt64>()
    // One section each (the usual single list): its identities as they are, not copied.
    let oldSlots = concatenatedSlots(baseline), newSlots = concatenatedSlots(current)
    /// The matching of the items, flattened, with the items changed in place as its updates;
    /// with `moves`, the diff core's moves too (only right for one section: items are placed
    /// section by section).
    func withItemMatching(moves: Bool = false, _ body: (_Matching) -> StorageUpdate) -> StorageUpdate {
        oldSlots.withUnsafeBufferPointer { old in
            newSlots.withUnsafeBufferPointer { new in
                _withMatching(old, new, .heckel, identity: identity, moves: moves, isChanged: { _, _ in false }) { matching in
                    var items = matching
                    items.updates = touchedOffsets.compactMap { new in
                        let old = matching.oldOffset(ofNew: new)
                        return old >= 0 ? Changeset.Update(old: old, new: new) : nil
                    }.sorted { $0.old < $1.old }
                    return body(items)
                }
            }
        }
    }
    if !generalPathOnly && baseline.count == 1 && current.count == 1 && baseline[0].id == current[0].id {
        // One list (the usual single section): the flat changeset, whose moves (one longest
        // increasing subsequence, the diff core's) are those the general path finds.
        return withItemMatching(moves: true) { items in
            let changeset = Changeset(_matching: items)
            var changes = SectionedBatchUpdate(BatchUpdate(changeset), inValidSection: 0)
            let movedSources = changeset.updates.isEmpty ? [] : Set(changeset.moves.map(\.from))
            var modelPaths = changeset.updates.filter { !movedSources.contains($0.old) }.map { IndexPath(0, $0.new) }
            if current[0].revision > revision {
                // A reloaded section shows its items anew: no reload of a moved item inside it.
                changes.updatedSections = [0]
                changes.updatedItemsAfterMoves = []
            } else {
                modelPaths += changes.updatedItemsAfterMoves
            }
            var models: [IndexPath: any Sendable] = [:]
            models.reserveCapacity(modelPaths.count)
            for path in modelPaths { models[path] = current[0].items[path[1]] }
            return StorageUpdate(changes: changes, updatedModels: models)
        }
    }
    if !generalPathOnly && baseline.count == current.count && zip(baseline, current).allSatisfy({ $0.id == $1.id }) {
        // The same sections (the usual case): the direct classification, equal to the general
        // path's batch update (see `SectionedBatchUpdate._withinSameSections`).
        return withItemMatching { items in
            let updatedSections = current.indices.filter { current[$0].revision > revision }
            let (changes, modelPaths) = SectionedBatchUpdate._withinSameSections(
                items: items, oldItemCounts: baseline.map(\.slots.count), newItemCounts: current.map(\.count),
                updatedSections: updatedSections)
            var models: [IndexPath: any Sendable] = [:]
            models.reserveCapacity(modelPaths.count)
            for path in modelPaths { models[path] = current[path[0]].items[path[1]] }
            return StorageUpdate(changes: changes, updatedModels: models)
        }
    }
    let oldSectionIDs = baseline.map(\.id), newSectionIDs = current.map(\.id)
    let sections = oldSectionIDs.withUnsafeBufferPointer { old in
        newSectionIDs.withUnsafeBufferPointer { new in
            _withMatching(old, new, .heckel, identity: identity,
                          isChanged: { _, new in !touchedSections.isEmpty && touchedSections.contains(new) }) {
                (changes: Changeset(_matching: $0), newOfOld: $0.newOffsetsOfOld)
            }
        }
    }
    return withItemMatching { items in
        StorageUpdate(SectionedChangeset(sectionChanges: sections.changes, sectionNewOfOld: sections.newOfOld,
                                         items: items, oldItemCounts: baseline.map(\.slots.count),
                                         newItemCounts: current.map(\.count)),
                      current: current)
    }
}

/// The identities of every item of `sections`, section after section: the section's own array
/// when there is one section (no copy), else one array filled section by section (a `flatMap`
/// through the generic protocol copied element by element, at a cost above the whole diff's).
private func concatenatedSlots(_ sections: [some SectionIdentities]) -> [UInt64] {
    if sections.count == 1 { return sections[0].slots }
    var slots: [UInt64] = []
    slots.reserveCapacity(sections.reduce(0) { $0 + $1.slots.count })
    for section in sections { slots.append(contentsOf: section.slots) }
    return slots
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
