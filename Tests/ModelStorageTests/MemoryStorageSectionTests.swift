import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage

/// Section mutations of MemoryStorage: data, exact update, oracle, rejected input.
@Suite struct MemoryStorageSectionTests {
    func ids(_ storage: MemoryStorage) -> [[Int]] { StorageState(storage).items.map { $0.map(\.id) } }

    @Test func deleteSectionsTakesAnySequenceAndDuplicatesOnce() throws {
        let (storage, recorder) = makeStorage([[1], [2], [3], [4]])
        let update = try expectUpdate(storage, recorder) { try storage.deleteSections([3, 1, 3]) }
        #expect(ids(storage) == [[1], [3]] && update?.changes == SectionedBatchUpdate(deletedSections: [1, 3]))
        expectRejected(storage, recorder, .sectionOutOfRange(2, sectionCount: 2)) { try storage.deleteSections(0...2) }
        try storage.deleteSections([Int]())
        #expect(recorder.take().updates.isEmpty)
    }

    @Test func insertSectionKeepsItsItemsAndHeader() throws {
        let (storage, recorder) = makeStorage([[1], [2]])
        var section = SectionModel(items: [Cell(id: 5), Cell(id: 6)])
        section.setSupplementaryModel(50, forKind: storage.supplementaryHeaderKind)
        let update = try expectUpdate(storage, recorder) { try storage.insertSection(section, atIndex: 1) }
        #expect(ids(storage) == [[1], [5, 6], [2]] && storage.headerModel(forSection: 1) as? Int == 50)
        #expect(update?.changes == SectionedBatchUpdate(insertedSections: [1]))
        expectRejected(storage, recorder, .sectionOutOfRange(4, sectionCount: 3)) { try storage.insertSection(section, atIndex: 4) }
        let none: Cell? = nil
        expectRejected(storage, recorder, .nilItem(at: 1)) {
            try storage.insertSection(SectionModel(items: [Cell(id: 8), none]), atIndex: 0)
        }
    }

    @Test func moveSectionReportsOneSectionMove() throws {
        let (storage, recorder) = makeStorage([[1], [2], [3]])
        let update = try expectUpdate(storage, recorder) { try storage.moveSection(0, toSection: 2) }
        #expect(ids(storage) == [[2], [3], [1]] && update?.movedSectionIndexes == [Changeset.Move(from: 0, to: 2)])
        expectRejected(storage, recorder, .sectionOutOfRange(3, sectionCount: 3)) { try storage.moveSection(0, toSection: 3) }
    }

    @Test func setItemsReplacesTheSectionsItems() throws {
        let (storage, recorder) = makeStorage([[1, 2]])
        var update = try expectUpdate(storage, recorder) { try storage.setItems([Cell(id: 3)], forSection: 0) }
        #expect(ids(storage) == [[3]])
        #expect(update?.changes == SectionedBatchUpdate(deletedItems: [path(0, 0), path(0, 1)], insertedItems: [path(0, 0)]))
        update = try expectUpdate(storage, recorder) { try storage.setItems([Cell(id: 4)], forSection: 2) }
        #expect(ids(storage) == [[3], [], [4]] && update?.changes == SectionedBatchUpdate(insertedSections: [1, 2]))
        expectRejected(storage, recorder, .sectionOutOfRange(-1, sectionCount: 3)) { try storage.setItems([Cell(id: 5)], forSection: -1) }
    }

    @Test func setItemsForAllSectionsLeavesExactlyThoseSections() throws {
        let (storage, recorder) = makeStorage([[1], [2], [3]], headers: [10, 20, 30])
        var update = try expectUpdate(storage, recorder) {
            try storage.setItemsForAllSections([[Cell(id: 4)], [Cell(id: 5)]])
        }
        #expect(ids(storage) == [[4], [5]] && storage.headerModel(forSection: 1) as? Int == 20)
        #expect(update?.deletedSectionIndexes == [2])
        update = try expectUpdate(storage, recorder) { try storage.setItemsForAllSections([[Cell](), [], []]) }
        #expect(ids(storage) == [[], [], []] && update?.insertedSectionIndexes == [2])
        let none: Cell? = nil
        expectRejected(storage, recorder, .nilItem(at: 0)) { try storage.setItemsForAllSections([[none]]) }
    }

    @Test func setSectionIsADeleteAndAnInsertOfThatSection() throws {
        let (storage, recorder) = makeStorage([[1], [2]])
        var update = try expectUpdate(storage, recorder) {
            try storage.setSection(SectionModel(items: [Cell(id: 7)]), forSection: 1)
        }
        #expect(ids(storage) == [[1], [7]] && update?.changes == SectionedBatchUpdate(deletedSections: [1], insertedSections: [1]))
        update = try expectUpdate(storage, recorder) { try storage.setSection(SectionModel(), forSection: 3) }
        #expect(ids(storage) == [[1], [7], [], []] && update?.insertedSectionIndexes == [2, 3])
        expectRejected(storage, recorder, .sectionOutOfRange(-2, sectionCount: 4)) { try storage.setSection(SectionModel(), forSection: -2) }
    }

    @Test func queriesOutOfRangeReturnNilOrZero() {
        let (storage, _) = makeStorage([[1]])
        #expect(storage.item(at: path(0, 1)) == nil && storage.item(at: path(1, 0)) == nil && storage.item(at: [0]) == nil)
        #expect(storage.numberOfItems(inSection: 1) == 0 && storage.numberOfItems(inSection: -1) == 0)
        #expect(storage.items(inSection: 1) == nil && storage.section(atIndex: 1) == nil)
        #expect(storage.section(atIndex: 0)?.numberOfItems == 1 && storage.allSections.count == 1)
    }
}
