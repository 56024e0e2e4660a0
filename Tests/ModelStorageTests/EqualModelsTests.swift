import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage

/// A header model that is not `Equatable`: nothing can tell it unchanged.
private struct Banner: Sendable {
    var title: String
}

/// Refreshes that change nothing send nothing: header, footer and supplementary models equal to
/// the ones set (the same `Equatable` type, `==`) are not reported and bump no revision.
@Suite struct EqualModelsTests {
    /// A storage of two sections with headers `Shelf 1`, `Shelf 2`, footers "a", "b" and a
    /// badge model, and a recorder.
    func makeShelves() -> (MemoryStorage, UpdateRecorder) {
        let (storage, recorder) = makeStorage([[1, 2], [3]])
        storage.setSectionHeaderModels([Shelf(id: 1), Shelf(id: 2)])
        storage.setSectionFooterModels(["a", "b"])
        try! storage.setSupplementaryModel(7, forKind: "badge", atSectionIndex: 1)
        _ = recorder.take()
        return (storage, recorder)
    }

    @Test func equalHeadersFootersAndSupplementariesReportNothing() throws {
        let (storage, recorder) = makeShelves()
        let content = storage.content
        storage.setSectionHeaderModels([Shelf(id: 1), Shelf(id: 2)])
        storage.setSectionFooterModels(["a", "b"])
        storage.setSupplementaries(["a"], forKind: storage.supplementaryFooterKind)
        try storage.setSupplementaryModel(7, forKind: "badge", atSectionIndex: 1)
        try storage.setSupplementaryModel(nil, forKind: "other", atSectionIndex: 0)
        storage.performUpdates { storage.setSectionHeaderModels([Shelf(id: 1)]) }
        let delivered = recorder.take()
        #expect(delivered.updates.isEmpty && delivered.reloads == 0, "\(delivered)")
        #expect(storage.update(since: content).isEmpty, "no revision moved: nothing to report since the older content")
        #expect(storage.headerModel(forSection: 1) as? Shelf == Shelf(id: 2))
    }

    @Test func aChangedModelAmongEqualOnesReloadsOnlyItsSection() throws {
        let (storage, recorder) = makeShelves()
        let content = storage.content
        let update = expectUpdate(storage, recorder) { storage.setSectionHeaderModels([Shelf(id: 1), Shelf(id: 2, title: 1)]) }
        #expect(update?.changes == SectionedBatchUpdate(updatedSections: [1]))
        #expect(storage.update(since: content).changes == SectionedBatchUpdate(updatedSections: [1]))
        let removal = try expectUpdate(storage, recorder) { try storage.setSupplementaryModel(nil, forKind: "badge", atSectionIndex: 1) }
        #expect(removal?.changes == SectionedBatchUpdate(updatedSections: [1]))
    }

    @Test func modelsThatAreNotEquatableOrOfAnotherTypeAreReportedAsToday() throws {
        let (storage, recorder) = makeShelves()
        try storage.setSupplementaryModel(Banner(title: "x"), forKind: "banner", atSectionIndex: 0)
        _ = recorder.take()
        let banner = try expectUpdate(storage, recorder) {
            try storage.setSupplementaryModel(Banner(title: "x"), forKind: "banner", atSectionIndex: 0)
        }
        #expect(banner?.changes == SectionedBatchUpdate(updatedSections: [0]))
        // 7 as an Int64 is not the Int 7 that is set.
        let otherType = try expectUpdate(storage, recorder) { try storage.setSupplementaryModel(Int64(7), forKind: "badge", atSectionIndex: 1) }
        #expect(otherType?.changes == SectionedBatchUpdate(updatedSections: [1]))
    }

    @Test func singleSectionStorageSkipsEqualSupplementaryModels() {
        let storage = SingleSectionEquatableStorage(items: [Song(id: 1, title: "a")])
        let recorder = UpdateRecorder()
        storage.delegate = recorder
        storage.setSectionHeaderModel("Songs")
        storage.setSectionFooterModel(3)
        let content = storage.content
        _ = recorder.take()
        storage.setSectionHeaderModel("Songs")
        storage.setSectionFooterModel(3)
        storage.setSupplementaryModel(nil, forKind: "badge")
        #expect(recorder.take().updates.isEmpty)
        #expect(storage.update(since: content).isEmpty)
        storage.setSectionHeaderModel("Albums")
        storage.setSupplementaryModel(Banner(title: "x"), forKind: "banner")
        storage.setSupplementaryModel(Banner(title: "x"), forKind: "banner")
        #expect(recorder.take().updates.map(\.changes) == Array(repeating: SectionedBatchUpdate(updatedSections: [0]), count: 3))
        #expect(storage.headerModel as? String == "Albums")
    }
}
