import FingerprintDiff
import Foundation
import ModelStorage
import ModelStorageTesting
import Testing

/// The user's actions on an outline shown by a `SimulatedView` behind a `ViewUpdater`: taps on
/// disclosure controls, each reaching the item of the row the user touched (found by identity
/// while changes are pending or animate), never the item the storage now holds at that row. The
/// tree is `OutlineStorageTests.tree`:
///
/// ```
/// 1          (children 11, 12)
///   11       (child 111)
///     111
///   12
/// 2          (child 21)
///   21
/// 3
/// ```
@Suite struct OutlineUserActionTests {
    @MainActor
    func makeScreen(expanded: [Int] = []) throws -> (OutlineStorage<TreeItem>, ViewUpdater<OutlineStorage<TreeItem>>, SimulatedView, ManualScheduler) {
        let outline = try OutlineStorage(roots: OutlineStorageTests.tree, children: \.children)
        try outline.expand(expanded)
        let scheduler = ManualScheduler()
        let view = SimulatedView(visibleItemCount: 20)
        let updater = ViewUpdater(storage: outline, view: view, schedule: scheduler.schedule)
        view.dataSource = updater
        view.layoutIfNeeded()
        return (outline, updater, view, scheduler)
    }

    /// The ids of the visible rows.
    func ids(_ outline: OutlineStorage<TreeItem>) -> [Int] { outline.visibleItems.map(\.id) }

    /// The ids of the rows the view shows.
    @MainActor
    func shownIDs(_ updater: ViewUpdater<OutlineStorage<TreeItem>>) -> [Int] {
        (0..<updater.numberOfItems(inSection: 0)).map { updater.displayedItem(at: path(0, $0))!.id }
    }

    // MARK: Disclosure taps

    @Test("toggleExpansion(of:): expands a collapsed item, collapses an expanded one; an id not in the tree is refused")
    func toggling() throws {
        let (outline, _) = try OutlineStorageTests().makeOutline()
        try outline.toggleExpansion(of: 1)
        #expect(ids(outline) == [1, 11, 12, 2, 3])
        try outline.toggleExpansion(of: 11)
        #expect(ids(outline) == [1, 11, 111, 12, 2, 3])
        try outline.toggleExpansion(of: 1)
        #expect(ids(outline) == [1, 2, 3])
        #expect(outline.expandedIDs == [11], "a collapse keeps the expansion below it")
        #expect(throws: OutlineError.itemNotFound("99")) { try outline.toggleExpansion(of: 99) }
        #expect(ids(outline) == [1, 2, 3] && outline.expandedIDs == [11])
    }

    @Test("a disclosure tap expands the row's item; the next batch inserts the rows of its shown descendants")
    @MainActor func tapExpands() throws {
        let (outline, updater, view, scheduler) = try makeScreen(expanded: [11])
        try view.simulateDisclosureTap(at: path(0, 0))
        #expect(ids(outline) == [1, 11, 111, 12, 2, 3])
        quiesce(updater, view, scheduler)
        expectShowsStorage(updater, view)
        try view.simulateDisclosureTap(at: path(0, 0))
        #expect(ids(outline) == [1, 2, 3])
        quiesce(updater, view, scheduler)
        expectShowsStorage(updater, view)
    }

    @Test("a tap while an insertion above is pending toggles the row the user touched, not the one now at its index path")
    @MainActor func tapWithPendingInsertion() throws {
        let (outline, updater, view, scheduler) = try makeScreen()
        try outline.insert([TreeItem(id: 4)], before: 1)           // not shown yet: the storage's row 1 is 1
        try view.simulateDisclosureTap(at: path(0, 1))               // the user taps 2
        #expect(outline.expandedIDs == [2])
        #expect(ids(outline) == [4, 1, 2, 21, 3])
        quiesce(updater, view, scheduler)
        expectShowsStorage(updater, view)
    }

    @Test("a tap during an animation reaches the row the view shows, and the next batch follows")
    @MainActor func tapDuringAnimation() throws {
        let (outline, updater, view, scheduler) = try makeScreen(expanded: [1])
        try outline.collapse([1])
        scheduler.runNextTurn()                                      // the collapse animates
        #expect(view.batchesInFlight == 1)
        try outline.insert([TreeItem(id: 0)], before: 1)             // pending
        try view.simulateDisclosureTap(at: path(0, 1))               // the view shows 2 there
        #expect(outline.expandedIDs == [2])
        #expect(shownIDs(updater) == [1, 2, 3])
        quiesce(updater, view, scheduler)
        expectShowsStorage(updater, view)
        #expect(shownIDs(updater) == [0, 1, 2, 21, 3])
    }

    @Test("a tap on a row whose item a pending change removed: itemLeftStorage, nothing toggled")
    @MainActor func tapOnARemovedItem() throws {
        let (outline, updater, view, scheduler) = try makeScreen()
        try outline.remove([1])                                      // the view still shows 1 at row 0
        #expect(throws: UserActionError.itemLeftStorage(path(0, 0))) { try view.simulateDisclosureTap(at: path(0, 0)) }
        #expect(outline.expandedIDs.isEmpty, "the item now at row 0 is not toggled")
        quiesce(updater, view, scheduler)
        expectShowsStorage(updater, view)
    }

    @Test("rows are found by id when their identity changed: rows a collapse and an expansion deleted and inserted again")
    @MainActor func tapOnARowShownAgain() throws {
        let (outline, updater, view, scheduler) = try makeScreen(expanded: [1])
        try outline.collapse([1])
        try outline.expand([1])                                      // 11 and 12 are new rows of the same ids
        try view.simulateDisclosureTap(at: path(0, 1))               // the user taps 11
        #expect(outline.expandedIDs == [1, 11])
        try outline.remove([12])
        try outline.append([TreeItem(id: 12)], to: 1)                // 12 added again
        try view.simulateDisclosureTap(at: path(0, 2))
        #expect(outline.expandedIDs == [1, 11, 12])
        try outline.collapse([1])                                    // 11 hidden: its row left the rows
        #expect(throws: UserActionError.itemLeftStorage(path(0, 1))) { try view.simulateDisclosureTap(at: path(0, 1)) }
        #expect(outline.expandedIDs == [11, 12])
        quiesce(updater, view, scheduler)
        expectShowsStorage(updater, view)
    }

    @Test("taps the updater cannot take: a row the view does not show, a storage that is not an outline")
    @MainActor func tapsRefused() throws {
        let (outline, updater, view, _) = try makeScreen()
        for outside in [path(0, 3), path(1, 0), path(0, -1)] {
            #expect(throws: UserActionError.noItemDisplayed(outside)) { try view.simulateDisclosureTap(at: outside) }
            #expect(throws: UserActionError.noItemDisplayed(outside)) { try updater.userDidToggleExpansion(at: outside) }
        }
        #expect(outline.expandedIDs.isEmpty)
        let storage = MemoryStorage()
        try storage.addItems([Cell(id: 0)])
        let memoryView = SimulatedView(visibleItemCount: 5)
        let memoryUpdater = ViewUpdater(storage: storage, view: memoryView, schedule: ManualScheduler().schedule)
        memoryView.dataSource = memoryUpdater
        #expect(throws: UserActionError.notEditable) { try memoryView.simulateDisclosureTap(at: path(0, 0)) }
        let unhandled = SimulatedView(visibleItemCount: 5)
        #expect(throws: UserActionError.noItemDisplayed(path(0, 0))) { try unhandled.simulateDisclosureTap(at: path(0, 0)) }
    }

    // MARK: Drags and swipes, in the storage's rows

    /// The outline expanded at 1, 11 and 2: rows 1@0 11@1 111@2 12@1 2@0 21@1 3@0.
    func expandedOutline() throws -> OutlineStorage<TreeItem> {
        let (outline, _) = try OutlineStorageTests().makeOutline(expanded: [1, 11, 2])
        return outline
    }

    /// The tree as `parent: children` lines, roots first.
    func shape(_ outline: OutlineStorage<TreeItem>) -> [String] {
        OutlineModel(reading: outline).allNodes.filter { !$0.children.isEmpty }.map { "\($0.item.id): \($0.children.map(\.item.id))" }
            + ["roots: \(outline.children(of: nil)!.map(\.id))"]
    }

    @Test("moveItem(at:to:): the item becomes the next sibling of the row above (read once its row left), at that row's level, with its subtree",
          arguments: [
              // (source row, destination row, the tree after it)
              (6, 0, ["1: [11, 12]", "11: [111]", "2: [21]", "roots: [3, 1, 2]"]),          // no row above: the first root
              (6, 3, ["1: [11, 12]", "11: [111, 3]", "2: [21]", "roots: [1, 2]"]),          // after 111, at level 2
              (0, 6, ["2: [21]", "1: [11, 12]", "11: [111]", "roots: [2, 3, 1]"]),          // 1's subtree goes with it
              (5, 2, ["1: [11, 21, 12]", "11: [111]", "roots: [1, 2, 3]"]),                 // 2 is left without children
              (3, 1, ["1: [11]", "11: [111]", "2: [21]", "roots: [1, 12, 2, 3]"]),          // after 1: a root
              (1, 3, ["1: [12, 11]", "11: [111]", "2: [21]", "roots: [1, 2, 3]"]),          // after 12, 11's row left first
              (1, 4, ["1: [12]", "2: [21]", "11: [111]", "roots: [1, 2, 11, 3]"]),          // after 2, not into it
              (3, 5, ["1: [11]", "11: [111]", "2: [21, 12]", "roots: [1, 2, 3]"]),          // after 21
              (4, 4, ["1: [11, 12, 2]", "11: [111]", "2: [21]", "roots: [1, 3]"]),          // in place, after 12: at 12's level
              (1, 1, ["1: [12]", "11: [111]", "2: [21]", "roots: [1, 11, 2, 3]"]),          // in place, below its parent: its next sibling
          ])
    func dragRule(source: Int, destination: Int, expected: [String]) throws {
        let outline = try expandedOutline()
        try outline.moveItem(at: path(0, source), to: path(0, destination))
        #expect(shape(outline) == expected)
        #expect(outline.expandedIDs == [1, 11, 2], "the expansion moves with the items")
    }

    @Test("a drop whose row above is the item's own descendant is refused, with a typed error; nothing changes")
    func dragIntoOwnSubtree() throws {
        let outline = try expandedOutline()
        let before = shape(outline)
        let received = OutlineStorageTests.Received()
        outline.addObserver { received.updates.append($0) }
        for (source, destination, id) in [(1, 2, 11), (0, 1, 1), (0, 2, 1), (0, 3, 1), (4, 5, 2)] {
            #expect(throws: StorageError.outlineRefused(.moveIntoOwnSubtree("\(id)"))) {
                try outline.moveItem(at: path(0, source), to: path(0, destination))
            }
        }
        #expect(shape(outline) == before && received.updates.isEmpty)
    }

    @Test("moveItem(at:to:) and removeItem(at:) refuse index paths outside the rows")
    func dragsRefused() throws {
        let outline = try expandedOutline()
        let before = shape(outline)
        #expect(throws: StorageError.itemOutOfRange(path(0, 7), itemCount: 7)) { try outline.moveItem(at: path(0, 7), to: path(0, 0)) }
        #expect(throws: StorageError.itemOutOfRange(path(0, 7), itemCount: 6)) { try outline.moveItem(at: path(0, 0), to: path(0, 7)) }
        #expect(throws: StorageError.sectionOutOfRange(1, sectionCount: 1)) { try outline.moveItem(at: path(1, 0), to: path(0, 0)) }
        #expect(throws: StorageError.invalidIndexPath(path(0, -1))) { try outline.moveItem(at: path(0, 0), to: path(0, -1)) }
        #expect(throws: StorageError.itemOutOfRange(path(0, 7), itemCount: 7)) { try outline.removeItem(at: path(0, 7)) }
        #expect(throws: StorageError.invalidIndexPath(IndexPath(indexes: [0]))) { try outline.removeItem(at: IndexPath(indexes: [0])) }
        #expect(shape(outline) == before)
    }

    @Test("removeItem(at:): the row's item goes with its subtree, the rows of its shown descendants with it")
    func swipeRemovesSubtree() throws {
        let outline = try expandedOutline()
        try outline.removeItem(at: path(0, 1))
        #expect(ids(outline) == [1, 12, 2, 21, 3])
        #expect(outline.count == 5 && outline.expandedIDs == [1, 2])
    }

    // MARK: Drags and swipes through the view

    @Test("a drag of a row with shown descendants: the view moves the row, the next batches bring its subtree after it")
    @MainActor func dragWithDescendants() throws {
        let (outline, updater, view, scheduler) = try makeScreen(expanded: [1, 11, 2])
        let batches = view.batchCount
        try view.simulateUserMove(from: path(0, 1), to: path(0, 6))     // 11 after 3, as a root
        #expect(view.batchCount == batches, "no batch for the user's move")
        #expect(shownIDs(updater) == [1, 111, 12, 2, 21, 3, 11])
        #expect(ids(outline) == [1, 12, 2, 21, 3, 11, 111])
        quiesce(updater, view, scheduler)
        expectShowsStorage(updater, view)
        #expect(outline.level(of: 111) == 1)
    }

    @Test("a drop into the dragged item's own subtree: refused with a typed error, and the view goes back to the storage")
    @MainActor func dropIntoOwnSubtree() throws {
        let (outline, updater, view, scheduler) = try makeScreen(expanded: [1, 11, 2])
        #expect(throws: UserActionError.storageRefused(.outlineRefused(.moveIntoOwnSubtree("1")))) {
            try view.simulateUserMove(from: path(0, 0), to: path(0, 2))    // below 111
        }
        #expect(ids(outline) == [1, 11, 111, 12, 2, 21, 3])
        quiesce(updater, view, scheduler)
        expectShowsStorage(updater, view)
    }

    @Test("a drag while a change is pending and a batch animates: the rule reads the storage's row above, the item the view shows there")
    @MainActor func dragWhilePending() throws {
        let (outline, updater, view, scheduler) = try makeScreen(expanded: [1, 2])
        try outline.collapse([1])
        scheduler.runNextTurn()                                          // the collapse animates
        try outline.insert([TreeItem(id: 4)], before: 2)                 // pending
        // The view shows 1 2 21 3. Dropped below 1, 3 follows 1 (before 4, which the view does not show).
        try view.simulateUserMove(from: path(0, 3), to: path(0, 1))
        #expect(outline.children(of: nil)!.map(\.id) == [1, 3, 4, 2])
        // Dropped below the expanded 2, 3 is 2's next sibling: where it was, so the view moves it back.
        try view.simulateUserMove(from: path(0, 1), to: path(0, 1))
        try view.simulateUserMove(from: path(0, 1), to: path(0, 2))
        #expect(outline.children(of: nil)!.map(\.id) == [1, 4, 2, 3])
        #expect(shownIDs(updater) == [1, 2, 3, 21])
        // Dropped below 21, 3 is 21's next sibling.
        try view.simulateUserMove(from: path(0, 2), to: path(0, 3))
        #expect(outline.children(of: 2)!.map(\.id) == [21, 3])
        view.finishAnimations()
        quiesce(updater, view, scheduler)
        expectShowsStorage(updater, view)
        #expect(ids(outline) == [1, 4, 2, 21, 3])
    }

    @Test("a swipe to delete of a row with shown descendants deletes their rows too")
    @MainActor func swipeWithDescendants() throws {
        let (outline, updater, view, scheduler) = try makeScreen(expanded: [1, 11])
        try outline.insert([TreeItem(id: 0)], before: 1)                 // pending
        try view.simulateSwipeToDelete(at: path(0, 1))                   // 11, shown at row 1
        #expect(ids(outline) == [0, 1, 12, 2, 3])
        quiesce(updater, view, scheduler)
        expectShowsStorage(updater, view)
    }
}
