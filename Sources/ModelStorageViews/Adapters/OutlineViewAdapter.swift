#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import ModelStorage

/// An `NSOutlineView` as an ``OutlineUpdatingView``: the calls an ``OutlineViewUpdater`` sends,
/// each forwarded to the outline view's method of the same name, insertions and removals with
/// the animations of ``insertAnimation`` and ``removeAnimation``.
///
/// ```swift
/// let updater = OutlineViewUpdater(storage: outline, view: OutlineViewAdapter(outlineView))
/// ```
///
/// ``OutlineViewDataSource`` makes one, with its updater; make one yourself only for a data
/// source of your own, which must answer the view from the updater (``OutlineViewDataSourcing``).
@MainActor
public final class OutlineViewAdapter: OutlineUpdatingView {
    /// The outline view the calls go to.
    public let outlineView: NSOutlineView
    /// The animation of inserted items.
    public var insertAnimation: NSTableView.AnimationOptions
    /// The animation of removed items.
    public var removeAnimation: NSTableView.AnimationOptions

    /// An adapter that drives `outlineView`, inserting and removing items with the given animations.
    public init(_ outlineView: NSOutlineView, insertAnimation: NSTableView.AnimationOptions = .effectFade,
                removeAnimation: NSTableView.AnimationOptions = .effectFade) {
        self.outlineView = outlineView
        self.insertAnimation = insertAnimation
        self.removeAnimation = removeAnimation
    }

    /// `beginUpdates()`.
    public func beginUpdates() { outlineView.beginUpdates() }
    /// `endUpdates()`.
    public func endUpdates() { outlineView.endUpdates() }
    /// `insertItems(at:inParent:withAnimation:)` with ``insertAnimation``.
    public func insertItems(at indexes: IndexSet, inParent parent: Any?) {
        outlineView.insertItems(at: indexes, inParent: parent, withAnimation: insertAnimation)
    }
    /// `removeItems(at:inParent:withAnimation:)` with ``removeAnimation``.
    public func removeItems(at indexes: IndexSet, inParent parent: Any?) {
        outlineView.removeItems(at: indexes, inParent: parent, withAnimation: removeAnimation)
    }
    /// `moveItem(at:inParent:to:inParent:)`.
    public func moveItem(at fromIndex: Int, inParent oldParent: Any?, to toIndex: Int, inParent newParent: Any?) {
        outlineView.moveItem(at: fromIndex, inParent: oldParent, to: toIndex, inParent: newParent)
    }
    /// `reloadItem(_:reloadChildren:)`.
    public func reloadItem(_ item: Any?, reloadChildren: Bool) {
        outlineView.reloadItem(item, reloadChildren: reloadChildren)
    }
    /// `expandItem(_:expandChildren:)`.
    public func expandItem(_ item: Any?, expandChildren: Bool) {
        outlineView.expandItem(item, expandChildren: expandChildren)
    }
    /// `collapseItem(_:collapseChildren:)`.
    public func collapseItem(_ item: Any?, collapseChildren: Bool) {
        outlineView.collapseItem(item, collapseChildren: collapseChildren)
    }
    /// `reloadData()`.
    public func reloadData() { outlineView.reloadData() }
}
#endif
