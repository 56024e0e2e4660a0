import Foundation
import ModelStorage
import ModelStorageTesting
import ModelStorageViews
import Observation
import Testing

/// Selection by `ItemKey`, every listener of one updater, the meaning of the app's handlers, and
/// refreshes that are cancelled or outlive their storage.
@MainActor
@Suite struct ListHostKeyedTests {
    @Test("an ItemKey is the type and the id: equal ids of two types are two keys")
    func itemKeys() {
        #expect(ItemKey(Track(id: 1)) != ItemKey(Playlist(id: 1)))
        #expect(ItemKey(Track(id: 1)) == ItemKey(Track.self, id: 1))
        #expect(ItemKey(item: Track(id: 1) as any Sendable) == ItemKey(Track(id: 1)))
        #expect(ItemKey(item: "plain" as any Sendable) == ItemKey(value: "plain"))
        #expect(ItemKey(value: "1") != ItemKey(value: 1))
        #expect(ItemKey(Track(id: 4)).id(as: Track.self) == 4 && ItemKey(Track(id: 4)).id(as: Playlist.self) == nil)
        #expect(Set([ItemKey(Track(id: 1)), ItemKey(Playlist(id: 1)), ItemKey(Track.self, id: 1)]).count == 2)
        #expect(ItemKey(Track(id: 2)).description == "Track(2)")
    }

    @Test("a track and a playlist with equal ids are two entries of the selection; one leaving keeps the other")
    func selectionByKey() throws {
        let storage = MemoryStorage()
        try storage.setItemsForAllSections([[Track(id: 1), Playlist(id: 1), Track(id: 2)] as [any Sendable]])
        let screen = KeyedHostScreen(storage)
        #expect(screen.host.setSelection([ItemKey(Track(id: 1)), ItemKey(Playlist(id: 1)), ItemKey(Playlist(id: 9))]))
        #expect(screen.host.selection == [ItemKey(Track(id: 1)), ItemKey(Playlist(id: 1))])   // the vanished id dropped
        #expect(screen.selectionReports.last == screen.host.selection)
        try storage.removeItem(Track(id: 1))
        screen.settle()
        #expect(screen.host.selection == [ItemKey(Playlist(id: 1))])
        #expect(screen.host.selectedIndexPaths == [path(0, 0)] && screen.showsStorage)
    }

    @Test("one selected item at most: a tap replaces the selection even when extending")
    func singleSelection() throws {
        let storage = MemoryStorage()
        try storage.setItemsForAllSections([[Track(id: 1), Playlist(id: 1), Track(id: 2)] as [any Sendable]])
        let screen = KeyedHostScreen(storage)
        screen.host.allowsMultipleSelection = false
        screen.host.userDidSelectItem(at: path(0, 0))
        screen.host.userDidSelectItem(at: path(0, 1), extending: true)
        #expect(screen.host.selection == [ItemKey(Playlist(id: 1))])
    }

    @Test("a summary and the selection both follow one updater; ending one observation keeps the other")
    func everyListenerKept() throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { return }
        let storage = MemoryStorage()
        try storage.setItemsForAllSections([[Track(id: 1), Track(id: 2), Track(id: 3)] as [any Sendable]])
        let screen = KeyedHostScreen(storage)
        let summary = ListSummary(), other = ListSummary()
        summary.follow(screen.host.updater)
        other.follow(screen.host.updater)
        var told = 0
        let token = screen.host.updater.addContentObserver { told += 1 }
        screen.host.setSelection([ItemKey(Track(id: 2))])
        try storage.removeItem(Track(id: 2))
        #expect(summary.numberOfItems == 3 && !screen.host.selection.isEmpty)   // not ahead of the list
        screen.settle()
        #expect(summary.numberOfItems == 2 && other.numberOfItems == 2 && told == 1)
        #expect(screen.host.selection.isEmpty && screen.selectionReports.last == [])
        screen.host.updater.removeContentObserver(token)
        other.follow(ViewUpdater(storage: MemoryStorage(), view: SimulatedView()))   // ends following this one
        try storage.removeItem(Track(id: 1))
        screen.settle()
        #expect(summary.numberOfItems == 1 && other.numberOfItems == 0 && told == 1)
    }

    @Test("a listener that adds and removes listeners while told changes nothing of this change")
    func listenersChangedWhileTold() throws {
        let storage = MemoryStorage()
        try storage.setItemsForAllSections([[Track(id: 1)] as [any Sendable]])
        let screen = KeyedHostScreen(storage)
        let updater = screen.host.updater
        var calls: [String] = []
        var second: ObserverToken?
        let first = updater.addContentObserver {
            calls.append("first")
            if second == nil { second = updater.addContentObserver { calls.append("second") } }
        }
        try storage.addItem(Track(id: 2))
        screen.settle()
        #expect(calls == ["first"])
        updater.removeContentObserver(first)
        try storage.addItem(Track(id: 3))
        screen.settle()
        #expect(calls == ["first", "second"] && screen.showsStorage)
    }

    @Test("a delete handler that throws after the storage removed the item: reported, the item stays gone")
    func throwingNotice() throws {
        let storage = MemoryStorage()
        try storage.setItemsForAllSections([[Track(id: 1), Playlist(id: 1)] as [any Sendable]])
        let screen = KeyedHostScreen(storage)
        screen.host.didDeleteItem = { throw HandlerFailure(item: "\($0)") }
        #expect(screen.host.userDidSwipeToDelete(at: path(0, 0)))
        #expect(screen.failures.map { $0 as? HandlerFailure } == [HandlerFailure(item: "t1")])
        #expect(!screen.host.userDidSwipeToDelete(at: path(0, 7)))
        #expect(screen.failures.last as? UserActionError == .noItemDisplayed(path(0, 7)))
        screen.settle()
        #expect(screen.keys(of: storage) == [[ItemKey(Playlist(id: 1))]] && screen.showsStorage)
    }

    @Test("a move handler that throws after the storage moved the item: reported, the move stays")
    func throwingMoveNotice() throws {
        let storage = MemoryStorage()
        try storage.setItemsForAllSections([[Track(id: 1), Track(id: 2), Track(id: 3)] as [any Sendable]])
        let screen = KeyedHostScreen(storage)
        screen.host.didMoveItem = { item, _ in throw HandlerFailure(item: "\(item)") }
        try screen.view.simulateUserMove(from: path(0, 0), to: path(0, 2))   // the view moves the row, then tells the host
        #expect(screen.failures.map { $0 as? HandlerFailure } == [HandlerFailure(item: "t1")])
        screen.settle()
        #expect(screen.keys(of: storage) == [[ItemKey(Track(id: 2)), ItemKey(Track(id: 3)), ItemKey(Track(id: 1))]])
        #expect(screen.showsStorage, "\(screen.mismatch)")
    }

    @Test("a refresh whose task is cancelled ends: no refresh is left running, the next pull runs")
    func cancelledRefresh() async throws {
        let storage = MemoryStorage()
        let screen = KeyedHostScreen(storage)
        var runs = 0, sawCancellation = false
        screen.host.refreshAction = {
            runs += 1
            while !Task.isCancelled { await Task.yield() }
            sawCancellation = true
        }
        let pull = Task { await screen.host.refresh() }
        while !screen.host.isRefreshing { await Task.yield() }
        pull.cancel()
        await pull.value
        #expect(sawCancellation && !screen.host.isRefreshing)
        screen.host.refreshAction = { runs += 1 }
        await screen.host.refresh()
        #expect(runs == 2 && !screen.host.isRefreshing)
    }

    @Test("a storage swapped while a refresh runs: the refresh ends, the list shows the new storage only")
    func storageSwappedDuringRefresh() async throws {
        let first = MemoryStorage(), second = MemoryStorage()
        try first.setItemsForAllSections([[Track(id: 1)] as [any Sendable]])
        try second.setItemsForAllSections([[Playlist(id: 5), Playlist(id: 6)] as [any Sendable]])
        let screen = KeyedHostScreen(first)
        let (gate, open) = AsyncStream<Void>.makeStream()
        screen.host.refreshAction = {
            for await _ in gate { break }
            try? first.addItem(Track(id: 2))   // the old storage, which the list no longer shows
        }
        let pull = Task { await screen.host.refresh() }
        while !screen.host.isRefreshing { await Task.yield() }
        screen.host.update(storage: second, rowContent: "rows")
        open.yield()
        await pull.value
        screen.settle()
        #expect(!screen.host.isRefreshing && screen.host.storage === second)
        #expect(screen.keys(of: screen.host) == [[ItemKey(Playlist(id: 5)), ItemKey(Playlist(id: 6))]] && screen.showsStorage)
    }
}
