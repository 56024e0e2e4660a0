import Foundation
@testable import ModelStorage
import ModelStorageTesting
import SeededRandom
import Testing

/// `OutlineViewUpdater` through a strict `SimulatedOutlineView` on random trees: random calls of
/// the storage (every mutation, valid and invalid), random user actions at random moments
/// (disclosure clicks and Option-clicks, drops valid and invalid, deletions, actions with objects
/// whose ids left), reloads of the view (by AppKit, and asked by the storage) and flushes at
/// random moments, and reads of the data source between flushes, which answer what the view was
/// told (the shown tree), whatever the storage did since. After each flush the view broke no rule and
/// shows exactly the storage's visible tree (ids, items, levels, expansion), each id with the
/// object it was first shown with; a refused drop or deletion changes nothing.
@MainActor
@Suite struct OutlineViewUpdaterPropertyTests {
    @Test("random edits, user actions and flushes: the view shows exactly the storage", arguments: 0..<200)
    func randomRun(seed: UInt64) throws {
        var caller = OutlineCaller(seed: seed)
        let roots = caller.forest() + caller.forest()
        let harness = try OutlineViewHarness(roots, expanded: Set(OutlineModel(roots: roots).allIDs.filter { _ in caller.chance(75) }))
        harness.view.optionClickReportsTopOnly = caller.chance(30)
        harness.cellsShowExpansion = caller.chance(50)
        if caller.chance(30) {
            // The app refuses some parents: a multiple of 3 takes no children.
            harness.updater.canDropItem = { _, parent in parent.map { $0.id % 3 != 0 } ?? true }
        }
        var stale: [OutlineViewItem<TreeItem>] = []
        var log: [String] = []
        harness.settle()
        harness.expectShowsStorage("seed \(seed): first flush")
        for step in 0..<40 {
            let kept = harness.view.rows.compactMap { $0.object as? OutlineViewItem<TreeItem> }
            switch caller.int(0...99) {
            case 0..<40:
                let call = caller.call(for: Self.model(of: harness.storage))
                log.append("\(call)")
                try? call.perform(on: harness.storage)
            case 40..<46:
                // Growth, so that the removals leave trees worth moving in.
                let parent = caller.chance(20) ? nil : harness.storage.visibleItems.map(\.id).randomElement(using: &caller.random)
                let items = caller.fresh(caller.int(1...4))
                log.append("append \(items) to \(parent.map(String.init) ?? "nil")")
                try? harness.storage.append(items, to: parent)
            case 46..<75: log.append(Self.userAction(&caller, harness))
            case 75..<79: log.append(Self.staleAction(&caller, harness, stale, "seed \(seed) step \(step)"))
            case 79:
                // AppKit reloads the view by itself: it re-reads the roots and re-expands what it
                // showed expanded, from the data source as it answers between flushes.
                log.append("the view reloads")
                harness.view.reloadData()
            case 80:
                // The storage asks for a reload: the next flush reloads the view, then reconciles.
                log.append("reload asked")
                harness.updater.needsReload = true
                harness.updater.scheduleFlush()
            case 81..<84:
                // The view draws between flushes (a scroll, a resize): it reads its data source,
                // which must answer what the view was told, whatever the storage did since.
                log.append("the view reads")
                let misread = harness.view.verify()
                #expect(misread.isEmpty, "seed \(seed) step \(step) after \(log.suffix(6)): \(misread)")
            default:
                log.append("flush")
                harness.settle()
                harness.expectShowsStorage("seed \(seed) step \(step) after \(log.suffix(6))")
            }
            stale += kept.filter { harness.storage.item(withID: $0.id) == nil }
        }
        harness.settle()
        harness.expectShowsStorage("seed \(seed): at the end, after \(log.suffix(8))")
    }

    /// The storage's tree as a model, for `OutlineCaller`'s choice of ids.
    static func model(of storage: OutlineStorage<TreeItem>) -> OutlineModel {
        func nodes(_ parent: Int?) -> [OutlineModel.Node] {
            (storage.children(of: parent) ?? []).map { OutlineModel.Node(item: $0, children: nodes($0.id)) }
        }
        var model = OutlineModel()
        model.roots = nodes(nil)
        model.expanded = storage.expandedIDs
        return model
    }

    /// One random action of the user on the rows the view shows; a refused drop or deletion
    /// changes nothing in the storage.
    static func userAction(_ caller: inout OutlineCaller, _ harness: OutlineViewHarness) -> String {
        let view = harness.view
        let count = view.numberOfRows
        var row = count == 0 || caller.chance(3) ? count + caller.int(0...1) : caller.int(0...count - 1)
        let disclosures = view.rows.indices.filter { view.rows[$0].isExpandable }
        let before = (harness.storageRows, harness.storage.expandedIDs)
        let action: String
        var mustNotChange = false
        do {
            switch caller.int(0...9) {
            case 0..<5:
                if !disclosures.isEmpty, caller.chance(85) { row = caller.pick(disclosures) }
                let option = caller.chance(25)
                action = "click on row \(row)\(option ? " with option" : "")"
                try view.simulateDisclosureClick(onRow: row, withOption: option)
            case 5..<8:
                let parent = count == 0 || caller.chance(20) ? nil : caller.int(0...count - 1)
                let children = parent.map { view.children(ofItem: view.item(atRow: $0))?.count ?? 0 } ?? view.children(ofItem: nil)!.count
                let index = caller.chance(40) ? -1 : caller.int(-2...children + 1)
                let skipping = caller.chance(30)
                action = "drop of row \(row) on \(parent.map { "row \($0)" } ?? "root") at \(index)\(skipping ? " unvalidated" : "")"
                mustNotChange = true
                let dragged = (view.item(atRow: row) as? OutlineViewItem<TreeItem>)?.id
                try view.simulateDrop(row: row, onto: parent, childIndex: index, skippingValidation: skipping)
                if let dragged, let canDropItem = harness.updater.canDropItem {
                    let newParent = harness.storage.parent(of: dragged)
                    #expect(canDropItem(harness.storage.item(withID: dragged)!, newParent), "\(action): a parent the app refuses")
                }
            default:
                action = "delete of row \(row)"
                mustNotChange = true
                try view.simulateDelete(row: row)
            }
        } catch {
            if mustNotChange {
                #expect(harness.storageRows == before.0 && harness.storage.expandedIDs == before.1, "refused \(error) changed the storage")
            }
            return "user: refused \(error)"
        }
        return "user: \(action)"
    }

    /// A user's action with an object whose id has left the outline: refused with
    /// `itemLeftOutline`, nothing changed.
    static func staleAction(_ caller: inout OutlineCaller, _ harness: OutlineViewHarness, _ stale: [OutlineViewItem<TreeItem>],
                            _ comment: String) -> String {
        guard !stale.isEmpty else { return "no stale object" }
        let object = caller.pick(stale)
        let other = harness.view.item(atRow: 0)
        let before = (harness.storageRows, harness.storage.expandedIDs)
        let updater = harness.updater
        switch caller.int(0...4) {
        case 0: #expect(throws: OutlineActionError.itemLeftOutline, "\(comment)") { try updater.userDidExpand(object, recursively: false) }
        case 1: #expect(throws: OutlineActionError.itemLeftOutline, "\(comment)") { try updater.userDidCollapse(object, recursively: false) }
        case 2: #expect(throws: OutlineActionError.itemLeftOutline, "\(comment)") { try updater.userDidDelete(object) }
        case 3: #expect(throws: OutlineActionError.itemLeftOutline, "\(comment)") { try updater.userDidDrop(object, onto: other, childIndex: -1) }
        default:
            if let other {
                #expect(throws: OutlineActionError.itemLeftOutline, "\(comment)") { try updater.userDidDrop(other, onto: object, childIndex: 0) }
            }
        }
        #expect(harness.storageRows == before.0 && harness.storage.expandedIDs == before.1, "\(comment): a stale object changed the storage")
        return "stale action with \(object.id)"
    }
}
