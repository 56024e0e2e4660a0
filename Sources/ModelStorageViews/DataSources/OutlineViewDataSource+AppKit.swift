#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import ModelStorage

/// An `NSOutlineView`'s data source and delegate made from the outline view and an
/// ``OutlineStorage``, with typed cells: it creates the ``OutlineViewAdapter`` and the
/// ``OutlineViewUpdater`` (``updater``), becomes the view's data source and delegate (through an
/// object it keeps, which forwards each call to it), and answers from what the updater shows,
/// with one stable object per id, so that the view's expansion and selection survive every
/// update and reload.
///
/// ```swift
/// dataSource = OutlineViewDataSource(outlineView: outlineView, storage: outline) { outlineView, column, folder, state in
///     let label = NSTextField(labelWithString: folder.name)
///     label.identifier = column?.identifier     // so that makeView(withIdentifier:owner:) can reuse it
///     return label
/// }
/// dataSource.canDragItem = { _ in true }           // drag to move, onto an item or between items
/// dataSource.canDropItem = { _, parent in parent?.isFolder ?? true }   // a file takes no children
/// outlineView.autosaveName = "Folders"
/// outlineView.autosaveExpandedItems = true          // the expansion saved by id
/// ```
///
/// - **Expansion.** A disclosure click, an Option-click (each item it expands or collapses) and
///   an expansion the view restores reach the storage through the updater; the storage's own
///   expansions reach the view with the next update.
/// - **Drag and drop** (items ``canDragItem`` allows, inside this view, one row at a time): a drop
///   on an item makes the dragged item its last child (a leaf becomes a parent), a drop between
///   items a sibling there; a drop the outline refuses (into the dragged item's own subtree) is
///   not offered, and one that can no longer be applied changes nothing and goes to
///   ``didFailUserAction``. A drag of several rows is not offered.
/// - **Disclosure.** An item shows a disclosure when it has children or children not loaded yet:
///   keep one on an empty folder with ``OutlineStorage/markChildrenUnloaded(_:)`` (and a
///   `childrenLoader`).
/// - **Saved expansion.** With `autosaveExpandedItems`, the view saves each expanded item as its
///   id's string (``persistentIDs``) and expands it again at the next launch, in the storage too.
/// - **Selection.** ``selectedIDs`` and ``selectItems(withIDs:byExtendingSelection:)``, by id.
///
/// The outline view holds its data source and delegate weakly: keep this object. Set no other
/// data source or delegate on the view; read what the delegate would tell from this object
/// (``selectionDidChange``, ``selectedIDs``).
@MainActor
open class OutlineViewDataSource<Item: Identifiable & Equatable & Sendable>: NSObject {
    /// Makes the view of an item's row in a column: the outline view, the column, the item and
    /// its row state (level, expansion, children, loading).
    public typealias CellProvider = @MainActor (NSOutlineView, NSTableColumn?, Item, OutlineRowState) -> NSView?

    /// The pasteboard type of the items the user drags inside the outline view.
    public static var itemPasteboardType: NSPasteboard.PasteboardType { OutlineDragPasteboard.type }

    /// The outline view shown.
    public let outlineView: NSOutlineView
    /// The adapter the updater sends its calls through (its animations can be changed).
    public let adapter: OutlineViewAdapter
    /// The updater between the storage and the outline view.
    public var updater: OutlineViewUpdater<Item> { core.updater }
    /// The outline shown.
    public var storage: OutlineStorage<Item> { core.updater.storage }
    /// Which items the user may drag to move them; `nil` (the default): none.
    public var canDragItem: (@MainActor (Item) -> Bool)? {
        get { core.canDragItem }
        set { core.canDragItem = newValue }
    }
    /// Which parent may take a dragged item (the item, then the new parent, `nil` for the root);
    /// a drop elsewhere is not offered. `nil` (the default): every parent but the dragged item's
    /// own subtree (``OutlineViewUpdater/canDropItem``).
    public var canDropItem: (@MainActor (_ item: Item, _ newParent: Item?) -> Bool)? {
        get { updater.canDropItem }
        set { updater.canDropItem = newValue }
    }
    /// How the saved expansion names items; `nil`: the view saves none.
    public var persistentIDs: OutlinePersistentIDs<Item.ID>? {
        get { core.persistentIDs }
        set { core.persistentIDs = newValue }
    }
    /// Where a user's action that could not be applied (a drop or an expansion of an item that
    /// left the outline meanwhile) is reported; the storage is then unchanged.
    public var didFailUserAction: @MainActor (OutlineActionError) -> Void {
        get { core.didFailUserAction }
        set { core.didFailUserAction = newValue }
    }
    /// Called with ``selectedIDs`` each time the view's selection changes: by the user, by
    /// ``selectItems(withIDs:byExtendingSelection:)``, and when an update removes or hides a
    /// selected row.
    public var selectionDidChange: (@MainActor ([Item.ID]) -> Void)?

    let core: OutlineViewDataSourceCore<Item>
    private let cellProvider: CellProvider
    /// The view's data source and delegate, which forwards to this object.
    private var bridge: OutlineViewBridge?

    /// The data source and delegate of `outlineView` showing `storage`: each row's views from
    /// `cellProvider`, the saved expansion named by `persistentIDs` (`nil`: none saved). Becomes
    /// the view's data source and delegate and registers the view for dragged items.
    public init(outlineView: NSOutlineView, storage: OutlineStorage<Item>, persistentIDs: OutlinePersistentIDs<Item.ID>?,
                insertAnimation: NSTableView.AnimationOptions = .effectFade, removeAnimation: NSTableView.AnimationOptions = .effectFade,
                cellProvider: @escaping CellProvider) {
        self.outlineView = outlineView
        adapter = OutlineViewAdapter(outlineView, insertAnimation: insertAnimation, removeAnimation: removeAnimation)
        core = OutlineViewDataSourceCore(updater: OutlineViewUpdater(storage: storage, view: adapter), persistentIDs: persistentIDs)
        self.cellProvider = cellProvider
        super.init()
        let bridge = OutlineViewBridge(target: self)
        self.bridge = bridge
        outlineView.registerForDraggedTypes([Self.itemPasteboardType])
        outlineView.dataSource = bridge
        outlineView.delegate = bridge
    }

    /// The data source and delegate of `outlineView` showing `storage`, as
    /// ``init(outlineView:storage:persistentIDs:insertAnimation:removeAnimation:cellProvider:)``,
    /// the saved expansion naming each item by its id's `description`
    /// (``OutlinePersistentIDs/losslessString``).
    public convenience init(outlineView: NSOutlineView, storage: OutlineStorage<Item>,
                            insertAnimation: NSTableView.AnimationOptions = .effectFade,
                            removeAnimation: NSTableView.AnimationOptions = .effectFade,
                            cellProvider: @escaping CellProvider) where Item.ID: LosslessStringConvertible {
        self.init(outlineView: outlineView, storage: storage, persistentIDs: .losslessString,
                  insertAnimation: insertAnimation, removeAnimation: removeAnimation, cellProvider: cellProvider)
    }

    // MARK: Selection

    /// The ids of the selected rows' items, in row order.
    public var selectedIDs: [Item.ID] {
        core.ids(of: outlineView.selectedRowIndexes.map { outlineView.item(atRow: $0) })
    }

    /// Selects the rows of the items `ids` names that the view shows (an item under a collapsed
    /// parent, or not in the outline, is left out), after the current selection when
    /// `byExtendingSelection`. O(ids).
    public func selectItems(withIDs ids: some Sequence<Item.ID>, byExtendingSelection: Bool = false) {
        let rows = core.rows(of: ids) { [outlineView] in outlineView.row(forItem: $0) }
        outlineView.selectRowIndexes(rows, byExtendingSelection: byExtendingSelection)
    }

    /// The view of `item`'s row in `tableColumn`, from the cell provider; `nil` for an object
    /// that stands for no item.
    func view(for tableColumn: NSTableColumn?, item: Any) -> NSView? {
        guard let content = core.cellContent(of: item) else { return nil }
        return cellProvider(outlineView, tableColumn, content.item, content.state)
    }
}

/// `NSOutlineView`'s calls, as the bridge forwards them.
extension OutlineViewDataSource: OutlineViewBridging {
    /// The number of children the updater shows of `item` (`nil`: the roots).
    func numberOfChildren(ofItem item: Any?) -> Int { updater.numberOfChildren(ofItem: item) }

    /// The stable object of the child at `index` of `item`.
    func child(_ index: Int, ofItem item: Any?) -> Any { updater.child(index, ofItem: item) }

    /// Whether `item` shows a disclosure: it has children, or children not loaded yet.
    func isItemExpandable(_ item: Any) -> Bool { updater.isItemExpandable(item) }

    /// The string saved for an expanded item (``persistentIDs``).
    func persistentObject(forItem item: Any?) -> Any? { core.persistentObject(for: item) }

    /// The object of the item a saved string names (`nil` for one no longer in the outline).
    func item(forPersistentObject object: Any) -> Any? { core.object(forPersistentObject: object) }

    /// An item the user may drag (``canDragItem``) as a pasteboard item naming it.
    func pasteboardWriter(forItem item: Any) -> (any NSPasteboardWriting)? {
        core.pasteboardString(forDragging: item).map(OutlineDragPasteboard.item(carrying:))
    }

    /// A move of one item of this view, where the outline takes it; nothing else.
    func validateDrop(_ info: any NSDraggingInfo, proposedItem item: Any?, proposedChildIndex index: Int) -> NSDragOperation {
        core.canDrop(draggedStrings(info), onto: item, childIndex: index) ? .move : []
    }

    /// Moves the dragged item in the storage; the next update moves its row.
    func acceptDrop(_ info: any NSDraggingInfo, item: Any?, childIndex index: Int) -> Bool {
        core.acceptDrop(draggedStrings(info), onto: item, childIndex: index)
    }

    /// The strings a drag from this view carries; none for a drag from elsewhere.
    private func draggedStrings(_ info: any NSDraggingInfo) -> [String?] {
        OutlineDragPasteboard.strings(of: info, from: outlineView)
    }

    /// The user (or the view restoring its saved expansion) expanded an item: the storage expands it.
    func itemDidExpand(_ notification: Notification) { core.viewDidExpand(notification.userInfo?["NSObject"]) }

    /// The user collapsed an item: the storage collapses it.
    func itemDidCollapse(_ notification: Notification) { core.viewDidCollapse(notification.userInfo?["NSObject"]) }

    /// Tells ``selectionDidChange`` the selected ids.
    func selectionDidChange(_ notification: Notification) { selectionDidChange?(selectedIDs) }
}
#endif
