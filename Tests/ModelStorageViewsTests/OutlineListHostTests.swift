import Foundation
import ModelStorage
import ModelStorageTesting
@testable import ModelStorageViews
import SeededRandom
import Testing

/// The logic of `StorageList(outline)` on macOS, through its platform-independent host over a
/// `SimulatedOutlineView` that also keeps a selection as `NSOutlineView` does: by object, a row
/// removed or hidden leaves it (the view reports the change), `selectRowIndexes` reports too.
@MainActor
@Suite struct OutlineListHostTests {
    struct Node: Identifiable, Equatable, Sendable {
        let id: Int
        var name: String
        var children: [Node]?
    }

    /// A simulated outline view with a selection of objects.
    @MainActor
    final class SelectingOutlineView: OutlineListViewing {
        let simulated = SimulatedOutlineView()
        weak var host: OutlineListHost<Node>?
        var allowsMultipleSelection = true
        private var selected: [AnyObject] = []

        init() {
            simulated.cellContent = { ($0 as? OutlineViewItem<Node>)?.item.name }
        }

        func beginUpdates() { simulated.beginUpdates() }
        func endUpdates() { simulated.endUpdates(); prune() }
        func insertItems(at indexes: IndexSet, inParent parent: Any?) { simulated.insertItems(at: indexes, inParent: parent); prune() }
        func removeItems(at indexes: IndexSet, inParent parent: Any?) { simulated.removeItems(at: indexes, inParent: parent); prune() }
        func moveItem(at fromIndex: Int, inParent oldParent: Any?, to toIndex: Int, inParent newParent: Any?) {
            simulated.moveItem(at: fromIndex, inParent: oldParent, to: toIndex, inParent: newParent)
            prune()
        }
        func reloadItem(_ item: Any?, reloadChildren: Bool) { simulated.reloadItem(item, reloadChildren: reloadChildren); prune() }
        func expandItem(_ item: Any?, expandChildren: Bool) { simulated.expandItem(item, expandChildren: expandChildren) }
        func collapseItem(_ item: Any?, collapseChildren: Bool) { simulated.collapseItem(item, collapseChildren: collapseChildren); prune() }
        func reloadData() {
            // The data source the view reads: the host's updater now (a new one after a swap).
            simulated.dataSource = host?.updater
            simulated.userActions = host
            let hadSelection = !selected.isEmpty
            selected = []
            simulated.reloadData()
            if hadSelection { host?.viewSelectionDidChange() }
        }

        var numberOfRows: Int { simulated.numberOfRows }
        func item(atRow row: Int) -> Any? { simulated.item(atRow: row) }
        func row(forItem item: Any?) -> Int { simulated.row(forItem: item) }
        var visibleRows: Range<Int> { 0..<numberOfRows }
        var selectedRows: IndexSet { IndexSet(selected.map { simulated.row(forItem: $0) }.filter { $0 >= 0 }) }
        func selectRows(_ rows: IndexSet) {
            selected = rows.compactMap { simulated.item(atRow: $0) }
            host?.viewSelectionDidChange()
        }

        /// The user clicks rows (several only when the view allows it).
        func userSelects(_ rows: IndexSet) {
            selectRows(allowsMultipleSelection ? rows : rows.first.map { IndexSet(integer: $0) } ?? [])
        }

        /// A disclosure click: the view changes itself, hidden selected rows leave its selection.
        func userClicksDisclosure(row: Int, option: Bool = false) throws {
            defer { prune() }
            try simulated.simulateDisclosureClick(onRow: row, withOption: option)
        }

        /// The selected objects no longer shown leave the selection, which the view reports.
        private func prune() {
            let kept = selected.filter { simulated.row(forItem: $0) >= 0 }
            guard kept.count != selected.count else { return }
            selected = kept
            host?.viewSelectionDidChange()
        }
    }

    /// A storage, its host over a selecting simulated view (turns driven by the test), the
    /// app's binding and what its handlers were told.
    @MainActor
    final class Harness {
        var storage: OutlineStorage<Node>
        let scheduler = ManualScheduler()
        let view = SelectingOutlineView()
        let host: OutlineListHost<Node>
        var binding: Set<Int> = []
        var deleted: [Int] = []
        var moved: [(Int, IndexPath)] = []
        var failures: [String] = []
        var problems: [String] = []

        init(_ roots: [Node], deletable: Bool = true, movable: Bool = true) {
            storage = try! OutlineStorage(roots: roots, children: \.children)
            host = OutlineListHost(storage: storage, view: view, schedule: scheduler.schedule)
            view.host = host
            var handlers = OutlineListHandlers<Node>()
            handlers.canDelete = { _ in deletable }
            handlers.canMove = { _ in movable }
            handlers.didDelete = { [unowned self] node in
                if self.host.updater?.storage.item(withID: node.id) != nil { self.problems.append("\(node.id) told before removed") }
                self.deleted.append(node.id)
            }
            handlers.didMove = { [unowned self] node, path in
                let storage = self.host.updater!.storage
                if OutlineListHost<Node>.displayedIndexPath(of: node.id, in: storage) != path {
                    self.problems.append("\(node.id) told at \(path)")
                }
                self.moved.append((node.id, path))
            }
            handlers.didFail = { [unowned self] in self.failures.append("\($0)") }
            handlers.selectionDidChange = { [unowned self] in self.binding = $0 }
            host.handlers = handlers
            host.start()
        }

        func settle() { _ = scheduler.runUntilIdle() }
        func ids(_ objects: [Any?]) -> [Int] { objects.compactMap { ($0 as? OutlineViewItem<Node>)?.id } }
        var shownIDs: [Int] { ids(view.simulated.rows.map(\.object)) }
        var viewSelection: Set<Int> { Set(ids(view.selectedRows.map { view.item(atRow: $0) })) }
        func row(of id: Int) -> Int { shownIDs.firstIndex(of: id) ?? -1 }
        /// The binding's new value, as SwiftUI's render passes it.
        func render(_ selection: Set<Int>) {
            binding = selection
            host.setSelection(selection)
        }
    }

    static func tree() -> [Node] {
        [Node(id: 1, name: "Sources", children: [Node(id: 11, name: "App", children: [Node(id: 111, name: "main", children: nil)]),
                                                Node(id: 12, name: "Core", children: [])]),
         Node(id: 2, name: "Tests", children: [Node(id: 21, name: "Unit", children: nil)]),
         Node(id: 3, name: "README", children: nil)]
    }

    // MARK: Tree and expansion

    @Test func theViewShowsTheStoragesTreeAndExpansionAndTheUsersClicksReachTheStorage() throws {
        let storage = try OutlineStorage(roots: Self.tree(), children: \.children)
        try storage.expand([1])
        let harness = Harness([])
        harness.host.update(storage: storage, contentVersion: nil)   // another outline: starts over
        #expect(harness.shownIDs == [1, 11, 12, 2, 3])
        #expect(harness.host.storageSwaps == 1)
        try harness.view.userClicksDisclosure(row: 1)              // 11
        #expect(storage.isExpanded(11))
        #expect(harness.shownIDs == [1, 11, 111, 12, 2, 3])
        try storage.collapse([1])
        harness.settle()
        #expect(harness.shownIDs == [1, 2, 3])
        #expect(harness.view.simulated.violations.isEmpty)
    }

    // MARK: Selection

    @Test func theBindingSelectsTheRowsItShowsAndLosesTheOthers() throws {
        let harness = Harness(Self.tree())
        harness.render([2, 21, 99])           // 21 is hidden under 2, 99 is in no outline
        #expect(harness.viewSelection == [2])
        #expect(harness.binding == [2])
        try harness.storage.expand([2])
        harness.settle()
        harness.render([2, 21])
        #expect(harness.viewSelection == [2, 21])
        try harness.view.userClicksDisclosure(row: harness.row(of: 2))   // the user hides 21
        #expect(harness.binding == [2])
        try harness.storage.remove([2])
        #expect(harness.binding == [2])     // the view still shows it: the binding follows the view
        harness.settle()
        #expect(harness.binding.isEmpty)
        #expect(harness.viewSelection.isEmpty)
    }

    @Test func aSingleSelectionKeepsOneRowAndTheUsersClicksReachTheBinding() {
        let harness = Harness(Self.tree())
        harness.host.allowsMultipleSelection = false
        #expect(!harness.view.allowsMultipleSelection)
        harness.render([3, 1])
        #expect(harness.viewSelection == [1])
        #expect(harness.binding == [1])
        harness.view.userSelects(IndexSet([0, 2]))
        #expect(harness.binding == [1])
        harness.view.userSelects(IndexSet([2]))
        #expect(harness.binding == [3])
    }

    @Test func aSelectedItemMovedUnderACollapsedParentLeavesTheSelection() throws {
        let harness = Harness(Self.tree())
        harness.render([3])
        try harness.storage.move(3, to: 2, at: 0)   // 2 is collapsed
        harness.settle()
        #expect(harness.binding.isEmpty)
        #expect(harness.viewSelection.isEmpty)
    }

    // MARK: Deletion

    @Test func theDeleteKeyRemovesTheSelectedItemsWithTheirSubtreesThenTellsTheHandler() throws {
        let harness = Harness(Self.tree())
        try harness.storage.expand([1, 11])
        harness.settle()
        harness.render([1, 111])           // 111 goes with 1
        #expect(harness.host.userDidPressDelete())
        #expect(harness.deleted == [1])
        #expect(harness.storage.item(withID: 111) == nil)
        harness.settle()
        #expect(harness.shownIDs == [2, 3])
        #expect(harness.binding.isEmpty)
        #expect(harness.failures.isEmpty && harness.problems.isEmpty)
    }

    @Test func anItemWithoutAnOnDeleteIsNotDeletedAndAHandlersErrorIsReported() throws {
        let harness = Harness(Self.tree(), deletable: false)
        harness.render([3])
        #expect(!harness.host.userDidPressDelete())
        #expect(harness.storage.item(withID: 3) != nil)
        struct Refusal: Error {}
        harness.host.handlers.canDelete = { _ in true }
        harness.host.handlers.didDelete = { _ in throw Refusal() }
        try harness.view.simulated.simulateDelete(row: harness.row(of: 3))
        #expect(harness.storage.item(withID: 3) == nil)   // a notice: the storage removed it first
        #expect(harness.failures.count == 1)
    }

    // MARK: Drops

    @Test func aDropOnAnItemMakesItsLastChildAndTheHandlerGetsItsDisplayedRow() throws {
        let harness = Harness(Self.tree())
        try harness.storage.expand([2])
        harness.settle()
        try harness.view.simulated.simulateDrop(row: harness.row(of: 3), onto: harness.row(of: 2), childIndex: -1)
        #expect(harness.storage.children(of: 2)?.map(\.id) == [21, 3])
        #expect(harness.moved.map(\.0) == [3])
        #expect(harness.moved.first?.1 == IndexPath(indexes: [0, 3]))   // 1, 2, 21, 3
        harness.settle()
        #expect(harness.shownIDs == [1, 2, 21, 3])
        // Between items: a sibling; where it was: no move, no notice.
        try harness.view.simulated.simulateDrop(row: harness.row(of: 3), onto: harness.row(of: 2), childIndex: 2)
        #expect(harness.moved.count == 1)
        // Onto a collapsed item: the row of that item.
        try harness.view.simulated.simulateDrop(row: harness.row(of: 3), onto: harness.row(of: 1), childIndex: -1)
        #expect(harness.moved.last?.1 == IndexPath(indexes: [0, 0]))
        #expect(harness.problems.isEmpty && harness.failures.isEmpty)
    }

    @Test func refusedDropsAreNotOfferedAndAnItemWithoutAnOnMoveIsNotDragged() throws {
        let harness = Harness(Self.tree())
        try harness.storage.expand([1])
        harness.settle()
        let one = harness.view.item(atRow: 0)!, eleven = harness.view.item(atRow: 1)!
        #expect(!harness.host.canDrop(one, onto: eleven, childIndex: -1))   // into its own subtree
        #expect(harness.host.canDrop(eleven, onto: nil, childIndex: 0))
        let fixed = Harness(Self.tree(), movable: false)
        let three = fixed.view.item(atRow: 2)!
        #expect(fixed.host.pasteboardString(forDragging: three) == nil)
        #expect(!fixed.host.canDrop(three, onto: nil, childIndex: 0))
        #expect(throws: SimulatedOutlineViewError.self) {
            try fixed.view.simulated.simulateDrop(row: 2, onto: nil, childIndex: 0, skippingValidation: true)
        }
        #expect(fixed.storage.children(of: nil)?.map(\.id) == [1, 2, 3])
    }

    @Test func aDragCarriesATokenThatDropsTheItemItNames() throws {
        let harness = Harness(Self.tree())
        let three = harness.view.item(atRow: 2)!
        let token = try #require(harness.host.pasteboardString(forDragging: three))
        #expect(harness.host.canDrop(pasteboardStrings: [token], onto: nil, childIndex: 0))
        #expect(!harness.host.canDrop(pasteboardStrings: [token, token], onto: nil, childIndex: 0))
        #expect(harness.host.acceptDrop(pasteboardStrings: [token], onto: nil, childIndex: 0))
        #expect(harness.storage.children(of: nil)?.map(\.id) == [3, 1, 2])
        #expect(!harness.host.acceptDrop(pasteboardStrings: ["elsewhere"], onto: nil, childIndex: 0))
        #expect(harness.failures.count == 1)
    }

    // MARK: Life cycle

    @Test func aNewContentVersionReadsTheVisibleRowsAgainAndTheSameDoesNothing() throws {
        let harness = Harness(Self.tree())
        let reloads = { harness.view.simulated.log.filter { $0.hasPrefix("reload ") }.count }
        harness.host.update(storage: harness.storage, contentVersion: 1)
        #expect(reloads() == 3)
        harness.host.update(storage: harness.storage, contentVersion: 1)
        #expect(reloads() == 3)
        #expect(harness.host.reconfigurations == 1)
    }

    @Test func anotherOutlineStartsOverKeepingTheSelectedIDsItShows() throws {
        let harness = Harness(Self.tree())
        harness.render([3, 2])
        let other = try OutlineStorage(roots: [Node(id: 3, name: "README", children: nil)], children: \.children)
        harness.host.update(storage: other, contentVersion: nil)
        #expect(harness.shownIDs == [3])
        #expect(harness.binding == [3])
        #expect(harness.viewSelection == [3])
        try harness.storage.append([Node(id: 4, name: "old", children: nil)], to: nil)
        harness.settle()
        #expect(harness.shownIDs == [3])   // the old outline is no longer shown
        #expect(harness.view.simulated.violations.isEmpty)
    }

    @Test func dismantleStopsShowingTheStorage() throws {
        let harness = Harness(Self.tree())
        harness.host.dismantle()
        try harness.storage.append([Node(id: 4, name: "new", children: nil)], to: nil)
        harness.settle()
        #expect(harness.view.simulated.log.filter { $0.hasPrefix("insert") }.isEmpty)
        harness.host.update(storage: harness.storage, contentVersion: 2)
        #expect(harness.host.reconfigurations == 0)
        #expect(!harness.host.userDidPressDelete())
    }

    @Test func theSummaryCountsTheRowsTheViewShows() throws {
        let harness = Harness(Self.tree())
        let summary = ListSummary()
        harness.host.attach(summary)
        #expect(summary.numberOfItems == 3)
        try harness.storage.expand([1])
        #expect(summary.numberOfItems == 3)    // not ahead of the view
        harness.settle()
        #expect(summary.numberOfItems == 5)
    }
}
