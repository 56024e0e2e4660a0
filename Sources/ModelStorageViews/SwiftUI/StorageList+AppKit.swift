#if canImport(SwiftUI) && canImport(AppKit) && !targetEnvironment(macCatalyst)
import SwiftUI
import AppKit
import ModelStorage

extension StorageList: NSViewRepresentable {
    /// The coordinator: the ``ListHost`` and the table view's data source and delegate.
    public func makeCoordinator() -> StorageListCoordinator<Source, ID> {
        StorageListCoordinator()
    }

    /// An `NSTableView` of one column in a scroll view, showing every section of the storage.
    public func makeNSView(context: Context) -> NSScrollView {
        context.coordinator.makeView(showing: storage, content(in: context.environment))
    }

    /// A re-render: O(1) with the same storage (see ``ListHost/update(storage:rowContent:contentVersion:)``).
    public func updateNSView(_ nsView: NSScrollView, context: Context) {
        context.coordinator.update(storage: storage, content(in: context.environment))
    }

    /// The list's content with SwiftUI's environment where the list is.
    private func content(in environment: EnvironmentValues) -> StorageListContent<ID> {
        var content = content
        content.environment = environment
        return content
    }

    /// Stops observing the storage.
    public static func dismantleNSView(_ nsView: NSScrollView, coordinator: StorageListCoordinator<Source, ID>) {
        coordinator.dismantle()
    }
}

/// A ``StorageList``'s coordinator on AppKit: it owns the ``ListHost`` and is the table view's
/// data source and delegate. A list made with `StorageList(outline) { item, state in … }` is
/// shown as a tree in an `NSOutlineView` instead, through an outline host of its own (``host``
/// is then `nil`): the outline view's disclosure triangles and indentation, the Delete key
/// deleting the selected rows, drops onto an item or between items. Every section is shown through a ``SectionedTableAdapter``: a
/// header row (a group row) and a footer row when the list has ``StorageList/header(_:content:)``
/// and ``StorageList/footer(_:content:)`` content, each row an `NSHostingView` of its SwiftUI
/// view. Swipe to delete is a trailing row action, drag to reorder a drop between rows, each
/// reaching the item of the row the user touched. AppKit has no pull-to-refresh control: on
/// macOS the list shows none (a `.refreshable` action is not called by the list).
@MainActor
public final class StorageListCoordinator<Source: ContentStorage, ID: Hashable>: NSObject,
    NSTableViewDataSource, NSTableViewDelegate {
    /// The platform-independent coordinator (`nil` until the view is made, and for a list of an
    /// outline's rows, which an outline view shows).
    public private(set) var host: ListHost<Source, StorageListContent<ID>, ID>?
    /// The outline form of the list, for `StorageList(outline) { item, state in … }`.
    private var outline: StorageListOutline<ID>?
    private var adapter: SectionedTableAdapter<NSTableView.AnimationOptions>?
    private weak var tableView: NSTableView?

    override init() {
        super.init()
    }

    func makeView(showing storage: Source, _ content: StorageListContent<ID>) -> NSScrollView {
        if let maker = storage as? any StorageListOutlineMaking, let outline = maker.makeOutlineList(content) {
            self.outline = outline
            return outline.scrollView
        }
        let tableView = NSTableView(frame: .zero)
        tableView.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("StorageListRow")))
        tableView.headerView = nil
        tableView.usesAutomaticRowHeights = true
        tableView.allowsMultipleSelection = true
        let adapter = SectionedTableAdapter(tableView, headers: content.header != nil, footers: content.footer != nil)
        let host = ListHost(storage: storage, view: adapter, rowContent: content,
                            contentVersion: content.version, identify: content.identify,
                            visibleItems: { [weak tableView, weak adapter] in
                                guard let tableView, let adapter else { return [] }
                                let rows = tableView.rows(in: tableView.visibleRect)
                                return (rows.location..<rows.location + rows.length).compactMap(adapter.indexPath(ofRow:))
                            })
        adapter.content = host
        self.host = host
        self.adapter = adapter
        self.tableView = tableView
        host.adopt(content)
        content.attach?(host)
        tableView.dataSource = self
        tableView.delegate = self
        tableView.registerForDraggedTypes([TableViewDataSource.rowPasteboardType])
        let scrollView = NSScrollView(frame: .zero)
        scrollView.documentView = tableView
        scrollView.hasVerticalScroller = true
        update(storage: storage, content)
        return scrollView
    }

    func update(storage: Source, _ content: StorageListContent<ID>) {
        if let outline { return outline.update(storage, content) }
        guard let host, !host.isDismantled else { return }
        host.update(storage: storage, rowContent: content, contentVersion: content.version)
        host.adoptRender(content)
        guard let tableView, let adapter else { return }
        tableView.allowsMultipleSelection = host.allowsMultipleSelection
        guard let selection = content.selection, host.setSelection(selection.ids) else { return }
        tableView.selectRowIndexes(adapter.rows(of: host.selectedIndexPaths), byExtendingSelection: false)
    }

    /// Stops observing the storage.
    func dismantle() {
        host?.dismantle()
        outline?.dismantle()
    }

    /// The SwiftUI view of `row`: its item's row, or its section's header or footer.
    private func view(ofRow row: Int) -> AnyView? {
        guard let host, let adapter else { return nil }
        switch adapter.rows.content(ofRow: row) {
        case .item(let indexPath)?:
            let item = host.item(at: indexPath), row = host.rowContent.row(for: item)
            guard let item, let state = host.outlineRowState(ofItem: item) else { return row }
            // An outline's row: indented by its level after its disclosure, applied by identity.
            return AnyView(OutlineHostedRow(state: state, row: row) { [weak host] in host?.userDidTapDisclosure(ofItem: item) })
        case .header(let section)?:
            return host.updater.headerModel(forSection: section).flatMap { host.rowContent.header?($0) }.map(host.rowContent.inEnvironment)
        case .footer(let section)?:
            return host.updater.footerModel(forSection: section).flatMap { host.rowContent.footer?($0) }.map(host.rowContent.inEnvironment)
        case nil: return nil
        }
    }

    /// The item the table shows at `row`, `nil` for a header or footer.
    private func item(atRow row: Int) -> (any Sendable)? {
        adapter?.indexPath(ofRow: row).flatMap { host?.item(at: $0) }
    }

    // MARK: NSTableViewDataSource

    /// The number of rows: every section's header, items and footer.
    public func numberOfRows(in tableView: NSTableView) -> Int {
        adapter?.rows.numberOfRows ?? 0
    }

    /// A row the user may drag (an `onMove` of its item's type) as a pasteboard item naming it.
    public func tableView(_ tableView: NSTableView, pasteboardWriterForRow row: Int) -> (any NSPasteboardWriting)? {
        guard host?.rowContent.canMove(item(atRow: row)) == true else { return nil }
        return TableViewDataSource.pasteboardItem(forRow: row)
    }

    /// A drop of a dragged row between rows where an item can go.
    public func tableView(_ tableView: NSTableView, validateDrop info: any NSDraggingInfo, proposedRow row: Int,
                          proposedDropOperation dropOperation: NSTableView.DropOperation) -> NSDragOperation {
        guard dropOperation == .above, let source = TableViewDataSource.draggedRow(info, from: tableView),
              adapter?.rows.itemMove(ofRowAt: source, droppedAbove: row) != nil else { return [] }
        return .move
    }

    /// A drag to reorder, applied to the dragged item, then shown on the table.
    public func tableView(_ tableView: NSTableView, acceptDrop info: any NSDraggingInfo, row: Int,
                          dropOperation: NSTableView.DropOperation) -> Bool {
        guard let host, let adapter, let source = TableViewDataSource.draggedRow(info, from: tableView) else { return false }
        do {
            return try adapter.userDidDropRow(at: source, above: row, on: host)
        } catch {
            host.didFailAction?(error)
            return error.leavesMoveShown   // a failure: the list shows the storage at its next batch
        }
    }

    // MARK: NSTableViewDelegate

    /// A hosting view of the row's SwiftUI view: its item's row, or its section's header or footer.
    public func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
        NSHostingView(rootView: view(ofRow: row) ?? AnyView(EmptyView()))
    }

    /// Section headers are group rows.
    public func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool {
        if case .header? = adapter?.rows.content(ofRow: row) { return true }
        return false
    }

    /// Only items can be selected.
    public func tableView(_ tableView: NSTableView, shouldSelectRow row: Int) -> Bool {
        adapter?.indexPath(ofRow: row) != nil
    }

    /// A trailing swipe on a row whose item's type has an `onDelete`: a Delete action.
    public func tableView(_ tableView: NSTableView, rowActionsForRow row: Int,
                          edge: NSTableView.RowActionEdge) -> [NSTableViewRowAction] {
        guard edge == .trailing, host?.rowContent.canDelete(item(atRow: row)) == true else { return [] }
        return [NSTableViewRowAction(style: .destructive, title: "Delete") { [weak self, weak tableView] _, row in
            MainActor.assumeIsolated {
                self?.userDidDelete(row: row)
                tableView?.rowActionsVisible = false
            }
        }]
    }

    /// The user's selection: the ids of the selected rows' items.
    public func tableViewSelectionDidChange(_ notification: Notification) {
        guard let host, let tableView else { return }
        let ids = tableView.selectedRowIndexes.compactMap { item(atRow: $0).flatMap(host.identify) }
        host.setSelection(Set(ids))
        host.selectionDidChange?(host.selection)
    }

    /// A swipe to delete of `row`: the storage removes the item the row shows.
    private func userDidDelete(row: Int) {
        guard let indexPath = adapter?.indexPath(ofRow: row) else { return }
        host?.userDidSwipeToDelete(at: indexPath)   // a failure is reported; the list shows the storage
    }
}
#endif
