// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// What a data source does with its user's edits, platform independent: UIKit's and AppKit's
/// editing calls (`tableView(_:commit:forRowAt:)`, `tableView(_:moveRowAt:to:)`,
/// `collectionView(_:moveItemAt:to:)`, a drop on an `NSTableView`) are forwarded here with the
/// index paths the view gives (the displayed index space). Each is resolved to the item the view
/// shows there, checked against that item's ``EditingHandlers``, and applied to that item through
/// the `ViewUpdater` (by identity, whatever changes are pending). A `SimulatedView`'s user actions
/// reach it as its `userActionHandler`.
///
/// Nothing here throws at UIKit: an action that cannot be applied is reported through
/// ``didFail`` and changes nothing in the storage; the updater's next batch brings the view back
/// to the storage's content.
@MainActor
package final class ItemEditing: UserActionHandling {
    /// The handlers for one type, erased.
    private struct Handlers {
        let type: Any.Type
        let takes: (any Sendable) -> Bool
        let canDelete: @MainActor (any Sendable) -> Bool
        let canMove: @MainActor (any Sendable) -> Bool
        let didDelete: @MainActor (any Sendable) -> Void
        let didMove: @MainActor (any Sendable, IndexPath, IndexPath) -> Void
        let delete: (@MainActor (any Sendable) -> Void)?
        let move: (@MainActor (any Sendable, IndexPath) -> Void)?
    }

    private let updater: any UserActionHandling
    /// The item the view shows at a displayed index path.
    private let displayedItem: @MainActor (IndexPath) -> (any Sendable)?
    private var handlers: [Handlers] = []
    /// Where an action that was not applied is reported (the user's action changes nothing in
    /// the storage then).
    package var didFail: @MainActor (UserActionError) -> Void = { _ in }

    /// The edits of what `updater` shows.
    package convenience init<Source: ContentStorage>(_ updater: ViewUpdater<Source>) {
        self.init(handler: updater, displayedItem: { updater.item(at: $0) })
    }

    /// The edits that `handler` applies, of the items `displayedItem` reads at displayed index
    /// paths (a `ViewUpdater` and its content, or a test's stand-in).
    package init(handler: any UserActionHandling, displayedItem: @escaping @MainActor (IndexPath) -> (any Sendable)?) {
        updater = handler
        self.displayedItem = displayedItem
    }

    /// Uses `editing` for items of type `Item` (replacing earlier handlers of that type). Items
    /// are matched by type first, then by the first handlers that take them (`as? Item`).
    package func setHandlers<Item>(_ editing: EditingHandlers<Item>) {
        handlers.removeAll { $0.type == Item.self }
        handlers.append(Self.erase(editing))
    }

    /// `editing` for items of any type: each handler runs for items that are `Item`.
    private static func erase<Item>(_ editing: EditingHandlers<Item>) -> Handlers {
        let canDelete: @MainActor (any Sendable) -> Bool = { item in
            guard let item = item as? Item, let canDelete = editing.canDeleteItem else { return false }
            return canDelete(item)
        }
        let canMove: @MainActor (any Sendable) -> Bool = { item in
            guard let item = item as? Item, let canMove = editing.canMoveItem else { return false }
            return canMove(item)
        }
        let didDelete: @MainActor (any Sendable) -> Void = { item in
            if let item = item as? Item { editing.didDeleteItem?(item) }
        }
        let didMove: @MainActor (any Sendable, IndexPath, IndexPath) -> Void = { item, from, to in
            if let item = item as? Item { editing.didMoveItem?(item, from, to) }
        }
        var delete: (@MainActor (any Sendable) -> Void)?
        if let deleteItem = editing.deleteItem {
            delete = { item in if let item = item as? Item { deleteItem(item) } }
        }
        var move: (@MainActor (any Sendable, IndexPath) -> Void)?
        if let moveItem = editing.moveItem {
            move = { item, to in if let item = item as? Item { moveItem(item, to) } }
        }
        return Handlers(type: Item.self, takes: { $0 is Item }, canDelete: canDelete, canMove: canMove,
                        didDelete: didDelete, didMove: didMove, delete: delete, move: move)
    }

    /// The handlers of `item`: those of its type, else the first that take it.
    private func handlers(of item: any Sendable) -> Handlers? {
        handlers.first { $0.type == type(of: item) } ?? handlers.first { $0.takes(item) }
    }

    /// The item the view shows at `indexPath` (displayed index space), or `nil`.
    package func item(at indexPath: IndexPath) -> (any Sendable)? { displayedItem(indexPath) }

    /// Whether the user may delete the item the view shows at `indexPath`.
    package func canDeleteItem(at indexPath: IndexPath) -> Bool {
        guard let item = displayedItem(indexPath) else { return false }
        return handlers(of: item)?.canDelete(item) ?? false
    }

    /// Whether the user may move the item the view shows at `indexPath`.
    package func canMoveItem(at indexPath: IndexPath) -> Bool {
        guard let item = displayedItem(indexPath) else { return false }
        return handlers(of: item)?.canMove(item) ?? false
    }

    /// The user deleted the item the view shows at `indexPath`: removed from the storage by
    /// identity (or handed to its handlers' `deleteItem` when the storage is not editable), then
    /// `didDeleteItem`. A failure is reported through ``didFail`` and thrown.
    package func userDidDeleteItem(at indexPath: IndexPath) throws(UserActionError) {
        guard let item = displayedItem(indexPath) else { return try fail(.noItemDisplayed(indexPath)) }
        let handlers = handlers(of: item)
        do {
            switch try UserEdit.perform(appTakesRequests: handlers?.delete != nil, {
                () throws(UserActionError) in try updater.userDidDeleteItem(at: indexPath)
            }) {
            case .applied: handlers?.didDelete(item)
            case .requested: handlers?.delete?(item)
            case .unchanged: break
            }
        } catch {
            try fail(error)
        }
    }

    /// The user dragged the item the view showed at `source` to `destination` (displayed index
    /// paths, as UIKit's `moveRowAt` gives them; the view shows the move): the displayed content
    /// and the storage take the move by identity (or the handlers' `moveItem` writes it at the
    /// source), then `didMoveItem`. A drop where the item was changes nothing and calls no
    /// handler (see `UserEdit`). A failure is reported through ``didFail`` and thrown.
    package func userDidMoveItem(at source: IndexPath, to destination: IndexPath) throws(UserActionError) {
        guard let item = displayedItem(source) else { return try fail(.noItemDisplayed(source)) }
        let handlers = handlers(of: item)
        var storageSource: IndexPath?
        do {
            switch try UserEdit.move(from: source, to: destination, appTakesRequests: handlers?.move != nil, {
                () throws(UserActionError) in
                storageSource = updater.storageIndexPath(forDisplayed: source)
                try updater.userDidMoveItem(at: source, to: destination)
            }) {
            case .applied:
                if let storageSource, let storageDestination = updater.storageIndexPath(forDisplayed: destination) {
                    handlers?.didMove(item, storageSource, storageDestination)
                }
            case .requested: handlers?.move?(item, destination)
            case .unchanged: break
            }
        } catch {
            try fail(error)
        }
    }

    /// Applies a move the view does not show yet (a drop on an `NSTableView`, which moves no row
    /// itself) as ``userDidMoveItem(at:to:)`` does; returns whether the displayed content took it,
    /// that is whether the view must now show it (`moveRow(at:to:)`): not for index paths it
    /// does not show, nor for a drop where the item was. Failures are reported, not thrown.
    package func takeMove(at source: IndexPath, to destination: IndexPath) -> Bool {
        guard source != destination else { return false }
        do {
            try userDidMoveItem(at: source, to: destination)
            return true
        } catch {
            return error.leavesMoveShown
        }
    }

    /// The user tapped the disclosure control of the row the view shows at `indexPath`: the
    /// updater expands or collapses its item by identity. A failure is reported through
    /// ``didFail`` and thrown.
    package func userDidToggleExpansion(at indexPath: IndexPath) throws(UserActionError) {
        do { try updater.userDidToggleExpansion(at: indexPath) } catch { try fail(error) }
    }

    /// The storage's index path of the item the view shows at `indexPath`.
    package func storageIndexPath(forDisplayed indexPath: IndexPath) -> IndexPath? {
        updater.storageIndexPath(forDisplayed: indexPath)
    }

    private func fail(_ error: UserActionError) throws(UserActionError) {
        didFail(error)
        throw error
    }
}

extension UserActionError {
    /// Whether a user's move that failed with this error was still taken into the displayed
    /// content (the view must show it): yes when the storage could not follow it, no when the
    /// move named index paths the view does not show.
    package var leavesMoveShown: Bool {
        switch self {
        case .noItemDisplayed, .invalidDestination: false
        case .itemLeftStorage, .notEditable, .storageRefused: true
        }
    }
}
#endif
