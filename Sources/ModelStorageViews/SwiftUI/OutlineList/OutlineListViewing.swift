// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// What an ``OutlineListHost`` needs of its outline view besides the updater's calls: its rows
/// and its selection, spelled as `NSOutlineView` spells them (rows of the tree it shows now,
/// items the objects its data source handed out). The AppKit `StorageList` passes an
/// `NSOutlineView`; a test passes a simulated view.
@MainActor
protocol OutlineListViewing: OutlineUpdatingView {
    /// The number of rows shown.
    var numberOfRows: Int { get }
    /// The object shown at `row`, `nil` when there is none.
    func item(atRow row: Int) -> Any?
    /// The row of `item`, `-1` when it is not shown.
    func row(forItem item: Any?) -> Int
    /// The rows the user sees now (on screen), for reconfiguring them.
    var visibleRows: Range<Int> { get }
    /// The selected rows.
    var selectedRows: IndexSet { get }
    /// Selects exactly `rows` (the view then reports its selection changed).
    func selectRows(_ rows: IndexSet)
    /// Whether the user may select several rows.
    var allowsMultipleSelection: Bool { get set }
}

/// The view an ``OutlineListHost``'s updater drives: each call forwarded to the host's outline
/// view, and the end of each batch (the outermost `endUpdates()`, a `reloadData()` outside one)
/// reported, so that the selection and the summary follow what the view shows inside the batch
/// that shows it. Holds no reference to the host (the updater keeps its view).
@MainActor
final class OutlineListRelay: OutlineUpdatingView {
    let target: any OutlineUpdatingView
    /// Called at the end of each batch.
    var batchDidEnd: @MainActor () -> Void = {}
    private var depth = 0

    init(_ target: any OutlineUpdatingView) {
        self.target = target
    }

    func beginUpdates() {
        depth += 1
        target.beginUpdates()
    }

    func endUpdates() {
        target.endUpdates()
        depth = max(0, depth - 1)
        if depth == 0 { batchDidEnd() }
    }

    func insertItems(at indexes: IndexSet, inParent parent: Any?) { target.insertItems(at: indexes, inParent: parent) }
    func removeItems(at indexes: IndexSet, inParent parent: Any?) { target.removeItems(at: indexes, inParent: parent) }
    func moveItem(at fromIndex: Int, inParent oldParent: Any?, to toIndex: Int, inParent newParent: Any?) {
        target.moveItem(at: fromIndex, inParent: oldParent, to: toIndex, inParent: newParent)
    }
    func reloadItem(_ item: Any?, reloadChildren: Bool) { target.reloadItem(item, reloadChildren: reloadChildren) }
    func expandItem(_ item: Any?, expandChildren: Bool) { target.expandItem(item, expandChildren: expandChildren) }
    func collapseItem(_ item: Any?, collapseChildren: Bool) { target.collapseItem(item, collapseChildren: collapseChildren) }

    func reloadData() {
        target.reloadData()
        if depth == 0 { batchDidEnd() }
    }
}
#endif
