#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SectionedChangeset {
    /// The sectioned changeset described by a changeset of the sections and a changeset of
    /// all their items, flattened: old items section after section, new items likewise.
    ///
    /// This is the low-level entry point behind every sectioned diff; use it when you already
    /// have the two changesets (from ``Changeset`` or any other source). `sectionChanges.updates`
    /// name the sections whose own content changed, `itemChanges.updates` the items whose
    /// content changed; each update must be a pair the changeset matches.
    ///
    /// Returns `nil` when a changeset does not fit the counts (see
    /// ``Changeset/matchedOffsets(oldCount:newCount:)``), a count is negative, or an update is
    /// not a matched pair.
    ///
    /// - Complexity: O(n + m + k log k) for n old and m new items and k items that stay in
    ///   their section or move, plus O(s) per section; a second classification pass runs only
    ///   when an item operation touches a moved section (for ``batchUpdate``).
    public init?(sectionChanges: Changeset, itemChanges: Changeset, oldItemCounts: [Int], newItemCounts: [Int]) {
        self.init(sectionChanges: sectionChanges, itemChanges: itemChanges, oldItemCounts: oldItemCounts,
                  newItemCounts: newItemCounts, classifiedByReference: false)
    }

    /// As ``init(sectionChanges:itemChanges:oldItemCounts:newItemCounts:)``; with
    /// `classifiedByReference`, the items are classified and the stages listed by the plain
    /// loops the pointer passes replace (`ClassifiedItems(referenceOld:new:items:sections:)`),
    /// for the tests that compare the two.
    package init?(sectionChanges: Changeset, itemChanges: Changeset, oldItemCounts: [Int], newItemCounts: [Int],
                  classifiedByReference: Bool) {
        guard let changeset = Self.withMatching(
            sectionChanges: sectionChanges, itemChanges: itemChanges, oldItemCounts: oldItemCounts,
            newItemCounts: newItemCounts, { sectionNewOfOld, matching in
                SectionedChangeset(sectionChanges: sectionChanges, sectionNewOfOld: sectionNewOfOld, items: matching,
                                   oldItemCounts: oldItemCounts, newItemCounts: newItemCounts,
                                   classifiedByReference: classifiedByReference)
            })
        else { return nil }
        self = changeset
    }

    /// ``_storageBatch(sectionChanges:sectionNewOfOld:items:oldItemCounts:newItemCounts:)`` of a
    /// section and an item changeset, `nil` when they do not fit the counts (as
    /// ``init(sectionChanges:itemChanges:oldItemCounts:newItemCounts:)``): for the tests that
    /// compare it with the whole changeset's ``batchUpdate`` and ``itemUpdates``.
    package static func _storageBatch(sectionChanges: Changeset, itemChanges: Changeset, oldItemCounts: [Int],
                                      newItemCounts: [Int]) -> (batchUpdate: SectionedBatchUpdate, itemUpdates: [IndexPathUpdate])? {
        withMatching(sectionChanges: sectionChanges, itemChanges: itemChanges, oldItemCounts: oldItemCounts,
                     newItemCounts: newItemCounts) { sectionNewOfOld, matching in
            _storageBatch(sectionChanges: sectionChanges, sectionNewOfOld: sectionNewOfOld, items: matching,
                          oldItemCounts: oldItemCounts, newItemCounts: newItemCounts)
        }
    }

    /// Calls `body` with the section matching (new index of each old section, or -1) and the item
    /// matching of two changesets from elsewhere, as the diff core would have handed them over;
    /// `nil` when a changeset does not fit the counts, a count is negative, or an update is not
    /// a matched pair.
    private static func withMatching<R>(
        sectionChanges: Changeset, itemChanges: Changeset, oldItemCounts: [Int], newItemCounts: [Int],
        _ body: (_ sectionNewOfOld: [Int], _ items: _Matching) -> R
    ) -> R? {
        let oldItemCount = oldItemCounts.reduce(0, +), newItemCount = newItemCounts.reduce(0, +)
        guard oldItemCounts.allSatisfy({ $0 >= 0 }), newItemCounts.allSatisfy({ $0 >= 0 }),
              let sectionNewOfOld = sectionChanges.matchedOffsets(oldCount: oldItemCounts.count, newCount: newItemCounts.count),
              sectionChanges.updates.allSatisfy({ $0.old >= 0 && $0.old < sectionNewOfOld.count && sectionNewOfOld[$0.old] == $0.new }),
              let itemNewOfOld = itemChanges.matchedOffsets(oldCount: oldItemCount, newCount: newItemCount),
              itemChanges.updates.allSatisfy({ $0.old >= 0 && $0.old < itemNewOfOld.count && itemNewOfOld[$0.old] == $0.new })
        else { return nil }
        let oldToNew = itemNewOfOld.map(Int64.init)
        let newToOld = inverseMatching(itemNewOfOld, newCount: newItemCount).map(Int64.init)
        return oldToNew.withUnsafeBufferPointer { oldToNew in
            newToOld.withUnsafeBufferPointer { newToOld in
                body(sectionNewOfOld,
                     _Matching(prefix: 0, oldCount: oldItemCount, newCount: newItemCount, oldToNew: oldToNew,
                               newToOld: newToOld, inLIS: nil, deletionCount: itemChanges.deletions.count,
                               insertionCount: itemChanges.insertions.count, moveCount: 0,
                               updates: itemChanges.updates, isMinimal: itemChanges.isMinimal))
            }
        }
    }

    /// The ``batchUpdate`` and ``itemUpdates`` of
    /// `init(sectionChanges:sectionNewOfOld:items:oldItemCounts:newItemCounts:)`, equal to
    /// that changeset's, without the rest: what a storage delivers. The item fields and
    /// ``stages`` of a change whose item operations touch a moved section are never listed (no
    /// index paths built for them, none freed).
    ///
    /// - Complexity: as the initializer.
    package static func _storageBatch(sectionChanges: Changeset, sectionNewOfOld: [Int], items matching: _Matching,
                                      oldItemCounts: [Int], newItemCounts: [Int])
        -> (batchUpdate: SectionedBatchUpdate, itemUpdates: [IndexPathUpdate])
    {
        let old = SectionLayout(counts: oldItemCounts)
        let new = SectionLayout(counts: newItemCounts)
        let sections = SectionPairs(newOfOld: sectionNewOfOld, newCount: new.sectionCount)
        let raw = ClassifiedItems(old: old, new: new, items: ItemPairs(matching: matching, new: new),
                                  sections: sections)
        let sectionUpdates = sectionChanges.updates.sorted { $0.old < $1.old }
        let conflicts = raw.movedSectionsTouched(
            moves: sectionChanges.moves, oldOfNew: sections.oldOfNew, old: old, new: new)
        let batch = conflicts.isEmpty
            ? raw.batchWithoutConflicts(sectionChanges: sectionChanges, sectionUpdates: sectionUpdates, old: old, new: new).batch
            : singleBatch(raw, old: old, new: new, sectionChanges: sectionChanges, sections: sections, demoting: conflicts)
        return (batch, raw.updates(old: old, new: new))
    }

    /// The sectioned changeset of a section changeset (`sectionNewOfOld`: its matching, for each
    /// old section the new index or -1) and the confirmed matching of all items, flattened (old
    /// items section after section, new likewise), whose updates are the items whose content
    /// changed. The item matching's own moves are not used: items are placed section by section.
    ///
    /// - Complexity: O(n + m + k log k) for n old and m new items and k items that stay in their
    ///   section or move, plus O(s) per section.
    @usableFromInline
    package init(sectionChanges: Changeset, sectionNewOfOld: [Int], items matching: _Matching,
                 oldItemCounts: [Int], newItemCounts: [Int]) {
        self.init(sectionChanges: sectionChanges, sectionNewOfOld: sectionNewOfOld, items: matching,
                  oldItemCounts: oldItemCounts, newItemCounts: newItemCounts, classifiedByReference: false)
    }

    /// As `init(sectionChanges:sectionNewOfOld:items:oldItemCounts:newItemCounts:)`, the items
    /// classified and the stages listed by the reference loops when `classifiedByReference`.
    private init(sectionChanges: Changeset, sectionNewOfOld: [Int], items matching: _Matching,
                 oldItemCounts: [Int], newItemCounts: [Int], classifiedByReference: Bool) {
        let old = SectionLayout(counts: oldItemCounts)
        let new = SectionLayout(counts: newItemCounts)
        let items = ItemPairs(matching: matching, new: new)
        let sections = SectionPairs(newOfOld: sectionNewOfOld, newCount: new.sectionCount)
        let raw = classifiedByReference
            ? ClassifiedItems(referenceOld: old, new: new, items: items, sections: sections)
            : ClassifiedItems(old: old, new: new, items: items, sections: sections)

        sectionDeletions = sectionChanges.deletions
        sectionInsertions = sectionChanges.insertions
        sectionMoves = sectionChanges.moves
        sectionUpdates = sectionChanges.updates.sorted { $0.old < $1.old }
        let (withoutConflicts, first, reloads) = raw.batchWithoutConflicts(
            sectionChanges: sectionChanges, sectionUpdates: sectionUpdates, old: old, new: new)
        itemDeletions = first.deletedItems
        itemInsertions = first.insertedItems
        itemMoves = first.movedItems
        self.itemUpdates = raw.updates(old: old, new: new)
        isMinimal = sectionChanges.isMinimal && matching.isMinimal

        let conflicts = raw.movedSectionsTouched(
            moves: sectionMoves, oldOfNew: sections.oldOfNew, old: old, new: new)
        if conflicts.isEmpty {
            stages = [first, reloads].filter { !$0.isEmpty }.map { Stage(update: $0) }
            batchUpdate = withoutConflicts
        } else {
            let sectionStage = SectionedBatchUpdate(deletedSections: sectionDeletions, insertedSections: sectionInsertions,
                                                    movedSections: sectionMoves)
            stages = [Stage(update: sectionStage, sourceOfSection: sections.oldOfNew),
                      Stage(update: raw.itemStage(sections: sections, old: old, new: new))]
            if !reloads.isEmpty { stages.append(Stage(update: reloads)) }
            batchUpdate = Self.singleBatch(raw, old: old, new: new, sectionChanges: sectionChanges,
                                           sections: sections, demoting: conflicts)
        }
    }

    /// ``batchUpdate`` when moved sections in `conflicts` (old indexes) are touched by item
    /// operations: they become deletions and insertions, repeated until no conflict is left
    /// (each round removes at least one section move, so at most one round per move).
    private static func singleBatch(
        _ raw: ClassifiedItems, old: SectionLayout, new: SectionLayout, sectionChanges: Changeset,
        sections: SectionPairs, demoting conflicts: Set<Int>
    ) -> SectionedBatchUpdate {
        var deleted = [Bool](repeating: false, count: old.sectionCount)
        var inserted = [Bool](repeating: false, count: new.sectionCount)
        var demoted: [Int] = []
        var pending = conflicts
        while true {
            for section in pending {
                deleted[section] = true
                inserted[sections.newOfOld[section]] = true
                demoted.append(section)
            }
            let classified = raw.demoting(deleted: deleted, inserted: inserted, old: old, new: new)
            let moves = sectionChanges.moves.filter { !deleted[$0.from] }
            pending = classified.movedSectionsTouched(moves: moves, oldOfNew: sections.oldOfNew, old: old, new: new)
            if pending.isEmpty {
                var batch = classified.firstStage(
                    deletedSections: (sectionChanges.deletions + demoted).sorted(),
                    insertedSections: (sectionChanges.insertions + demoted.map { sections.newOfOld[$0] }).sorted(),
                    movedSections: moves, old: old, new: new)
                let updatedSections = sectionChanges.updates.filter { !deleted[$0.old] }.map(\.new).sorted()
                let reloads = classified.reloadStage(updatedSections: updatedSections, new: new)
                batch.updatedSections = reloads.updatedSections
                batch.updatedItemsAfterMoves = reloads.updatedItemsAfterMoves
                return batch
            }
        }
    }
}

/// Where the items of each section sit in the flattened list of all items.
struct SectionLayout {
    let counts: [Int]
    /// The flat offset of each section's first item, then the number of items.
    let start: [Int]
    /// The section of each flat offset; empty for a layout made without it, whose index paths
    /// are searched in ``start`` (``searchedPath(_:)``).
    let sectionOf: [Int]

    /// The layout of sections of `counts` items; with the section of each item unless
    /// `sectionOfEachItem` is `false` (O(sections) then, not O(items)).
    init(counts: [Int], sectionOfEachItem: Bool = true) {
        self.counts = counts
        var start: [Int] = []
        start.reserveCapacity(counts.count + 1)
        var total = 0
        for count in counts {
            start.append(total)
            total += count
        }
        start.append(total)
        var sectionOf: [Int] = []
        if sectionOfEachItem {
            sectionOf.reserveCapacity(total)
            for (section, count) in counts.enumerated() {
                sectionOf.append(contentsOf: repeatElement(section, count: count))
            }
        }
        self.start = start
        self.sectionOf = sectionOf
    }

    var sectionCount: Int { counts.count }
    var itemCount: Int { start[counts.count] }

    /// The flat offsets of the items of `section`.
    func range(of section: Int) -> Range<Int> { start[section]..<start[section + 1] }

    /// The index path of the item at flat offset `flat`.
    func path(_ flat: Int) -> IndexPath {
        let section = sectionOf[flat]
        return IndexPath(section, flat - start[section])
    }

    /// The index paths of the items at flat offsets `flat(element)` of `elements`, in order,
    /// in sections renumbered by `renumber` when given (old sections to their new indexes);
    /// read through pointers, the array filled at its exact size.
    func paths<T>(_ elements: [T], renumber: [Int]? = nil, _ flat: (T) -> Int) -> [IndexPath] {
        guard !elements.isEmpty else { return [] }
        return sectionOf.withUnsafeBufferPointer { sectionOf in
            start.withUnsafeBufferPointer { start in
                [IndexPath](unsafeUninitializedCapacity: elements.count) { buffer, count in
                    var written = 0
                    for element in elements {
                        let offset = flat(element), section = sectionOf[offset]
                        let shown = renumber.map { $0[section] } ?? section
                        (buffer.baseAddress! + written).initialize(to: IndexPath(shown, offset - start[section]))
                        written &+= 1
                    }
                    count = written
                }
            }
        }
    }

    /// The index path of the item at flat offset `flat`, by a binary search of ``start``: for a
    /// layout made without the section of each item. O(log sections).
    func searchedPath(_ flat: Int) -> IndexPath {
        var low = 0, high = counts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if start[middle] <= flat { low = middle } else { high = middle }
        }
        return IndexPath(low, flat - start[low])
    }
}

/// Which old section each new section comes from, and back (-1: inserted or deleted).
struct SectionPairs {
    var newOfOld: [Int]
    var oldOfNew: [Int]

    init(newOfOld: [Int], newCount: Int) {
        self.newOfOld = newOfOld
        oldOfNew = inverseMatching(newOfOld, newCount: newCount)
    }

    /// Treats old section `old` as deleted and its new section as inserted.
    mutating func unmatch(old: Int) {
        oldOfNew[newOfOld[old]] = -1
        newOfOld[old] = -1
    }
}

/// The item matching over the flattened items, both ways, and which matched new items changed.
struct ItemPairs {
    let matching: _Matching
    let changed: [Bool]

    /// The pairs of `matching`, with its updates marked changed by new offset.
    init(matching: _Matching, new: SectionLayout) {
        var changed = [Bool](repeating: false, count: new.itemCount)
        for update in matching.updates { changed[update.new] = true }
        self.matching = matching
        self.changed = changed
    }

    /// The new flat offset of old flat offset `old`, or -1.
    func newOfOld(_ old: Int) -> Int { matching.newOffset(ofOld: old) }

    /// The old flat offset of new flat offset `new`, or -1.
    func oldOfNew(_ new: Int) -> Int { matching.oldOffset(ofNew: new) }
}
