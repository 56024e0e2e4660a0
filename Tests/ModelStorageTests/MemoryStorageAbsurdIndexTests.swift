import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage

/// Indexes far past the end (`Int.max`, `Int.max - 1`, the first index past the limit) never
/// trap and never allocate in proportion to the index: every method that may create sections
/// refuses more than `MemoryStorage.maximumSectionsCreatedPerCall` new ones, every reader
/// answers `nil` or 0, and a refused call changes and reports nothing.
@Suite("Absurd section indexes and index paths")
struct MemoryStorageAbsurdIndexTests {
    static let absurd = [Int.max, Int.max - 1, 1 + MemoryStorage.maximumSectionsCreatedPerCall]

    @Test("every method that may create sections refuses an index too far out", arguments: absurd)
    func creatingEntryPointsRefuse(section: Int) {
        let (storage, recorder) = makeStorage([[1, 2]])
        let refused = StorageError.sectionOutOfRange(section, sectionCount: 1)
        expectRejected(storage, recorder, refused) { try storage.addItem(Cell(id: 7), toSection: section) }
        expectRejected(storage, recorder, refused) { try storage.addItems([Cell(id: 7)], toSection: section) }
        expectRejected(storage, recorder, refused) { try storage.insertItem(Cell(id: 7), to: path(section, 0)) }
        expectRejected(storage, recorder, refused) {
            try storage.insertItems([Cell(id: 7), Cell(id: 8)], to: [path(0, 0), path(section, 0)])
        }
        expectRejected(storage, recorder, refused) { try storage.moveItem(at: path(0, 0), to: path(section, 0)) }
        expectRejected(storage, recorder, refused) { try storage.moveItemWithoutAnimation(from: path(0, 0), to: path(section, 0)) }
        expectRejected(storage, recorder, refused) { try storage.setItems([Cell(id: 7)], forSection: section) }  // Identifiable & Hashable
        expectRejected(storage, recorder, refused) { try storage.setItems([7, 8], forSection: section) }          // Hashable
        expectRejected(storage, recorder, refused) { try storage.setItems([Plain()], forSection: section) }      // neither
        expectRejected(storage, recorder, refused) { try storage.setItems([EquatableCell(id: 7)], forSection: section) } // Identifiable & Equatable
        expectRejected(storage, recorder, refused) {
            try storage.setSupplementaryModel("header", forKind: SupplementaryKind.header, atSectionIndex: section)
        }
        expectRejected(storage, recorder, refused) { try storage.setSection(SectionModel(items: [Cell(id: 7)]), forSection: section) }
    }

    @Test("the limit is exact: the last index it allows creates exactly that many sections")
    func limitIsExact() throws {
        let (storage, recorder) = makeStorage([[1]])
        let last = MemoryStorage.maximumSectionsCreatedPerCall   // sections 1...last: that many new ones
        try expectUpdate(storage, recorder) { try storage.addItem(Cell(id: 2), toSection: last) }
        #expect(storage.numberOfSections == last + 1)
        expectRejected(storage, recorder, .sectionOutOfRange(2 * last + 1, sectionCount: last + 1)) {
            try storage.addItem(Cell(id: 3), toSection: 2 * last + 1)
        }
    }

    @Test("every other method that takes a section or an index path answers or throws", arguments: absurd)
    func otherEntryPoints(index: Int) {
        let (storage, recorder) = makeStorage([[1, 2]], headers: [10])
        #expect(storage.numberOfItems(inSection: index) == 0)
        #expect(storage.items(inSection: index) == nil && storage.section(atIndex: index) == nil)
        #expect(storage.supplementaryModel(ofKind: SupplementaryKind.header, forSectionAt: index) == nil)
        #expect(storage.headerModel(forSection: index) == nil && storage.footerModel(forSection: index) == nil)
        for indexPath in [path(index, 0), path(0, index), path(index, index), IndexPath(indexes: [index]),
                          IndexPath(indexes: [0, 0, index]), IndexPath()] {
            #expect(storage.item(at: indexPath) == nil)
            expectRejected(storage, recorder, Self.expectedError(for: indexPath, itemCount: 2)) {
                try storage.removeItems(at: [indexPath])
            }
            expectRejected(storage, recorder, Self.expectedError(for: indexPath, itemCount: 2)) {
                try storage.moveItem(at: indexPath, to: path(0, 0))
            }
        }
        expectRejected(storage, recorder, .sectionOutOfRange(index, sectionCount: 1)) { try storage.removeItems(fromSection: index) }
        expectRejected(storage, recorder, .sectionOutOfRange(index, sectionCount: 1)) { try storage.deleteSections([index]) }
        expectRejected(storage, recorder, .sectionOutOfRange(index, sectionCount: 1)) { try storage.insertSection(SectionModel(), atIndex: index) }
        expectRejected(storage, recorder, .sectionOutOfRange(index, sectionCount: 1)) { try storage.moveSection(index, toSection: 0) }
        expectRejected(storage, recorder, .sectionOutOfRange(index, sectionCount: 1)) { try storage.moveSection(0, toSection: index) }
        expectRejected(storage, recorder, .itemOutOfRange(path(0, index), itemCount: 2)) { try storage.insertItem(Cell(id: 9), to: path(0, index)) }

        let single = SingleSectionHashableStorage(items: [Cell(id: 1)])
        #expect(single.numberOfItems(inSection: index) == 0 && single.item(at: path(0, index)) == nil)
        #expect(single.item(at: path(index, 0)) == nil && single.item(at: IndexPath(indexes: [index])) == nil)
        #expect(single.supplementaryModel(ofKind: SupplementaryKind.header, forSectionAt: index) == nil)
    }

    /// The error a remove or move source at `indexPath` gets in a storage of one section of
    /// `itemCount` items.
    static func expectedError(for indexPath: IndexPath, itemCount: Int) -> StorageError {
        guard indexPath.count == 2 else { return .invalidIndexPath(indexPath) }
        if indexPath[0] != 0 { return .sectionOutOfRange(indexPath[0], sectionCount: 1) }
        return .itemOutOfRange(indexPath, itemCount: itemCount)
    }
}

/// An item that is neither `Identifiable` nor `Hashable`.
private struct Plain: Sendable {}

/// An item that is `Identifiable & Equatable` only.
private struct EquatableCell: Identifiable, Equatable, Sendable {
    var id: Int
}

/// The sentences of `StorageError`.
@Suite("Storage error messages")
struct StorageErrorMessageTests {

    @Test("error messages name counts in the singular and the plural")
    func messagesCountProperly() {
        #expect(StorageError.sectionOutOfRange(3, sectionCount: 1).description
                == "section 3 is out of range (the storage has 1 section)")
        #expect(StorageError.sectionOutOfRange(3, sectionCount: 2).description
                == "section 3 is out of range (the storage has 2 sections)")
        #expect(StorageError.itemOutOfRange(IndexPath(item: 4, section: 0), itemCount: 1).description
                == "index path [0, 4] is out of range (section 0 has 1 item)")
        #expect(StorageError.countMismatch(items: 1, indexPaths: 2).description == "1 item but 2 index paths")
    }
}
