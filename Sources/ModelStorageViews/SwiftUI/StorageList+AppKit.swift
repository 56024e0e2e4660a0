#if canImport(SwiftUI) && canImport(AppKit) && !targetEnvironment(macCatalyst)
import SwiftUI
import AppKit
import ModelStorage

extension StorageList: NSViewRepresentable {
    /// The coordinator: the ``ListHost`` and the table view's data source and delegate.
    public func makeCoordinator() -> StorageListCoordinator<Source, ID> {
        StorageListCoordinator()
    }

    /// An `NSTableView` of one column in a scroll view, showing the storage's first section.
    public func makeNSView(context: Context) -> NSScrollView {
        context.coordinator.makeView(showing: storage, content)
    }

    /// A re-render: O(1) with the same storage (see ``ListHost/update(storage:rowContent:contentVersion:)``).
    public func updateNSView(_ nsView: NSScrollView, context: Context) {
        context.coordinator.update(storage: storage, content)
    }

    /// Stops observing the storage.
    public static func dismantleNSView(_ nsView: NSScrollView, coordinator: StorageListCoordinator<Source, ID>) {
        coordinator.host?.dismantle()
    }
}

/// A ``StorageList``'s coordinator on AppKit: it owns the ``ListHost`` and is the table view's
/// data source and delegate, each row an `NSHostingView` of its SwiftUI row. An `NSTableView`
/// shows the storage's first section (no sections, headers, swipes or pull to refresh on macOS).
@MainActor
public final class StorageListCoordinator<Source: ContentStorage, ID: Hashable>: NSObject,
    NSTableViewDataSource, NSTableViewDelegate {
    /// The platform-independent coordinator (`nil` until the view is made).
    public private(set) var host: ListHost<Source, StorageListContent<ID>, ID>?
    private weak var tableView: NSTableView?

    override init() {
        super.init()
    }

    func makeView(showing storage: Source, _ content: StorageListContent<ID>) -> NSScrollView {
        let tableView = NSTableView(frame: .zero)
        tableView.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("StorageListRow")))
        tableView.headerView = nil
        let host = ListHost(storage: storage, view: SingleSectionTableAdapter(tableView), rowContent: content,
                            contentVersion: content.version, identify: content.identify,
                            visibleItems: { [weak tableView] in
                                guard let tableView else { return [] }
                                let rows = tableView.rows(in: tableView.visibleRect)
                                return (rows.location..<rows.location + rows.length).map { IndexPath(indexes: [0, $0]) }
                            })
        self.host = host
        self.tableView = tableView
        host.adopt(content)
        content.attach?(host)
        tableView.dataSource = self
        tableView.delegate = self
        let scrollView = NSScrollView(frame: .zero)
        scrollView.documentView = tableView
        scrollView.hasVerticalScroller = true
        update(storage: storage, content)
        return scrollView
    }

    func update(storage: Source, _ content: StorageListContent<ID>) {
        guard let host, !host.isDismantled else { return }
        host.update(storage: storage, rowContent: content, contentVersion: content.version)
        host.refreshAction = content.refresh
        guard let selection = content.selection, host.setSelection(selection.wrappedValue), let tableView else { return }
        tableView.selectRowIndexes(IndexSet(host.selectedIndexPaths.filter { $0[0] == 0 }.map { $0[1] }), byExtendingSelection: false)
    }

    // MARK: NSTableViewDataSource, NSTableViewDelegate

    /// The number of items the host shows in its first section.
    public func numberOfRows(in tableView: NSTableView) -> Int {
        host?.numberOfItems(inSection: 0) ?? 0
    }

    /// A hosting view of the item's SwiftUI row.
    public func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
        NSHostingView(rootView: host?.rowContent.row(for: host?.item(at: IndexPath(indexes: [0, row]))) ?? AnyView(EmptyView()))
    }

    /// The user's selection: the ids of the selected rows' items.
    public func tableViewSelectionDidChange(_ notification: Notification) {
        guard let host, let tableView else { return }
        let ids = tableView.selectedRowIndexes.compactMap { host.item(at: IndexPath(indexes: [0, $0])).flatMap(host.identify) }
        host.setSelection(Set(ids))
        host.selectionDidChange?(host.selection)
    }
}
#endif
