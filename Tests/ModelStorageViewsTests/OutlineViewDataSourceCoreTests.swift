import Foundation
import ModelStorage
import ModelStorageTesting
@testable import ModelStorageViews
import SeededRandom
import Testing

/// The logic of `OutlineViewDataSource` (AppKit), through its platform-independent core over an
/// `OutlineViewUpdater` and a stand-in outline view that reports back what `NSOutlineView`
/// reports to its delegate (a notification per item it expands or collapses, its descendants
/// too for a collapse of all below).
@MainActor
@Suite struct OutlineViewDataSourceCoreTests {
    struct Node: Identifiable, Equatable, Sendable {
        let id: Int
        var name: String
        var children: [Node]?
    }

    /// An outline view that records nothing but the calls that reach its delegate: each
    /// expansion and collapse it makes is reported to the core, as `NSOutlineView` posts them.
    @MainActor
    final class ReportingOutlineView: OutlineUpdatingView {
        weak var core: OutlineViewDataSourceCore<Node>?
        /// The children the view read of each item it expanded, while it shows it expanded.
        private var expandedChildren: [ObjectIdentifier: [AnyObject]] = [:]
        func beginUpdates() {}
        func endUpdates() {}
        func insertItems(at indexes: IndexSet, inParent parent: Any?) {}
        func removeItems(at indexes: IndexSet, inParent parent: Any?) {}
        func moveItem(at fromIndex: Int, inParent oldParent: Any?, to toIndex: Int, inParent newParent: Any?) {}
        func reloadItem(_ item: Any?, reloadChildren: Bool) {}
        func expandItem(_ item: Any?, expandChildren: Bool) {
            guard let item = item as AnyObject?, let updater = core?.updater else { return }
            expandedChildren[ObjectIdentifier(item)] = (0..<updater.numberOfChildren(ofItem: item)).map {
                updater.child($0, ofItem: item) as AnyObject
            }
            core?.viewDidExpand(item)
        }
        func collapseItem(_ item: Any?, collapseChildren: Bool) {
            // NSOutlineView reports the item, then each expanded descendant it collapses too.
            var pending: [AnyObject] = (item as AnyObject?).map { [$0] } ?? []
            while let next = pending.popLast() {
                guard let children = expandedChildren.removeValue(forKey: ObjectIdentifier(next)) else { continue }
                core?.viewDidCollapse(next)
                if collapseChildren { pending += children }
            }
        }
        func reloadData() { expandedChildren = [:] }
    }

    /// A storage of `roots`, its updater (turns driven by the test) and the core.
    @MainActor
    final class Harness {
        let storage: OutlineStorage<Node>
        let scheduler = ManualScheduler()
        let view = ReportingOutlineView()
        let core: OutlineViewDataSourceCore<Node>
        var failures: [OutlineActionError] = []

        init(_ roots: [Node]) {
            storage = try! OutlineStorage(roots: roots, children: \.children)
            core = OutlineViewDataSourceCore(updater: OutlineViewUpdater(storage: storage, view: view, schedule: scheduler.schedule),
                                             persistentIDs: .losslessString)
            view.core = core
            core.didFailUserAction = { [unowned self] in self.failures.append($0) }
            _ = scheduler.runUntilIdle()
        }

        var updater: OutlineViewUpdater<Node> { core.updater }
        func object(_ id: Int) -> OutlineViewItem<Node> { updater.object(forID: id)! }
        func settle() { _ = scheduler.runUntilIdle() }
        func childIDs(_ parent: Int?) -> [Int] { storage.children(of: parent)!.map(\.id) }

        /// The rows the view shows, in order: the roots, and each expanded item's children below it.
        func shownRows() -> [OutlineViewItem<Node>] {
            func rows(under parent: Any?) -> [OutlineViewItem<Node>] {
                (0..<updater.numberOfChildren(ofItem: parent)).flatMap { index -> [OutlineViewItem<Node>] in
                    let child = updater.child(index, ofItem: parent) as! OutlineViewItem<Node>
                    return [child] + (updater.rowState(for: child)!.isExpanded ? rows(under: child) : [])
                }
            }
            return rows(under: nil)
        }
        func row(of object: Any) -> Int { shownRows().firstIndex { $0 === object as AnyObject } ?? -1 }
    }

    static func tree() -> [Node] {
        [Node(id: 1, name: "Sources", children: [Node(id: 11, name: "App", children: [Node(id: 111, name: "main", children: nil)]),
                                                Node(id: 12, name: "Core", children: [])]),
         Node(id: 2, name: "Tests", children: [Node(id: 21, name: "Unit", children: nil)]),
         Node(id: 3, name: "README", children: nil)]
    }

    // MARK: Expansion

    @Test func aDisclosureClickExpandsAndCollapsesTheItemInTheStorage() {
        let harness = Harness(Self.tree())
        harness.core.viewDidExpand(harness.object(1))
        #expect(harness.storage.isExpanded(1))
        harness.settle()
        #expect(harness.updater.rowState(for: harness.object(1))?.isExpanded == true)
        harness.core.viewDidCollapse(harness.object(1))
        #expect(!harness.storage.isExpanded(1))
        #expect(harness.failures.isEmpty)
    }

    @Test func theUpdatersOwnCollapseOfAllBelowKeepsTheDescendantsExpansion() throws {
        let harness = Harness(Self.tree())
        try harness.storage.expand([1, 11])
        harness.settle()
        try harness.storage.collapse([1])
        harness.settle()   // collapseItem(_:collapseChildren: true): the view reports 1 and 11
        #expect(!harness.storage.isExpanded(1))
        #expect(harness.storage.isExpanded(11))
        try harness.storage.expand([1])
        harness.settle()
        #expect(harness.shownRows().map(\.id) == [1, 11, 111, 12, 2, 3])
    }

    @Test func anExpansionOfAnItemThatLeftTheOutlineIsReportedAndChangesNothing() throws {
        let harness = Harness(Self.tree())
        let stale = harness.object(2)
        try harness.storage.remove([2])
        harness.core.viewDidExpand(stale)
        harness.core.viewDidCollapse(stale)
        harness.core.viewDidExpand(nil)
        harness.core.viewDidExpand("not an item")
        #expect(harness.failures == [.itemLeftOutline, .itemLeftOutline, .itemLeftOutline])
        #expect(harness.storage.expandedIDs.isEmpty)
    }

    // MARK: Saved expansion

    @Test func theSavedExpansionNamesItemsByIdAndFindsTheSameObjects() throws {
        let harness = Harness(Self.tree())
        #expect(harness.core.persistentObject(for: harness.object(11)) == "11")
        #expect(harness.core.object(forPersistentObject: "11") as AnyObject? === harness.object(11))
        #expect(harness.core.object(forPersistentObject: "99") == nil)
        #expect(harness.core.object(forPersistentObject: "eleven") == nil)
        #expect(harness.core.object(forPersistentObject: 11) == nil)
        #expect(harness.core.persistentObject(for: nil) == nil)
        let stale = harness.object(3)
        try harness.storage.remove([3])
        #expect(harness.core.persistentObject(for: stale) == nil)
        harness.core.persistentIDs = nil
        #expect(harness.core.persistentObject(for: harness.object(1)) == nil)
        #expect(harness.core.object(forPersistentObject: "1") == nil)
    }

    @Test func aRestoredExpansionExpandsTheItemInTheStorage() {
        let harness = Harness(Self.tree())
        // NSOutlineView restoring its saved items: the object of each string, then expandItem.
        for saved in ["1", "11"] { harness.view.expandItem(harness.core.object(forPersistentObject: saved), expandChildren: false) }
        #expect(harness.storage.expandedIDs == [1, 11])
    }

    @Test func aSavedExpansionRestoredBeforeItsItemLoadsAppliesWhenTheItemIsAdded() throws {
        let harness = Harness(Self.tree())
        // NSOutlineView restores its saved items when the outline has not loaded them yet.
        #expect(harness.core.object(forPersistentObject: "4") == nil)
        #expect(harness.storage.expandedIDs == [4])
        #expect(harness.storage.visibleItems.map(\.id) == [1, 2, 3])
        try harness.storage.append([Node(id: 4, name: "Docs", children: nil)], to: nil)
        try harness.storage.append([Node(id: 41, name: "Guide", children: nil)], to: 4)
        #expect(harness.storage.visibleItems.map(\.id) == [1, 2, 3, 4, 41])
        #expect(harness.core.object(forPersistentObject: "eleven") == nil)
        #expect(harness.storage.expandedIDs == [4])
    }

    @Test func customPersistentIDsAreUsedBothWays() {
        let harness = Harness(Self.tree())
        harness.core.persistentIDs = OutlinePersistentIDs(string: { "node-\($0)" }, id: { Int($0.dropFirst(5)) })
        #expect(harness.core.persistentObject(for: harness.object(21)) == "node-21")
        #expect(harness.core.object(forPersistentObject: "node-21") as AnyObject? === harness.object(21))
    }

    // MARK: Drags and drops

    @Test func nothingIsDraggedUnlessAllowed() {
        let harness = Harness(Self.tree())
        #expect(harness.core.pasteboardString(forDragging: harness.object(3)) == nil)
        harness.core.canDragItem = { $0.id != 2 }
        #expect(harness.core.pasteboardString(forDragging: harness.object(2)) == nil)
        #expect(harness.core.pasteboardString(forDragging: "not an item") == nil)
        #expect(harness.core.pasteboardString(forDragging: harness.object(3)) != nil)
    }

    @Test func aDropOnAnItemMakesTheDraggedItemItsLastChild() throws {
        let harness = Harness(Self.tree())
        harness.core.canDragItem = { _ in true }
        let token = harness.core.pasteboardString(forDragging: harness.object(3))
        #expect(harness.core.canDrop([token], onto: harness.object(1), childIndex: OutlineViewUpdater<Node>.dropOnItemIndex))
        #expect(harness.core.acceptDrop([token], onto: harness.object(1), childIndex: -1))
        #expect(harness.childIDs(1) == [11, 12, 3])
        #expect(harness.childIDs(nil) == [1, 2])
    }

    @Test func aDropBetweenItemsMakesTheDraggedItemASiblingThere() throws {
        let harness = Harness(Self.tree())
        harness.core.canDragItem = { _ in true }
        try harness.storage.expand([1])
        harness.settle()
        let token = harness.core.pasteboardString(forDragging: harness.object(21))
        // Between App and Core (children of Sources as the view shows them).
        #expect(harness.core.acceptDrop([token], onto: harness.object(1), childIndex: 1))
        #expect(harness.childIDs(1) == [11, 21, 12])
        // Between the roots, at the end.
        #expect(harness.core.acceptDrop([harness.core.pasteboardString(forDragging: harness.object(11))], onto: nil, childIndex: 3))
        #expect(harness.childIDs(nil) == [1, 2, 3, 11])
        #expect(harness.failures.isEmpty)
    }

    @Test func aDropIntoTheDraggedItemsOwnSubtreeIsRefusedAndChangesNothing() throws {
        let harness = Harness(Self.tree())
        harness.core.canDragItem = { _ in true }
        try harness.storage.expand([1, 11])
        harness.settle()
        let token = harness.core.pasteboardString(forDragging: harness.object(1))
        #expect(!harness.core.canDrop([token], onto: harness.object(111), childIndex: -1))
        #expect(!harness.core.canDrop([token], onto: harness.object(1), childIndex: -1))
        #expect(!harness.core.acceptDrop([token], onto: harness.object(11), childIndex: 0))
        #expect(harness.childIDs(nil) == [1, 2, 3])
        #expect(harness.childIDs(1) == [11, 12])
        guard case .refused(.moveIntoOwnSubtree)? = harness.failures.first else {
            Issue.record("no refusal reported: \(harness.failures)")
            return
        }
    }

    @Test func aStaleOrForeignDragDropsNothing() throws {
        let harness = Harness(Self.tree())
        harness.core.canDragItem = { _ in true }
        let token = harness.core.pasteboardString(forDragging: harness.object(3))
        let other = harness.core.pasteboardString(forDragging: harness.object(2))
        #expect(!harness.core.canDrop([token, other], onto: nil, childIndex: 0))
        #expect(!harness.core.canDrop(["outline-item-999"], onto: nil, childIndex: 0))
        #expect(!harness.core.canDrop([nil], onto: nil, childIndex: 0))
        #expect(!harness.core.canDrop([], onto: nil, childIndex: 0))
        #expect(!harness.core.canDrop([token], onto: nil, childIndex: 7))
        #expect(!harness.core.canDrop([token], onto: nil, childIndex: -1))   // on the root: not a place
        try harness.storage.remove([3])
        #expect(!harness.core.canDrop([token], onto: harness.object(1), childIndex: -1))
        #expect(!harness.core.acceptDrop([token], onto: harness.object(1), childIndex: -1))
        #expect(harness.failures == [.itemLeftOutline])
        #expect(harness.childIDs(1) == [11, 12])
    }

    @Test func oldTokensAreForgottenPastTheCapacity() {
        var tokens = OutlineDragTokens<Int>()
        let first = tokens.token(for: 1)
        for id in 0..<OutlineDragTokens<Int>.capacity { _ = tokens.token(for: id) }
        #expect(tokens.draggedID([first]) == nil)
        let last = tokens.token(for: 7)
        #expect(tokens.draggedID([last]) == 7)
    }

    /// Random trees, expansions and drags: a drop the core offers (`canDrop`) is accepted and
    /// puts the dragged item where it was dropped (on an item: its last child; between items:
    /// after the sibling shown before the place); one it does not offer changes nothing; the view
    /// shows the storage after each turn.
    @Test(arguments: [UInt64(0x0D2A_6001), 0x0D2A_6002, 0x0D2A_6003, 0x0D2A_6004])
    func randomDropsLandWhereOffered(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var nextID = 1
        func subtree(_ depth: Int) -> [Node] {
            (0..<Int.random(in: 0...3, using: &random)).map { _ in
                nextID += 1
                return Node(id: nextID, name: "n\(nextID)", children: depth < 3 ? subtree(depth + 1) : nil)
            }
        }
        let harness = Harness(subtree(0) + subtree(1))
        harness.core.canDragItem = { _ in true }
        for _ in 0..<60 {
            let all = (0...nextID).filter { harness.storage.item(withID: $0) != nil }
            guard let dragged = all.randomElement(using: &random) else { return }
            if Bool.random(using: &random), let toggled = all.randomElement(using: &random) {
                if harness.storage.isExpanded(toggled) { harness.core.viewDidCollapse(harness.object(toggled)) }
                else { harness.core.viewDidExpand(harness.object(toggled)) }
            }
            harness.settle()
            let shown = harness.shownRows()
            let parent: OutlineViewItem<Node>? = Bool.random(using: &random) ? shown.randomElement(using: &random) : nil
            // The view asks for the children of the roots and of items it shows expanded only,
            // and proposes a drop between children only there.
            let isOpen = parent.map { harness.updater.rowState(for: $0)!.isExpanded } ?? true
            let siblings = isOpen ? harness.updater.numberOfChildren(ofItem: parent) : 0
            let index = isOpen ? Int.random(in: -1...(siblings + 1), using: &random) : -1
            let token = harness.core.pasteboardString(forDragging: harness.object(dragged))
            let before = (0...nextID).map { harness.storage.parent(of: $0)?.id }
            let beforeRoots = harness.childIDs(nil)
            if harness.core.canDrop([token], onto: parent, childIndex: index) {
                let shownBefore = (0..<siblings).map { (harness.updater.child($0, ofItem: parent) as! OutlineViewItem<Node>).id }
                #expect(harness.core.acceptDrop([token], onto: parent, childIndex: index))
                #expect(harness.storage.parent(of: dragged)?.id == parent?.id)
                let children = harness.childIDs(parent?.id)
                if index == -1 {
                    #expect(children.last == dragged)
                } else {
                    let previous = shownBefore[..<index].last { $0 != dragged }
                    #expect(children.firstIndex(of: dragged) == previous.map { children.firstIndex(of: $0)! + 1 } ?? 0)
                }
            } else {
                #expect(!harness.core.acceptDrop([token], onto: parent, childIndex: index))
                #expect((0...nextID).map { harness.storage.parent(of: $0)?.id } == before)
                #expect(harness.childIDs(nil) == beforeRoots)
            }
            harness.settle()
            #expect(harness.shownRows().map(\.id) == harness.storage.visibleItems.map(\.id))
        }
    }

    // MARK: Selection

    @Test func theSelectionMapsToIdsAndBack() throws {
        let harness = Harness(Self.tree())
        try harness.storage.expand([1])
        harness.settle()
        let rows = harness.shownRows()
        #expect(rows.map(\.id) == [1, 11, 12, 2, 3])
        #expect(harness.core.ids(of: [rows[1], nil, "x", rows[3]]) == [11, 2])
        // 111 is under a collapsed parent and 99 is not in the outline: left out.
        #expect(harness.core.rows(of: [12, 111, 99, 1]) { harness.row(of: $0) } == IndexSet([0, 2]))
        let stale = rows[4]
        try harness.storage.remove([3])
        #expect(harness.core.ids(of: [stale]) == [])
    }
}
