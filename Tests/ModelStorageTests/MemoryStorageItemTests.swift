import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage

/// Every item mutation of MemoryStorage: the data after it, the exact update, the oracle, and
/// that invalid input throws and changes nothing.
@Suite struct MemoryStorageItemTests {
    func cells(_ storage: MemoryStorage, _ section: Int) -> [Int] {
        storage.items(inSection: section)!.map { ($0 as! Cell).id }
    }

    @Test func addItemAppendsAndReportsTheInsertion() throws {
        let (storage, recorder) = makeStorage([[1, 2]])
        let update = try expectUpdate(storage, recorder) { try storage.addItem(Cell(id: 3)) }
        #expect(cells(storage, 0) == [1, 2, 3])
        #expect(update?.changes == SectionedBatchUpdate(insertedItems: [path(0, 2)]))
    }

    @Test func addingToAMissingSectionCreatesTheSectionsUpToIt() throws {
        let (storage, recorder) = makeStorage([[1]])
        let update = try expectUpdate(storage, recorder) { try storage.addItems([Cell(id: 2), Cell(id: 3)], toSection: 2) }
        #expect(storage.numberOfSections == 3)
        #expect(cells(storage, 1).isEmpty && cells(storage, 2) == [2, 3])
        // Items of inserted sections are not listed one by one.
        #expect(update?.changes == SectionedBatchUpdate(insertedSections: [1, 2]))
    }

    @Test func addingNothingReportsNothing() throws {
        let (storage, recorder) = makeStorage([[1]])
        try storage.addItems([Cell](), toSection: 0)
        #expect(recorder.take().updates.isEmpty)
    }

    @Test func invalidAddsAndNilItemsThrowAndChangeNothing() {
        let (storage, recorder) = makeStorage([[1]])
        expectRejected(storage, recorder, .sectionOutOfRange(-1, sectionCount: 1)) { try storage.addItem(Cell(id: 2), toSection: -1) }
        let none: Cell? = nil
        expectRejected(storage, recorder, .nilItem(at: 1)) { try storage.addItems([Cell(id: 2), none], toSection: 3) }
        #expect(storage.numberOfSections == 1, "a failed call created sections")
    }

    @Test func optionalItemsAreStoredAsTheirValue() throws {
        let (storage, _) = makeStorage([[]])
        let some: Cell? = Cell(id: 7)
        try storage.addItem(some)
        #expect(storage.item(at: path(0, 0)) as? Cell == Cell(id: 7))
        #expect(storage.indexPath(forItem: Cell(id: 7)) == path(0, 0))
    }

    @Test func insertItemAtEveryValidPosition() throws {
        let (storage, recorder) = makeStorage([[1, 2], []])
        var update = try expectUpdate(storage, recorder) { try storage.insertItem(Cell(id: 9), to: path(0, 1)) }
        #expect(cells(storage, 0) == [1, 9, 2] && update?.insertedIndexPaths == [path(0, 1)])
        update = try expectUpdate(storage, recorder) { try storage.insertItem(Cell(id: 8), to: path(0, 3)) }
        #expect(cells(storage, 0) == [1, 9, 2, 8] && update?.insertedIndexPaths == [path(0, 3)])
        update = try expectUpdate(storage, recorder) { try storage.insertItem(Cell(id: 7), to: path(1, 0)) }
        #expect(cells(storage, 1) == [7] && update?.insertedIndexPaths == [path(1, 0)])
        update = try expectUpdate(storage, recorder) { try storage.insertItem(Cell(id: 6), to: path(3, 0)) }
        #expect(storage.numberOfSections == 4 && update?.changes == SectionedBatchUpdate(insertedSections: [2, 3]))
    }

    @Test func invalidInsertionsThrowAndChangeNothing() {
        let (storage, recorder) = makeStorage([[1, 2]])
        expectRejected(storage, recorder, .itemOutOfRange(path(0, 3), itemCount: 2)) { try storage.insertItem(Cell(id: 9), to: path(0, 3)) }
        expectRejected(storage, recorder, .sectionOutOfRange(2, sectionCount: 1)) { try storage.insertItem(Cell(id: 9), to: path(2, 1)) }
        expectRejected(storage, recorder, .invalidIndexPath([0])) { try storage.insertItem(Cell(id: 9), to: [0]) }
        expectRejected(storage, recorder, .invalidIndexPath([0, -1])) { try storage.insertItem(Cell(id: 9), to: [0, -1]) }
        expectRejected(storage, recorder, .countMismatch(items: 1, indexPaths: 2)) {
            try storage.insertItems([Cell(id: 9)], to: [path(0, 0), path(0, 1)])
        }
        // The second path is only valid after the first insertion; the third is invalid: none happen.
        expectRejected(storage, recorder, .itemOutOfRange(path(0, 9), itemCount: 4)) {
            try storage.insertItems([Cell(id: 7), Cell(id: 8), Cell(id: 9)], to: [path(0, 2), path(0, 3), path(0, 9)])
        }
    }

    @Test func insertItemsIsSequentialAndReportsOnce() throws {
        let (storage, recorder) = makeStorage([[1, 2]])
        let update = try expectUpdate(storage, recorder) {
            try storage.insertItems([Cell(id: 7), Cell(id: 8), Cell(id: 9)], to: [path(0, 2), path(0, 0), path(1, 0)])
        }
        #expect(cells(storage, 0) == [8, 1, 2, 7] && cells(storage, 1) == [9])
        #expect(update?.changes == SectionedBatchUpdate(insertedSections: [1], insertedItems: [path(0, 0), path(0, 3)]))
    }

    @Test func removeItemFindsHashableAndEquatableItems() throws {
        struct Plain: Equatable, Sendable { var value: Int }
        let (storage, recorder) = makeStorage([[1, 2, 3]])
        let update = try expectUpdate(storage, recorder) { try storage.removeItem(Cell(id: 2)) }
        #expect(cells(storage, 0) == [1, 3] && update?.deletedIndexPaths == [path(0, 1)])
        expectRejected(storage, recorder, .itemNotFound("42")) { try storage.removeItem(Cell(id: 42)) }

        // Items that are only Equatable are found by a scan, among items of other types.
        let mixed = MemoryStorage()
        try mixed.addItems([Plain(value: 1), Plain(value: 5)])
        try mixed.addItem("five")
        let mixedRecorder = UpdateRecorder()
        mixed.delegate = mixedRecorder
        try mixed.removeItem(Plain(value: 5))
        #expect(mixedRecorder.take().updates.map(\.changes) == [SectionedBatchUpdate(deletedItems: [path(0, 1)])])
        #expect(mixed.numberOfItems(inSection: 0) == 2 && mixed.item(at: path(0, 1)) as? String == "five")
        #expect(throws: StorageError.itemNotFound("Plain(value: 5)")) { try mixed.removeItem(Plain(value: 5)) }
    }

    @Test func removeItemsRemovesEachListedItemOnce() throws {
        let (storage, recorder) = makeStorage([[1, 2, 3], [4, 5]])
        let update = try expectUpdate(storage, recorder) {
            try storage.removeItems([Cell(id: 5), Cell(id: 1), Cell(id: 5), Cell(id: 3)])
        }
        #expect(cells(storage, 0) == [2] && cells(storage, 1) == [4])
        #expect(update?.deletedIndexPaths == [path(0, 0), path(0, 2), path(1, 1)])
        expectRejected(storage, recorder, .itemNotFound("9")) {
            try storage.removeItems([Cell(id: 2), Cell(id: 9)])
        }
    }

    @Test func removeItemsAtIndexPathsTakesOldIndexesAndDuplicatesOnce() throws {
        let (storage, recorder) = makeStorage([[1, 2, 3], [4, 5]])
        let update = try expectUpdate(storage, recorder) {
            try storage.removeItems(at: [path(1, 0), path(0, 2), path(0, 0), path(1, 0)])
        }
        #expect(cells(storage, 0) == [2] && cells(storage, 1) == [5])
        #expect(update?.deletedIndexPaths == [path(0, 0), path(0, 2), path(1, 0)])
        expectRejected(storage, recorder, .itemOutOfRange(path(1, 1), itemCount: 1)) {
            try storage.removeItems(at: [path(0, 0), path(1, 1)])
        }
        expectRejected(storage, recorder, .sectionOutOfRange(4, sectionCount: 2)) { try storage.removeItems(at: [path(4, 0)]) }
    }

    @Test func removeItemsFromSectionAndRemoveAllItemsKeepTheSections() throws {
        let (storage, recorder) = makeStorage([[1, 2], [3], []])
        var update = try expectUpdate(storage, recorder) { try storage.removeItems(fromSection: 0) }
        #expect(storage.numberOfSections == 3 && update?.deletedIndexPaths == [path(0, 0), path(0, 1)])
        expectRejected(storage, recorder, .sectionOutOfRange(3, sectionCount: 3)) { try storage.removeItems(fromSection: 3) }
        try storage.addItem(Cell(id: 4), toSection: 2)
        _ = recorder.take()
        update = expectUpdate(storage, recorder) { storage.removeAllItems() }
        #expect(storage.numberOfSections == 3 && update?.deletedIndexPaths == [path(1, 0), path(2, 0)])
        storage.removeAllItems()
        #expect(recorder.take().updates.isEmpty, "removing nothing reported an update")
    }

    @Test func replaceAndReloadReportUpdatesWithTheirModels() throws {
        let (storage, recorder) = makeStorage([[1, 2]])
        var update = try expectUpdate(storage, recorder) { try storage.replaceItem(Cell(id: 2), with: Cell(id: 2, version: 1)) }
        #expect(update?.updatedIndexPaths == [path(0, 1)])
        #expect(update?.updatedModels[path(0, 1)] as? Cell == Cell(id: 2, version: 1))
        update = try expectUpdate(storage, recorder) { try storage.reloadItem(Cell(id: 1)) }
        #expect(update?.updatedIndexPaths == [path(0, 0)] && update?.updatedModels[path(0, 0)] as? Cell == Cell(id: 1))
        expectRejected(storage, recorder, .itemNotFound("2")) {
            try storage.replaceItem(Cell(id: 2), with: Cell(id: 3))
        }
        let none: Cell? = nil
        expectRejected(storage, recorder, .nilItem(at: 0)) { try storage.replaceItem(Cell(id: 1), with: none) }
        expectRejected(storage, recorder, .itemNotFound("5")) { try storage.reloadItem(Cell(id: 5)) }
    }

    @Test func moveItemWithinAndAcrossSections() throws {
        let (storage, recorder) = makeStorage([[1, 2, 3], [4]])
        var update = try expectUpdate(storage, recorder) { try storage.moveItem(at: path(0, 0), to: path(0, 2)) }
        #expect(cells(storage, 0) == [2, 3, 1] && update?.movedIndexPaths == [IndexPathMove(from: path(0, 0), to: path(0, 2))])
        update = try expectUpdate(storage, recorder) { try storage.moveItem(at: path(0, 1), to: path(1, 1)) }
        #expect(cells(storage, 0) == [2, 1] && cells(storage, 1) == [4, 3])
        #expect(update?.movedIndexPaths == [IndexPathMove(from: path(0, 1), to: path(1, 1))])
        // Into a section that does not exist: the section is inserted, the item deleted from
        // its old place (nothing moves into an inserted section).
        update = try expectUpdate(storage, recorder) { try storage.moveItem(at: path(1, 0), to: path(2, 0)) }
        #expect(update?.changes == SectionedBatchUpdate(insertedSections: [2], deletedItems: [path(1, 0)]))
        try storage.moveItem(at: path(0, 0), to: path(0, 0))
        #expect(recorder.take().updates.isEmpty)
        // Within one section the destination counts the list without the moved item.
        expectRejected(storage, recorder, .itemOutOfRange(path(0, 2), itemCount: 1)) { try storage.moveItem(at: path(0, 0), to: path(0, 2)) }
        expectRejected(storage, recorder, .itemOutOfRange(path(0, 5), itemCount: 2)) { try storage.moveItem(at: path(0, 5), to: path(0, 0)) }
        expectRejected(storage, recorder, .sectionOutOfRange(5, sectionCount: 3)) { try storage.moveItem(at: path(0, 0), to: path(5, 1)) }
    }

    @Test func moveItemWithoutAnimationReportsNothingAndIsRefusedInsideABatch() throws {
        let (storage, recorder) = makeStorage([[1, 2, 3]])
        try storage.moveItemWithoutAnimation(from: path(0, 2), to: path(0, 0))
        #expect(cells(storage, 0) == [3, 1, 2] && recorder.take().updates.isEmpty)
        var thrown: StorageError?
        storage.performUpdates {
            do { try storage.moveItemWithoutAnimation(from: path(0, 0), to: path(0, 1)) } catch { thrown = error as? StorageError }
        }
        #expect(thrown == .moveWithoutAnimationInsideBatch && cells(storage, 0) == [3, 1, 2])
        try storage.updateWithoutAnimations { try storage.moveItemWithoutAnimation(from: path(0, 0), to: path(0, 1)) }
        #expect(cells(storage, 0) == [1, 3, 2] && recorder.take().reloads == 1)
    }
}
