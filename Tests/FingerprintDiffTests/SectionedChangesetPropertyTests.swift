import FingerprintDiff
import Foundation
import Testing
import SeededRandom

/// A section's identity and own content (its title).
struct Group: Identifiable, Hashable, CustomStringConvertible {
    var id: Int
    var title: Int = 0
    var description: String { title == 0 ? "S\(id)" : "S\(id)'\(title)" }
}

/// Random sectioned inputs: old sections of items and new sections made from them by
/// deleting, inserting, reordering and retitling sections and deleting, inserting, changing
/// and moving items (also between sections and out of deleted ones).
struct RandomSections {
    struct Raw {
        var group: Group
        var items: [(id: Int, content: Int)]
    }

    var old: [Raw] = []
    var new: [Raw] = []
    var hasDuplicates = false

    init(seed: UInt64, maxSections: Int = 20, maxItems: Int = 200, duplicates: Bool) {
        var random = SplitMix64(seed: seed)
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
        var nextSection = 0
        var nextItem = 0
        func freshSection() -> Int {
            if duplicates && nextSection > 0 && chance(20) { return Int.random(in: 1...nextSection, using: &random) }
            nextSection += 1
            return nextSection
        }
        func freshItem() -> Int {
            if duplicates && nextItem > 0 && chance(15) { return Int.random(in: 1...nextItem, using: &random) }
            nextItem += 1
            return nextItem
        }
        let itemCap = [0, 3, 10, 50, maxItems].randomElement(using: &random)!
        for _ in 0..<Int.random(in: 0...maxSections, using: &random) {
            let items = (0..<Int.random(in: 0...itemCap, using: &random)).map { _ in (id: freshItem(), content: 0) }
            old.append(Raw(group: Group(id: freshSection()), items: items))
        }

        // Sections: keep most, retitle some, insert fresh ones, move a few.
        let deleteRate = [0, 10, 30].randomElement(using: &random)!
        var orphans: [(id: Int, content: Int)] = []  // items of deleted sections
        for section in old {
            if chance(deleteRate) {
                orphans += section.items
                continue
            }
            var kept = section
            if chance(10) { kept.group.title += 1 }
            kept.items = []
            for item in section.items where !chance(8) {
                kept.items.append((item.id, chance(10) ? item.content + 1 : item.content))
            }
            new.append(kept)
        }
        for _ in 0..<Int.random(in: 0...3, using: &random) where chance(50) {
            let items = (0..<Int.random(in: 0...itemCap, using: &random)).map { _ in (id: freshItem(), content: 0) }
            new.insert(Raw(group: Group(id: freshSection()), items: items), at: Int.random(in: 0...new.count, using: &random))
        }
        for _ in 0..<Int.random(in: 0...3, using: &random) where new.count > 1 {
            let section = new.remove(at: Int.random(in: 0..<new.count, using: &random))
            new.insert(section, at: Int.random(in: 0...new.count, using: &random))
        }
        guard !new.isEmpty else { return }

        // Items: move some between and within sections, rescue some orphans, insert fresh ones.
        let moveRate = [0, 5, 20].randomElement(using: &random)!
        var moving: [(id: Int, content: Int)] = orphans.filter { _ in chance(30) }
        for index in new.indices {
            new[index].items.removeAll { item in
                guard chance(moveRate) else { return false }
                moving.append(item)
                return true
            }
        }
        moving += (0..<Int.random(in: 0...max(1, itemCap / 4), using: &random)).map { _ in (id: freshItem(), content: 0) }
        for item in moving {
            let section = Int.random(in: 0..<new.count, using: &random)
            new[section].items.insert(item, at: Int.random(in: 0...new[section].items.count, using: &random))
        }
        hasDuplicates = Set(old.flatMap { $0.items.map(\.id) }).count != old.reduce(0) { $0 + $1.items.count }
            || Set(new.flatMap { $0.items.map(\.id) }).count != new.reduce(0) { $0 + $1.items.count }
            || Set(old.map(\.group.id)).count != old.count || Set(new.map(\.group.id)).count != new.count
    }

    func sections<Element>(_ make: (Int, Int) -> Element) -> (old: [ArraySection<Group, Element>], new: [ArraySection<Group, Element>]) {
        func build(_ raw: [Raw]) -> [ArraySection<Group, Element>] {
            raw.map { ArraySection(model: $0.group, items: $0.items.map { make($0.id, $0.content) }) }
        }
        return (build(old), build(new))
    }
}

/// Checks everything a sectioned changeset promises for these inputs: every stage legal on the
/// data before it and the stages together turning old into new (items, contents and section
/// models), the single-batch form likewise, and, for unique ids, the exact expected operations
/// computed independently (nothing matched deleted and inserted, minimal moves, exact updates).
func checkSectioned<Element: Identifiable & Equatable>(
    _ changeset: SectionedChangeset, old: [ArraySection<Group, Element>], new: [ArraySection<Group, Element>],
    unique: Bool, sourceLocation: SourceLocation = #_sourceLocation
) {
    let oldItems = old.map(\.items), newItems = new.map(\.items)
    let oldCounts = oldItems.map(\.count), newCounts = newItems.map(\.count)
    do {
        try changeset.validate(oldItemCounts: oldCounts, newItemCounts: newCounts)
        #expect(try changeset.apply(to: oldItems, with: newItems) == newItems, "stages: \(changeset.stages)",
                sourceLocation: sourceLocation)
        #expect(try changeset.applyToSections(old.map(\.model), with: new.map(\.model)) == new.map(\.model),
                sourceLocation: sourceLocation)
        #expect(try changeset.batchUpdate.apply(to: oldItems, with: newItems) == newItems,
                "batch: \(changeset.batchUpdate)", sourceLocation: sourceLocation)
        #expect(try changeset.batchUpdate.applyToSections(old.map(\.model), with: new.map(\.model)) == new.map(\.model),
                sourceLocation: sourceLocation)
    } catch {
        Issue.record("illegal: \(error) in \(changeset.stages) / \(changeset.batchUpdate)", sourceLocation: sourceLocation)
        return
    }
    #expect(changeset.stages.count <= 3, sourceLocation: sourceLocation)
    #expect(changeset.stages.allSatisfy { $0.update.stageCount == 1 }, sourceLocation: sourceLocation)
    #expect(changeset.isEmpty == changeset.stages.isEmpty, sourceLocation: sourceLocation)
    #expect(changeset.batchUpdate.stageCount <= 2, sourceLocation: sourceLocation)
    // The section-only stage appears exactly when an item operation touches a moved section.
    let splits = changeset.stages.first?.sourceOfSection != nil
    #expect(splits == touchesMovedSection(changeset), sourceLocation: sourceLocation)
    if !splits {
        #expect(changeset.batchUpdate.deletedSections == changeset.sectionDeletions, sourceLocation: sourceLocation)
    }
    guard unique else { return }
    expectExactOperations(changeset, old: old, new: new, sourceLocation: sourceLocation)
}

/// Whether an item operation of the raw fields touches a moved section.
private func touchesMovedSection(_ changeset: SectionedChangeset) -> Bool {
    let sources = Set(changeset.sectionMoves.map(\.from)), destinations = Set(changeset.sectionMoves.map(\.to))
    let movedUpdates = Set(changeset.itemMoves.map(\.from))
    return changeset.itemDeletions.contains { sources.contains($0[0]) }
        || changeset.itemMoves.contains { sources.contains($0.from[0]) || destinations.contains($0.to[0]) }
        || changeset.itemInsertions.contains { destinations.contains($0[0]) }
        || changeset.itemUpdates.contains { !movedUpdates.contains($0.old) && sources.contains($0.old[0]) }
}

/// For unique ids: the operations a correct and minimal sectioned diff must report, computed
/// by brute force from the ids.
private func expectExactOperations<Element: Identifiable & Equatable>(
    _ changeset: SectionedChangeset, old: [ArraySection<Group, Element>], new: [ArraySection<Group, Element>],
    sourceLocation: SourceLocation
) {
    var newSectionOfID: [Int: Int] = [:]
    for (index, section) in new.enumerated() { newSectionOfID[section.id] = index }
    let oldSectionIDs = Set(old.map(\.id))
    let oldToNew = old.map { newSectionOfID[$0.id] ?? -1 }

    var newPathOf: [Element.ID: IndexPath] = [:]
    for (s, section) in new.enumerated() {
        for (i, item) in section.items.enumerated() { newPathOf[item.id] = IndexPath(indexes: [s, i]) }
    }
    var deletions: [IndexPath] = []
    var matched: [(old: IndexPath, new: IndexPath)] = []
    for (s, section) in old.enumerated() where oldToNew[s] >= 0 {
        for (i, item) in section.items.enumerated() {
            let here = IndexPath(indexes: [s, i])
            if let there = newPathOf[item.id], oldSectionIDs.contains(new[there[0]].id) {
                matched.append((here, there))
            } else {
                deletions.append(here)
            }
        }
    }
    var oldPathOf: [Element.ID: IndexPath] = [:]
    for (s, section) in old.enumerated() {
        for (i, item) in section.items.enumerated() { oldPathOf[item.id] = IndexPath(indexes: [s, i]) }
    }
    var insertions: [IndexPath] = []
    for (s, section) in new.enumerated() where oldSectionIDs.contains(section.id) {
        for (i, item) in section.items.enumerated() {
            if let from = oldPathOf[item.id], oldToNew[from[0]] >= 0 { continue }
            insertions.append(IndexPath(indexes: [s, i]))
        }
    }
    #expect(changeset.itemDeletions == deletions, sourceLocation: sourceLocation)
    #expect(changeset.itemInsertions == insertions, sourceLocation: sourceLocation)

    // Minimal moves: every pair that changes section, plus per section the stayers outside
    // one longest increasing run.
    let crossing = matched.filter { oldToNew[$0.old[0]] != $0.new[0] }.count
    var stayers = 0, kept = 0
    for newSection in new.indices {
        let run = matched.filter { $0.new[0] == newSection && oldToNew[$0.old[0]] == newSection }
            .sorted { $0.new < $1.new }.map { $0.old[1] }
        stayers += run.count
        kept += lisLength(run)
    }
    #expect(changeset.itemMoves.count == crossing + stayers - kept, sourceLocation: sourceLocation)
    let moved = Set(changeset.itemMoves.map(\.from))
    #expect(moved.count == changeset.itemMoves.count, sourceLocation: sourceLocation)
    for move in changeset.itemMoves {
        #expect(old[move.from[0]].items[move.from[1]].id == new[move.to[0]].items[move.to[1]].id,
                sourceLocation: sourceLocation)
    }
    let updates = matched.filter { old[$0.old[0]].items[$0.old[1]] != new[$0.new[0]].items[$0.new[1]] }
        .map { IndexPathUpdate(old: $0.old, new: $0.new) }
    #expect(changeset.itemUpdates == updates, sourceLocation: sourceLocation)

    let sectionPairs = oldToNew.enumerated().filter { $0.element >= 0 }
    #expect(changeset.sectionMoves.count == sectionPairs.count - lisLength(sectionPairs.map(\.element)),
            sourceLocation: sourceLocation)
    #expect(changeset.sectionUpdates == sectionPairs.filter { old[$0.offset].model != new[$0.element].model }
        .map { Changeset.Update(old: $0.offset, new: $0.element) }, sourceLocation: sourceLocation)
    #expect(changeset.isMinimal, sourceLocation: sourceLocation)
}

@Suite("Sectioned changeset properties")
struct SectionedChangesetPropertyTests {
    @Test("random sections with unique ids: legal stages, exact and minimal operations",
          arguments: [DiffAlgorithm.heckel, .myers])
    func uniqueIDs(algorithm: DiffAlgorithm) {
        for seed in UInt64(1)...1_500 {
            let input = RandomSections(seed: seed, duplicates: false)
            let (old, new) = input.sections { Item(id: $0, content: $1) }
            let changeset = SectionedChangeset(from: old, to: new, algorithm: algorithm)
            checkSectioned(changeset, old: old, new: new, unique: true)
        }
    }

    @Test("random sections with duplicate section and item ids: always legal, old becomes new",
          arguments: [DiffAlgorithm.heckel, .myers])
    func duplicateIDs(algorithm: DiffAlgorithm) {
        for seed in UInt64(1)...1_000 {
            let input = RandomSections(seed: seed &* 7_919, duplicates: true)
            let (old, new) = input.sections { Item(id: $0, content: $1) }
            let changeset = SectionedChangeset(from: old, to: new, algorithm: algorithm)
            checkSectioned(changeset, old: old, new: new, unique: !input.hasDuplicates)
        }
    }

    @Test("a fingerprint with 4 values changes nothing: collisions are confirmed with ==")
    func terribleFingerprints() {
        for seed in UInt64(1)...300 {
            let input = RandomSections(seed: seed, maxSections: 8, maxItems: 30, duplicates: seed % 3 == 0)
            let (old, new) = input.sections { ClumsyItem(id: ClumsyID(value: $0), content: $1) }
            for algorithm in [DiffAlgorithm.heckel, .myers] {
                let changeset = SectionedChangeset(from: old, to: new, algorithm: algorithm)
                checkSectioned(changeset, old: old, new: new, unique: false)
                let reference = SectionedChangeset(from: input.sections { Item(id: $0, content: $1) }.old,
                                                   to: input.sections { Item(id: $0, content: $1) }.new,
                                                   algorithm: algorithm)
                if !input.hasDuplicates {
                    // Same ids, same minimal answer, whatever the fingerprints.
                    #expect(changeset.itemMoves.count == reference.itemMoves.count)
                    #expect(changeset.itemDeletions == reference.itemDeletions)
                    #expect(changeset.itemInsertions == reference.itemInsertions)
                }
            }
        }
    }

    @Test("ids that are only Hashable diff the same as Fingerprintable ones")
    func hashedIDs() {
        for seed in UInt64(1)...300 {
            let input = RandomSections(seed: seed &+ 40_000, duplicates: seed % 2 == 0)
            let (old, new) = input.sections { OpaqueItem(id: OpaqueID(value: $0), content: $1) }
            let changeset = SectionedChangeset(from: old, to: new)
            checkSectioned(changeset, old: old, new: new, unique: !input.hasDuplicates)
            let stable = input.sections { Item(id: $0, content: $1) }
            #expect(changeset == SectionedChangeset(from: stable.old, to: stable.new))
        }
    }
}

