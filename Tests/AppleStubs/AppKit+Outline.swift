// AppKit declarations of outline views (NSOutlineView, its data source and delegate protocols),
// each from its documentation page, in the AppKit stub module (check.sh compiles this file with
// AppKit.swift). The protocols' requirements are all `@objc optional` in the SDK: here
// requirements with a default in an extension, as in AppKit.swift.
//
// What Swift on Linux cannot spell as the SDK does: NSOutlineView redeclares NSTableView's
// `dataSource` and `delegate` with the outline's protocols (Objective-C properties, which the
// importer allows; Swift refuses a subclass property of another type). Here the outline's two are
// declared in an extension of `_NSOutlineViewProperties`, a stub-only protocol NSOutlineView
// conforms to (no page: it is not AppKit's), so that `outlineView.dataSource = self` type-checks
// with an NSOutlineViewDataSource, as on the SDK.

// https://developer.apple.com/documentation/appkit/nsoutlineviewdroponitemindex
public var NSOutlineViewDropOnItemIndex: Int { -1 }

// The stub-only holder of NSOutlineView's `dataSource` and `delegate` (see above).
@MainActor public protocol _NSOutlineViewProperties: AnyObject {}

extension _NSOutlineViewProperties {
    // https://developer.apple.com/documentation/appkit/nsoutlineview/datasource
    public var dataSource: (any NSOutlineViewDataSource)? { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/appkit/nsoutlineview/delegate
    public var delegate: (any NSOutlineViewDelegate)? { get { fatalError("interface stub") } set {} }
}

// https://developer.apple.com/documentation/appkit/nsoutlineview
@MainActor open class NSOutlineView: NSTableView, _NSOutlineViewProperties {
    // https://developer.apple.com/documentation/appkit/nsoutlineview/insertitems(at:inparent:withanimation:)
    open func insertItems(at indexes: IndexSet, inParent parent: Any?, withAnimation animationOptions: NSTableView.AnimationOptions = []) {}
    // https://developer.apple.com/documentation/appkit/nsoutlineview/removeitems(at:inparent:withanimation:)
    open func removeItems(at indexes: IndexSet, inParent parent: Any?, withAnimation animationOptions: NSTableView.AnimationOptions = []) {}
    // https://developer.apple.com/documentation/appkit/nsoutlineview/moveitem(at:inparent:to:inparent:)
    open func moveItem(at fromIndex: Int, inParent oldParent: Any?, to toIndex: Int, inParent newParent: Any?) {}
    // https://developer.apple.com/documentation/appkit/nsoutlineview/reloaditem(_:reloadchildren:)
    open func reloadItem(_ item: Any?, reloadChildren: Bool) {}
    // https://developer.apple.com/documentation/appkit/nsoutlineview/expanditem(_:expandchildren:)
    open func expandItem(_ item: Any?, expandChildren: Bool) {}
    // https://developer.apple.com/documentation/appkit/nsoutlineview/collapseitem(_:collapsechildren:)
    open func collapseItem(_ item: Any?, collapseChildren: Bool) {}
    // https://developer.apple.com/documentation/appkit/nsoutlineview/isitemexpanded(_:)
    open func isItemExpanded(_ item: Any?) -> Bool { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nsoutlineview/item(atrow:)
    open func item(atRow row: Int) -> Any? { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nsoutlineview/row(foritem:)
    open func row(forItem item: Any?) -> Int { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nsoutlineview/parent(foritem:)
    open func parent(forItem item: Any?) -> Any? { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nsoutlineview/level(foritem:)
    open func level(forItem item: Any?) -> Int { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nsoutlineview/outlinetablecolumn
    // The page's `@IBOutlet` needs Objective-C (not on Linux); the ownership is the page's.
    unowned(unsafe) open var outlineTableColumn: NSTableColumn?
    // https://developer.apple.com/documentation/appkit/nsoutlineview/autosaveexpandeditems
    open var autosaveExpandedItems: Bool { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/appkit/nsoutlineview/setdropitem(_:dropchildindex:)
    open func setDropItem(_ item: Any?, dropChildIndex index: Int) {}
}

extension NSTableView {
    // https://developer.apple.com/documentation/appkit/nstableview/autosavename-swift.typealias
    public typealias AutosaveName = String
    // https://developer.apple.com/documentation/appkit/nstableview/autosavename-swift.property
    public var autosaveName: NSTableView.AutosaveName? { get { fatalError("interface stub") } set {} }
}

// https://developer.apple.com/documentation/appkit/nsoutlineviewdatasource
public protocol NSOutlineViewDataSource: NSObjectProtocol {
    // optional:
    // https://developer.apple.com/documentation/appkit/nsoutlineviewdatasource/outlineview(_:numberofchildrenofitem:)
    @MainActor func outlineView(_ outlineView: NSOutlineView, numberOfChildrenOfItem item: Any?) -> Int
    // https://developer.apple.com/documentation/appkit/nsoutlineviewdatasource/outlineview(_:child:ofitem:)
    @MainActor func outlineView(_ outlineView: NSOutlineView, child index: Int, ofItem item: Any?) -> Any
    // https://developer.apple.com/documentation/appkit/nsoutlineviewdatasource/outlineview(_:isitemexpandable:)
    @MainActor func outlineView(_ outlineView: NSOutlineView, isItemExpandable item: Any) -> Bool
    // https://developer.apple.com/documentation/appkit/nsoutlineviewdatasource/outlineview(_:persistentobjectforitem:)
    @MainActor func outlineView(_ outlineView: NSOutlineView, persistentObjectForItem item: Any?) -> Any?
    // https://developer.apple.com/documentation/appkit/nsoutlineviewdatasource/outlineview(_:itemforpersistentobject:)
    @MainActor func outlineView(_ outlineView: NSOutlineView, itemForPersistentObject object: Any) -> Any?
    // https://developer.apple.com/documentation/appkit/nsoutlineviewdatasource/outlineview(_:pasteboardwriterforitem:)
    @MainActor func outlineView(_ outlineView: NSOutlineView, pasteboardWriterForItem item: Any) -> (any NSPasteboardWriting)?
    // https://developer.apple.com/documentation/appkit/nsoutlineviewdatasource/outlineview(_:validatedrop:proposeditem:proposedchildindex:)
    @MainActor func outlineView(_ outlineView: NSOutlineView, validateDrop info: any NSDraggingInfo, proposedItem item: Any?,
                                proposedChildIndex index: Int) -> NSDragOperation
    // https://developer.apple.com/documentation/appkit/nsoutlineviewdatasource/outlineview(_:acceptdrop:item:childindex:)
    @MainActor func outlineView(_ outlineView: NSOutlineView, acceptDrop info: any NSDraggingInfo, item: Any?,
                                childIndex index: Int) -> Bool
}

// The optional requirements (`@objc optional` in the SDK).
extension NSOutlineViewDataSource {
    @MainActor public func outlineView(_ outlineView: NSOutlineView, numberOfChildrenOfItem item: Any?) -> Int {
        fatalError("interface stub")
    }
    @MainActor public func outlineView(_ outlineView: NSOutlineView, child index: Int, ofItem item: Any?) -> Any {
        fatalError("interface stub")
    }
    @MainActor public func outlineView(_ outlineView: NSOutlineView, isItemExpandable item: Any) -> Bool { fatalError("interface stub") }
    @MainActor public func outlineView(_ outlineView: NSOutlineView, persistentObjectForItem item: Any?) -> Any? {
        fatalError("interface stub")
    }
    @MainActor public func outlineView(_ outlineView: NSOutlineView, itemForPersistentObject object: Any) -> Any? {
        fatalError("interface stub")
    }
    @MainActor public func outlineView(_ outlineView: NSOutlineView,
                                       pasteboardWriterForItem item: Any) -> (any NSPasteboardWriting)? { fatalError("interface stub") }
    @MainActor public func outlineView(_ outlineView: NSOutlineView, validateDrop info: any NSDraggingInfo, proposedItem item: Any?,
                                       proposedChildIndex index: Int) -> NSDragOperation { fatalError("interface stub") }
    @MainActor public func outlineView(_ outlineView: NSOutlineView, acceptDrop info: any NSDraggingInfo, item: Any?,
                                       childIndex index: Int) -> Bool { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/appkit/nsoutlineviewdelegate
public protocol NSOutlineViewDelegate: NSControlTextEditingDelegate {
    // optional:
    // https://developer.apple.com/documentation/appkit/nsoutlineviewdelegate/outlineview(_:viewfor:item:)
    @MainActor func outlineView(_ outlineView: NSOutlineView, viewFor tableColumn: NSTableColumn?, item: Any) -> NSView?
    // https://developer.apple.com/documentation/appkit/nsoutlineviewdelegate/outlineviewitemdidexpand(_:)
    @MainActor func outlineViewItemDidExpand(_ notification: Notification)
    // https://developer.apple.com/documentation/appkit/nsoutlineviewdelegate/outlineviewitemdidcollapse(_:)
    @MainActor func outlineViewItemDidCollapse(_ notification: Notification)
    // https://developer.apple.com/documentation/appkit/nsoutlineviewdelegate/outlineviewselectiondidchange(_:)
    @MainActor func outlineViewSelectionDidChange(_ notification: Notification)
}

// The optional requirements (`@objc optional` in the SDK).
extension NSOutlineViewDelegate {
    @MainActor public func outlineView(_ outlineView: NSOutlineView, viewFor tableColumn: NSTableColumn?, item: Any) -> NSView? {
        fatalError("interface stub")
    }
    @MainActor public func outlineViewItemDidExpand(_ notification: Notification) { fatalError("interface stub") }
    @MainActor public func outlineViewItemDidCollapse(_ notification: Notification) { fatalError("interface stub") }
    @MainActor public func outlineViewSelectionDidChange(_ notification: Notification) { fatalError("interface stub") }
}
