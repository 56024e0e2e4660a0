#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import ModelStorage

/// An `NSTableView`'s data source and delegate made from the table and a storage, as
/// `NSTableViewDiffableDataSource` is: it creates the ``SingleSectionTableAdapter`` and the
/// `ViewUpdater` (``updater``), sets itself as the table's data source and delegate, answers from
/// what the updater shows in section 0 (never from the live storage), reports the selected items,
/// and reorders rows the user drags, moving the item the user dragged in the storage.
///
/// ```swift
/// dataSource = TableViewDataSource(tableView: tableView, storage: storage) { tableView, column, row, note in
///     let cell = tableView.makeView(withIdentifier: column?.identifier ?? noteCell, owner: nil) as? NSTableCellView
///     cell?.textField?.stringValue = note.text      // a Note: the storage's item type
///     return cell
/// }
/// dataSource.setSelectionHandler { (notes: [Note]) in inspector.show(notes) }
/// dataSource.setEditingHandlers(EditingHandlers<Note>(canMoveItem: { _ in true }))   // drag to reorder
/// ```
///
/// A storage of several item types: make it without a cell provider and
/// ``register(_:cellProvider:)`` a cell provider per type.
///
/// The table view holds its data source and delegate weakly: keep this object.
@MainActor
open class TableViewDataSource: NSObject {
    /// Makes the view of a row in a column: the table view, the column, the row, and the item
    /// shown there (untyped: the deprecated ``init(updater:cellProvider:)``).
    public typealias CellProvider = @MainActor (NSTableView, NSTableColumn?, Int, any Sendable) -> NSView?
    /// The pasteboard type of the rows the user drags inside the table.
    public static let rowPasteboardType = NSPasteboard.PasteboardType("org.modelstorage.table-row")

    /// Where a user's edit that could not be applied is reported (the storage is then unchanged).
    public var didFailUserAction: @MainActor (UserActionError) -> Void {
        get { core.editing.didFail }
        set { core.editing.didFail = newValue }
    }
    /// The updater between the storage and the table (cast it to `ViewUpdater<YourStorage>` for
    /// what depends on the storage's type).
    public var updater: any ViewUpdating { core.updater }
    let core: DataSourceCore<(NSTableView, NSTableColumn?), NSView?>
    private var selectionHandler: (@MainActor ([IndexPath]) -> Void)?

    /// The data source and delegate of `tableView` showing `storage` (its section 0): each row's
    /// views from `cellProvider`, which receives the storage's item type. Sets itself as the
    /// table's data source and delegate and registers the table for dragged rows.
    public init<Source: TypedItemStorage>(
        tableView: NSTableView, storage: Source,
        insertAnimation: NSTableView.AnimationOptions = .effectFade, removeAnimation: NSTableView.AnimationOptions = .effectFade,
        cellProvider: @escaping @MainActor (NSTableView, NSTableColumn?, Int, Source.Item) -> NSView?
    ) {
        let adapter = SingleSectionTableAdapter(tableView, insertAnimation: insertAnimation, removeAnimation: removeAnimation)
        core = DataSourceCore(updater: ViewUpdater(storage: storage, view: adapter), typedCellProvider: { view, indexPath, item in
            cellProvider(view.0, view.1, indexPath[1], item)
        })
        super.init()
        attach(to: tableView)
    }

    /// The data source and delegate of `tableView` showing `storage` (its section 0, items of
    /// several types): each row's views from the registration of its item's type
    /// (``register(_:cellProvider:)``).
    public init<Source: ContentStorage>(
        tableView: NSTableView, storage: Source,
        insertAnimation: NSTableView.AnimationOptions = .effectFade, removeAnimation: NSTableView.AnimationOptions = .effectFade
    ) {
        let adapter = SingleSectionTableAdapter(tableView, insertAnimation: insertAnimation, removeAnimation: removeAnimation)
        core = DataSourceCore(registeringCellsOf: ViewUpdater(storage: storage, view: adapter))
        super.init()
        attach(to: tableView)
    }

    /// A data source that shows what `updater` shows in section 0, making each row's views with
    /// `cellProvider`. It keeps the updater; set it as the table's data source and delegate.
    @available(*, deprecated, message: "use init(tableView:storage:cellProvider:), or init(tableView:storage:) and register(_:cellProvider:)")
    public init<Source: ContentStorage>(updater: ViewUpdater<Source>, cellProvider: @escaping CellProvider) {
        core = DataSourceCore(updater: updater) { view, indexPath, item in cellProvider(view.0, view.1, indexPath[1], item) }
        super.init()
    }

    private func attach(to tableView: NSTableView) {
        tableView.dataSource = self
        tableView.delegate = self
        tableView.registerForDraggedTypes([Self.rowPasteboardType])
    }

    /// Makes the views of rows whose item is an `Item` with `cellProvider` (for a data source made
    /// without a cell provider); replaces an earlier registration of that type.
    public func register<Item>(_ type: Item.Type,
                               cellProvider: @escaping @MainActor (NSTableView, NSTableColumn?, Int, Item) -> NSView?) {
        core.registry.register(type) { context, item in cellProvider(context.0.0, context.0.1, context.1[1], item) }
    }

    /// Lets the user move (drag) items of type `Item` as `handlers` say (replacing earlier
    /// handlers of that type); nothing is movable without handlers.
    public func setEditingHandlers<Item>(_ handlers: EditingHandlers<Item>) {
        core.editing.setHandlers(handlers)
    }

    /// Runs `handler` with the selected items that are `Item`s, in row order, each time the
    /// selection changes.
    public func setSelectionHandler<Item>(_ handler: @escaping @MainActor ([Item]) -> Void) {
        selectionHandler = { [core] paths in handler(paths.compactMap { core.item(at: $0, as: Item.self) }) }
    }

    /// The item the table shows at `row` when it is an `Item`, else `nil`.
    public func item<Item>(atRow row: Int, as type: Item.Type = Item.self) -> Item? {
        core.item(at: IndexPath(indexes: [0, row]), as: type)
    }

    /// The row state (level, expansion, children) of the item the table shows at `row` when the
    /// storage is an `OutlineStorage`, as its tree has it now; `nil` for another storage, a row the
    /// table does not show, or an item that left the tree (its row goes with the next batch). What
    /// a cell shows besides its item: see ``OutlineRowAppearance``.
    public func outlineRowState(atRow row: Int) -> OutlineRowState? {
        core.outlineRowState(at: IndexPath(indexes: [0, row]))
    }

    /// Whether the row can be dragged to another place: by default what the item's
    /// ``EditingHandlers`` say.
    open func canMoveItem(atRow row: Int) -> Bool {
        core.editing.canMoveItem(at: IndexPath(indexes: [0, row]))
    }

    /// The user dropped the row at `source` at `destination` (read as UIKit's `moveRow(at:to:)`
    /// reads it): the storage moves the same item, then the table shows the move.
    open func moveItem(atRow source: Int, toRow destination: Int, in tableView: NSTableView) {
        if core.editing.takeMove(at: IndexPath(indexes: [0, source]), to: IndexPath(indexes: [0, destination])) {
            tableView.moveRow(at: source, to: destination)   // the displayed content took the move: show it
        }
    }
}

extension TableViewDataSource: NSTableViewDataSource {
    /// The number of items the updater shows in section 0.
    public func numberOfRows(in tableView: NSTableView) -> Int {
        core.content.numberOfItems(0)
    }

    /// A row the user may drag (``canMoveItem(atRow:)``) as a pasteboard item naming it.
    public func tableView(_ tableView: NSTableView, pasteboardWriterForRow row: Int) -> (any NSPasteboardWriting)? {
        canMoveItem(atRow: row) ? Self.pasteboardItem(forRow: row) : nil
    }

    /// A move between rows of this table; nothing else.
    public func tableView(_ tableView: NSTableView, validateDrop info: any NSDraggingInfo, proposedRow row: Int,
                          proposedDropOperation dropOperation: NSTableView.DropOperation) -> NSDragOperation {
        guard dropOperation == .above, Self.draggedRow(info, from: tableView) != nil else { return [] }
        return .move
    }

    /// Moves the dragged row to where it was dropped (``moveItem(atRow:toRow:in:)``).
    public func tableView(_ tableView: NSTableView, acceptDrop info: any NSDraggingInfo, row: Int,
                          dropOperation: NSTableView.DropOperation) -> Bool {
        guard let source = Self.draggedRow(info, from: tableView),
              let destination = RowDrop.destination(ofRowAt: source, droppedAbove: row, rowCount: core.content.numberOfItems(0))
        else { return false }
        moveItem(atRow: source, toRow: destination, in: tableView)
        return true
    }

    /// A pasteboard item naming the dragged row `row` (``rowPasteboardType``).
    static func pasteboardItem(forRow row: Int) -> NSPasteboardItem {
        let item = NSPasteboardItem()
        _ = item.setString(String(row), forType: rowPasteboardType)
        return item
    }

    /// The row a drag of one row of `tableView` carries; `nil` for a drag from elsewhere.
    static func draggedRow(_ info: any NSDraggingInfo, from tableView: NSTableView) -> Int? {
        guard (info.draggingSource as AnyObject?) === tableView,
              let items = info.draggingPasteboard.pasteboardItems, items.count == 1 else { return nil }
        return items[0].string(forType: rowPasteboardType).flatMap { Int($0) }
    }
}

extension TableViewDataSource: NSTableViewDelegate {
    /// The view of `row` in `tableColumn`, from the cell provider or the item type's registration.
    public func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
        core.cell(in: (tableView, tableColumn), at: IndexPath(indexes: [0, row])) ?? nil
    }

    /// Tells the selection handler the selected items.
    public func tableViewSelectionDidChange(_ notification: Notification) {
        guard let handler = selectionHandler, let tableView = notification.object as? NSTableView else { return }
        handler(tableView.selectedRowIndexes.map { IndexPath(indexes: [0, $0]) })
    }
}
#endif
