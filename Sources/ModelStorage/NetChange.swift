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
/// A moved section that an item operation touches (UIKit cannot take both in one batch) is
/// reported as deleted and inserted instead; that can turn moves of its items into deletions
/// or insertions elsewhere, so this repeats until no item operation touches a moved section
/// (at most once per section, usually once).
///
/// - Complexity: O(n + k log k) per round for n items in all and k items that stay in their
///   section, plus the diff core's time for the section and item identities.
func netChange(
    from baseline: [SectionSnapshot], to current: [StoredSection],
    touchedItems: Set<UInt64>, touchedSections: Set<UInt64>
) -> StorageUpdate {
    let sectionChanges = Changeset(from: baseline.map(\.id), to: current.map(\.id), id: \.self)
    // Identities are unique, so the changesets always fit.
    let sectionMatching = sectionChanges.matchedOffsets(oldCount: baseline.count, newCount: current.count)!
    let old = FlatItems(baseline.lazy.map(\.slots))
    let new = FlatItems(current.lazy.map(\.slots))
    let itemChanges = Changeset(from: old.slots, to: new.slots, id: \.self)
    let items = ItemMatching(newOfOld: itemChanges.matchedOffsets(oldCount: old.slots.count, newCount: new.slots.count)!,
                             newCount: new.slots.count)

    var demoted = Set<Int>()  // old sections whose move becomes a deletion and an insertion
    while true {
        var sections = SectionMatching(sectionMatching, newCount: current.count)
        for section in demoted { sections.unmatch(old: section) }
        var update = classifyItems(old: old, new: new, items: items, sections: sections,
                                   current: current, touchedItems: touchedItems)
        update.changes.deletedSections = (sectionChanges.deletions + demoted).sorted()
        update.changes.insertedSections = (sectionChanges.insertions + demoted.map { sectionMatching[$0] }).sorted()
        update.changes.movedSections = sectionChanges.moves.filter { !demoted.contains($0.from) }
        let conflicting = movedSectionsTouchedByItems(update.changes)
        if conflicting.isEmpty {
            if !touchedSections.isEmpty {
                update.changes.updatedSections = current.indices.filter {
                    sections.oldOfNew[$0] >= 0 && touchedSections.contains(current[$0].id)
                }
            }
            return update
        }
        demoted.formUnion(conflicting)
    }
}

/// The old indexes of moved sections that an item operation of `changes` touches.
private func movedSectionsTouchedByItems(_ changes: SectionedBatchUpdate) -> Set<Int> {
    guard !changes.movedSections.isEmpty else { return [] }
    var sourceOfDestination: [Int: Int] = [:]
    for move in changes.movedSections { sourceOfDestination[move.to] = move.from }
    let sources = Set(changes.movedSections.map(\.from))
    var touched = Set<Int>()
    for path in changes.deletedItems + changes.updatedItems + changes.movedItems.map(\.from)
    where sources.contains(path[0]) {
        touched.insert(path[0])
    }
    for path in changes.insertedItems + changes.movedItems.map(\.to) {
        if let source = sourceOfDestination[path[0]] { touched.insert(source) }
    }
    return touched
}

/// Which old section each new section comes from, and back (-1: inserted or deleted).
private struct SectionMatching {
    var newOfOld: [Int]
    var oldOfNew: [Int]

    init(_ newOfOld: [Int], newCount: Int) {
        self.newOfOld = newOfOld
        oldOfNew = [Int](repeating: -1, count: newCount)
        for (oldSection, newSection) in newOfOld.enumerated() where newSection >= 0 {
            oldOfNew[newSection] = oldSection
        }
    }

    /// Treats old section `old` as deleted and its new section as inserted.
    mutating func unmatch(old: Int) {
        oldOfNew[newOfOld[old]] = -1
        newOfOld[old] = -1
    }
}

/// The item matching, both ways, over the flattened items.
private struct ItemMatching {
    let newOfOld: [Int]
    var oldOfNew: [Int]

    init(newOfOld: [Int], newCount: Int) {
        self.newOfOld = newOfOld
        oldOfNew = [Int](repeating: -1, count: newCount)
        for (oldFlat, newFlat) in newOfOld.enumerated() where newFlat >= 0 { oldOfNew[newFlat] = oldFlat }
    }
}

/// The item operations (and updated models) for a given section matching.
private func classifyItems(
    old: FlatItems, new: FlatItems, items: ItemMatching, sections: SectionMatching,
    current: [StoredSection], touchedItems: Set<UInt64>
) -> StorageUpdate {
    var changes = SectionedBatchUpdate()
    var models: [IndexPath: any Sendable] = [:]
    func model(at path: IndexPath) -> any Sendable { current[path[0]].model.items[path[1]] }

    // Deletions: items of surviving sections that are gone or went to an inserted section.
    for oldFlat in old.slots.indices {
        guard sections.newOfOld[old.section[oldFlat]] >= 0 else { continue }
        let newFlat = items.newOfOld[oldFlat]
        if newFlat < 0 || sections.oldOfNew[new.section[newFlat]] < 0 {
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
        guard sections.oldOfNew[newSection] >= 0 else { continue }
        let oldFlat = items.oldOfNew[newFlat]
        let newPath = new.path(newFlat)
        guard oldFlat >= 0, sections.newOfOld[old.section[oldFlat]] >= 0 else {
            changes.insertedItems.append(newPath)
            continue
        }
        let touched = !touchedItems.isEmpty && touchedItems.contains(new.slots[newFlat])
        if sections.newOfOld[old.section[oldFlat]] == newSection {
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
