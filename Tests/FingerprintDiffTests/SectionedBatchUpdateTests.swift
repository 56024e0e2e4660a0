import FingerprintDiff
import Foundation
import Testing

/// The sectioned oracle: every rule UIKit (and we) enforce, and `apply`.
@Suite struct SectionedBatchUpdateTests {
    func p(_ section: Int, _ item: Int) -> IndexPath { IndexPath(indexes: [section, item]) }
    let old = [["a", "b", "c"], ["d"], ["e", "f"]]

    func rejects(_ update: SectionedBatchUpdate, _ expected: SectionedBatchUpdateError, new: [[String]],
                 sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: expected, sourceLocation: sourceLocation) {
            try update.validate(oldItemCounts: old.map(\.count), newItemCounts: new.map(\.count))
        }
    }

    @Test func aLegalMixOfSectionAndItemOperationsApplies() throws {
        // Delete section 1, move section 2 to the front, insert a section at the end; inside
        // old section 0 (new 1): delete "c", insert "x", move "a" to the end, reload "b", and
        // reload the moved "a" in stage 2.
        let new = [["e", "f"], ["x", "B", "A"], ["new"]]
        let update = SectionedBatchUpdate(
            deletedSections: [1], insertedSections: [2], movedSections: [Changeset.Move(from: 2, to: 0)],
            deletedItems: [p(0, 2)], insertedItems: [p(1, 0)],
            movedItems: [IndexPathMove(from: p(0, 0), to: p(1, 2))],
            updatedItems: [p(0, 1)], updatedItemsAfterMoves: [p(1, 2)])
        #expect(try update.apply(to: old, with: new) == new)
        #expect(update.stageCount == 2)
        #expect(try update.applyToSections(["S0", "S1", "S2"], with: ["T0", "T1", "T2"]) == ["S2", "S0", "T2"])
    }

    @Test func noItemOperationTouchesAMovedSection() {
        // UIKit throws on these (radar 27041784, radar 48941906, Bento #51).
        let swapped = [["e", "f"], ["d"], ["a", "b", "c"]]
        let moves = [Changeset.Move(from: 2, to: 0)]
        rejects(SectionedBatchUpdate(movedSections: moves, updatedItems: [p(2, 0)]),
                .itemInMovedSection(.reload, p(2, 0)), new: swapped)
        rejects(SectionedBatchUpdate(movedSections: moves, movedItems: [IndexPathMove(from: p(2, 1), to: p(1, 1))]),
                .itemInMovedSection(.moveSource, p(2, 1)), new: [["e"], ["d", "f"], ["a", "b", "c"]])
        rejects(SectionedBatchUpdate(movedSections: moves, deletedItems: [p(0, 0)], insertedItems: [p(0, 2)]),
                .itemInMovedSection(.insertion, p(0, 2)), new: [["e", "f", "x"], ["d"], ["b", "c"]])
        // Sections that only shift (here 0 and 1, because 2 moved before them) are fine.
        #expect(throws: Never.self) {
            try SectionedBatchUpdate(movedSections: moves, updatedItems: [p(0, 0)])
                .validate(oldItemCounts: [3, 1, 2], newItemCounts: [2, 3, 1])
        }
    }

    @Test func itemsOfDeletedAndInsertedSectionsAreNotListed() {
        let new = [["a", "b", "c"], ["e", "f"], ["x"]]
        rejects(SectionedBatchUpdate(deletedSections: [1], insertedSections: [2], deletedItems: [p(1, 0)]),
                .itemInDeletedSection(.deletion, p(1, 0)), new: new)
        rejects(SectionedBatchUpdate(deletedSections: [1], insertedSections: [2], insertedItems: [p(2, 0)]),
                .itemInInsertedSection(.insertion, p(2, 0)), new: new)
        rejects(SectionedBatchUpdate(deletedSections: [1], insertedSections: [2],
                                     movedItems: [IndexPathMove(from: p(1, 0), to: p(0, 0))]),
                .itemInDeletedSection(.moveSource, p(1, 0)), new: new)
        rejects(SectionedBatchUpdate(deletedSections: [1], insertedSections: [2],
                                     movedItems: [IndexPathMove(from: p(0, 0), to: p(2, 0))]),
                .itemInInsertedSection(.moveDestination, p(2, 0)), new: new)
    }

    @Test func countsPerSectionMustAddUp() {
        // "Invalid update: invalid number of items in section 1".
        rejects(SectionedBatchUpdate(), .invalidItemCount(section: 1, oldSection: 1, expected: 1, actual: 2),
                new: [["a", "b", "c"], ["d", "x"], ["e", "f"]])
        // A move between sections changes both counts.
        let moved = SectionedBatchUpdate(movedItems: [IndexPathMove(from: p(0, 0), to: p(1, 1))])
        #expect(throws: Never.self) {
            try moved.validate(oldItemCounts: [3, 1, 2], newItemCounts: [2, 2, 2])
        }
        rejects(moved, .invalidItemCount(section: 0, oldSection: 0, expected: 2, actual: 3), new: [["a", "b", "c"], ["d", "a"], ["e", "f"]])
    }

    @Test func conflictsDuplicatesAndRanges() {
        let new = [["a", "b"], ["d"], ["e", "f"]]
        rejects(SectionedBatchUpdate(deletedItems: [p(0, 2)], updatedItems: [p(0, 2)]),
                .conflictingOperations(.deletion, .reload, p(0, 2)), new: new)
        rejects(SectionedBatchUpdate(deletedItems: [p(0, 2), p(0, 2)]), .duplicateIndexPath(.deletion, p(0, 2)), new: new)
        rejects(SectionedBatchUpdate(deletedItems: [p(0, 3)]), .indexPathOutOfRange(.deletion, p(0, 3)), new: new)
        rejects(SectionedBatchUpdate(deletedItems: [p(7, 0)]), .indexPathOutOfRange(.deletion, p(7, 0)), new: new)
        rejects(SectionedBatchUpdate(deletedItems: [IndexPath(indexes: [0])]),
                .indexPathOutOfRange(.deletion, IndexPath(indexes: [0])), new: new)
        rejects(SectionedBatchUpdate(deletedItems: [p(0, 2)], movedItems: [IndexPathMove(from: p(0, 2), to: p(0, 0))]),
                .conflictingOperations(.deletion, .moveSource, p(0, 2)), new: new)
        rejects(SectionedBatchUpdate(deletedSections: [0, 0]), .sections(.duplicateIndex(.deletion, index: 0)), new: new)
        rejects(SectionedBatchUpdate(updatedSections: [3], deletedItems: [p(0, 2)]),
                .sections(.indexOutOfRange(.reloadAfterMoves, index: 3, count: 3)), new: new)
        rejects(SectionedBatchUpdate(deletedItems: [p(0, 2)], updatedItemsAfterMoves: [p(0, 2)]),
                .indexPathOutOfRange(.reloadAfterMoves, p(0, 2)), new: new)
    }

    @Test func aConflictInALaterSectionNamesItsOwnIndexPath() {
        // Empty sections before it share offsets: the reported path must still be right.
        let counts = [0, 0, 2, 0, 3]
        let update = SectionedBatchUpdate(deletedItems: [p(4, 1)], updatedItems: [p(4, 1)])
        #expect(throws: SectionedBatchUpdateError.conflictingOperations(.deletion, .reload, p(4, 1))) {
            try update.validate(oldItemCounts: counts, newItemCounts: [0, 0, 2, 0, 2])
        }
    }

    @Test func aSingleSectionBatchUpdateBecomesSectionZeroPaths() throws {
        let changeset = Changeset(from: [1, 2, 3], to: [3, 1, 4], id: \.self)
        let update = try SectionedBatchUpdate(BatchUpdate(changeset), inSection: 0)
        #expect(try update.apply(to: [[1, 2, 3]], with: [[3, 1, 4]]) == [[3, 1, 4]])
        #expect(update.description == "items -[[0, 1]] items +[[0, 2]] item moves[[0, 2]->[0, 0]]")
        #expect(SectionedBatchUpdate().description == "no change" && SectionedBatchUpdate().isEmpty)
    }
}
