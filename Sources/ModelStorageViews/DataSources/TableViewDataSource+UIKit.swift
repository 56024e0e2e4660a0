#if canImport(UIKit) && !os(watchOS)
import UIKit
import ModelStorage

/// A `UITableView`'s data source made from the table and a storage, as
/// `UITableViewDiffableDataSource` is: it creates the ``TableViewAdapter`` and the `ViewUpdater`
/// (``updater``), sets itself as the table's data source, answers from what the updater shows
/// (never from the live storage), and applies its user's edits (swipe to delete, reordering) to
/// the items the user touched.
///
/// ```swift
/// dataSource = TableViewDataSource(tableView: tableView, storage: storage) { tableView, indexPath, song in
///     let cell = tableView.dequeueReusableCell(withIdentifier: "song", for: indexPath)
///     var content = cell.defaultContentConfiguration()
///     content.text = song.title                     // a Song: the storage's item type
///     cell.contentConfiguration = content
///     return cell
/// }
/// dataSource.setEditingHandlers(EditingHandlers<Song>(canDeleteItem: { _ in true }, canMoveItem: { _ in true }))
/// ```
///
/// A storage of several item types (`MemoryStorage`): make it without a cell provider and
/// ``register(_:cellProvider:)`` a cell provider per type. An item no registration takes is a
/// failed assertion naming its type in debug builds and an empty cell in release builds.
///
/// Editing goes through ``EditingHandlers`` (``setEditingHandlers(_:)``) or a subclass that
/// overrides ``canEditItem(at:)``, ``canMoveItem(at:)``, ``deleteItem(at:)`` and
/// ``moveItem(at:to:)`` (UIKit's editing calls reach those). Index paths are the ones the table
/// shows. A deletion or move that cannot be applied is reported to ``didFailUserAction`` and
/// changes nothing in the storage; the updater's next batch brings the table back to it.
///
/// The table view holds its data source weakly: keep this object (a view controller's property).
@MainActor
open class TableViewDataSource: NSObject {
    /// Makes the cell of a row: the table view, the row's index path, and the item shown there
    /// (untyped: the deprecated ``init(updater:cellProvider:)``).
    public typealias CellProvider = @MainActor (UITableView, IndexPath, any Sendable) -> UITableViewCell
    /// The title of a section's header or footer: the section, and the header (or footer) model
    /// the updater shows for it (`nil` when none).
    public typealias TitleProvider = @MainActor (Int, (any Sendable)?) -> String?

    /// The title of each section's header; by default the header model when it is a `String`.
    public var headerTitleProvider: TitleProvider = { _, model in model as? String }
    /// The title of each section's footer; by default the footer model when it is a `String`.
    public var footerTitleProvider: TitleProvider = { _, model in model as? String }
    /// Where a user's edit that could not be applied is reported (the storage is then unchanged).
    public var didFailUserAction: @MainActor (UserActionError) -> Void {
        get { core.editing.didFail }
        set { core.editing.didFail = newValue }
    }
    /// The updater between the storage and the table (cast it to `ViewUpdater<YourStorage>` for
    /// what depends on the storage's type).
    public var updater: any ViewUpdating { core.updater }
    let core: DataSourceCore<UITableView, UITableViewCell>

    /// The data source of `tableView` showing `storage`: each row's cell from `cellProvider`, which
    /// receives the storage's item type. Sets itself as the table's data source.
    public init<Source: TypedItemStorage>(
        tableView: UITableView, storage: Source,
        animations: TableRowAnimations<UITableView.RowAnimation> = TableRowAnimations(all: .automatic),
        cellProvider: @escaping @MainActor (UITableView, IndexPath, Source.Item) -> UITableViewCell
    ) {
        let updater = ViewUpdater(storage: storage, view: TableViewAdapter(tableView, animations: animations))
        core = DataSourceCore(updater: updater, typedCellProvider: cellProvider)
        super.init()
        tableView.dataSource = self
    }

    /// The data source of `tableView` showing `storage` (items of several types): each row's cell
    /// from the registration of its item's type (``register(_:cellProvider:)``). Sets itself as
    /// the table's data source.
    public init<Source: ContentStorage>(
        tableView: UITableView, storage: Source,
        animations: TableRowAnimations<UITableView.RowAnimation> = TableRowAnimations(all: .automatic)
    ) {
        let updater = ViewUpdater(storage: storage, view: TableViewAdapter(tableView, animations: animations))
        core = DataSourceCore(registeringCellsOf: updater)
        super.init()
        tableView.dataSource = self
    }

    /// A data source that shows what `updater` shows, making each cell with `cellProvider`. It
    /// keeps the updater; set it as the table's data source.
    @available(*, deprecated, message: "use init(tableView:storage:cellProvider:), or init(tableView:storage:) and register(_:cellProvider:)")
    public init<Source: ContentStorage>(updater: ViewUpdater<Source>, cellProvider: @escaping CellProvider) {
        core = DataSourceCore(updater: updater, cellProvider: cellProvider)
        super.init()
    }

    /// Makes the cells of items of type `Item` with `cellProvider` (for a data source made without
    /// a cell provider); replaces an earlier registration of that type.
    public func register<Item>(_ type: Item.Type,
                               cellProvider: @escaping @MainActor (UITableView, IndexPath, Item) -> UITableViewCell) {
        core.registry.register(type) { context, item in cellProvider(context.0, context.1, item) }
    }

    /// Lets the user delete and move items of type `Item` as `handlers` say (replacing earlier
    /// handlers of that type); nothing is editable without handlers.
    public func setEditingHandlers<Item>(_ handlers: EditingHandlers<Item>) {
        core.editing.setHandlers(handlers)
    }

    /// The item the table shows at `indexPath` when it is an `Item` (what a delegate's
    /// `didSelectRowAt` reads), else `nil`.
    public func item<Item>(at indexPath: IndexPath, as type: Item.Type = Item.self) -> Item? {
        core.item(at: indexPath, as: type)
    }

    /// The row state (level, expansion, children) of the item the view shows at `indexPath` when
    /// the storage is an `OutlineStorage`, as its tree has it now; `nil` for another storage, an
    /// index path the view does not show, or an item that left the tree (its row goes with the
    /// next batch). What a cell shows besides its item: see ``OutlineRowAppearance``.
    public func outlineRowState(at indexPath: IndexPath) -> OutlineRowState? {
        core.outlineRowState(at: indexPath)
    }

    /// Whether the row at `indexPath` can be edited (deleted or moved): by default what the
    /// item's ``EditingHandlers`` say. UIKit's `tableView(_:canEditRowAt:)`.
    open func canEditItem(at indexPath: IndexPath) -> Bool {
        core.editing.canDeleteItem(at: indexPath) || core.editing.canMoveItem(at: indexPath)
    }

    /// Whether the row at `indexPath` can be deleted: by default what the item's
    /// ``EditingHandlers`` say.
    open func canDeleteItem(at indexPath: IndexPath) -> Bool {
        core.editing.canDeleteItem(at: indexPath)
    }

    /// Whether the row at `indexPath` can be moved: by default what the item's
    /// ``EditingHandlers`` say. UIKit's `tableView(_:canMoveRowAt:)`.
    open func canMoveItem(at indexPath: IndexPath) -> Bool {
        core.editing.canMoveItem(at: indexPath)
    }

    /// Deletes the item the table shows at `indexPath` (a swipe to delete), when it can be
    /// deleted: from the storage, by identity (its handlers' `deleteItem` for a storage the
    /// updater cannot edit). UIKit's `tableView(_:commit:forRowAt:)`.
    open func deleteItem(at indexPath: IndexPath) {
        guard canDeleteItem(at: indexPath) else { return }
        try? core.editing.userDidDeleteItem(at: indexPath)   // a failure is reported to didFailUserAction
    }

    /// The user moved the row at `source` to `destination` (the table shows the move): the
    /// storage moves the same item. UIKit's `tableView(_:moveRowAt:to:)`.
    open func moveItem(at source: IndexPath, to destination: IndexPath) {
        try? core.editing.userDidMoveItem(at: source, to: destination)   // reported to didFailUserAction
    }
}

extension TableViewDataSource: UITableViewDataSource {
    /// The number of sections the updater shows.
    public func numberOfSections(in tableView: UITableView) -> Int {
        core.content.numberOfSections()
    }

    /// The number of rows (items) the updater shows in `section`.
    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        core.content.numberOfItems(section)
    }

    /// The cell of the item the updater shows at `indexPath`, from the cell provider or the
    /// item type's registration; an empty cell when there is none.
    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        core.cell(in: tableView, at: indexPath) ?? UITableViewCell(style: .default, reuseIdentifier: nil)
    }

    /// The header title of `section`, from ``headerTitleProvider``.
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        headerTitleProvider(section, core.content.headerModel(section))
    }

    /// The footer title of `section`, from ``footerTitleProvider``.
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        footerTitleProvider(section, core.content.footerModel(section))
    }

    /// ``canEditItem(at:)``.
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
        canEditItem(at: indexPath)
    }

    /// A swipe to delete: ``deleteItem(at:)``; other editing styles change nothing.
    public func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
                          forRowAt indexPath: IndexPath) {
        guard editingStyle == .delete else { return }
        deleteItem(at: indexPath)
    }

    /// ``canMoveItem(at:)``.
    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        canMoveItem(at: indexPath)
    }

    /// A drag to reorder: ``moveItem(at:to:)``.
    public func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        moveItem(at: sourceIndexPath, to: destinationIndexPath)
    }
}
#endif
