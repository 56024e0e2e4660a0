import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage

/// What a DTModelStorage 11 user reaches for: supplementary model providers, inserting several
/// items at one index path, and the table and collection kind presets.
@Suite("DTModelStorage parity")
struct DTModelStorageParityTests {
    @Test("providers answer for sections without a model of their own")
    func providers() throws {
        let (storage, recorder) = makeStorage([[1], [2], []])
        storage.headerModelProvider = { "Header \($0)" }
        storage.supplementaryModelProvider = { kind, section in "\(kind) \(section)" }
        #expect(storage.headerModel(forSection: 1) as? String == "Header 1")
        // The footer kind has no footer provider: the general provider answers.
        #expect(storage.footerModel(forSection: 2) as? String == "\(SupplementaryKind.footer) 2")
        #expect(storage.supplementaryModel(ofKind: "badge", forSectionAt: 0) as? String == "badge 0")
        // Only sections that exist.
        #expect(storage.headerModel(forSection: 3) == nil && storage.headerModel(forSection: -1) == nil)
        // A model that was set wins over the provider.
        try storage.setSupplementaryModel(7, forKind: SupplementaryKind.header, atSectionIndex: 1)
        #expect(storage.headerModel(forSection: 1) as? Int == 7 && storage.headerModel(forSection: 0) as? String == "Header 0")
        // A footer provider takes the footer kind from the general one, even when it answers nil.
        storage.footerModelProvider = { $0 == 0 ? "Footer" : nil }
        #expect(storage.footerModel(forSection: 0) as? String == "Footer" && storage.footerModel(forSection: 2) == nil)
        // Setting providers changes no data: nothing is reported.
        #expect(recorder.take().updates.count == 1)  // only setSupplementaryModel's

        let single = SingleSectionHashableStorage(items: [Cell(id: 1)])
        single.headerModelProvider = { _ in "Posts" }
        #expect(single.headerModel as Any? == nil, "the stored header stays what was set")
        #expect(single.headerModel(forSection: 0) as? String == "Posts" && single.headerModel(forSection: 1) == nil)
        single.setSectionHeaderModel("Set")
        #expect(single.headerModel(forSection: 0) as? String == "Set")
    }

    @Test("table and collection presets switch the kinds headers and footers use")
    func kindPresets() throws {
        let (storage, _) = makeStorage([[1]])
        storage.configureForTableViewUsage()
        #expect(storage.supplementaryHeaderKind == "DTTableViewElementSectionHeader")
        #expect(storage.supplementaryFooterKind == "DTTableViewElementSectionFooter")
        storage.setSectionHeaderModels(["Fruit"])
        #expect(storage.supplementaryModel(ofKind: SupplementaryKind.tableHeader, forSectionAt: 0) as? String == "Fruit")
        #expect(storage.supplementaryModel(ofKind: SupplementaryKind.header, forSectionAt: 0) == nil)
        storage.configureForCollectionViewFlowLayoutUsage()
        #expect(storage.supplementaryHeaderKind == SupplementaryKind.header)
        #expect(storage.supplementaryFooterKind == SupplementaryKind.footer)
        #expect(storage.headerModel(forSection: 0) == nil, "set under the table kind, not moved")
    }

    @Test("insertItems(_:at:) inserts in order from an index path, one update")
    func insertItemsAtIndexPath() throws {
        let (storage, recorder) = makeStorage([[1, 2], [3]])
        try expectUpdate(storage, recorder) {
            try storage.insertItems([Cell(id: 10), Cell(id: 11), Cell(id: 12)], at: path(0, 1))
        }
        #expect(StorageState(storage).items == [[1, 10, 11, 12, 2], [3]].map { $0.map { Cell(id: $0) } })
        // Item 0 of the section after the last creates it.
        try expectUpdate(storage, recorder) { try storage.insertItems([Cell(id: 20), Cell(id: 21)], at: path(2, 0)) }
        #expect(storage.items(inSection: 2)?.map { ($0 as! Cell).id } == [20, 21])
        // Nothing to insert at a valid place: nothing happens, nothing is reported.
        try storage.insertItems([Cell](), at: path(1, 1))
        #expect(recorder.take().updates.isEmpty)

        let before = StorageState(storage)
        #expect(throws: StorageError.itemOutOfRange(path(1, 5), itemCount: 1)) {
            try storage.insertItems([Cell(id: 30)], at: path(1, 5))
        }
        #expect(throws: StorageError.invalidIndexPath(IndexPath(index: 0))) {
            try storage.insertItems([Cell(id: 30)], at: IndexPath(index: 0))
        }
        #expect(throws: StorageError.sectionOutOfRange(5, sectionCount: 3)) {
            try storage.insertItems([Cell(id: 30)], at: path(5, 1))
        }
        // An invalid index path is refused even with nothing to insert.
        #expect(throws: StorageError.invalidIndexPath(path(-1, 0))) { try storage.insertItems([Cell](), at: path(-1, 0)) }
        #expect(StorageState(storage) == before && recorder.take().updates.isEmpty)
    }
}
