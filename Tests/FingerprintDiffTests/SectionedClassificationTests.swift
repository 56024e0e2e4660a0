import FingerprintDiff
import Testing

/// The item classification behind every sectioned changeset (one pass in new order and one in
/// old order marking each item's kind through pointers; the stages listed through pointers,
/// in the intermediate order without a sort, demoted sections merged, not sorted) against the
/// plain loops it replaces, on random sectioned lists: the whole changeset (fields, stages,
/// single batch) must be equal.
@Suite("Sectioned changeset: item classification against the reference loops")
struct SectionedClassificationTests {
    /// Both classifications of the section and item changesets of `old` and `new`.
    private func bothWays(_ old: [ArraySection<Group, Item>], _ new: [ArraySection<Group, Item>],
                          algorithm: DiffAlgorithm) -> (fast: SectionedChangeset?, reference: SectionedChangeset?) {
        let sectionChanges = Changeset(from: old.map(\.model), to: new.map(\.model), algorithm: algorithm)
        let itemChanges = Changeset(from: old.flatMap(\.items), to: new.flatMap(\.items), algorithm: algorithm)
        func make(_ reference: Bool) -> SectionedChangeset? {
            SectionedChangeset(sectionChanges: sectionChanges, itemChanges: itemChanges,
                               oldItemCounts: old.map(\.items.count), newItemCounts: new.map(\.items.count),
                               classifiedByReference: reference)
        }
        return (make(false), make(true))
    }

    @Test("random sections, unique and duplicate ids, small and large sections",
          arguments: [DiffAlgorithm.heckel, .myers])
    func randomSections(algorithm: DiffAlgorithm) {
        var split = 0  // inputs whose item operations touch a moved section (the demoting path)
        for seed in UInt64(1)...1_200 {
            let input = RandomSections(seed: seed &* 104_729, maxSections: seed % 4 == 0 ? 4 : 20,
                                       maxItems: seed % 5 == 0 ? 600 : 120, duplicates: seed % 3 == 0)
            let (old, new) = input.sections { Item(id: $0, content: $1) }
            let (fast, reference) = bothWays(old, new, algorithm: algorithm)
            #expect(fast != nil, "seed \(seed)")
            #expect(fast == reference, "seed \(seed)")
            if fast?.stages.first?.sourceOfSection != nil { split += 1 }
        }
        #expect(split > 100)
    }

    @Test("the storages' batch alone equals the whole changeset's batch and item updates",
          arguments: [DiffAlgorithm.heckel, .myers])
    func storageBatch(algorithm: DiffAlgorithm) {
        var split = 0, updated = 0
        for seed in UInt64(1)...1_200 {
            let input = RandomSections(seed: seed &* 7_919 &+ 13, maxSections: seed % 4 == 0 ? 4 : 20,
                                       maxItems: seed % 5 == 0 ? 600 : 120, duplicates: seed % 3 == 0)
            let (old, new) = input.sections { Item(id: $0, content: $1) }
            let sectionChanges = Changeset(from: old.map(\.model), to: new.map(\.model), algorithm: algorithm)
            let itemChanges = Changeset(from: old.flatMap(\.items), to: new.flatMap(\.items), algorithm: algorithm)
            let counts = (old: old.map(\.items.count), new: new.map(\.items.count))
            let whole = SectionedChangeset(sectionChanges: sectionChanges, itemChanges: itemChanges,
                                           oldItemCounts: counts.old, newItemCounts: counts.new)
            let alone = SectionedChangeset._storageBatch(sectionChanges: sectionChanges, itemChanges: itemChanges,
                                                         oldItemCounts: counts.old, newItemCounts: counts.new)
            #expect(alone?.batchUpdate == whole?.batchUpdate, "seed \(seed)")
            #expect(alone?.itemUpdates == whole?.itemUpdates, "seed \(seed)")
            if whole?.stages.first?.sourceOfSection != nil { split += 1 }
            if !(whole?.itemUpdates.isEmpty ?? true) { updated += 1 }
        }
        // Both ways of building the batch (with and without demoted sections) are compared.
        #expect(split > 100)
        #expect(updated > 100)
    }

    @Test("the sectioned diff itself equals the reference classification of its changesets")
    func sectionedDiff() {
        for seed in UInt64(1)...300 {
            let input = RandomSections(seed: seed &+ 77_000, duplicates: false)
            let (old, new) = input.sections { Item(id: $0, content: $1) }
            let reference = bothWays(old, new, algorithm: .heckel).reference
            #expect(SectionedChangeset(from: old, to: new) == reference, "seed \(seed)")
        }
    }
}
