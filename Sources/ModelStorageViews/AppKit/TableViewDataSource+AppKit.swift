#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import ModelStorage

/// An `NSTableView` data source and delegate that answer from what a `ViewUpdater` shows in
/// section 0 (never from the live storage, whose counts may have moved on), with a cell
/// provider per column, as `NSTableViewDiffableDataSource` does.
///
/// ```swift
/// let updater = ViewUpdater(storage: storage, view: SingleSectionTableAdapter(tableView))
/// dataSource = TableViewDataSource(updater: updater) { tableView, column, row, item in
///     let cell = tableView.makeView(withIdentifier: songCell, owner: nil) as? NSTableCellView
///     cell?.textField?.stringValue = (item as? Song)?.title ?? ""
///     return cell
/// }
/// tableView.dataSource = dataSource
/// tableView.delegate = dataSource
/// ```
///
/// The table view holds its data source and delegate weakly: keep this object.
@MainActor
public final class TableViewDataSource: NSObject {
    /// Makes the view of a row in a column: the table view, the column, the row, and the item
    /// shown there.
    public typealias CellProvider = @MainActor (NSTableView, NSTableColumn?, Int, any Sendable) -> NSView?

    private let cellProvider: CellProvider
    private let content: DisplayedContent

    /// A data source that shows what `updater` shows in section 0, making each row's views with
    /// `cellProvider`. It keeps the updater.
    public init<Source: ContentStorage>(updater: ViewUpdater<Source>, cellProvider: @escaping CellProvider) {
        content = DisplayedContent(updater)
        self.cellProvider = cellProvider
        super.init()
    }
}

extension TableViewDataSource: NSTableViewDataSource {
    /// The number of items the updater shows in section 0.
    public func numberOfRows(in tableView: NSTableView) -> Int {
        content.numberOfItems(0)
    }
}

extension TableViewDataSource: NSTableViewDelegate {
    /// The view of `row` in `tableColumn`, from the cell provider.
    public func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
        cellProvider(tableView, tableColumn, row, content.itemOrMissing(at: IndexPath(indexes: [0, row])))
    }
}
#endif
