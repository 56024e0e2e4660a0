import Foundation
import ModelStorage

/// The user's actions on a ``SimulatedView``, as UIKit delivers them: each names rows by the index
/// paths the view shows (its cached counts), whatever the storage holds meanwhile.
extension SimulatedView {
    /// The handler the user's actions reach: ``userActionHandler``, else the data source when it
    /// handles them.
    private var actionHandler: (any UserActionHandling)? {
        userActionHandler ?? dataSource as? any UserActionHandling
    }

    /// The index paths of the selected rows, in order.
    public var selectedIndexPaths: [IndexPath] {
        selection.heldRows.map(\.path)
    }

    /// A drag to reorder: the view moves the row at `source` to `destination` itself (its cell,
    /// its selection and its counts: UIKit shows the move before it tells anyone, reading
    /// `destination` in the list after the row left `source`), then tells the handler. A handler
    /// that does not take the move into what the view reads leaves the view's counts different
    /// from its data source's, and the next batch raises UIKit's "Invalid update".
    ///
    /// - Throws: `UserActionError.noItemDisplayed` or `UserActionError.invalidDestination`
    ///   for rows the view does not show (nothing moves); `UserActionError.notEditable` when
    ///   no handler takes it; else what the handler throws.
    public func simulateUserMove(from source: IndexPath, to destination: IndexPath) throws(UserActionError) {
        if cachedItemCounts == nil { layoutIfNeeded() }
        let counts = cachedItemCounts ?? []
        guard Self.holds(source, in: counts) else { throw .noItemDisplayed(source) }
        var afterCounts = counts
        afterCounts[source[0]] -= 1
        guard destination.count == 2, afterCounts.indices.contains(destination[0]), destination[1] >= 0,
              destination[1] <= afterCounts[destination[0]] else { throw .invalidDestination(destination) }
        cells.moveRow(from: source, to: destination)
        selection.moveRow(from: source, to: destination)
        afterCounts[destination[0]] += 1
        cachedItemCounts = afterCounts
        guard let handler = actionHandler else { throw .notEditable }
        try handler.userDidMoveItem(at: source, to: destination)
    }

    /// A swipe to delete of the row the view shows at `indexPath`: the handler is told; the view
    /// itself changes only when its data source sends the deletion.
    ///
    /// - Throws: `UserActionError.noItemDisplayed` for a row the view does not show,
    ///   `UserActionError.notEditable` when no handler takes it, else what the handler throws.
    public func simulateSwipeToDelete(at indexPath: IndexPath) throws(UserActionError) {
        if cachedItemCounts == nil { layoutIfNeeded() }
        guard Self.holds(indexPath, in: cachedItemCounts ?? []) else { throw .noItemDisplayed(indexPath) }
        guard let handler = actionHandler else { throw .notEditable }
        try handler.userDidDeleteItem(at: indexPath)
    }

    /// A tap on the disclosure control of the row the view shows at `indexPath` (an outline's
    /// row): the handler is told, and the view changes only when its data source sends the
    /// rows the expansion or collapse inserts or deletes.
    ///
    /// - Throws: `UserActionError.noItemDisplayed` for a row the view does not show,
    ///   `UserActionError.notEditable` when no handler takes it, else what the handler throws
    ///   (`UserActionError.itemLeftStorage` when the row's item has left the storage).
    public func simulateDisclosureTap(at indexPath: IndexPath) throws(UserActionError) {
        if cachedItemCounts == nil { layoutIfNeeded() }
        guard Self.holds(indexPath, in: cachedItemCounts ?? []) else { throw .noItemDisplayed(indexPath) }
        guard let handler = actionHandler else { throw .notEditable }
        try handler.userDidToggleExpansion(at: indexPath)
    }

    /// A tap that selects the row the view shows at `indexPath` (deselecting the others unless
    /// `extending`); returns the item its data source shows there, which is what a
    /// `didSelectItemAt` delegate method reads.
    ///
    /// - Throws: `UserActionError.noItemDisplayed` for a row the view does not show.
    @discardableResult
    public func simulateSelection(at indexPath: IndexPath, extending: Bool = false) throws(UserActionError) -> (any Sendable)? {
        if cachedItemCounts == nil { layoutIfNeeded() }
        guard Self.holds(indexPath, in: cachedItemCounts ?? []) else { throw .noItemDisplayed(indexPath) }
        if !extending { selection.removeAll() }
        selection[indexPath] = ()
        return dataSource?.item(at: indexPath)
    }

    /// A tap that deselects the row at `indexPath`; nothing when it is not selected or not shown.
    public func simulateDeselection(at indexPath: IndexPath) {
        guard Self.holds(indexPath, in: cachedItemCounts ?? []) else { return }
        selection[indexPath] = nil
    }

    /// Whether `path` names a row of sections of `counts` rows.
    static func holds(_ path: IndexPath, in counts: [Int]) -> Bool {
        path.count == 2 && counts.indices.contains(path[0]) && path[1] >= 0 && path[1] < counts[path[0]]
    }
}
