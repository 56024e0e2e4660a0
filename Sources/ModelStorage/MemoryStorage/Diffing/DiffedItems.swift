#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

/// New items diffed against a ``MemoryStorage``'s items, ready to install: what a diffing
/// `setItems` or `setSections` computes from the matching, everything but what only the storage
/// can give (fresh identities and the new revision), so that it can be computed off the
/// storage's actor (the background calls) and installed on it in O(changes).
@usableFromInline
struct _DiffedItems: Sendable {
    /// The new items as stored, flattened section after section.
    var models: [any Sendable]
    /// The identity of each new item: its old item's when matched, a placeholder when not.
    var slots: [UInt64]
    /// The revision of each new item: its old item's when matched and unchanged, a placeholder
    /// when new or changed.
    var revisions: [UInt64]
    /// The new offsets of the unmatched items (fresh identities), ascending.
    let unmatched: [Int]
    /// The new offsets of the matched items whose content changed (the new revision).
    let updated: [Int]

    /// The new items `models` matched to old items whose identities and revisions are
    /// `oldSlots` and `oldRevisions` by `matching` (whose updates are the changed pairs). O(n).
    @usableFromInline
    init(_ matching: _Matching, models: [any Sendable], oldSlots: [UInt64], oldRevisions: [UInt64]) {
        self.models = models
        var unmatched: [Int] = []
        unmatched.reserveCapacity(matching.insertionCount)
        var revisions: [UInt64] = []
        // The matching read in place, one new offset after the other (no array of its offsets).
        slots = [UInt64](unsafeUninitializedCapacity: matching.newCount) { slots, slotCount in
            revisions = [UInt64](unsafeUninitializedCapacity: matching.newCount) { revisions, revisionCount in
                for new in 0..<matching.newCount {
                    let old = matching.oldOffset(ofNew: new)
                    if old >= 0 {
                        slots[new] = oldSlots[old]
                        revisions[new] = oldRevisions[old]
                    } else {
                        slots[new] = 0
                        revisions[new] = 0
                        unmatched.append(new)
                    }
                }
                revisionCount = matching.newCount
            }
            slotCount = matching.newCount
        }
        self.revisions = revisions
        self.unmatched = unmatched
        updated = matching.updates.map(\.new)
    }

    /// Items given with their identities and revisions as they are.
    init(models: [any Sendable], slots: [UInt64], revisions: [UInt64], unmatched: [Int], updated: [Int]) {
        self.models = models
        self.slots = slots
        self.revisions = revisions
        self.unmatched = unmatched
        self.updated = updated
    }

    /// Gives the unmatched items the identities `fresh` (one each, in order) and the new and
    /// changed items `revision`. O(changes).
    mutating func assign(fresh: [UInt64], revision: UInt64) {
        for (offset, identity) in zip(unmatched, fresh) {
            slots[offset] = identity
            revisions[offset] = revision
        }
        for offset in updated { revisions[offset] = revision }
    }
}

/// New items of one section diffed against its items (a diffing `setItems`), with the update
/// that takes the old items to them.
@usableFromInline
struct _DiffedSectionItems: Sendable {
    /// The section.
    let section: Int
    /// The new items, identities and revisions.
    var items: _DiffedItems
    /// The update, in `section`.
    let update: StorageUpdate

    /// `models` (the new items of `section`) matched to its old items by `matching`. O(n).
    @usableFromInline
    init(_ matching: _Matching, models: [any Sendable], oldSlots: [UInt64], oldRevisions: [UInt64], section: Int) {
        self.section = section
        items = _DiffedItems(matching, models: models, oldSlots: oldSlots, oldRevisions: oldRevisions)
        let changes = Changeset(_matching: matching)
        update = StorageUpdate(
            changes: SectionedBatchUpdate(BatchUpdate(changes), inValidSection: section),
            updatedModels: Dictionary(uniqueKeysWithValues: changes.updates.map { (IndexPath(section, $0.new), models[$0.new]) }))
    }
}

/// New sections diffed against a storage's sections (`setSections`): sections matched by their
/// header models, items across all sections, with the update.
@usableFromInline
struct _DiffedSections: Sendable {
    /// The header model of each new section.
    let headers: [any Sendable]
    /// The number of items of each new section.
    let itemCounts: [Int]
    /// The new items of all sections, flattened.
    var items: _DiffedItems
    /// For each new section, its old section's index, or -1.
    let sectionOldOfNew: [Int]
    /// The new indexes of the matched sections whose header changed.
    let updatedSections: [Int]
    /// The update.
    let update: StorageUpdate

    /// The new sections (`headers`, and their items flattened in `models`, `itemCounts` of each)
    /// matched to the old ones by `sectionChanges`/`sectionNewOfOld`, their items by `matching`
    /// against the old items of all sections (identities `oldSlots`, revisions `oldRevisions`,
    /// `oldItemCounts` per old section). O(n + sections).
    @usableFromInline
    init(headers: [any Sendable], models: [any Sendable], itemCounts: [Int], sectionChanges: Changeset,
         sectionNewOfOld: [Int], matching: _Matching, oldSlots: [UInt64], oldRevisions: [UInt64], oldItemCounts: [Int]) {
        self.init(headers: headers, models: models, itemCounts: itemCounts, sectionChanges: sectionChanges,
                  sectionNewOfOld: sectionNewOfOld, matching: matching, identities: (oldSlots, oldRevisions),
                  oldItemCounts: oldItemCounts)
    }

    /// ``init(headers:models:itemCounts:sectionChanges:sectionNewOfOld:matching:oldSlots:oldRevisions:oldItemCounts:)``
    /// with the old identities and revisions as one pair (what one pass over the trees gathers).
    init(headers: [any Sendable], models: [any Sendable], itemCounts: [Int], sectionChanges: Changeset,
         sectionNewOfOld: [Int], matching: _Matching, identities: (slots: [UInt64], revisions: [UInt64]),
         oldItemCounts: [Int]) {
        self.headers = headers
        self.itemCounts = itemCounts
        items = _DiffedItems(matching, models: models, oldSlots: identities.slots, oldRevisions: identities.revisions)
        sectionOldOfNew = inverseMatching(sectionNewOfOld, newCount: headers.count)
        updatedSections = sectionChanges.updates.map(\.new)
        // The batch and item updates alone: the changeset's other fields are not delivered.
        let sectioned = SectionedChangeset._storageBatch(
            sectionChanges: sectionChanges, sectionNewOfOld: sectionNewOfOld, items: matching,
            oldItemCounts: oldItemCounts, newItemCounts: itemCounts)
        var starts: [Int] = []
        starts.reserveCapacity(itemCounts.count)
        var start = 0
        for count in itemCounts {
            starts.append(start)
            start += count
        }
        update = StorageUpdate(batch: sectioned.batchUpdate, itemUpdates: sectioned.itemUpdates) { path in
            models[starts[path[0]] + path[1]]
        }
    }
}
