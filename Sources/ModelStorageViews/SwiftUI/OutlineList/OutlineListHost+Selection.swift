// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// The selection of an ``OutlineListHost``, by id: the app's ids are selected where the view
/// shows them, the user's rows become ids, and after each batch an id whose item left the view
/// or is hidden under a collapsed parent leaves the selection, whatever the view did with it.
extension OutlineListHost {
    /// Sets the selection from the app (SwiftUI's `Binding`): the rows of the ids the view shows
    /// are selected (the first only when ``allowsMultipleSelection`` is `false`), and when some
    /// are not shown, the handler is told the ids that are. Nothing when `ids` is the selection.
    ///
    /// - Complexity: O(ids × rows) to find their rows (the view's `row(forItem:)`).
    func setSelection(_ ids: Set<Item.ID>) {
        guard ids != selection, core != nil else { return }
        selection = ids
        reconcileSelection(limitingToOne: !allowsMultipleSelection)
    }

    /// The view says its selection changed: the user's, unless the host is selecting rows or a
    /// batch is being sent (its end reconciles the selection). The handler is told new ids.
    func viewSelectionDidChange() {
        guard !isApplyingSelection, !isStarting, let core, !core.updater.isSendingChanges else { return }
        let ids = Set(core.ids(of: view.selectedRows.map { view.item(atRow: $0) }))
        guard ids != selection else { return }
        selection = ids
        handlers.selectionDidChange(ids)
    }

    /// Selects the rows of the selected ids the view shows, no other; the ids it does not show
    /// leave the selection (the handler is told).
    func reconcileSelection(limitingToOne: Bool = false) {
        guard let core else { return }
        var rows = core.rows(of: selection) { [view] in view.row(forItem: $0) }
        if limitingToOne, let first = rows.first { rows = IndexSet(integer: first) }
        if view.selectedRows != rows {
            isApplyingSelection = true
            view.selectRows(rows)
            isApplyingSelection = false
        }
        let kept = Set(core.ids(of: rows.map { view.item(atRow: $0) }))
        guard kept != selection else { return }
        selection = kept
        handlers.selectionDidChange(kept)
    }
}
#endif
