#if canImport(SwiftUI) && canImport(AppKit) && !targetEnvironment(macCatalyst)
import SwiftUI
import AppKit
import ModelStorage

/// The outline form of a ``StorageList`` on macOS, whatever its item type: what its coordinator
/// keeps.
@MainActor
struct StorageListOutline<ID: Hashable> {
    /// The scroll view of the outline view.
    let scrollView: NSScrollView
    /// A render: the storage (the same outline, or another) and the list's content.
    let update: @MainActor (any ContentStorage, StorageListContent<ID>) -> Void
    /// Stops showing the storage.
    let dismantle: @MainActor () -> Void
}

/// A storage a ``StorageList`` shows as a tree on macOS: an ``OutlineStorage``.
protocol StorageListOutlineMaking {
    /// The outline form of a list of this storage, `nil` unless the list was made with
    /// `StorageList(outline) { item, state in … }` (its selection's ids are the items' ids).
    @MainActor func makeOutlineList<ID: Hashable>(_ content: StorageListContent<ID>) -> StorageListOutline<ID>?
}

extension OutlineStorage: StorageListOutlineMaking {
    /// An ``OutlineListController`` of this outline, for a list of outline rows.
    @MainActor func makeOutlineList<ID: Hashable>(_ content: StorageListContent<ID>) -> StorageListOutline<ID>? {
        guard content.outlineRow != nil, ID.self == Item.ID.self else { return nil }
        let list = OutlineListController<Item, ID>(storage: self, content)
        return StorageListOutline(scrollView: list.scrollView,
                                  update: { storage, content in
                                      if let outline = storage as? OutlineStorage<Item> { list.update(storage: outline, content) }
                                  },
                                  dismantle: { list.host.dismantle() })
    }
}

/// A ``StorageList`` of an outline on macOS: an `NSOutlineView` (its own disclosure triangles
/// and indentation) in a scroll view, each row an `NSHostingView` of the list's row, driven by
/// an ``OutlineListHost`` (all the logic); this object only forwards AppKit's calls (through an
/// ``OutlineViewBridge``, as ``OutlineViewDataSource`` does).
@MainActor
final class OutlineListController<Item: Identifiable & Equatable & Sendable, ID: Hashable>: OutlineViewBridging {
    let host: OutlineListHost<Item>
    let scrollView = NSScrollView(frame: .zero)
    private let outlineView = StorageListOutlineView(frame: .zero)
    private var content: StorageListContent<ID>
    private var bridge: OutlineViewBridge?


    init(storage: OutlineStorage<Item>, _ content: StorageListContent<ID>) {
        self.content = content
        let column = NSTableColumn(identifier: NSUserInterfaceItemIdentifier("StorageListRow"))
        outlineView.addTableColumn(column)
        outlineView.outlineTableColumn = column
        outlineView.headerView = nil
        outlineView.usesAutomaticRowHeights = true
        host = OutlineListHost(storage: storage, view: OutlineViewAdapter(outlineView), contentVersion: content.version)
        adopt(content)
        let bridge = OutlineViewBridge(target: self)
        self.bridge = bridge
        outlineView.dataSource = bridge
        outlineView.delegate = bridge
        outlineView.registerForDraggedTypes([OutlineDragPasteboard.type])
        outlineView.deleteKeyAction = { [weak host] in host?.userDidPressDelete() ?? false }
        scrollView.documentView = outlineView
        scrollView.hasVerticalScroller = true
        content.attach?(self)
        host.start()
        if let ids = content.outlineSelection(Item.ID.self) { host.setSelection(ids) }
    }

    /// A render: the content's handlers, then the storage, then the binding's ids.
    func update(storage: OutlineStorage<Item>, _ content: StorageListContent<ID>) {
        self.content = content
        adopt(content)
        host.update(storage: storage, contentVersion: content.version)
        if let ids = content.outlineSelection(Item.ID.self) { host.setSelection(ids) }
    }

    private func adopt(_ content: StorageListContent<ID>) {
        host.handlers = content.outlineHandlers(Item.self)
        host.allowsMultipleSelection = content.selection?.allowsSeveral ?? true
    }

    // MARK: NSOutlineView's calls

    func numberOfChildren(ofItem item: Any?) -> Int { host.updater?.numberOfChildren(ofItem: item) ?? 0 }
    func child(_ index: Int, ofItem item: Any?) -> Any { host.updater?.child(index, ofItem: item) ?? NSNull() }
    func isItemExpandable(_ item: Any) -> Bool { host.updater?.isItemExpandable(item) ?? false }
    func persistentObject(forItem item: Any?) -> Any? { nil }
    func item(forPersistentObject object: Any) -> Any? { nil }

    func pasteboardWriter(forItem item: Any) -> (any NSPasteboardWriting)? {
        host.pasteboardString(forDragging: item).map(OutlineDragPasteboard.item(carrying:))
    }

    func validateDrop(_ info: any NSDraggingInfo, proposedItem item: Any?, proposedChildIndex index: Int) -> NSDragOperation {
        host.canDrop(pasteboardStrings: draggedStrings(info), onto: item, childIndex: index) ? .move : []
    }

    func acceptDrop(_ info: any NSDraggingInfo, item: Any?, childIndex index: Int) -> Bool {
        host.acceptDrop(pasteboardStrings: draggedStrings(info), onto: item, childIndex: index)
    }

    /// The strings a drag from this view carries; none for a drag from elsewhere.
    private func draggedStrings(_ info: any NSDraggingInfo) -> [String?] {
        OutlineDragPasteboard.strings(of: info, from: outlineView)
    }

    func view(for tableColumn: NSTableColumn?, item: Any) -> NSView? {
        guard let row = host.core?.cellContent(of: item) else { return nil }
        return NSHostingView(rootView: content.outlineRowView(row.item, row.state))
    }

    func itemDidExpand(_ notification: Notification) { host.viewDidExpand(notification.userInfo?["NSObject"]) }
    func itemDidCollapse(_ notification: Notification) { host.viewDidCollapse(notification.userInfo?["NSObject"]) }
    func selectionDidChange(_ notification: Notification) { host.viewSelectionDidChange() }
}

extension OutlineListController: StorageListHosting {
    /// Keeps `summary` equal to the rows the outline view shows.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    func attach(_ summary: ListSummary) { host.attach(summary) }
}
#endif
