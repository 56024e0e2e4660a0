#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The item operations of a sectioned change for one section matching: what a batch lists
/// once it is known which sections survive.
///
/// Items of deleted and inserted sections are not listed. An item of a surviving section that
/// is gone, or went to an inserted section, is a deletion; one that is new, or came from a
/// deleted section, an insertion. Items that move between surviving sections are moves; of
/// those that stay in their section, one longest increasing subsequence of old positions
/// stays in place and the rest move, so the moves are minimal.
struct ClassifiedItems {
    /// Old paths, ascending.
    var deletions: [IndexPath] = []
    /// New paths, ascending.
    var insertions: [IndexPath] = []
    /// Sorted by source.
    var moves: [IndexPathMove] = []
    /// Changed items that stay in place, sorted by old path.
    var stayingUpdates: [IndexPathUpdate] = []
    /// Changed items that move, sorted by new path.
    var movingUpdates: [IndexPathUpdate] = []

    /// O(n + m + k log k) for n old and m new items and k that remain in a surviving section.
    init(old: SectionLayout, new: SectionLayout, items: ItemPairs, sections: SectionPairs) {
        for oldSection in 0..<old.sectionCount where sections.newOfOld[oldSection] >= 0 {
            let start = old.start[oldSection]
            for index in 0..<old.counts[oldSection] {
                let newFlat = items.newOfOld[start + index]
                if newFlat < 0 || sections.oldOfNew[new.sectionOf[newFlat]] < 0 {
                    deletions.append(IndexPath(indexes: [oldSection, index]))
                }
            }
        }

        // Section by section in new order; `staying` collects the items that remain in their
        // section: (old index, new index).
        var staying: [(old: Int, new: Int)] = []
        for newSection in 0..<new.sectionCount {
            let oldSection = sections.oldOfNew[newSection]
            guard oldSection >= 0 else { continue }
            let start = new.start[newSection]
            staying.removeAll(keepingCapacity: true)
            for index in 0..<new.counts[newSection] {
                let oldFlat = items.oldOfNew[start + index]
                let source = oldFlat < 0 ? -1 : old.sectionOf[oldFlat]
                guard source >= 0, sections.newOfOld[source] >= 0 else {
                    insertions.append(IndexPath(indexes: [newSection, index]))
                    continue
                }
                let oldIndex = oldFlat - old.start[source]
                if source == oldSection {
                    staying.append((oldIndex, index))
                } else {
                    record(move: IndexPathMove(from: IndexPath(indexes: [source, oldIndex]),
                                               to: IndexPath(indexes: [newSection, index])),
                           changed: items.changed[start + index])
                }
            }
            let kept = longestIncreasingSubsequenceMask(staying.map(\.old))
            for (pair, stays) in zip(staying, kept) {
                let from = IndexPath(indexes: [oldSection, pair.old])
                let to = IndexPath(indexes: [newSection, pair.new])
                if stays {
                    if items.changed[start + pair.new] { stayingUpdates.append(IndexPathUpdate(old: from, new: to)) }
                } else {
                    record(move: IndexPathMove(from: from, to: to), changed: items.changed[start + pair.new])
                }
            }
        }
        moves.sort { $0.from < $1.from }
        stayingUpdates.sort { $0.old < $1.old }
    }

    private mutating func record(move: IndexPathMove, changed: Bool) {
        moves.append(move)
        if changed { movingUpdates.append(IndexPathUpdate(old: move.from, new: move.to)) }
    }

    /// The old indexes of moved sections (of `sectionMoves`) that an item operation touches:
    /// a deletion, stage-1 reload or move out of a section that moves, or an insertion or move
    /// into a section that a move brings.
    func movedSectionsTouched(by sectionMoves: [Changeset.Move]) -> Set<Int> {
        guard !sectionMoves.isEmpty else { return [] }
        var sourceOfDestination: [Int: Int] = [:]
        for move in sectionMoves { sourceOfDestination[move.to] = move.from }
        let sources = Set(sectionMoves.map(\.from))
        var touched = Set<Int>()
        func touchOld(_ path: IndexPath) {
            if sources.contains(path[0]) { touched.insert(path[0]) }
        }
        func touchNew(_ path: IndexPath) {
            if let source = sourceOfDestination[path[0]] { touched.insert(source) }
        }
        deletions.forEach(touchOld)
        stayingUpdates.forEach { touchOld($0.old) }
        insertions.forEach(touchNew)
        for move in moves {
            touchOld(move.from)
            touchNew(move.to)
        }
        return touched
    }

    /// Stage 1: the given section operations with all item operations.
    func firstStage(deletedSections: [Int], insertedSections: [Int], movedSections: [Changeset.Move])
        -> SectionedBatchUpdate
    {
        SectionedBatchUpdate(
            deletedSections: deletedSections, insertedSections: insertedSections, movedSections: movedSections,
            deletedItems: deletions, insertedItems: insertions, movedItems: moves,
            updatedItems: stayingUpdates.map(\.old))
    }

    /// The item operations alone, after the section operations have run: old paths carry the
    /// new index of their section (`newOfOld`), so moves between sections stay unambiguous.
    func itemStage(renumberedBy newOfOld: [Int]) -> SectionedBatchUpdate {
        func renumber(_ path: IndexPath) -> IndexPath { IndexPath(indexes: [newOfOld[path[0]], path[1]]) }
        return SectionedBatchUpdate(
            deletedItems: deletions.map(renumber).sorted(), insertedItems: insertions,
            movedItems: moves.map { IndexPathMove(from: renumber($0.from), to: $0.to) }.sorted { $0.from < $1.from },
            updatedItems: stayingUpdates.map { renumber($0.old) }.sorted())
    }

    /// The batch of reloads in new index space: `updatedSections`, and the moved items that
    /// changed outside them (a reloaded section shows its new items anyway, and UIKit rejects an
    /// item reload inside a section it reloads).
    func reloadStage(updatedSections: [Int]) -> SectionedBatchUpdate {
        let reloaded = Set(updatedSections)
        let items = movingUpdates.lazy.map(\.new).filter { !reloaded.contains($0[0]) }.sorted()
        return SectionedBatchUpdate(updatedSections: updatedSections, updatedItemsAfterMoves: items)
    }
}
