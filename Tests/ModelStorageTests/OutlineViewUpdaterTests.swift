import Foundation
@testable import ModelStorage
import ModelStorageTesting
import Testing

/// `OutlineViewUpdater` through a strict `SimulatedOutlineView`, one scenario each: after every
/// flush the view broke no rule and shows exactly the storage's tree and expansion.
@MainActor
@Suite struct OutlineViewUpdaterTests {
    /// 1(10, 11(110, 111), 12), 2(20, 21), 3.
    static let roots = [node(1, [node(10), node(11, [node(110), node(111)]), node(12)]), node(2, [node(20), node(21)]), node(3)]

    func harness(expanded: Set<Int> = [1, 11, 2]) throws -> OutlineViewHarness {
        let harness = try OutlineViewHarness(Self.roots, expanded: expanded)
        harness.settle()
        return harness
    }

    @Test("the first flush expands what the storage has expanded, top down")
    func firstFlush() throws {
        let harness = try harness()
        #expect(harness.updater.lastUpdate.steps == [.expand(1), .expand(11), .expand(2)])
        #expect(harness.shown == "1@0v 10@1 11@1v 110@2 111@2 12@1 2@0v 20@1 21@1 3@0")
        harness.expectShowsStorage()
    }

    @Test("insertions, removals and moves within and across expanded parents")
    func editsAcrossParents() throws {
        let harness = try harness()
        try harness.storage.append([node(13)], to: 1)
        try harness.storage.remove([20])
        try harness.storage.move(12, to: 1, at: 0)
        try harness.storage.move(110, to: 2, at: 1)
        harness.settle()
        harness.expectShowsStorage()
        #expect(harness.updater.lastUpdate.steps.contains(.move(from: 0, oldParent: 11, to: 1, newParent: 2)))
        #expect(harness.shown == "1@0v 12@1 10@1 11@1v 111@2 13@1 2@0v 21@1 110@1 3@0")
    }

    @Test("a move to a collapsed parent removes the row; the parent shows it when it expands, same object")
    func moveToCollapsedParent() throws {
        let harness = try harness()
        let object = harness.object(10)
        try harness.storage.move(10, to: 3, at: 0)
        harness.settle()
        harness.expectShowsStorage()
        #expect(harness.shown == "1@0v 11@1v 110@2 111@2 12@1 2@0v 20@1 21@1 3@0>")
        try harness.storage.expand([3])
        harness.settle()
        harness.expectShowsStorage()
        #expect(harness.object(10) === object)
    }

    @Test("a parent and its child swapping places")
    func swap() throws {
        let harness = try harness()
        try harness.storage.move(11, to: nil, at: 0)
        try harness.storage.move(1, to: 11, at: 0)
        harness.settle()
        harness.expectShowsStorage()
        #expect(harness.shown == "11@0v 1@1v 10@2 12@2 110@1 111@1 2@0v 20@1 21@1 3@0")
    }

    @Test("setChildren with a tenth changed reloads exactly the changed rows")
    func setChildrenTenPercent() throws {
        let harness = try OutlineViewHarness([node(1, (100..<150).map { node($0) })], expanded: [1])
        harness.settle()
        var children = (100..<150).map { node($0) }
        for index in stride(from: 0, to: 50, by: 10) { children[index].version = 1 }
        children.remove(at: 25)
        children.insert(node(200), at: 3)
        children.swapAt(40, 41)
        try harness.storage.setChildren(children, of: 1)
        harness.settle()
        harness.expectShowsStorage()
        let steps = harness.updater.lastUpdate.steps
        #expect(steps.filter { if case .reload = $0 { true } else { false } }.count == 5)
        #expect(steps.filter { if case .move = $0 { true } else { false } }.count == 1)
    }

    @Test("a replaced item's row is reloaded: its cell shows the new item")
    func replaceReloads() throws {
        let harness = try harness()
        try harness.storage.replace(TreeItem(id: 111, version: 3))
        harness.settle()
        #expect(harness.updater.lastUpdate.steps == [.reload(111)])
        harness.expectShowsStorage()
    }

    @Test("expansions and collapses by the storage")
    func storageExpansion() throws {
        let harness = try harness()
        try harness.storage.collapse([1])
        try harness.storage.expand([3, 2])
        harness.settle()
        harness.expectShowsStorage()
        try harness.storage.expand([1], recursively: true)
        harness.settle()
        harness.expectShowsStorage()
        harness.storage.expandedIDs = [2, 11]
        harness.settle()
        harness.expectShowsStorage()
        #expect(harness.shown == "1@0> 2@0v 20@1 21@1 3@0")
    }

    @Test("the user's disclosure clicks and Option-clicks reach the storage")
    func userClicks() throws {
        let harness = try harness(expanded: [])
        try harness.view.simulateDisclosureClick(onRow: 0)
        #expect(harness.storage.expandedIDs == [1])
        try harness.view.simulateDisclosureClick(onRow: harness.row(2), withOption: true)
        #expect(harness.storage.expandedIDs == [1, 2])
        harness.settle()
        harness.expectShowsStorage()
        try harness.view.simulateDisclosureClick(onRow: 0, withOption: true)
        harness.settle()
        harness.expectShowsStorage()
        try harness.view.simulateDisclosureClick(onRow: 0, withOption: true)
        #expect(harness.storage.expandedIDs == [1, 11, 2])
        harness.view.optionClickReportsTopOnly = true
        try harness.view.simulateDisclosureClick(onRow: 0, withOption: true)
        #expect(harness.storage.expandedIDs == [2])
        harness.settle()
        harness.expectShowsStorage()
        #expect(harness.shown == "1@0> 2@0v 20@1 21@1 3@0")
    }

    @Test("a cell drawn from its row's expansion is made again when the row expands or collapses, by the storage or the user")
    func cellsFollowExpansion() throws {
        let harness = try OutlineViewHarness(Self.roots, expanded: [1, 11, 2])
        harness.cellsShowExpansion = true
        harness.settle()
        harness.expectShowsStorage("first flush")
        try harness.storage.collapse([2, 11])
        harness.settle()
        harness.expectShowsStorage("the storage's collapses")
        #expect(harness.updater.lastUpdate.steps.filter { if case .reload = $0 { true } else { false } }.count == 2)
        try harness.storage.expand([2])
        harness.settle()
        harness.expectShowsStorage("the storage's expansion")
        #expect(harness.updater.lastUpdate.steps == [.expand(2), .reload(2)])
        try harness.view.simulateDisclosureClick(onRow: harness.row(1))
        harness.settle()
        harness.expectShowsStorage("the user's collapse")
        #expect(harness.updater.lastUpdate.steps == [.reload(1)])
        try harness.view.simulateDisclosureClick(onRow: harness.row(1), withOption: true)
        harness.settle()
        harness.expectShowsStorage("the user's Option-click")
    }

    @Test("after a user's collapse and expand the view re-expands the children it remembers")
    func rememberedChildren() throws {
        let harness = try harness()
        try harness.view.simulateDisclosureClick(onRow: 0)
        harness.settle()
        harness.expectShowsStorage()
        try harness.view.simulateDisclosureClick(onRow: 0)
        #expect(harness.shown == "1@0v 10@1 11@1v 110@2 111@2 12@1 2@0v 20@1 21@1 3@0")
        harness.settle()
        harness.expectShowsStorage()
        // The storage collapses the remembered child meanwhile: the flush collapses what the view
        // re-expanded by itself.
        try harness.view.simulateDisclosureClick(onRow: 0)
        try harness.storage.collapse([11])
        harness.settle()
        try harness.view.simulateDisclosureClick(onRow: 0)
        harness.settle()
        harness.expectShowsStorage()
        #expect(harness.shown == "1@0v 10@1 11@1> 12@1 2@0v 20@1 21@1 3@0")
    }

    @Test("a child the user's expansion showed collapsed, expanded in the storage, moved away before the flush: expanded there")
    func expandedChildMovedAfterUserExpansion() throws {
        // 11 is expanded in the storage under the collapsed 1; the view, which never showed 11
        // expanded, shows it collapsed when the user expands 1. The storage moves 11 to the roots
        // before the flush: the flush must still expand it.
        let harness = try harness(expanded: [11])
        try harness.view.simulateDisclosureClick(onRow: 0)
        #expect(harness.shown == "1@0v 10@1 11@1> 12@1 2@0> 3@0")
        try harness.storage.move(11, to: nil, at: 1)
        harness.settle()
        harness.expectShowsStorage()
        #expect(harness.shown == "1@0v 10@1 12@1 11@0v 110@1 111@1 2@0> 3@0")
    }

    @Test("a drop on an item makes the dragged item its last child; between children, the next sibling of the row before")
    func drops() throws {
        let harness = try harness()
        try harness.view.simulateDrop(row: harness.row(3), onto: harness.row(2), childIndex: -1)
        harness.settle()
        harness.expectShowsStorage()
        #expect(harness.storage.children(of: 2)?.map(\.id) == [20, 21, 3])
        try harness.view.simulateDrop(row: harness.row(12), onto: harness.row(2), childIndex: 1)
        harness.settle()
        harness.expectShowsStorage()
        #expect(harness.storage.children(of: 2)?.map(\.id) == [20, 12, 21, 3])
        try harness.view.simulateDrop(row: harness.row(20), onto: nil, childIndex: 0)
        harness.settle()
        harness.expectShowsStorage()
        #expect(harness.storage.children(of: nil)?.map(\.id) == [20, 1, 2])
    }

    @Test("a drop into the dragged item's own subtree is refused, with a typed error, nothing changed")
    func dropIntoOwnSubtree() throws {
        let harness = try harness()
        let before = harness.storageRows
        #expect(throws: SimulatedOutlineViewError.dropNotValidated) {
            try harness.view.simulateDrop(row: 0, onto: harness.row(11), childIndex: 0)
        }
        #expect(throws: SimulatedOutlineViewError.actionFailed(.refused(.moveIntoOwnSubtree("1")))) {
            try harness.view.simulateDrop(row: 0, onto: harness.row(110), childIndex: -1, skippingValidation: true)
        }
        #expect(harness.storageRows == before && harness.updater.isIdle)
        harness.expectShowsStorage()
    }

    @Test("a parent canDropItem refuses is not offered, and a drop there is refused with a typed error, nothing changed")
    func dropRefusedByTheApp() throws {
        let harness = try harness()
        // Even ids are files: they take no children; the root takes only odd ids.
        harness.updater.canDropItem = { item, parent in parent.map { $0.id % 2 == 1 } ?? (item.id % 2 == 1) }
        let before = harness.storageRows
        #expect(!harness.updater.canDrop(harness.object(3)!, onto: harness.object(2)!, childIndex: -1))
        #expect(throws: SimulatedOutlineViewError.dropNotValidated) {
            try harness.view.simulateDrop(row: harness.row(3), onto: harness.row(2), childIndex: -1)
        }
        #expect(throws: SimulatedOutlineViewError.actionFailed(.invalidDropTarget)) {
            try harness.view.simulateDrop(row: harness.row(12), onto: nil, childIndex: 0, skippingValidation: true)
        }
        #expect(harness.storageRows == before && harness.updater.isIdle)
        // An odd parent takes the item; an odd item goes to the root.
        try harness.view.simulateDrop(row: harness.row(12), onto: harness.row(11), childIndex: -1)
        try harness.view.simulateDrop(row: harness.row(3), onto: nil, childIndex: 0)
        harness.settle()
        harness.expectShowsStorage()
        #expect(harness.storage.children(of: 11)?.map(\.id) == [110, 111, 12])
        #expect(harness.storage.children(of: nil)?.first?.id == 3)
    }

    @Test("an object whose id was removed is refused with itemLeftOutline, nothing changed")
    func staleObject() throws {
        let harness = try harness()
        let stale = try #require(harness.object(111))
        try harness.storage.remove([11])
        // Before the flush: the view still shows the rows.
        #expect(throws: SimulatedOutlineViewError.actionFailed(.itemLeftOutline)) {
            try harness.view.simulateDelete(row: harness.row(110))
        }
        #expect(throws: SimulatedOutlineViewError.actionFailed(.itemLeftOutline)) {
            try harness.view.simulateDrop(row: harness.row(111), onto: harness.row(2), childIndex: -1, skippingValidation: true)
        }
        harness.settle()
        let before = harness.storageRows
        #expect(throws: OutlineActionError.itemLeftOutline) { try harness.updater.userDidExpand(stale, recursively: false) }
        #expect(throws: OutlineActionError.itemLeftOutline) { try harness.updater.userDidCollapse(stale, recursively: true) }
        #expect(throws: OutlineActionError.itemLeftOutline) { try harness.updater.userDidDelete(stale) }
        #expect(throws: OutlineActionError.itemLeftOutline) {
            try harness.updater.userDidDrop(stale, onto: harness.object(2), childIndex: 0)
        }
        #expect(throws: OutlineActionError.itemLeftOutline) {
            try harness.updater.userDidDrop(harness.object(3)!, onto: stale, childIndex: -1)
        }
        #expect(!harness.updater.canDrop(stale, onto: nil, childIndex: 0))
        #expect(harness.storageRows == before && harness.updater.isIdle)
        harness.expectShowsStorage()
    }

    @Test("each id keeps its object across updates and reloads")
    func stableObjects() throws {
        let harness = try harness()
        let objects = [1, 10, 11, 110, 2, 21].map { harness.object($0)! }
        try harness.storage.move(11, to: 2, at: 0)
        try harness.storage.replace(TreeItem(id: 10, version: 1))
        harness.settle()
        harness.updater.needsReload = true
        harness.updater.flush()
        #expect(harness.updater.lastUpdate.steps.first == .reloadData)
        harness.expectShowsStorage()
        harness.view.reloadData()
        harness.expectShowsStorage()
        #expect(zip([1, 10, 11, 110, 2, 21], objects).allSatisfy { harness.object($0) === $1 })
    }

    @Test("lazy children arrive after the expansion and are inserted under the expanded row")
    func lazyChildren() async throws {
        let gate = LoadGate()
        let storage = try OutlineStorage(roots: [node(1), node(2)], loadsChildrenLazily: { $0.id == 1 }, childrenLoader: gate.loader)
        gate.outline = storage
        let harness = OutlineViewHarness(storage)
        harness.settle()
        #expect(harness.shown == "1@0> 2@0")
        try harness.view.simulateDisclosureClick(onRow: 0)
        harness.settle()
        harness.expectShowsStorage()
        await gate.waitForRequests(1)
        await gate.end(0, with: .success([node(11), node(12)]))
        harness.settle()
        harness.expectShowsStorage()
        #expect(harness.shown == "1@0v 11@1 12@1 2@0")
    }
}
