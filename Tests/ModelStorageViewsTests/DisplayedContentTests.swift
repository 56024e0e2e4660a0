import Foundation
import ModelStorage
import ModelStorageTesting
import ModelStorageViews
import Testing

/// What the data sources read: the updater's displayed content, never the live storage.
@MainActor
@Suite struct DisplayedContentTests {
    @Test("reads what the updater shows while the storage has moved on; a missing index path is a MissingItem")
    func readsTheDisplayedContent() throws {
        let storage = MemoryStorage()
        try storage.setItemsForAllSections([[Row(id: 1), Row(id: 2)], [Row(id: 3)]])
        storage.setSectionHeaderModels(["A", "B"])
        storage.setSectionFooterModels(["a", "b"])
        let scheduler = ManualScheduler()
        let view = SimulatedView(animationDuration: .milliseconds(10), visibleItemCount: 10)
        let updater = ViewUpdater(storage: storage, view: view, schedule: scheduler.schedule)
        view.dataSource = updater
        view.layoutIfNeeded()
        let content = DisplayedContent(updater)

        try storage.removeItem(Row(id: 1))            // not sent yet: the view still shows it
        try storage.setSupplementaryModel("B2", forKind: storage.supplementaryHeaderKind, atSectionIndex: 1)
        #expect(content.numberOfSections() == 2)
        #expect(content.numberOfItems(0) == 2 && content.numberOfItems(1) == 1 && content.numberOfItems(7) == 0)
        #expect(content.item(path(0, 0)) as? Row == Row(id: 1))
        #expect(content.headerModel(1) as? String == "B" && content.footerModel(0) as? String == "a")
        #expect(content.supplementaryModel(storage.supplementaryFooterKind, 1) as? String == "b")
        #expect(content.itemOrMissing(at: path(1, 5)) as? MissingItem == MissingItem(indexPath: path(1, 5)))

        scheduler.runNextTurn()                            // the batch switches the content
        view.finishAnimations()
        scheduler.runNextTurn()
        view.finishAnimations()
        #expect(content.numberOfItems(0) == 1)
        #expect(content.item(path(0, 0)) as? Row == Row(id: 2))
        #expect(content.headerModel(1) as? String == "B2")
        #expect(updater.isIdle && view.violations.isEmpty)
    }
}
