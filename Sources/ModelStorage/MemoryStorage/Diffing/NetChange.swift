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
/// classification is the direct one (see `sameSectionsChanges`), whose result equals the
/// general path's (`generalPathOnly` runs the general path, for the tests that compare them).
/// Before that, the change is read from what changed (`windowedNetChange`; off with
/// `inPlacePath: false`, for the tests that compare it with the matching): when no section's
/// item identities changed (items only replaced or reloaded), the changed items and sections
/// from the revisions; when the one section changed, the matching of the items between the
/// ends the two trees hold alike. Both find those ends through the chunks the trees share.
///
/// - Complexity: O(c log n) for c changes since the baseline, when they are replacements, or
///   insertions, removals and moves close together in one section; otherwise O(n + k log k)
///   for n items in all and k items that stay in their section, plus the diff core's time for
///   the section and item identities.
func netChange(
    from baseline: [StoredSection], to current: [StoredSection], since revision: UInt64,
    generalPathOnly: Bool = false, inPlacePath: Bool = true
) -> StorageUpdate {
    let sameSections = baseline.count == current.count && zip(baseline, current).allSatisfy { $0.id == $1.id }
    guard sameSections && !generalPathOnly else {
        return sectionedNetChange(from: baseline, to: current, since: revision)
    }
    if inPlacePath, let windowed = windowedNetChange(from: baseline, to: current, since: revision) { return windowed }
    // One list (the usual single section) takes the diff core's moves: one longest increasing
    // subsequence, those the general path finds.
    let oneList = current.count == 1
    return withItemMatching(from: baseline, to: current, since: revision, moves: oneList) { items in
        let (changes, modelPaths) = oneList
            ? oneListChanges(Changeset(_matching: items), sectionChanged: current[0].revision > revision)
            : SectionedBatchUpdate._withinSameSections(
                items: items, oldItemCounts: baseline.map(\.count), newItemCounts: current.map(\.count),
                updatedSections: current.indices.filter { current[$0].revision > revision })
        return StorageUpdate(changes: changes, updatedModels: models(at: modelPaths, in: current))
    }
}

/// The net change when the sections themselves changed: sections matched by identity (those
/// whose revision is above `revision` changed in place), items by identity across all sections,
/// placed by ``SectionedChangeset``. The complexity of ``netChange(from:to:since:generalPathOnly:)``.
private func sectionedNetChange(
    from baseline: [StoredSection], to current: [StoredSection], since revision: UInt64
) -> StorageUpdate {
    let changedSections = Set(current.lazy.filter { $0.revision > revision }.map(\.id))
    let oldSectionIDs = baseline.map(\.id), newSectionIDs = current.map(\.id)
    let sections = oldSectionIDs.withUnsafeBufferPointer { old in
        newSectionIDs.withUnsafeBufferPointer { new in
            _withMatching(old, new, .heckel, identity: _UniqueAssignedIdentity(),
                          isChanged: { _, new in changedSections.contains(new) }) {
                (changes: Changeset(_matching: $0), newOfOld: $0.newOffsetsOfOld)
            }
        }
    }
    return withItemMatching(from: baseline, to: current, since: revision, moves: false) { items in
        StorageUpdate(SectionedChangeset(sectionChanges: sections.changes, sectionNewOfOld: sections.newOfOld,
                                         items: items, oldItemCounts: baseline.map(\.count),
                                         newItemCounts: current.map(\.count)),
                      current: current)
    }
}

/// The flat changeset of one section's items as a storage update in section 0, and the new
/// index paths whose models it carries: items changed in place, and moved items that changed
/// (stage 2) unless the section itself changed (a reloaded section shows its items anew).
func oneListChanges(_ changeset: Changeset, sectionChanged: Bool) -> (SectionedBatchUpdate, [IndexPath]) {
    var changes = SectionedBatchUpdate(BatchUpdate(changeset), inValidSection: 0)
    let movedSources = changeset.updates.isEmpty ? [] : Set(changeset.moves.map(\.from))
    var modelPaths = changeset.updates.filter { !movedSources.contains($0.old) }.map { IndexPath(0, $0.new) }
    if sectionChanged {
        changes.updatedSections = [0]
        changes.updatedItemsAfterMoves = []
    } else {
        modelPaths += changes.updatedItemsAfterMoves
    }
    return (changes, modelPaths)
}

/// Runs `body` with the confirmed matching of every item of `baseline` with every item of
/// `current` by identity, flattened section after section, whose updates are the matched items
/// whose revision in `current` is above `revision`; with `moves`, the diff core's moves too
/// (only right for one section: items are placed section by section).
///
/// The updates are marked from the changed offsets afterwards, not asked of every matched pair:
/// a hash look-up per pair cost more than the whole diff.
private func withItemMatching(
    from baseline: [StoredSection], to current: [StoredSection], since revision: UInt64, moves: Bool,
    _ body: (_Matching) -> StorageUpdate
) -> StorageUpdate {
    let changedOffsets = offsetsChanged(in: current, since: revision)
    // One section each (the usual single list): its identities as they are, not copied.
    let oldSlots = concatenatedSlots(baseline), newSlots = concatenatedSlots(current)
    return oldSlots.withUnsafeBufferPointer { old in
        newSlots.withUnsafeBufferPointer { new in
            _withMatching(old, new, .heckel, identity: _UniqueAssignedIdentity(), moves: moves,
                          isChanged: { _, _ in false }) { matching in
                var items = matching
                items.updates = changedOffsets.compactMap { new in
                    let old = matching.oldOffset(ofNew: new)
                    return old >= 0 ? Changeset.Update(old: old, new: new) : nil
                }.sorted { $0.old < $1.old }
                return body(items)
            }
        }
    }
}

/// The flat offsets (section after section) of the items of `sections` whose revision is above
/// `revision`, ascending. O(items).
private func offsetsChanged(in sections: [StoredSection], since revision: UInt64) -> [Int] {
    var changed: [Int] = []
    var start = 0
    for section in sections {
        section.entries.forEachChunk { chunk in
            // Read in place: a copy of each item would copy its model (an existential) too.
            chunk.withUnsafeBufferPointer { items in
                for index in items.indices where items[index].revision > revision { changed.append(start + index) }
            }
            start += chunk.count
        }
    }
    return changed
}

/// The identities of every item of `sections`, section after section, in one array filled
/// chunk by chunk, written in place (an `append` per item would check the array's uniqueness
/// each time). O(items).
private func concatenatedSlots(_ sections: [StoredSection]) -> [UInt64] {
    let total = sections.reduce(0) { $0 + $1.count }
    return [UInt64](unsafeUninitializedCapacity: total) { slots, initialized in
        var next = 0
        for section in sections {
            section.entries.forEachChunk { chunk in
                // Read in place: a copy of each item would copy its model (an existential) too.
                chunk.withUnsafeBufferPointer { items in
                    precondition(next + items.count <= total, "a section holds more items than its count")
                    for index in items.indices { slots[next &+ index] = items[index].slot }
                    next &+= items.count
                }
            }
        }
        initialized = next
    }
}

/// The models of `current` at `paths` (new index paths), keyed by path: what an update carries
/// for the items it lists as updated. O(paths).
func models(at paths: [IndexPath], in current: [StoredSection]) -> [IndexPath: any Sendable] {
    var models: [IndexPath: any Sendable] = [:]
    models.reserveCapacity(paths.count)
    for path in paths { models[path] = current[path[0]].item(at: path[1]) }
    return models
}

extension StorageUpdate {
    /// The storage update of `sectioned`: its ``SectionedChangeset/batchUpdate`` (one batch plus
    /// reloads, legal while the data source shows the new data), with the models of the listed
    /// item updates (not of items whose section is replaced or reloaded) taken from `current`.
    init(_ sectioned: SectionedChangeset, current: [StoredSection]) {
        self.init(sectioned) { current[$0[0]].item(at: $0[1]) }
    }

    /// The storage update of `sectioned`, as ``init(_:current:)``, with the model at a new index
    /// path given by `model`.
    init(_ sectioned: SectionedChangeset, model: (IndexPath) -> any Sendable) {
        self.init(batch: sectioned.batchUpdate, itemUpdates: sectioned.itemUpdates, model: model)
    }

    /// The storage update of a sectioned change's `batch` (its ``SectionedChangeset/batchUpdate``)
    /// whose item updates are `itemUpdates`, as ``init(_:model:)``.
    init(batch changes: SectionedBatchUpdate, itemUpdates: [IndexPathUpdate], model: (IndexPath) -> any Sendable) {
        var models: [IndexPath: any Sendable] = [:]
        if !itemUpdates.isEmpty {
            let inPlace = Set(changes.updatedItems)
            let afterMoves = Set(changes.updatedItemsAfterMoves)
            for update in itemUpdates where inPlace.contains(update.old) || afterMoves.contains(update.new) {
                models[update.new] = model(update.new)
            }
        }
        self.init(changes: changes, updatedModels: models)
    }
}
