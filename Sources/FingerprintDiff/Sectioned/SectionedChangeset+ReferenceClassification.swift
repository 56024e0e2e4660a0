#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ClassifiedItems {
    /// The classification of `init(old:new:items:sections:)` by the plain loops it replaces,
    /// appending to each list as it goes: the reference the property tests compare it with.
    /// Its stages, and those of the classifications it demotes to, are made by the reference
    /// functions below (sorting by intermediate offset, a set insert per touching item).
    init(referenceOld old: SectionLayout, new: SectionLayout, items: ItemPairs, sections: SectionPairs) {
        byReference = true
        // New order: insertions, and which new items are move destinations.
        var moved = [Bool](repeating: false, count: new.itemCount)
        var stayingOld: [Int] = []
        var stayingNew: [Int] = []
        for newSection in 0..<new.sectionCount where sections.oldOfNew[newSection] >= 0 {
            let oldSection = sections.oldOfNew[newSection]
            let range = new.range(of: newSection)
            stayingOld.removeAll(keepingCapacity: true)
            stayingNew.removeAll(keepingCapacity: true)
            for newFlat in range {
                let oldFlat = items.oldOfNew(newFlat)
                let source = oldFlat < 0 ? -1 : old.sectionOf[oldFlat]
                if source < 0 || sections.newOfOld[source] < 0 {
                    insertions.append(newFlat)
                } else if source == oldSection {
                    stayingOld.append(oldFlat)
                    stayingNew.append(newFlat)
                } else {
                    moved[newFlat] = true
                }
            }
            for position in positionsOutsideLongestIncreasingSubsequence(stayingOld) {
                moved[stayingNew[position]] = true
            }
            for newFlat in range where moved[newFlat] && items.changed[newFlat] {
                movingUpdates.append(FlatPair(old: items.oldOfNew(newFlat), new: newFlat))
            }
        }
        // Old order: deletions, moves and in-place updates come out sorted.
        for oldSection in 0..<old.sectionCount where sections.newOfOld[oldSection] >= 0 {
            for oldFlat in old.range(of: oldSection) {
                let newFlat = items.newOfOld(oldFlat)
                if newFlat < 0 || sections.oldOfNew[new.sectionOf[newFlat]] < 0 {
                    deletions.append(oldFlat)
                } else if moved[newFlat] {
                    moves.append(FlatPair(old: oldFlat, new: newFlat))
                } else if items.changed[newFlat] {
                    stayingUpdates.append(FlatPair(old: oldFlat, new: newFlat))
                }
            }
        }
    }

    /// The classification once the old sections marked in `deleted` (and their new sections,
    /// marked in `inserted`) count as deleted and inserted: their items are no longer listed,
    /// moves out of them become insertions and moves into them deletions. Nothing else changes
    /// (the in-place runs of other sections do not depend on them). O(number of operations).
    func referenceDemoting(deleted: [Bool], inserted: [Bool], old: SectionLayout, new: SectionLayout) -> ClassifiedItems {
        var result = ClassifiedItems()
        result.byReference = true
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
        result.deletions = (deletions.filter { !deleted[old.sectionOf[$0]] } + extraDeletions).sorted()
        result.insertions = (insertions.filter { !inserted[new.sectionOf[$0]] } + extraInsertions).sorted()
        result.stayingUpdates = stayingUpdates.filter { !deleted[old.sectionOf[$0.old]] }
        result.movingUpdates = movingUpdates.filter { gone($0) == (false, false) }
        return result
    }


    /// The old indexes of the sections moved by `moves` that an item operation touches: a
    /// deletion, stage-1 reload or move out of a section that moves, or an insertion or move
    /// into a section that a move brings. O(number of operations).
    func referenceMovedSectionsTouched(moves sectionMoves: [Changeset.Move], oldOfNew: [Int],
                              old: SectionLayout, new: SectionLayout) -> Set<Int> {
        guard !sectionMoves.isEmpty else { return [] }
        var movedOld = [Bool](repeating: false, count: old.sectionCount)
        var movedNew = [Bool](repeating: false, count: new.sectionCount)
        for move in sectionMoves {
            movedOld[move.from] = true
            movedNew[move.to] = true
        }
        var touched = Set<Int>()
        func touchOld(_ flat: Int) {
            let section = old.sectionOf[flat]
            if movedOld[section] { touched.insert(section) }
        }
        func touchNew(_ flat: Int) {
            let section = new.sectionOf[flat]
            if movedNew[section] { touched.insert(oldOfNew[section]) }
        }
        deletions.forEach(touchOld)
        stayingUpdates.forEach { touchOld($0.old) }
        insertions.forEach(touchNew)
        for move in moves {
            touchOld(move.old)
            touchNew(move.new)
        }
        return touched
    }

    /// Stage 1: the given section operations with all item operations.
    func referenceFirstStage(deletedSections: [Int], insertedSections: [Int], movedSections: [Changeset.Move],
                    old: SectionLayout, new: SectionLayout) -> SectionedBatchUpdate {
        SectionedBatchUpdate(
            deletedSections: deletedSections, insertedSections: insertedSections, movedSections: movedSections,
            deletedItems: deletions.map(old.path), insertedItems: insertions.map(new.path),
            movedItems: moves.map { IndexPathMove(from: old.path($0.old), to: new.path($0.new)) },
            updatedItems: stayingUpdates.map { old.path($0.old) })
    }

    /// The item operations alone, after the section operations have run: old items sit in
    /// their section's new place (`sections.newOfOld`), in their old order, so moves between
    /// sections stay unambiguous.
    func referenceItemStage(sections: SectionPairs, old: SectionLayout, new: SectionLayout) -> SectionedBatchUpdate {
        // Where each old item sits after the section stage, as a flat offset over the
        // intermediate sections (which sort like the intermediate index paths).
        var start = [Int](repeating: 0, count: new.sectionCount)
        var total = 0
        for newSection in 0..<new.sectionCount {
            start[newSection] = total
            let oldSection = sections.oldOfNew[newSection]
            total += oldSection >= 0 ? old.counts[oldSection] : new.counts[newSection]
        }
        func intermediate(_ oldFlat: Int) -> Int {
            let oldSection = old.sectionOf[oldFlat]
            return start[sections.newOfOld[oldSection]] + oldFlat - old.start[oldSection]
        }
        func path(_ oldFlat: Int) -> IndexPath {
            let oldSection = old.sectionOf[oldFlat]
            return IndexPath(sections.newOfOld[oldSection], oldFlat - old.start[oldSection])
        }
        func byIntermediate(_ flats: [Int]) -> [Int] {
            flats.map { (key: intermediate($0), flat: $0) }.sorted { $0.key < $1.key }.map(\.flat)
        }
        let movesInOrder = moves.map { (key: intermediate($0.old), move: $0) }.sorted { $0.key < $1.key }.map(\.move)
        return SectionedBatchUpdate(
            deletedItems: byIntermediate(deletions).map(path), insertedItems: insertions.map(new.path),
            movedItems: movesInOrder.map { IndexPathMove(from: path($0.old), to: new.path($0.new)) },
            updatedItems: byIntermediate(stayingUpdates.map(\.old)).map(path))
    }
}
