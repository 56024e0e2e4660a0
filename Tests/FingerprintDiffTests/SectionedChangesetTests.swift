import FingerprintDiff
import Foundation
import Testing

/// One example per rule of sectioned diffs.
@Suite struct SectionedChangesetTests {
    typealias Section = ArraySection<Group, Item>

    func p(_ section: Int, _ item: Int) -> IndexPath { IndexPath(indexes: [section, item]) }

    func section(_ id: Int, title: Int = 0, _ items: [Int], changed: Set<Int> = []) -> Section {
        ArraySection(model: Group(id: id, title: title), items: items.map { Item(id: $0, content: changed.contains($0) ? 1 : 0) })
    }

    /// Computes the changeset and checks it with the oracle before returning it.
    func diff(_ old: [Section], _ new: [Section], sourceLocation: SourceLocation = #_sourceLocation) -> SectionedChangeset {
        let changeset = SectionedChangeset(from: old, to: new)
        checkSectioned(changeset, old: old, new: new, unique: true, sourceLocation: sourceLocation)
        return changeset
    }

    @Test func anItemThatChangesSectionIsAMove() {
        let changeset = diff([section(1, [10, 11]), section(2, [20])], [section(1, [10]), section(2, [11, 20])])
        #expect(changeset.itemMoves == [IndexPathMove(from: p(0, 1), to: p(1, 0))])
        #expect(changeset.itemDeletions.isEmpty && changeset.itemInsertions.isEmpty)
        #expect(changeset.stages.count == 1)
    }

    @Test func itemsOfDeletedAndInsertedSectionsAreNotListed() {
        // Section 2 goes (with 20, 21), section 3 comes (with 30, 31).
        let changeset = diff([section(1, [10]), section(2, [20, 21])], [section(1, [10]), section(3, [30, 31])])
        #expect(changeset.sectionDeletions == [1] && changeset.sectionInsertions == [1])
        #expect(changeset.itemDeletions.isEmpty && changeset.itemInsertions.isEmpty && changeset.itemMoves.isEmpty)
    }

    @Test func nothingMovesOutOfADeletedOrIntoAnInsertedSection() {
        // 20 leaves deleted section 2 for section 1: an insertion. 11 leaves section 1 for the
        // inserted section 3: a deletion.
        let changeset = diff([section(1, [10, 11]), section(2, [20])], [section(1, [10, 20]), section(3, [11])])
        #expect(changeset.itemMoves.isEmpty)
        #expect(changeset.itemInsertions == [p(0, 1)])
        #expect(changeset.itemDeletions == [p(0, 1)])
    }

    @Test func aSectionMoveAloneIsOneStage() {
        let changeset = diff([section(1, [10]), section(2, [20])], [section(2, [20]), section(1, [10])])
        #expect(changeset.sectionMoves.count == 1)
        #expect(changeset.stages.count == 1)
        #expect(changeset.stages[0].sourceOfSection == nil)
        #expect(changeset.batchUpdate.movedSections == changeset.sectionMoves)
    }

    @Test func anItemOperationInAMovedSectionSplitsSectionsFromItems() throws {
        // Section 2 moves to the front and receives 10 from section 1: UIKit cannot do both in
        // one batch. Stage 1 moves the sections alone, over the old items in the new order;
        // stage 2 moves the item with the section renumbered.
        let old = [section(1, [10, 11]), section(2, [20])]
        let new = [section(2, [20, 10]), section(1, [11])]
        let changeset = diff(old, new)
        #expect(changeset.stages.count == 2)
        #expect(changeset.stages[0].update == SectionedBatchUpdate(movedSections: changeset.sectionMoves))
        #expect(changeset.stages[0].sections(old: old, new: new).map(\.id) == [2, 1])
        #expect(changeset.stages[0].sections(old: old, new: new)[0].items.map(\.id) == [20])
        #expect(changeset.stages[1].update == SectionedBatchUpdate(movedItems: [IndexPathMove(from: p(1, 0), to: p(0, 1))]))
        // The single batch reports the touched moved section as deleted and inserted instead.
        // Section 2 (old 1) moves; the single batch deletes and inserts it instead, so 10 going
        // into it is a deletion from section 1, which only shifts.
        #expect(changeset.sectionMoves == [Changeset.Move(from: 1, to: 0)])
        #expect(changeset.batchUpdate == SectionedBatchUpdate(deletedSections: [1], insertedSections: [0],
                                                              deletedItems: [p(0, 0)]))
    }

    @Test func aMovedItemThatChangedIsReloadedInALaterStageAtItsNewPath() {
        let changeset = diff([section(1, [10, 11, 12])], [section(1, [12, 10, 11], changed: [12, 10])])
        #expect(changeset.stages.count == 2)
        #expect(changeset.stages[0].update.movedItems == [IndexPathMove(from: p(0, 2), to: p(0, 0))])
        #expect(changeset.stages[0].update.updatedItems == [p(0, 0)])  // 10 stays, reloaded in place
        #expect(changeset.stages[1].update == SectionedBatchUpdate(updatedItemsAfterMoves: [p(0, 0)]))
        #expect(changeset.itemUpdates == [IndexPathUpdate(old: p(0, 0), new: p(0, 1)),
                                          IndexPathUpdate(old: p(0, 2), new: p(0, 0))])
    }

    @Test func aSectionWhoseOwnContentChangedIsReloadedLastAndCoversItsItems() {
        // Section 1's title changed and its moved item 11 changed: the section reload covers it.
        let changeset = diff([section(1, [10, 11]), section(2, [20])],
                             [section(1, title: 1, [11, 10], changed: [11]), section(2, [20])])
        #expect(changeset.sectionUpdates == [Changeset.Update(old: 0, new: 0)])
        #expect(changeset.stages.last?.update == SectionedBatchUpdate(updatedSections: [0]))
        #expect(changeset.batchUpdate.updatedItemsAfterMoves.isEmpty)
    }

    @Test func sectionsCompareByContentKeyPathOrByEquality() {
        struct Shelf: Identifiable, Equatable {
            var id: String
            var title: String
            var books: [Item]
        }
        let old = [Shelf(id: "a", title: "A", books: [Item(id: 1)])]
        let new = [Shelf(id: "a", title: "A", books: [Item(id: 1), Item(id: 2)])]
        // By title: an insertion, no section update.
        let byTitle = SectionedChangeset(from: old, to: new, content: \.title, items: \.books)
        #expect(byTitle.sectionUpdates.isEmpty && byTitle.itemInsertions == [p(0, 1)])
        // By ==, which includes the books: the section counts as updated too.
        let byEquality = SectionedChangeset(from: old, to: new, items: \.books)
        #expect(byEquality.sectionUpdates == [Changeset.Update(old: 0, new: 0)])
        #expect((try? byEquality.apply(to: old.map(\.books), with: new.map(\.books))) == new.map(\.books))
    }

    @Test func duplicateIDsAreMatchedByOccurrence() {
        // Two sections with id 1, item 7 in both: each occurrence is paired (no move needed).
        let old = [section(1, [7, 8]), section(1, [7])]
        let new = [section(1, [7]), section(1, [8, 7])]
        let changeset = SectionedChangeset(from: old, to: new)
        checkSectioned(changeset, old: old, new: new, unique: false)
        #expect(changeset.sectionDeletions.isEmpty && changeset.sectionInsertions.isEmpty)
        #expect(changeset.itemMoves == [IndexPathMove(from: p(0, 1), to: p(1, 0))])
    }

    @Test func noChangeHasNoStages() {
        let sections = [section(1, [10, 11]), section(2, [])]
        let changeset = diff(sections, sections)
        #expect(changeset.isEmpty && changeset.stages.isEmpty && changeset.batchUpdate.isEmpty)
        #expect(diff([], []).isEmpty)
    }

    @Test func changesetsThatDoNotFitTheCountsAreRejected() {
        let items = Changeset(deletions: [0])
        #expect(SectionedChangeset(sectionChanges: Changeset(), itemChanges: items,
                                   oldItemCounts: [1], newItemCounts: [0]) != nil)
        #expect(SectionedChangeset(sectionChanges: Changeset(), itemChanges: items,
                                   oldItemCounts: [2], newItemCounts: [0]) == nil)
        #expect(SectionedChangeset(sectionChanges: Changeset(), itemChanges: Changeset(),
                                   oldItemCounts: [-1], newItemCounts: [-1]) == nil)
        // An update must be a matched pair.
        #expect(SectionedChangeset(sectionChanges: Changeset(),
                                   itemChanges: Changeset(updates: [Changeset.Update(old: 0, new: 1)]),
                                   oldItemCounts: [2], newItemCounts: [2]) == nil)
        #expect(SectionedChangeset(sectionChanges: Changeset(updates: [Changeset.Update(old: 0, new: 0)]),
                                   itemChanges: Changeset(), oldItemCounts: [], newItemCounts: []) == nil)
    }

    @Test func anItemReloadInsideAReloadedSectionIsRejectedByTheOracle() {
        let update = SectionedBatchUpdate(updatedSections: [0], updatedItemsAfterMoves: [p(0, 1)])
        #expect(throws: SectionedBatchUpdateError.itemInReloadedSection(.reloadAfterMoves, p(0, 1))) {
            try update.validate(oldItemCounts: [2], newItemCounts: [2])
        }
    }
}
