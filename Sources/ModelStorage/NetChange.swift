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
/// changed section is a move, not a delete and an insert), both with the diff core. Within a
/// section that survives, the items that stay in it keep one longest increasing subsequence
/// of their old positions in place and move the rest, so moves are minimal. Items of deleted
/// and inserted sections are not listed; an item that leaves a surviving section for an
/// inserted one is a deletion, one that comes from a deleted section an insertion. Items in
/// `touchedItems` that survive are updates: in stage 1 at their old path when they stay, in
/// stage 2 at their new path when they move.
///
/// - Complexity: O(n + k log k) for n items in all and k items that stay in their section,
///   plus the diff core's time for the section and item identities.
func netChange(
    from baseline: [SectionSnapshot], to current: [StoredSection],
    touchedItems: Set<UInt64>, touchedSections: Set<UInt64>
) -> StorageUpdate {
    let sectionChanges = Changeset(from: baseline.map(\.id), to: current.map(\.id), id: \.self)
    // Identities are unique, so the changeset always fits.
    let newSectionOfOld = sectionChanges.matchedOffsets(oldCount: baseline.count, newCount: current.count)!
    var oldSectionOfNew = [Int](repeating: -1, count: current.count)
    for (oldSection, newSection) in newSectionOfOld.enumerated() where newSection >= 0 {
        oldSectionOfNew[newSection] = oldSection
    }

    let old = FlatItems(baseline.lazy.map(\.slots))
    let new = FlatItems(current.lazy.map(\.slots))
    let itemChanges = Changeset(from: old.slots, to: new.slots, id: \.self)
    let newOfOld = itemChanges.matchedOffsets(oldCount: old.slots.count, newCount: new.slots.count)!
    var oldOfNew = [Int](repeating: -1, count: new.slots.count)
    for (oldFlat, newFlat) in newOfOld.enumerated() where newFlat >= 0 { oldOfNew[newFlat] = oldFlat }

    var changes = SectionedBatchUpdate(
        deletedSections: sectionChanges.deletions, insertedSections: sectionChanges.insertions,
        movedSections: sectionChanges.moves)
    var models: [IndexPath: any Sendable] = [:]
    func model(at path: IndexPath) -> any Sendable { current[path[0]].model.items[path[1]] }

    // Deletions: items of surviving sections that are gone or went to an inserted section.
    for oldFlat in old.slots.indices {
        let oldSection = old.section[oldFlat]
        guard newSectionOfOld[oldSection] >= 0 else { continue }
        let newFlat = newOfOld[oldFlat]
        if newFlat < 0 || oldSectionOfNew[new.section[newFlat]] < 0 {
            changes.deletedItems.append(old.path(oldFlat))
        }
    }

    // Insertions and moves, section by section in new order; `stay` collects the items that
    // remain in their section, whose longest increasing run of old positions stays put.
    var stay: [(old: IndexPath, new: IndexPath, touched: Bool)] = []
    func settle() {
        let keep = longestIncreasingSubsequenceMask(stay.map { $0.old[1] })
        for (candidate, kept) in zip(stay, keep) {
            if kept {
                if candidate.touched {
                    changes.updatedItems.append(candidate.old)
                    models[candidate.new] = model(at: candidate.new)
                }
            } else {
                changes.movedItems.append(IndexPathMove(from: candidate.old, to: candidate.new))
                if candidate.touched {
                    changes.updatedItemsAfterMoves.append(candidate.new)
                    models[candidate.new] = model(at: candidate.new)
                }
            }
        }
        stay.removeAll(keepingCapacity: true)
    }
    var currentSection = -1
    for newFlat in new.slots.indices {
        let newSection = new.section[newFlat]
        if newSection != currentSection {
            settle()
            currentSection = newSection
        }
        guard oldSectionOfNew[newSection] >= 0 else { continue }
        let oldFlat = oldOfNew[newFlat]
        let newPath = new.path(newFlat)
        guard oldFlat >= 0, newSectionOfOld[old.section[oldFlat]] >= 0 else {
            changes.insertedItems.append(newPath)
            continue
        }
        let touched = !touchedItems.isEmpty && touchedItems.contains(new.slots[newFlat])
        if newSectionOfOld[old.section[oldFlat]] == newSection {
            stay.append((old.path(oldFlat), newPath, touched))
        } else {
            changes.movedItems.append(IndexPathMove(from: old.path(oldFlat), to: newPath))
            if touched {
                changes.updatedItemsAfterMoves.append(newPath)
                models[newPath] = model(at: newPath)
            }
        }
    }
    settle()

    changes.movedItems.sort { $0.from < $1.from }
    changes.updatedItems.sort()
    changes.updatedItemsAfterMoves.sort()
    if !touchedSections.isEmpty {
        changes.updatedSections = current.indices.filter {
            oldSectionOfNew[$0] >= 0 && touchedSections.contains(current[$0].id)
        }
    }
    return StorageUpdate(changes: changes, updatedModels: models)
}

/// The items of all sections in one array, with the section of each and where each section
/// starts.
private struct FlatItems {
    var slots: [UInt64] = []
    var section: [Int] = []
    var start: [Int] = []

    init<Sections: Sequence<[UInt64]>>(_ sections: Sections) {
        for (index, items) in sections.enumerated() {
            start.append(slots.count)
            slots.append(contentsOf: items)
            section.append(contentsOf: repeatElement(index, count: items.count))
        }
    }

    func path(_ flat: Int) -> IndexPath {
        IndexPath(indexes: [section[flat], flat - start[section[flat]]])
    }
}
