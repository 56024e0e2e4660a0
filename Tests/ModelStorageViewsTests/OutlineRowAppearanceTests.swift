import Foundation
import ModelStorage
import ModelStorageTesting
@testable import ModelStorageViews
import SeededRandom
import Testing

private struct Folder: Identifiable, Equatable, Sendable {
    let id: String
    var children: [Folder]? = nil
}

/// What a list row shows of an outline row (its indentation and its disclosure control), and the
/// data sources' row states of the items they show.
@MainActor
@Suite struct OutlineRowAppearanceTests {
    @Test("every state: indented by its level, a disclosure exactly when the item has children, pointing as it is expanded")
    func everyState() {
        var random = SplitMix64(seed: 0x0D15_C105)
        for _ in 0..<2_000 {
            let level = Int.random(in: -2..<40, using: &random)
            let expanded = Bool.random(using: &random), children = Bool.random(using: &random)
            let width = Double(Int.random(in: 1..<40, using: &random)) / 2
            let appearance = OutlineRowAppearance(OutlineRowState(level: level, isExpanded: expanded, hasChildren: children))
            let depth = level < 0 ? 0 : level
            #expect(appearance.indentationLevel == depth)
            #expect(appearance.leadingInset(indentationWidth: width) == Double(depth) * width)
            #expect(appearance.showsDisclosure == children)
            switch (children, expanded) {
            case (false, _):
                #expect(appearance.disclosure == .none)
                #expect(appearance.disclosureSymbolName == nil && appearance.disclosureAccessibilityLabel == nil)
            case (true, true):
                #expect(appearance.disclosure == .expanded)
                #expect(appearance.disclosureSymbolName == "chevron.down" && appearance.disclosureAccessibilityLabel == "Collapse")
            case (true, false):
                #expect(appearance.disclosure == .collapsed)
                #expect(appearance.disclosureSymbolName == "chevron.right" && appearance.disclosureAccessibilityLabel == "Expand")
            }
        }
    }

    @Test("a data source reads the row state of the item it shows (not the live row), nil for other storages")
    func dataSourceRowStates() throws {
        let outline = try OutlineStorage(roots: [
            Folder(id: "docs", children: [Folder(id: "cv"), Folder(id: "letters", children: [Folder(id: "2024")])]),
            Folder(id: "pics"),
        ], children: \.children)
        try outline.expand(["docs"])
        let scheduler = ManualScheduler()
        let view = SimulatedView(animationDuration: .milliseconds(10))
        let updater = ViewUpdater(storage: outline, view: view, schedule: scheduler.schedule)
        view.dataSource = updater
        let core = DataSourceCore<String, String>(updater: updater) { _, _, folder in folder.id }
        view.layoutIfNeeded()
        #expect(core.outlineRowState(at: path(0, 2)) == OutlineRowState(level: 1, isExpanded: false, hasChildren: true))
        try outline.append([Folder(id: "new")], to: nil)
        try outline.insert([Folder(id: "top")], before: "docs")     // pending: the view still shows docs first
        #expect(core.outlineRowState(at: path(0, 0)) == OutlineRowState(level: 0, isExpanded: true, hasChildren: true))
        #expect(core.outlineRowState(at: path(0, 1)) == OutlineRowState(level: 1, isExpanded: false, hasChildren: false))
        try outline.remove(["pics"])                               // shown until the next batch, no longer in the tree
        #expect(core.outlineRowState(at: path(0, 3)) == nil)
        #expect(core.outlineRowState(at: path(0, 4)) == nil && core.outlineRowState(at: path(1, 0)) == nil)
        scheduler.runUntilIdle()
        view.finishAnimations()
        #expect(core.outlineRowState(at: path(0, 0)) == OutlineRowState(level: 0, isExpanded: false, hasChildren: false))

        let plain = SingleSectionHashableStorage<Row>(items: [Row(id: 1), Row(id: 2)])
        let plainCore = DataSourceCore<String, String>(updater: ViewUpdater(storage: plain, view: SimulatedView())) { _, _, row in "\(row)" }
        #expect(plainCore.outlineRowState(at: path(0, 0)) == nil)
    }
}
