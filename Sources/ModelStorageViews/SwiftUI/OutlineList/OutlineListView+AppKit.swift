#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import ModelStorage

/// An `NSOutlineView`'s rows and selection, as an ``OutlineListHost`` reads them.
extension OutlineViewAdapter: OutlineListViewing {
    var numberOfRows: Int { outlineView.numberOfRows }
    func item(atRow row: Int) -> Any? { outlineView.item(atRow: row) }
    func row(forItem item: Any?) -> Int { outlineView.row(forItem: item) }
    var visibleRows: Range<Int> {
        let rows = outlineView.rows(in: outlineView.visibleRect)
        return rows.location..<rows.location + rows.length
    }
    var selectedRows: IndexSet { outlineView.selectedRowIndexes }
    func selectRows(_ rows: IndexSet) { outlineView.selectRowIndexes(rows, byExtendingSelection: false) }
    var allowsMultipleSelection: Bool {
        get { outlineView.allowsMultipleSelection }
        set { outlineView.allowsMultipleSelection = newValue }
    }
}

/// The outline view of a `StorageList` of an outline on macOS: the Delete key (and Forward
/// Delete) deletes the selected rows through ``deleteKeyAction`` (`NSOutlineViewDelegate` has no
/// row actions, the table's swipe); any other key is the outline view's own.
final class StorageListOutlineView: NSOutlineView {
    /// Deletes the selected rows; returns whether the key was taken.
    var deleteKeyAction: @MainActor () -> Bool = { false }

    /// The Delete keys delete the selected rows when ``deleteKeyAction`` takes them.
    override func keyDown(with event: NSEvent) {
        if event.specialKey == .delete || event.specialKey == .deleteForward, deleteKeyAction() { return }
        super.keyDown(with: event)
    }
}
#endif
