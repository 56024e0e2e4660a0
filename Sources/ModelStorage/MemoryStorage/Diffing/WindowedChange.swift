#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

/// The net change read from what changed, not from the whole list: the fast path of
/// `netChange` when the baseline and the current content have the same sections.
///
/// In each section, the items at its start and at its end that the baseline's tree and the
/// current one hold alike (by identity) are found through the chunks the two trees share
/// (``CountedTree/commonEndCount(with:fromEnd:limit:same:visit:)``): a content shares every
/// chunk the changes since did not copy, so this reads O(log n) chunks per change, and the
/// items changed in place among them are those whose revision is above the baseline's. When
/// no section's identities changed, that is the update (items and sections changed in place).
/// When the one section changed between its common ends, the identities there are matched
/// with the diff core as the whole list's would be, and the result is shifted into place:
/// the ends are matched in place either way, so it equals the whole list's. When that window is
/// larger than an eighth of the section (changes far apart, such as a move from a third to two
/// thirds), the changeset is read from the runs of items the two trees share and the few items
/// between them (`sharedRunsChangeset`), equal to the whole list's too.
///
/// `nil` when none applies: several sections whose identities changed, or a section whose trees
/// share too little (the caller then diffs everything).
func windowedNetChange(from baseline: [StoredSection], to current: [StoredSection], since revision: UInt64) -> StorageUpdate? {
    let ends = zip(baseline, current).map { CommonEnds($0, $1, since: revision) }
    let changed = ends.indices.filter { !ends[$0].coversBoth }
    let updatedSections = current.indices.filter { current[$0].revision > revision }
    guard changed.isEmpty else {
        guard current.count == 1,
              let changeset = windowChangeset(baseline[0], current[0], ends[0], since: revision)
                ?? sharedRunsChangeset(baseline[0], current[0], since: revision) else {
            return nil
        }
        let (changes, modelPaths) = oneListChanges(changeset, sectionChanged: !updatedSections.isEmpty)
        return StorageUpdate(changes: changes, updatedModels: models(at: modelPaths, in: current))
    }
    var changes = SectionedBatchUpdate(updatedSections: updatedSections)
    var models: [IndexPath: any Sendable] = [:]
    for (index, end) in ends.enumerated() {
        for update in end.updates {
            let path = IndexPath(index, update.new)
            changes.updatedItems.append(path)
            models[path] = current[index].item(at: update.new)
        }
    }
    return StorageUpdate(changes: changes, updatedModels: models)
}

/// The items alike at the start and at the end of one section in the baseline and now, and
/// those among them changed in place since the baseline's revision.
private struct CommonEnds {
    /// The number of items alike at the start, and at the end (not overlapping the start's).
    let prefix: Int, suffix: Int
    /// Whether every item of both sides is alike (the same identities in the same order).
    let coversBoth: Bool
    /// The items alike whose revision is above the baseline's, sorted by offset.
    let updates: [Changeset.Update]

    init(_ old: StoredSection, _ new: StoredSection, since revision: UInt64) {
        var updates: [Changeset.Update] = []
        let shorter = Swift.min(old.count, new.count)
        prefix = new.entries.commonEndCount(with: old.entries, fromEnd: false, limit: shorter, same: { $0.slot == $1.slot }) {
            offset, item, _ in if item.revision > revision { updates.append(Changeset.Update(old: offset, new: offset)) }
        }
        coversBoth = prefix == old.count && prefix == new.count
        if coversBoth {
            suffix = 0
        } else {
            var atEnd: [Changeset.Update] = []
            suffix = new.entries.commonEndCount(with: old.entries, fromEnd: true, limit: shorter - prefix,
                                                same: { $0.slot == $1.slot }) { distance, item, _ in
                if item.revision > revision {
                    atEnd.append(Changeset.Update(old: old.count - 1 - distance, new: new.count - 1 - distance))
                }
            }
            updates += atEnd.reversed()
        }
        self.updates = updates
    }
}

/// The changeset of a section's whole list from the matching of the identities between its
/// common ends (`ends`), shifted into place, with the ends' items changed in place; `nil` when
/// that window is more than an eighth of the section. O(w + log n) for a window of w items, plus
/// the diff core's time on it.
private func windowChangeset(_ old: StoredSection, _ new: StoredSection, _ ends: CommonEnds,
                             since revision: UInt64) -> Changeset? {
    let oldWindow = ends.prefix..<old.count - ends.suffix, newWindow = ends.prefix..<new.count - ends.suffix
    guard oldWindow.count + newWindow.count <= Swift.max(64, (old.count + new.count) / 8) else { return nil }
    let oldSlots = old.entries.elements(in: oldWindow).map(\.slot)
    let newItems = new.entries.elements(in: newWindow)
    let newSlots = newItems.map(\.slot)
    let window = oldSlots.withUnsafeBufferPointer { oldSlots in
        newSlots.withUnsafeBufferPointer { newSlots in
            _withMatching(oldSlots, newSlots, .heckel, identity: _UniqueAssignedIdentity(), moves: true,
                          isChanged: { _, _ in false }) { matching in
                var items = matching
                items.updates = newItems.indices.filter { newItems[$0].revision > revision }.compactMap { new in
                    let old = matching.oldOffset(ofNew: new)
                    return old >= 0 ? Changeset.Update(old: old, new: new) : nil
                }.sorted { $0.old < $1.old }
                return Changeset(_matching: items)
            }
        }
    }
    return shifted(window, by: ends.prefix, adding: ends.updates)
}

/// `window` with every offset moved `offset` places on, and `updates` (of items outside it)
/// among its updates, sorted by old offset.
private func shifted(_ window: Changeset, by offset: Int, adding updates: [Changeset.Update]) -> Changeset {
    var changeset = window
    changeset.deletions = window.deletions.map { $0 + offset }
    changeset.insertions = window.insertions.map { $0 + offset }
    changeset.moves = window.moves.map { Changeset.Move(from: $0.from + offset, to: $0.to + offset) }
    changeset.updates = (window.updates.map { Changeset.Update(old: $0.old + offset, new: $0.new + offset) } + updates)
        .sorted { $0.old < $1.old }
    return changeset
}
