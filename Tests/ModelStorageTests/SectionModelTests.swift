import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage

/// SectionModel values and supplementary models on storages: nil means nil.
@Suite struct SectionModelTests {
    @Test func supplementaryModelsByKindAndNilRemoves() {
        var section = SectionModel(items: [1, 2])
        section.setSupplementaryModel("Header", forKind: SupplementaryKind.header)
        section.setSupplementaryModel(3, forKind: "badge")
        #expect(section.supplementaryModel(ofKind: SupplementaryKind.header) as? String == "Header")
        #expect(section.supplementaryModel(ofKind: "badge") as? Int == 3)
        let none: String? = nil
        section.setSupplementaryModel(none, forKind: "badge")
        #expect(section.supplementaryModel(ofKind: "badge") == nil, "an empty optional must not be stored boxed")
        let nested: Int?? = .some(nil)
        section.setSupplementaryModel(nested, forKind: "nested")
        #expect(section.supplementaryModel(ofKind: "nested") == nil)
        #expect(section.numberOfItems == 2 && section.item(at: 1) as? Int == 2 && section.item(at: 2) == nil)
    }

    @Test func aSectionModelIsACopy() throws {
        let storage = MemoryStorage()
        try storage.addItems([1, 2])
        var copy = storage.section(atIndex: 0)!
        copy.items.append(3)
        #expect(storage.numberOfItems(inSection: 0) == 2)
    }

    @Test func headersAndFootersLiveUnderTheStoragesKinds() throws {
        let (storage, recorder) = makeStorage([[1]])
        storage.setSectionHeaderModels([10, 20])
        storage.setSectionFooterModels(["end"])
        #expect(storage.headerModel(forSection: 1) as? Int == 20 && storage.footerModel(forSection: 0) as? String == "end")
        #expect(storage.supplementaryModel(ofKind: SupplementaryKind.header, forSectionAt: 0) as? Int == 10)
        #expect(storage.headerModel(forSection: 5) == nil)
        let none: Int? = nil
        storage.setSectionHeaderModels([none])
        #expect(storage.headerModel(forSection: 0) == nil && storage.headerModel(forSection: 1) as? Int == 20)
        _ = recorder.take()
        storage.supplementaryHeaderKind = "custom"
        storage.setSectionHeaderModels([7])
        #expect(storage.supplementaryModel(ofKind: "custom", forSectionAt: 0) as? Int == 7)
        try storage.setSupplementaryModel(8, forKind: "badge", atSectionIndex: 3)
        #expect(storage.numberOfSections == 4 && storage.supplementaryModel(ofKind: "badge", forSectionAt: 3) as? Int == 8)
        #expect(throws: StorageError.sectionOutOfRange(-1, sectionCount: 4)) {
            try storage.setSupplementaryModel(8, forKind: "badge", atSectionIndex: -1)
        }
    }
}
