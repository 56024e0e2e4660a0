import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage

/// `setSections` and the diffing `setItems` overloads: matched by id, reported as the minimal
/// legal update.
@Suite struct MemoryStorageDiffingTests {
    typealias Shelved = ArraySection<Shelf, Cell>

    func ids(_ storage: MemoryStorage) -> [[Int]] { StorageState(storage).items.map { $0.map(\.id) } }
    func shelf(_ id: Int, title: Int = 0, _ cells: [Int], changed: Set<Int> = []) -> Shelved {
        ArraySection(model: Shelf(id: id, title: title),
                     items: cells.map { Cell(id: $0, version: changed.contains($0) ? 1 : 0) })
    }

    @Test func firstSetSectionsInsertsEverySectionWithItsModelAsHeader() throws {
        let (storage, recorder) = makeStorage([])
        let update = expectUpdate(storage, recorder) { storage.setSections([shelf(1, [10]), shelf(2, [20, 21])]) }
        #expect(update?.changes == SectionedBatchUpdate(insertedSections: [0, 1]))
        #expect(ids(storage) == [[10], [20, 21]])
        #expect(storage.headerModel(forSection: 1) as? Shelf == Shelf(id: 2))
    }

    @Test func setSectionsMovesItemsBetweenSectionsAndReloadsRetitledSections() throws {
        let (storage, recorder) = makeStorage([])
        storage.setSections([shelf(1, [10, 11]), shelf(2, [20]), shelf(3, [30])])
        try storage.setSupplementaryModel("footer", forKind: storage.supplementaryFooterKind, atSectionIndex: 0)
        let update = expectUpdate(storage, recorder) {
            storage.setSections([shelf(1, title: 1, [10]), shelf(2, [11, 20], changed: [20]), shelf(4, [40])])
        }
        #expect(update?.changes == SectionedBatchUpdate(
            deletedSections: [2], insertedSections: [2], updatedSections: [0],
            movedItems: [IndexPathMove(from: path(0, 1), to: path(1, 0))], updatedItems: [path(1, 0)]))
        #expect(update?.updatedModels[path(1, 1)] as? Cell == Cell(id: 20, version: 1))
        #expect(storage.footerModel(forSection: 0) as? String == "footer", "matched sections keep other supplementaries")
        #expect(storage.headerModel(forSection: 0) as? Shelf == Shelf(id: 1, title: 1))
    }

    @Test func anItemMovingIntoAMovedSectionMakesThatSectionADeleteAndInsert() throws {
        let (storage, recorder) = makeStorage([])
        storage.setSections([shelf(1, [10, 11]), shelf(2, [20])])
        let update = expectUpdate(storage, recorder) { storage.setSections([shelf(2, [20, 10]), shelf(1, [11])]) }
        #expect(update?.changes == SectionedBatchUpdate(deletedSections: [1], insertedSections: [0], deletedItems: [path(0, 0)]))
    }

    @Test func sectionsWithoutAMatchingHeaderAreReplaced() throws {
        let (storage, recorder) = makeStorage([[1], [2]], headers: [7, 8])
        let update = expectUpdate(storage, recorder) { storage.setSections([shelf(1, [1, 2])]) }
        #expect(update?.changes == SectionedBatchUpdate(deletedSections: [0, 1], insertedSections: [0]))
    }

    @Test func duplicateSectionAndItemIDsGiveALegalUpdate() throws {
        let (storage, recorder) = makeStorage([])
        storage.setSections([shelf(1, [10, 10]), shelf(1, [11])])
        let update = expectUpdate(storage, recorder) { storage.setSections([shelf(1, [10]), shelf(1, [10, 11])]) }
        #expect(update?.changes.deletedSections.isEmpty == true)
        #expect(update?.movedIndexPaths == [IndexPathMove(from: path(0, 1), to: path(1, 0))])
    }

    @Test func setItemsOfIdentifiableItemsDiffsByID() throws {
        let (storage, recorder) = makeStorage([[1, 2, 3], [4]])
        let update = try expectUpdate(storage, recorder) {
            try storage.setItems([Cell(id: 3), Cell(id: 1, version: 2), Cell(id: 5)], forSection: 0)
        }
        #expect(update?.changes == SectionedBatchUpdate(
            deletedItems: [path(0, 1)], insertedItems: [path(0, 2)],
            movedItems: [IndexPathMove(from: path(0, 2), to: path(0, 0))], updatedItems: [path(0, 0)]))
        #expect(update?.updatedModels[path(0, 1)] as? Cell == Cell(id: 1, version: 2))
        #expect(ids(storage) == [[3, 1, 5], [4]])
    }

    @Test func setItemsOfHashableValuesPairsEqualValuesWithTheFewestMoves() throws {
        let storage = MemoryStorage()
        try storage.setItems([1, 2, 2, 3])
        let recorder = UpdateRecorder()
        storage.delegate = recorder
        try storage.setItems([2, 3, 1, 2])
        let update = try #require(recorder.take().updates.first)
        // Every value is paired; 1, 2, 2, 3 and 2, 3, 1, 2 share at most two elements in order,
        // so two moves is the fewest: the second 2 and the 3 move to the front, 1 and the first
        // 2 stay.
        #expect(update.changes == SectionedBatchUpdate(movedItems: [IndexPathMove(from: path(0, 2), to: path(0, 0)),
                                                                    IndexPathMove(from: path(0, 3), to: path(0, 1))]))
        #expect(storage.items(inSection: 0)?.map { $0 as! Int } == [2, 3, 1, 2])
        #expect(try update.apply(to: [[1, 2, 2, 3]], with: [[2, 3, 1, 2]]) == [[2, 3, 1, 2]])
    }

    @Test func setItemsNeverMatchesItemsOfAnotherType() throws {
        let storage = MemoryStorage()
        try storage.setItems(["1", "2"])
        let recorder = UpdateRecorder()
        storage.delegate = recorder
        try storage.setItems([1, 2])
        #expect(recorder.take().updates.first?.changes == SectionedBatchUpdate(
            deletedItems: [path(0, 0), path(0, 1)], insertedItems: [path(0, 0), path(0, 1)]))
    }

    @Test func setItemsBeyondTheLastSectionCreatesTheSections() throws {
        let (storage, recorder) = makeStorage([[1]])
        let update = try expectUpdate(storage, recorder) { try storage.setItems([Cell(id: 9)], forSection: 2) }
        #expect(update?.changes == SectionedBatchUpdate(insertedSections: [1, 2]))
        expectRejected(storage, recorder, .sectionOutOfRange(-1, sectionCount: 3)) {
            try storage.setItems([Cell(id: 9)], forSection: -1)
        }
    }

    @Test func diffingSetsFoldIntoABatch() throws {
        let (storage, recorder) = makeStorage([])
        storage.setSections([shelf(1, [10, 11]), shelf(2, [20])])
        let update = try expectUpdate(storage, recorder) {
            try storage.performUpdates { () throws(StorageError) in
                try storage.setItems([Cell(id: 11), Cell(id: 10, version: 1)], forSection: 0)
                storage.setSections([shelf(2, [20]), shelf(1, [11, 10], changed: [10])])
            }
        }
        // The net change: shelf 2 moves to the front (shelf 1 stays, so no item operation
        // touches a moved section), 11 moves before 10, and 10 changed in place.
        #expect(update?.changes == SectionedBatchUpdate(
            movedSections: [Changeset.Move(from: 1, to: 0)],
            movedItems: [IndexPathMove(from: path(0, 1), to: path(1, 0))], updatedItems: [path(0, 0)]))
    }

    /// An id whose hash value is always the same: every fingerprint collides.
    struct CollidingID: Hashable, Sendable {
        var value: Int
        func hash(into hasher: inout Hasher) {}
    }

    struct Tile: Identifiable, Equatable, Sendable {
        var id: CollidingID
        var color = 0
    }

    @Test func hashCollisionsFallBackToExactMatching() throws {
        let storage = MemoryStorage()
        let old = (0..<6).map { Tile(id: CollidingID(value: $0)) }
        try storage.setItems(old)
        let recorder = UpdateRecorder()
        storage.delegate = recorder
        var new = [old[4], old[0], old[2], old[5], Tile(id: CollidingID(value: 9))]
        new[2].color = 1
        try storage.setItems(new)
        let update = try #require(recorder.take().updates.first)
        // 1 and 3 are deleted, 9 inserted; every other id is matched (moved or not), never
        // deleted and inserted, and the changed one is updated.
        #expect(update.deletedIndexPaths == [path(0, 1), path(0, 3)])
        #expect(update.insertedIndexPaths == [path(0, 4)])
        #expect(update.movedIndexPaths.count == 1)
        let before = [old.map { "\($0.id.value).\($0.color)" }]
        let after = [new.map { "\($0.id.value).\($0.color)" }]
        #expect(try update.apply(to: before, with: after) == after)
        #expect(update.updatedModels.values.compactMap { $0 as? Tile } == [new[2]])
    }
}
