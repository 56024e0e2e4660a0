#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A matched item as flat offsets: `old` among all old items, `new` among all new items.
struct FlatPair {
    var old: Int
    var new: Int
}

/// The item operations of a sectioned change for one section matching, as flat offsets (old
/// offsets sort like old index paths, new offsets like new ones): what a batch lists once it
/// is known which sections survive.
///
/// Items of deleted and inserted sections are not listed. An item of a surviving section that
/// is gone, or went to an inserted section, is a deletion; one that is new, or came from a
/// deleted section, an insertion. Items that move between surviving sections are moves; of
/// those that stay in their section, one longest increasing subsequence of old positions
/// stays in place and the rest move, so the moves are minimal.
struct ClassifiedItems {
    /// Old offsets, ascending.
    var deletions: [Int] = []
    /// New offsets, ascending.
    var insertions: [Int] = []
    /// Sorted by old offset.
    var moves: [FlatPair] = []
    /// Changed items that stay in place, sorted by old offset.
    var stayingUpdates: [FlatPair] = []
    /// Changed items that move, sorted by new offset.
    var movingUpdates: [FlatPair] = []

    /// Whether this classification, and every stage made from it, comes from the plain loops
    /// the pointer passes replace (`init(referenceOld:new:items:sections:)`), for the tests
    /// that compare the two.
    var byReference = false

    /// No operation.
    init() {}

    /// O(n + m + k log k) for n old and m new items and k that remain in a surviving section:
    /// one pass in new order and one in old order mark each item's kind (``ItemKinds``), then
    /// each list is filled at its exact size, so no append checks its array's uniqueness.
    init(old: SectionLayout, new: SectionLayout, items: ItemPairs, sections: SectionPairs) {
        let kinds = ItemKinds(old: old, new: new, items: items, sections: sections)
        defer { kinds.deallocate() }
        let matching = items.matching
        insertions = kinds.newItems(ItemKinds.inserted, count: kinds.insertionCount) { $0 }
        movingUpdates = kinds.newItems(ItemKinds.movedChanged, count: kinds.movingUpdateCount) {
            FlatPair(old: matching.oldOffset(ofNew: $0), new: $0)
        }
        deletions = kinds.oldItems(ItemKinds.deleted, count: kinds.deletionCount) { $0 }
        moves = kinds.oldItems(ItemKinds.moved, count: kinds.moveCount) {
            FlatPair(old: $0, new: matching.newOffset(ofOld: $0))
        }
        stayingUpdates = kinds.oldItems(ItemKinds.stayingChanged, count: kinds.stayingUpdateCount) {
            FlatPair(old: $0, new: matching.newOffset(ofOld: $0))
        }
    }

    /// The classification once the old sections marked in `deleted` (and their new sections,
    /// marked in `inserted`) count as deleted and inserted: their items are no longer listed,
    /// moves out of them become insertions and moves into them deletions. Nothing else changes
    /// (the in-place runs of other sections do not depend on them). O(number of operations).
    func demoting(deleted: [Bool], inserted: [Bool], old: SectionLayout, new: SectionLayout) -> ClassifiedItems {
        if byReference { return referenceDemoting(deleted: deleted, inserted: inserted, old: old, new: new) }
        var result = ClassifiedItems()
        func gone(_ pair: FlatPair) -> (from: Bool, to: Bool) {
            (deleted[old.sectionOf[pair.old]], inserted[new.sectionOf[pair.new]])
        }
        var extraDeletions: [Int] = []
        var extraInsertions: [Int] = []
        for move in moves {
            switch gone(move) {
            case (false, false): result.moves.append(move)
            case (false, true): extraDeletions.append(move.old)
            case (true, false): extraInsertions.append(move.new)
            case (true, true): break
            }
        }
        // `deletions`, `insertions` and `extraDeletions` (from moves sorted by old offset) are
        // sorted: a merge, not a sort.
        extraInsertions.sort()
        result.deletions = mergeSorted(deletions.filter { !deleted[old.sectionOf[$0]] }, extraDeletions)
        result.insertions = mergeSorted(insertions.filter { !inserted[new.sectionOf[$0]] }, extraInsertions)
        result.stayingUpdates = stayingUpdates.filter { !deleted[old.sectionOf[$0.old]] }
        result.movingUpdates = movingUpdates.filter { gone($0) == (false, false) }
        return result
    }

    /// The old indexes of the sections moved by `moves` that an item operation touches: a
    /// deletion, stage-1 reload or move out of a section that moves, or an insertion or move
    /// into a section that a move brings. O(number of operations).
    func movedSectionsTouched(moves sectionMoves: [Changeset.Move], oldOfNew: [Int],
                              old: SectionLayout, new: SectionLayout) -> Set<Int> {
        if byReference {
            return referenceMovedSectionsTouched(moves: sectionMoves, oldOfNew: oldOfNew, old: old, new: new)
        }
        guard !sectionMoves.isEmpty else { return [] }
        var movedOld = [Bool](repeating: false, count: old.sectionCount)
        var movedNew = [Bool](repeating: false, count: new.sectionCount)
        for move in sectionMoves {
            movedOld[move.from] = true
            movedNew[move.to] = true
        }
        // Marks first, one per old section: a set insert per touching item costs a hash each.
        var touched = [Bool](repeating: false, count: old.sectionCount)
        for flat in deletions where movedOld[old.sectionOf[flat]] { touched[old.sectionOf[flat]] = true }
        for update in stayingUpdates where movedOld[old.sectionOf[update.old]] { touched[old.sectionOf[update.old]] = true }
        for flat in insertions where movedNew[new.sectionOf[flat]] { touched[oldOfNew[new.sectionOf[flat]]] = true }
        for move in moves {
            if movedOld[old.sectionOf[move.old]] { touched[old.sectionOf[move.old]] = true }
            if movedNew[new.sectionOf[move.new]] { touched[oldOfNew[new.sectionOf[move.new]]] = true }
        }
        return Set(touched.indices.lazy.filter { touched[$0] })
    }

    /// Stage 1: the given section operations with all item operations.
    func firstStage(deletedSections: [Int], insertedSections: [Int], movedSections: [Changeset.Move],
                    old: SectionLayout, new: SectionLayout) -> SectionedBatchUpdate {
        if byReference {
            return referenceFirstStage(deletedSections: deletedSections, insertedSections: insertedSections,
                                       movedSections: movedSections, old: old, new: new)
        }
        return SectionedBatchUpdate(
            deletedSections: deletedSections, insertedSections: insertedSections, movedSections: movedSections,
            deletedItems: old.paths(deletions) { $0 }, insertedItems: new.paths(insertions) { $0 },
            movedItems: Self.movePaths(moves, old: old, new: new), updatedItems: old.paths(stayingUpdates) { $0.old })
    }

    /// The item operations alone, after the section operations have run: old items sit in
    /// their section's new place (`sections.newOfOld`), in their old order, so moves between
    /// sections stay unambiguous.
    func itemStage(sections: SectionPairs, old: SectionLayout, new: SectionLayout) -> SectionedBatchUpdate {
        if byReference { return referenceItemStage(sections: sections, old: old, new: new) }
        // Listed in the intermediate index space: old sections in their new order, each one's
        // items in old order.
        let renumber = sections.newOfOld
        let deleted = Self.inNewSectionOrder(deletions, sections: sections, old: old) { $0 }
        let moved = Self.inNewSectionOrder(moves, sections: sections, old: old) { $0.old }
        let updated = Self.inNewSectionOrder(stayingUpdates, sections: sections, old: old) { $0.old }
        return SectionedBatchUpdate(
            deletedItems: old.paths(deleted, renumber: renumber) { $0 }, insertedItems: new.paths(insertions) { $0 },
            movedItems: Self.movePaths(moved, old: old, new: new, renumber: renumber),
            updatedItems: old.paths(updated, renumber: renumber) { $0.old })
    }

    /// `list`, sorted by old flat offset (`oldFlat`) and all in surviving sections, with the old
    /// sections in their new order (`sections.oldOfNew`) and each one's elements kept in order:
    /// the order of their intermediate index paths, found without a sort. O(list + sections).
    static func inNewSectionOrder<T>(_ list: [T], sections: SectionPairs, old: SectionLayout,
                                     _ oldFlat: (T) -> Int) -> [T] {
        guard !list.isEmpty else { return [] }
        // Since `list` is sorted, each old section's elements are one run of it.
        var bounds = [Int](repeating: 0, count: old.sectionCount + 1)
        for element in list { bounds[old.sectionOf[oldFlat(element)] + 1] += 1 }
        for section in 0..<old.sectionCount { bounds[section + 1] += bounds[section] }
        var ordered: [T] = []
        ordered.reserveCapacity(list.count)
        for oldSection in sections.oldOfNew where oldSection >= 0 {
            ordered.append(contentsOf: list[bounds[oldSection]..<bounds[oldSection + 1]])
        }
        precondition(ordered.count == list.count, "an item operation in a section that does not survive")
        return ordered
    }

    /// The index paths of `moves`, sources in sections renumbered by `renumber` when given;
    /// read through pointers, the array filled at its exact size.
    static func movePaths(_ moves: [FlatPair], old: SectionLayout, new: SectionLayout,
                          renumber: [Int]? = nil) -> [IndexPathMove] {
        let sources = old.paths(moves, renumber: renumber) { $0.old }
        let destinations = new.paths(moves) { $0.new }
        return [IndexPathMove](unsafeUninitializedCapacity: moves.count) { buffer, count in
            for position in 0..<moves.count {
                (buffer.baseAddress! + position).initialize(
                    to: IndexPathMove(from: sources[position], to: destinations[position]))
            }
            count = moves.count
        }
    }

    /// The batch of ``SectionedChangeset/batchUpdate`` when no item operation touches a moved
    /// section: the first stage (every section and item operation) with the reloads, and those
    /// two stages apart.
    func batchWithoutConflicts(sectionChanges: Changeset, sectionUpdates: [Changeset.Update],
                               old: SectionLayout, new: SectionLayout)
        -> (batch: SectionedBatchUpdate, first: SectionedBatchUpdate, reloads: SectionedBatchUpdate)
    {
        let first = firstStage(deletedSections: sectionChanges.deletions, insertedSections: sectionChanges.insertions,
                               movedSections: sectionChanges.moves, old: old, new: new)
        let reloads = reloadStage(updatedSections: sectionUpdates.map(\.new).sorted(), new: new)
        var batch = first
        batch.updatedSections = reloads.updatedSections
        batch.updatedItemsAfterMoves = reloads.updatedItemsAfterMoves
        return (batch, first, reloads)
    }

    /// The batch of reloads in new index space: `updatedSections`, and the moved items that
    /// changed outside them (a reloaded section shows its new items anyway, and UIKit rejects an
    /// item reload inside a section it reloads).
    func reloadStage(updatedSections: [Int], new: SectionLayout) -> SectionedBatchUpdate {
        var reloaded = [Bool](repeating: false, count: new.sectionCount)
        for section in updatedSections { reloaded[section] = true }
        let items = movingUpdates.lazy.filter { !reloaded[new.sectionOf[$0.new]] }.map { new.path($0.new) }
        return SectionedBatchUpdate(updatedSections: updatedSections, updatedItemsAfterMoves: Array(items))
    }

    /// All updates as index paths, sorted by old path.
    func updates(old: SectionLayout, new: SectionLayout) -> [IndexPathUpdate] {
        (stayingUpdates + movingUpdates).sorted { $0.old < $1.old }
            .map { IndexPathUpdate(old: old.path($0.old), new: new.path($0.new)) }
    }
}

/// The elements of two ascending arrays in one ascending array (the first's before the
/// second's when equal, as a stable sort of their concatenation gives). O(a + b).
func mergeSorted(_ a: [Int], _ b: [Int]) -> [Int] {
    if b.isEmpty { return a }
    if a.isEmpty { return b }
    var merged: [Int] = []
    merged.reserveCapacity(a.count + b.count)
    var i = 0, j = 0
    while i < a.count && j < b.count {
        if b[j] < a[i] {
            merged.append(b[j])
            j += 1
        } else {
            merged.append(a[i])
            i += 1
        }
    }
    merged.append(contentsOf: a[i...])
    merged.append(contentsOf: b[j...])
    return merged
}
