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

    @Test("a removed item added again with the same id is another row: a tap on the old row toggles nothing")
    @MainActor func tapOnAnItemAddedAgain() throws {
        let (outline, updater, view, _) = try makeScreen()
        try outline.remove([2])
        try outline.append([TreeItem(id: 2)], to: nil)
        #expect(throws: UserActionError.itemLeftStorage(path(0, 1))) { try updater.userDidToggleExpansion(at: path(0, 1)) }
        #expect(outline.expandedIDs.isEmpty)
        _ = view
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
}
