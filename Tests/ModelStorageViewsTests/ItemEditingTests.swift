import Foundation
import ModelStorage
import ModelStorageTesting
@testable import ModelStorageViews
import SeededRandom
import Testing

/// A screen as a data source builds it: a storage, a view with UIKit's rules whose user actions
/// reach the data source's editing, the updater between them, the scheduler of its turns.
@MainActor
final class EditingScreen {
    let storage = MemoryStorage()
    let scheduler = ManualScheduler()
    let view = SimulatedView(animationDuration: .milliseconds(300), visibleItemCount: 10_000)
    let updater: ViewUpdater<MemoryStorage>
    let editing: ItemEditing
    var failures: [UserActionError] = []

    init(_ sections: [[Row]]) throws {
        try storage.setItemsForAllSections(sections)
        updater = ViewUpdater(storage: storage, view: view, schedule: scheduler.schedule)
        editing = ItemEditing(updater)
        view.dataSource = updater
        view.userActionHandler = editing
        view.layoutIfNeeded()
        editing.didFail = { [unowned self] in failures.append($0) }
    }

    /// Runs turns and animations until the view shows the storage.
    func settle() {
        for _ in 0..<100 where !updater.isIdle {
            scheduler.runUntilIdle()
            view.finishAnimations()
        }
    }

    /// The rows the storage holds, by section.
    var storedRows: [[Row]] {
        (0..<storage.numberOfSections).map { section in
            (0..<storage.numberOfItems(inSection: section)).map { storage.item(at: path(section, $0)) as! Row }
        }
    }

    /// The rows the view's cells show, by section.
    var shownRows: [[Row?]] {
        let counts = view.cachedItemCounts ?? []
        var rows = counts.map { [Row?](repeating: nil, count: $0) }
        for cell in view.visibleCells { rows[cell.indexPath[0]][cell.indexPath[1]] = cell.item as? Row }
        return rows
    }
}

@MainActor
@Suite struct ItemEditingTests {
    @Test("a swipe deletes the item the user swiped, not the one the storage now holds at its index path")
    func swipeWithPendingChange() throws {
        let screen = try EditingScreen([[Row(id: 1), Row(id: 2), Row(id: 3)]])
        var deleted: [Row] = []
        var handlers = EditingHandlers<Row>(canDeleteItem: { _ in true })
        handlers.didDeleteItem = { deleted.append($0) }
        screen.editing.setHandlers(handlers)
        try screen.storage.insertItem(Row(id: 9), to: path(0, 0))   // pending: the view shows 1, 2, 3
        #expect(screen.editing.canDeleteItem(at: path(0, 1)))
        try screen.view.simulateSwipeToDelete(at: path(0, 1))        // the user swiped 2
        #expect(screen.storedRows == [[Row(id: 9), Row(id: 1), Row(id: 3)]])
        #expect(deleted == [Row(id: 2)])
        screen.settle()
        #expect(screen.shownRows == [[Row(id: 9), Row(id: 1), Row(id: 3)]])
        #expect(screen.view.violations.isEmpty && screen.failures.isEmpty)
    }

    @Test("a drag moves the item the user dragged, next to the item it was dropped after, whatever is pending")
    func dragWithPendingChange() throws {
        let screen = try EditingScreen([[Row(id: 1), Row(id: 2), Row(id: 3), Row(id: 4)]])
        var moves: [(Row, IndexPath, IndexPath)] = []
        var handlers = EditingHandlers<Row>(canMoveItem: { _ in true })
        handlers.didMoveItem = { moves.append(($0, $1, $2)) }
        screen.editing.setHandlers(handlers)
        try screen.storage.removeItem(Row(id: 1))                    // pending: the view shows 1, 2, 3, 4
        try screen.view.simulateUserMove(from: path(0, 3), to: path(0, 1))   // 4 dropped after 1
        // 1 has left the storage: 4 goes before 2, the item the view shows after it.
        #expect(screen.storedRows == [[Row(id: 4), Row(id: 2), Row(id: 3)]])
        #expect(moves.count == 1 && moves[0].0 == Row(id: 4) && moves[0].1 == path(0, 2) && moves[0].2 == path(0, 0))
        screen.settle()
        #expect(screen.shownRows == [[Row(id: 4), Row(id: 2), Row(id: 3)]])
        #expect(screen.view.violations.isEmpty && screen.failures.isEmpty)
    }

    @Test("nothing is editable without handlers; handlers are per type and receive typed items")
    func handlersPerType() throws {
        let screen = try EditingScreen([[Row(id: 1), Row(id: 2)]])
        try screen.storage.addItem("header note", toSection: 0)
        screen.settle()
        #expect(!screen.editing.canDeleteItem(at: path(0, 0)) && !screen.editing.canMoveItem(at: path(0, 0)))
        screen.editing.setHandlers(EditingHandlers<Row>(canDeleteItem: { $0.id != 2 }, canMoveItem: { $0.id == 2 }))
        #expect(screen.editing.canDeleteItem(at: path(0, 0)) && !screen.editing.canDeleteItem(at: path(0, 1)))
        #expect(!screen.editing.canMoveItem(at: path(0, 0)) && screen.editing.canMoveItem(at: path(0, 1)))
        #expect(!screen.editing.canDeleteItem(at: path(0, 2)) && !screen.editing.canMoveItem(at: path(0, 2)))
        screen.editing.setHandlers(EditingHandlers<String>(canDeleteItem: { $0.hasPrefix("header") }))
        #expect(screen.editing.canDeleteItem(at: path(0, 2)) && screen.editing.canDeleteItem(at: path(0, 0)))
        #expect(!screen.editing.canDeleteItem(at: path(3, 0)) && !screen.editing.canMoveItem(at: path(0, 9)))
    }

    @Test("bad input: a path the view does not show, an item a pending change removed: reported, thrown, nothing lost")
    func badInput() throws {
        let screen = try EditingScreen([[Row(id: 1), Row(id: 2)], [Row(id: 3)]])
        screen.editing.setHandlers(EditingHandlers<Row>(canDeleteItem: { _ in true }, canMoveItem: { _ in true }))
        #expect(throws: UserActionError.noItemDisplayed(path(0, 5))) { try screen.editing.userDidDeleteItem(at: path(0, 5)) }
        #expect(throws: UserActionError.noItemDisplayed(path(2, 0))) {
            try screen.editing.userDidMoveItem(at: path(2, 0), to: path(0, 0))
        }
        #expect(throws: UserActionError.invalidDestination(path(7, 0))) {
            try screen.editing.userDidMoveItem(at: path(0, 0), to: path(7, 0))
        }
        try screen.storage.removeItem(Row(id: 2))                    // pending
        #expect(throws: UserActionError.itemLeftStorage(path(0, 1))) { try screen.editing.userDidDeleteItem(at: path(0, 1)) }
        #expect(screen.failures == [.noItemDisplayed(path(0, 5)), .noItemDisplayed(path(2, 0)),
                                    .invalidDestination(path(7, 0)), .itemLeftStorage(path(0, 1))])
        #expect(screen.storedRows == [[Row(id: 1)], [Row(id: 3)]])
        screen.settle()
        #expect(screen.shownRows == [[Row(id: 1)], [Row(id: 3)]] && screen.view.violations.isEmpty)
    }

    @Test("a storage the updater cannot edit: deleteItem and moveItem receive the item; without them, notEditable")
    func notEditable() throws {
        let handler = NotEditableHandler()
        let editing = ItemEditing(handler: handler, displayedItem: { [Row(id: 1), Row(id: 2)].indices.contains($0[1]) ? Row(id: $0[1] + 1) : nil })
        var failures: [UserActionError] = []
        editing.didFail = { failures.append($0) }
        #expect(throws: UserActionError.notEditable) { try editing.userDidDeleteItem(at: path(0, 1)) }
        var deleted: [Row] = [], moved: [(Row, IndexPath)] = []
        var handlers = EditingHandlers<Row>(canDeleteItem: { _ in true }, canMoveItem: { _ in true })
        handlers.deleteItem = { deleted.append($0) }
        handlers.moveItem = { moved.append(($0, $1)) }
        editing.setHandlers(handlers)
        try editing.userDidDeleteItem(at: path(0, 1))
        try editing.userDidMoveItem(at: path(0, 0), to: path(0, 1))
        #expect(deleted == [Row(id: 2)] && moved.count == 1 && moved[0].0 == Row(id: 1) && moved[0].1 == path(0, 1))
        #expect(failures == [.notEditable] && handler.calls == ["delete [0, 1]", "delete [0, 1]", "move [0, 0] [0, 1]"])
    }
}

/// A `UserActionHandling` whose storage cannot take edits (what a `DatabaseStorage`'s updater
/// answers).
@MainActor
private final class NotEditableHandler: UserActionHandling {
    var calls: [String] = []
    func userDidMoveItem(at source: IndexPath, to destination: IndexPath) throws(UserActionError) {
        calls.append("move \(Array(source)) \(Array(destination))")
        throw .notEditable
    }
    func userDidDeleteItem(at indexPath: IndexPath) throws(UserActionError) {
        calls.append("delete \(Array(indexPath))")
        throw .notEditable
    }
    func storageIndexPath(forDisplayed indexPath: IndexPath) -> IndexPath? { indexPath }
}

/// A drop on a view that moves no row itself (`NSTableView`): the data source shows the move when
/// the displayed content took it.
@MainActor
@Suite struct TakeMoveTests {
    @Test("takeMove: the displayed content takes the move (whether or not the storage does); not for bad paths or a drop in place")
    func takeMove() throws {
        let screen = try EditingScreen([[Row(id: 1), Row(id: 2), Row(id: 3)]])
        screen.editing.setHandlers(EditingHandlers<Row>(canMoveItem: { _ in true }))
        /// A drop as the AppKit data source handles it: the view shows the move when the content took it.
        func drop(_ source: IndexPath, _ destination: IndexPath) -> Bool {
            let taken = screen.editing.takeMove(at: source, to: destination)
            if taken { screen.view.moveItem(at: source, to: destination) }
            return taken
        }
        #expect(drop(path(0, 0), path(0, 2)))
        #expect(screen.updater.item(at: path(0, 2)) as? Row == Row(id: 1) && screen.storedRows == [[Row(id: 2), Row(id: 3), Row(id: 1)]])
        #expect(!drop(path(0, 1), path(0, 1)))
        #expect(!drop(path(0, 7), path(0, 1)) && !drop(path(0, 0), path(0, 3)))
        try screen.storage.removeItem(Row(id: 2))                   // pending: 2 has left the storage
        #expect(drop(path(0, 0), path(0, 1)))                       // shown moved, storage unchanged
        #expect(screen.storedRows == [[Row(id: 3), Row(id: 1)]])
        #expect(screen.failures == [.noItemDisplayed(path(0, 7)), .invalidDestination(path(0, 3)), .itemLeftStorage(path(0, 0))])
        screen.settle()
        #expect(screen.shownRows == [[Row(id: 3), Row(id: 1)]] && screen.view.violations.isEmpty)
    }
}
