import FingerprintDiff
import Foundation
import ModelStorage
import ModelStorageTesting
import Testing

/// A user acting on a `SimulatedView` behind a `ViewUpdater` at random moments (pending changes,
/// animations), with every action checked against the item the user touched: the rows are named
/// by the index paths the view shows, and each action must reach the item shown there, never the
/// item the storage now holds at that index path.
@MainActor
struct RandomUser<Source: ContentStorage> {
    let updater: ViewUpdater<Source>
    let view: SimulatedView
    /// Whether the storage takes the user's edits (an `EditableStorage`).
    var isEditable: Bool { updater.storage is any EditableStorage }
    /// Whether the user drags rows (else a selection takes a drag's turn).
    var allowsDrags = true

    /// One random action (a drag, a swipe to delete, a selection, or an invalid one) with its
    /// checks; `pick(range)` draws the random numbers.
    func act(_ pick: (ClosedRange<Int>) -> Int, _ comment: String) {
        guard let counts = view.cachedItemCounts, counts.contains(where: { $0 > 0 }) else { return }
        let source = randomRow(counts, pick)
        switch pick(0...9) {
        case 0..<4 where allowsDrags: drag(from: source, to: randomDestination(for: source, counts, pick), comment)
        case 0..<4: select(source, comment)
        case 4..<7: swipe(source, comment)
        case 7..<9: select(source, comment)
        default: invalid(counts, pick, comment)
        }
    }

    /// A drag: the storage's item next to the one the view shows before it, when both are there.
    func drag(from source: IndexPath, to destination: IndexPath, _ comment: String) {
        let touched = updater.item(at: source).map(identity)
        let wasInStorage = updater.storageIndexPath(forDisplayed: source) != nil
        let before = shownItems(updater.storage)
        do {
            try view.simulateUserMove(from: source, to: destination)
        } catch {
            let expected: UserActionError = isEditable ? .itemLeftStorage(source) : .notEditable
            #expect(error == expected && (isEditable ? !wasInStorage : true), "\(comment): \(error)")
            #expect(shownItems(updater.storage) == before, "\(comment): a refused move changed the storage")
            return
        }
        #expect(updater.item(at: destination).map(identity) == touched, "\(comment): the view does not show the move")
        guard source != destination else {
            #expect(shownItems(updater.storage) == before, "\(comment): a move in place changed the storage")
            return
        }
        guard let now = updater.storageIndexPath(forDisplayed: destination) else {
            Issue.record("\(comment): the moved item \(String(describing: touched)) is not in the storage")
            return
        }
        #expect(updater.storage.item(at: now).map(identity) == touched, "\(comment): the storage moved another item")
        // Next to the item shown before it (when ids repeat, "the same item" is the differ's pairing,
        // which the move itself may change).
        let ids = shownItems(updater.storage).joined().compactMap { $0.map(identity) }
        if Set(ids).count == ids.count, destination[1] > 0, let previous = updater.storageIndexPath(forDisplayed: path(destination[0], destination[1] - 1)) {
            #expect(previous == path(now[0], now[1] - 1), "\(comment): moved to \(now), not after \(previous)")
        }
    }

    /// A swipe to delete: the storage loses exactly the item shown there.
    func swipe(_ row: IndexPath, _ comment: String) {
        let touched = updater.item(at: row).map(identity)
        let storagePath = updater.storageIndexPath(forDisplayed: row)
        let before = shownItems(updater.storage)
        if let storagePath {
            #expect(updater.storage.item(at: storagePath).map(identity) == touched, "\(comment): resolved to another item")
        }
        do {
            try view.simulateSwipeToDelete(at: row)
        } catch {
            let expected: UserActionError = isEditable ? .itemLeftStorage(row) : .notEditable
            #expect(error == expected && (storagePath == nil || !isEditable), "\(comment): \(error)")
            #expect(shownItems(updater.storage) == before, "\(comment): a refused delete changed the storage")
            return
        }
        guard let storagePath else {
            Issue.record("\(comment): deleted an item that had left the storage")
            return
        }
        var expected = before
        expected[storagePath[0]].remove(at: storagePath[1])
        #expect(shownItems(updater.storage) == expected, "\(comment): the delete removed another item")
    }

    /// A selection: the item the view's data source shows there.
    func select(_ row: IndexPath, _ comment: String) {
        let shown = (try? view.simulateSelection(at: row)) as? AnyHashable
        #expect(shown == updater.item(at: row) as? AnyHashable, "\(comment): selected another item")
        #expect(view.selectedIndexPaths == [row], "\(comment): selection \(view.selectedIndexPaths)")
    }

    /// Index paths the view does not show: typed errors, nothing changed.
    func invalid(_ counts: [Int], _ pick: (ClosedRange<Int>) -> Int, _ comment: String) {
        let before = shownItems(updater.storage)
        let outside = path(pick(0...1) == 0 ? counts.count + pick(0...2) : 0, counts.first.map { $0 + pick(0...3) } ?? 0)
        #expect(throws: UserActionError.noItemDisplayed(outside), "\(comment)") { try updater.userDidDeleteItem(at: outside) }
        #expect(throws: UserActionError.noItemDisplayed(outside), "\(comment)") { try updater.userDidMoveItem(at: outside, to: path(0, 0)) }
        #expect(updater.storageIndexPath(forDisplayed: outside) == nil, "\(comment)")
        #expect(shownItems(updater.storage) == before, "\(comment): invalid actions changed the storage")
    }

    private func randomRow(_ counts: [Int], _ pick: (ClosedRange<Int>) -> Int) -> IndexPath {
        let sections = counts.indices.filter { counts[$0] > 0 }
        let section = sections[pick(0...sections.count - 1)]
        return path(section, pick(0...counts[section] - 1))
    }

    private func randomDestination(for source: IndexPath, _ counts: [Int], _ pick: (ClosedRange<Int>) -> Int) -> IndexPath {
        let section = pick(0...counts.count - 1)
        let count = counts[section] - (section == source[0] ? 1 : 0)
        return path(section, pick(0...count))
    }
}

/// An item's identity: its id when it is `Identifiable` (a changed item keeps it), else the item.
func identity(_ item: any Sendable) -> AnyHashable? {
    if let identifiable = item as? any Identifiable { return idOf(identifiable) }
    return item as? AnyHashable
}

private func idOf<T: Identifiable>(_ item: T) -> AnyHashable { AnyHashable(item.id) }
