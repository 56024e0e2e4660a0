#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import ModelStorage

/// What an ``OutlineViewBridge`` forwards `NSOutlineView`'s calls to: ``OutlineViewDataSource``,
/// whatever its item type.
@MainActor
protocol OutlineViewBridging: AnyObject {
    func numberOfChildren(ofItem item: Any?) -> Int
    func child(_ index: Int, ofItem item: Any?) -> Any
    func isItemExpandable(_ item: Any) -> Bool
    func persistentObject(forItem item: Any?) -> Any?
    func item(forPersistentObject object: Any) -> Any?
    func pasteboardWriter(forItem item: Any) -> (any NSPasteboardWriting)?
    func validateDrop(_ info: any NSDraggingInfo, proposedItem item: Any?, proposedChildIndex index: Int) -> NSDragOperation
    func acceptDrop(_ info: any NSDraggingInfo, item: Any?, childIndex index: Int) -> Bool
    func view(for tableColumn: NSTableColumn?, item: Any) -> NSView?
    func itemDidExpand(_ notification: Notification)
    func itemDidCollapse(_ notification: Notification)
    func selectionDidChange(_ notification: Notification)
}

/// The object an ``OutlineViewDataSource`` sets as its outline view's data source and delegate:
/// not generic, so that its conformances to `NSOutlineViewDataSource` and `NSOutlineViewDelegate`
/// can be declared in extensions (Swift refuses `@objc` members in an extension of a generic
/// class, and reports a misspelled optional method only in an extension that declares the
/// conformance). Each method forwards to the data source; once it is gone, the answers are those
/// of an empty outline.
@MainActor
final class OutlineViewBridge: NSObject {
    weak var target: (any OutlineViewBridging)?

    init(target: any OutlineViewBridging) {
        self.target = target
        super.init()
    }
}

extension OutlineViewBridge: NSOutlineViewDataSource {
    func outlineView(_ outlineView: NSOutlineView, numberOfChildrenOfItem item: Any?) -> Int {
        target?.numberOfChildren(ofItem: item) ?? 0
    }

    func outlineView(_ outlineView: NSOutlineView, child index: Int, ofItem item: Any?) -> Any {
        target?.child(index, ofItem: item) ?? NSNull()
    }

    func outlineView(_ outlineView: NSOutlineView, isItemExpandable item: Any) -> Bool {
        target?.isItemExpandable(item) ?? false
    }

    func outlineView(_ outlineView: NSOutlineView, persistentObjectForItem item: Any?) -> Any? {
        target?.persistentObject(forItem: item)
    }

    func outlineView(_ outlineView: NSOutlineView, itemForPersistentObject object: Any) -> Any? {
        target?.item(forPersistentObject: object)
    }

    func outlineView(_ outlineView: NSOutlineView, pasteboardWriterForItem item: Any) -> (any NSPasteboardWriting)? {
        target?.pasteboardWriter(forItem: item)
    }

    func outlineView(_ outlineView: NSOutlineView, validateDrop info: any NSDraggingInfo, proposedItem item: Any?,
                     proposedChildIndex index: Int) -> NSDragOperation {
        target?.validateDrop(info, proposedItem: item, proposedChildIndex: index) ?? []
    }

    func outlineView(_ outlineView: NSOutlineView, acceptDrop info: any NSDraggingInfo, item: Any?, childIndex index: Int) -> Bool {
        target?.acceptDrop(info, item: item, childIndex: index) ?? false
    }
}

extension OutlineViewBridge: NSOutlineViewDelegate {
    func outlineView(_ outlineView: NSOutlineView, viewFor tableColumn: NSTableColumn?, item: Any) -> NSView? {
        target?.view(for: tableColumn, item: item)
    }

    func outlineViewItemDidExpand(_ notification: Notification) { target?.itemDidExpand(notification) }

    func outlineViewItemDidCollapse(_ notification: Notification) { target?.itemDidCollapse(notification) }

    func outlineViewSelectionDidChange(_ notification: Notification) { target?.selectionDidChange(notification) }
}
#endif
