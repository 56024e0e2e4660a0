import Foundation
import ModelStorage
import ModelStorageTesting
@testable import ModelStorageViews
import Testing

private struct Note: Identifiable, Hashable, Sendable {
    var id: Int
    var text: String
}
private struct Song: Hashable, Sendable { var title: String }
private struct Ad: Hashable, Sendable { var sponsor: String }
private protocol Post: Sendable { var text: String { get } }
private struct Photo: Post, Hashable { var text: String }
private struct Poll: Post, Hashable { var text: String }

/// What the UIKit and AppKit data sources do, through their platform-independent core: cells made
/// from the item type the storage holds, or from per-type registrations; typed reads.
@MainActor
@Suite struct DataSourceCoreTests {
    @Test("a typed storage's cell provider receives the storage's item type, shown (not live) items only")
    func typedCells() throws {
        let storage = SingleSectionHashableStorage<Note>()
        storage.setItems([Note(id: 1, text: "a"), Note(id: 2, text: "b")])
        let scheduler = ManualScheduler()
        let view = SimulatedView(animationDuration: .milliseconds(10))
        let updater = ViewUpdater(storage: storage, view: view, schedule: scheduler.schedule)
        view.dataSource = updater
        let core = DataSourceCore<String, String>(updater: updater) { view, indexPath, note in "\(view) \(indexPath[1]) \(note.text)" }
        storage.setItems([Note(id: 2, text: "b")])                  // pending
        #expect(core.cell(in: "table", at: path(0, 0)) == "table 0 a")
        #expect(core.cell(in: "table", at: path(0, 1)) == "table 1 b")
        #expect(core.cell(in: "table", at: path(0, 2)) == nil && core.cell(in: "table", at: path(1, 0)) == nil)
        #expect(core.item(at: path(0, 1), as: Note.self) == Note(id: 2, text: "b") && core.item(at: path(0, 1), as: Int.self) == nil)
    }

    @Test("an untyped cell provider (today's spelling) receives the item, or a MissingItem")
    func untypedCells() throws {
        let storage = MemoryStorage()
        try storage.setItemsForAllSections([[Song(title: "Blue")]])
        let updater = ViewUpdater(storage: storage, view: SimulatedView())
        let core = DataSourceCore<String, String>(updater: updater) { _, _, item in "\(item)" }
        #expect(core.cell(in: "v", at: path(0, 0)) == "\(Song(title: "Blue"))")
        #expect(core.cell(in: "v", at: path(0, 3)) == "\(MissingItem(indexPath: path(0, 3)))")
    }

    @Test("registrations: each type its cell; unregistered types reported, no cell; supplementary models typed")
    func registeredCells() throws {
        let storage = MemoryStorage()
        try storage.setItemsForAllSections([[Song(title: "Blue"), Ad(sponsor: "Acme"), 7] as [any Sendable]])
        storage.setSectionHeaderModels(["Today"])
        let updater = ViewUpdater(storage: storage, view: SimulatedView())
        let core = DataSourceCore<String, String>(registeringCellsOf: updater)
        var reports: [String] = []
        core.registry.reportUnregistered = { reports.append($0) }
        core.registry.register(Song.self) { _, song in "song \(song.title)" }
        core.registry.register(Ad.self) { context, ad in "ad \(ad.sponsor) at \(context.1[1])" }
        #expect(core.cell(in: "v", at: path(0, 0)) == "song Blue" && core.cell(in: "v", at: path(0, 1)) == "ad Acme at 1")
        #expect(core.cell(in: "v", at: path(0, 2)) == nil && reports == [CellRegistry<(String, IndexPath), String>.unregisteredMessage(for: Int.self)])
        #expect(core.cell(in: "v", at: path(0, 9)) == nil && reports.count == 1)   // nothing shown there: nothing to report
        #expect(core.supplementaryModel(ofKind: storage.supplementaryHeaderKind, inSection: 0, as: String.self) == "Today")
        #expect(core.supplementaryModel(ofKind: storage.supplementaryHeaderKind, inSection: 1, as: String.self) == nil)
    }

    @Test("with registrations, an item replaced by one of another registration is reloaded; of the same one, reconfigured")
    func cellKinds() throws {
        let storage = MemoryStorage()
        try storage.setItemsForAllSections([[Photo(text: "sea"), Song(title: "Blue")] as [any Sendable]])
        let scheduler = ManualScheduler()
        let view = SimulatedView(animationDuration: .milliseconds(10))
        let updater = ViewUpdater(storage: storage, view: view, schedule: scheduler.schedule)
        view.dataSource = updater
        let core = DataSourceCore<String, String>(registeringCellsOf: updater)
        core.registry.register((any Post).self) { _, post in "post \(post.text)" }
        core.registry.register(Song.self) { _, song in "song \(song.title)" }
        core.registry.register(Ad.self) { _, ad in "ad \(ad.sponsor)" }
        // The view's rule: the same registration, the same cell. It holds the registry, not the
        // core (which holds the updater, which holds the view), as the core's own rule does.
        view.cellKind = { [registry = core.registry] in registry.cellKind(of: $0) }
        view.layoutIfNeeded()
        let photoCell = view.cellID(at: path(0, 0)), songCell = view.cellID(at: path(0, 1))
        try storage.replaceItem(Photo(text: "sea"), with: Poll(text: "sea?"))   // another type, the same registration
        try storage.replaceItem(Song(title: "Blue"), with: Ad(sponsor: "Acme")) // another registration
        scheduler.runUntilIdle()
        view.finishAnimations()
        scheduler.runUntilIdle()
        view.finishAnimations()
        #expect(view.log.contains("reconfigureItems [[0, 0]]") && view.log.contains("reloadItems [[0, 1]]"))
        #expect(view.cellID(at: path(0, 0)) == photoCell && view.cellID(at: path(0, 1)) != songCell)
        #expect(view.violations.isEmpty && updater.isIdle)
    }
}
