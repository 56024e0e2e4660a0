// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// The user's drags, swipes and selections on a ``SectionedTableAdapter``'s table: rows to the
/// items they show (displayed index paths), and a drop shown on the table as the content took it.
extension SectionedTableAdapter {
    /// The displayed index path of the item the table shows at `row`; `nil` for a header, a
    /// footer or a row out of range.
    public func indexPath(ofRow row: Int) -> IndexPath? { rows.indexPath(ofRow: row) }

    /// The rows of the items at `indexPaths` (displayed index paths; those the table does not
    /// show are left out).
    public func rows(of indexPaths: some Sequence<IndexPath>) -> IndexSet {
        var result = IndexSet()
        for path in indexPaths where path.count == 2 && path[0] >= 0 && path[0] < rows.numberOfSections
            && path[1] >= 0 && path[1] < rows.numberOfItems(inSection: path[0]) {
            result.insert(rows.row(of: path))
        }
        return result
    }

    /// The user dropped the row at `source` above row `row` (`NSTableView`'s reading): `handler`
    /// (the ``ListHost`` or the updater) takes the item's move (``FlatRows/itemMove(ofRowAt:droppedAbove:)``),
    /// then the table shows it (`moveRow(at:to:)`, the row's view stays). Returns whether the
    /// table shows a move: not for a drop no item move reads (a header, a place no section
    /// takes, where the row was), nor when `handler` refused it before taking it.
    ///
    /// - Throws: what `handler` threw; when the displayed content took the move anyway (the
    ///   storage could not follow it), the table shows it first.
    @discardableResult
    public func userDidDropRow(at source: Int, above row: Int,
                               on handler: any UserActionHandling) throws(UserActionError) -> Bool {
        guard let move = rows.itemMove(ofRowAt: source, droppedAbove: row) else { return false }
        var failure: UserActionError?
        do {
            try handler.userDidMoveItem(at: move.from, to: move.to)
        } catch {
            failure = error
        }
        let shown = failure?.leavesMoveShown ?? true
        if shown {
            rows = layout()
            operations.moveRow(at: source, to: rows.row(of: move.to))
        }
        if let failure { throw failure }
        return shown
    }
}

#endif
