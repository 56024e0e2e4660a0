import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage

/// `performUpdates` folds mutations into one net update; `updateWithoutAnimations` reloads.
@Suite struct MemoryStorageBatchTests {
    @Test func mixedMutationsFoldIntoOneLegalUpdate() throws {
        let (storage, recorder) = makeStorage([[1, 2, 3], [4, 5]])
        let update = try expectUpdate(storage, recorder) {
            try storage.performUpdates { () throws(StorageError) in
                try storage.removeItem(Cell(id: 2))
                try storage.insertItem(Cell(id: 6), to: path(0, 0))
                try storage.moveItem(at: path(1, 1), to: path(0, 1))   // 5 moves to section 0
                try storage.replaceItem(Cell(id: 3), with: Cell(id: 3, version: 1))
                try storage.addItem(Cell(id: 7), toSection: 2)          // a new section
            }
        }
        #expect(StorageState(storage).items.map { $0.map(\.id) } == [[6, 5, 1, 3], [4], [7]])
        let expected = SectionedBatchUpdate(
            insertedSections: [2], deletedItems: [path(0, 1)], insertedItems: [path(0, 0)],
            movedItems: [IndexPathMove(from: path(1, 1), to: path(0, 1))], updatedItems: [path(0, 2)])
        #expect(update?.changes == expected)
        #expect(update?.updatedModels[path(0, 3)] as? Cell == Cell(id: 3, version: 1))
    }

    @Test func anItemInsertedAndRemovedInsideTheBlockDoesNotAppear() throws {
        let (storage, recorder) = makeStorage([[1]])
        storage.performUpdates {
            try? storage.addItem(Cell(id: 2))
            try? storage.removeItem(Cell(id: 2))
        }
        #expect(recorder.take().updates.isEmpty, "no net change must deliver nothing")
    }

    @Test func aMovedAndChangedItemIsReloadedAfterTheMoves() throws {
        let (storage, recorder) = makeStorage([[1, 2, 3]])
        let update = try expectUpdate(storage, recorder) {
            try storage.performUpdates { () throws(StorageError) in
                try storage.moveItem(at: path(0, 0), to: path(0, 2))
                try storage.replaceItem(Cell(id: 1), with: Cell(id: 1, version: 2))
            }
        }
        #expect(update?.movedIndexPaths == [IndexPathMove(from: path(0, 0), to: path(0, 2))])
        #expect(update?.updatedIndexPaths == [] && update?.updatedIndexPathsAfterMoves == [path(0, 2)])
        #expect(update?.changes.stageCount == 2)
    }

    @Test func aSectionMoveKeepsItsItemsInPlace() throws {
        let (storage, recorder) = makeStorage([[1], [2, 3], [4]])
        let update = try expectUpdate(storage, recorder) {
            try storage.performUpdates { () throws(StorageError) in
                try storage.moveSection(0, toSection: 2)              // [[2, 3], [4], [1]]
                try storage.moveItem(at: path(0, 0), to: path(0, 1))  // 2 and 3 swap in a section that stays
            }
        }
        #expect(update?.movedSectionIndexes == [Changeset.Move(from: 0, to: 2)])
        #expect(update?.movedIndexPaths.count == 1)
    }

    @Test func aMovedSectionWithItemChangesBecomesADeleteAndAnInsert() throws {
        // UIKit cannot reload or move items of a section it moves in the same batch.
        let (storage, recorder) = makeStorage([[1, 2], [3], [4]])
        let update = try expectUpdate(storage, recorder) {
            try storage.performUpdates { () throws(StorageError) in
                try storage.moveSection(0, toSection: 2)              // [[3], [4], [1, 2]]
                try storage.replaceItem(Cell(id: 1), with: Cell(id: 1, version: 1))
            }
        }
        #expect(update?.changes == SectionedBatchUpdate(deletedSections: [0], insertedSections: [2]))
    }

    @Test func demotingOneSectionMoveCanDemoteAnother() throws {
        // Moving 1 from section A to section B, with both A and B moved: whichever is moved
        // must become a delete and an insert, and the result must stay legal.
        let (storage, recorder) = makeStorage([[1, 2], [3], [4], [5, 6]])
        try expectUpdate(storage, recorder) {
            try storage.performUpdates { () throws(StorageError) in
                try storage.moveSection(0, toSection: 3)
                try storage.moveSection(2, toSection: 0)   // [[5, 6], [4], [3], [1, 2]] with moves
                try storage.moveItem(at: path(3, 0), to: path(0, 0))
                try storage.moveItem(at: path(2, 0), to: path(0, 1))
            }
        }
    }

    @Test func nestedBlocksFoldIntoTheOutermost() throws {
        let (storage, recorder) = makeStorage([[1]])
        try expectUpdate(storage, recorder) {
            try storage.performUpdates { () throws(StorageError) in
                try storage.addItem(Cell(id: 2))
                try storage.performUpdates { () throws(StorageError) in try storage.addItem(Cell(id: 3)) }
                #expect(recorder.updates.isEmpty, "the inner block delivered before the outer one ended")
                try storage.addItem(Cell(id: 4))
            }
        }
    }

    @Test func aThrowingBlockStillReportsWhatItChanged() {
        let (storage, recorder) = makeStorage([[1]])
        let before = StorageState(storage)
        #expect(throws: StorageError.itemNotFound("9")) {
            try storage.performUpdates { () throws(StorageError) in
                try storage.addItem(Cell(id: 2))
                try storage.removeItem(Cell(id: 9))
            }
        }
        let delivered = recorder.take().updates
        #expect(delivered.count == 1)
        if let update = delivered.first { checkUpdate(update, from: before, to: StorageState(storage)) }
    }

    @Test func updateWithoutAnimationsAsksForOneReloadWhenSomethingChanged() throws {
        let (storage, recorder) = makeStorage([[1]])
        try storage.updateWithoutAnimations { () throws(StorageError) in
            try storage.addItem(Cell(id: 2))
            try storage.addItem(Cell(id: 3), toSection: 1)
        }
        var delivered = recorder.take()
        #expect(delivered.reloads == 1 && delivered.updates.isEmpty && storage.numberOfSections == 2)
        storage.updateWithoutAnimations {}
        #expect(recorder.take().reloads == 0)
        // Inside performUpdates the whole batch becomes the reload.
        try storage.performUpdates { () throws(StorageError) in
            try storage.addItem(Cell(id: 4))
            storage.updateWithoutAnimations { try? storage.addItem(Cell(id: 5)) }
        }
        delivered = recorder.take()
        #expect(delivered.reloads == 1 && delivered.updates.isEmpty)
    }

    @Test func headerChangesAreStageTwoSectionReloads() {
        let (storage, recorder) = makeStorage([[1], [2]], headers: [10, 20])
        let update = expectUpdate(storage, recorder) { storage.setSectionHeaderModels([11, 21, 31]) }
        #expect(update?.changes == SectionedBatchUpdate(insertedSections: [2], updatedSections: [0, 1]))
        #expect(storage.headerModel(forSection: 2) as? Int == 31)
    }

    @Test("a block whose changes cancel out reports nothing, reload or update")
    func cancelledOutBlocksReportNothing() throws {
        let (storage, recorder) = makeStorage([[1, 2]], headers: [10])
        let before = StorageState(storage)
        // A section created, given a header, filled, and deleted again; an item added and removed.
        try storage.updateWithoutAnimations { () throws(StorageError) in
            try storage.addItem(Cell(id: 3), toSection: 1)
            try storage.setSupplementaryModel(Shelf(id: 5), forKind: SupplementaryKind.header, atSectionIndex: 1)
            try storage.addItem(Cell(id: 4), toSection: 1)
            try storage.deleteSections([1])
            try storage.addItem(Cell(id: 6))
            try storage.removeItem(Cell(id: 6))
        }
        #expect(StorageState(storage) == before)
        var delivered = recorder.take()
        #expect(delivered.reloads == 0 && delivered.updates.isEmpty, "reported \(delivered)")
        // The same as one animated batch.
        try storage.performUpdates { () throws(StorageError) in
            try storage.addItem(Cell(id: 7), toSection: 1)
            try storage.setSupplementaryModel(Shelf(id: 5), forKind: SupplementaryKind.header, atSectionIndex: 1)
            try storage.deleteSections([1])
            try storage.moveItem(at: path(0, 0), to: path(0, 1))
            try storage.moveItem(at: path(0, 1), to: path(0, 0))
        }
        #expect(StorageState(storage) == before)
        delivered = recorder.take()
        #expect(delivered.reloads == 0 && delivered.updates.isEmpty, "reported \(delivered)")
        // A change that survives is still reported: the item replaced in place.
        try storage.updateWithoutAnimations { () throws(StorageError) in
            try storage.replaceItem(Cell(id: 1), with: Cell(id: 1, version: 1))
        }
        #expect(recorder.take().reloads == 1)
    }
}
