#if canImport(UIKit) && !os(watchOS)
import UIKit
import ModelStorage

/// A `UITableView` data source that answers from what a `ViewUpdater` shows (never from the
/// live storage, whose counts may have moved on), with a cell provider, as
/// `UITableViewDiffableDataSource` does, and header and footer titles.
///
/// ```swift
/// let updater = ViewUpdater(storage: storage, view: TableViewAdapter(tableView))
/// dataSource = TableViewDataSource(updater: updater) { tableView, indexPath, item in
///     let cell = tableView.dequeueReusableCell(withIdentifier: "song", for: indexPath)
///     var content = cell.defaultContentConfiguration()
///     content.text = (item as? Song)?.title
///     cell.contentConfiguration = content
///     return cell
/// }
/// tableView.dataSource = dataSource
/// ```
///
/// The table view holds its data source weakly: keep this object (a view controller's property).
@MainActor
public final class TableViewDataSource: NSObject {
    /// Makes the cell of a row: the table view, the row's index path, and the item shown there.
    public typealias CellProvider = @MainActor (UITableView, IndexPath, any Sendable) -> UITableViewCell
    /// The title of a section's header or footer: the section, and the header (or footer) model
    /// the updater shows for it (`nil` when none).
    public typealias TitleProvider = @MainActor (Int, (any Sendable)?) -> String?

    /// The title of each section's header; by default the header model when it is a `String`.
    public var headerTitleProvider: TitleProvider = { _, model in model as? String }
    /// The title of each section's footer; by default the footer model when it is a `String`.
    public var footerTitleProvider: TitleProvider = { _, model in model as? String }
    private let cellProvider: CellProvider
    private let content: DisplayedContent

    /// A data source that shows what `updater` shows, making each cell with `cellProvider`. It
    /// keeps the updater.
    public init<Source: ContentStorage>(updater: ViewUpdater<Source>, cellProvider: @escaping CellProvider) {
        content = DisplayedContent(updater)
        self.cellProvider = cellProvider
        super.init()
    }
}

extension TableViewDataSource: UITableViewDataSource {
    /// The number of sections the updater shows.
    public func numberOfSections(in tableView: UITableView) -> Int {
        content.numberOfSections()
    }

    /// The number of rows (items) the updater shows in `section`.
    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        content.numberOfItems(section)
    }

    /// The cell of the item the updater shows at `indexPath`, from the cell provider.
    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        cellProvider(tableView, indexPath, content.itemOrMissing(at: indexPath))
    }

    /// The header title of `section`, from ``headerTitleProvider``.
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        headerTitleProvider(section, content.headerModel(section))
    }

    /// The footer title of `section`, from ``footerTitleProvider``.
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        footerTitleProvider(section, content.footerModel(section))
    }
}
#endif
