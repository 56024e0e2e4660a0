#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit

/// How an outline view's drag of its own rows travels on the pasteboard: one string per dragged
/// row (an ``OutlineDragTokens`` token), under one pasteboard type, for
/// ``OutlineViewDataSource`` and a `StorageList` of an outline alike.
@MainActor
enum OutlineDragPasteboard {
    /// The pasteboard type of the rows dragged inside an outline view.
    static var type: NSPasteboard.PasteboardType { NSPasteboard.PasteboardType("org.modelstorage.outline-item") }

    /// A pasteboard item carrying `token`.
    static func item(carrying token: String) -> NSPasteboardItem {
        let pasteboardItem = NSPasteboardItem()
        _ = pasteboardItem.setString(token, forType: type)
        return pasteboardItem
    }

    /// The strings a drag carries when it comes from `outlineView`; none for a drag from
    /// elsewhere.
    static func strings(of info: any NSDraggingInfo, from outlineView: NSOutlineView) -> [String?] {
        guard (info.draggingSource as AnyObject?) === outlineView else { return [] }
        return (info.draggingPasteboard.pasteboardItems ?? []).map { $0.string(forType: type) }
    }
}
#endif
