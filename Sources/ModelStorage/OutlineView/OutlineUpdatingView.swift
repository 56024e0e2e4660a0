// Foundation itself, not FoundationEssentials: `IndexSet`, the type `NSOutlineView`'s calls
// take, is not in FoundationEssentials on Linux.
import Foundation

/// What a view of parents and children offers an ``OutlineViewUpdater``, spelled as
/// `NSOutlineView` spells it: calls relative to a parent item (`nil`: the root), whose items are
/// the stable objects the updater hands out (``OutlineViewItem``). The `ModelStorageViews`
/// product's adapter makes `NSOutlineView` one; a test double (the `ModelStorageTesting`
/// product's `SimulatedOutlineView`) stands in for one.
///
/// The semantics are `NSOutlineView`'s: between ``beginUpdates()`` and ``endUpdates()`` each call
/// reads the indexes of its parent as the previous calls left them; an insertion, removal or move
/// under a parent that is not expanded does nothing; the view reads the children of an item from
/// its data source (``OutlineViewDataSourcing``) when it expands it.
@MainActor
public protocol OutlineUpdatingView: AnyObject {
    /// Starts a group of calls animated together (`NSTableView`'s `beginUpdates()`).
    func beginUpdates()
    /// Ends the group ``beginUpdates()`` started.
    func endUpdates()
    /// Inserts the children at `indexes` of `parent` (`nil`: the roots), indexes of its children
    /// once inserted; the view reads the new items from its data source.
    func insertItems(at indexes: IndexSet, inParent parent: Any?)
    /// Removes the children at `indexes` of `parent` (`nil`: the roots), with their descendants.
    func removeItems(at indexes: IndexSet, inParent parent: Any?)
    /// Moves the child at `fromIndex` of `oldParent` to `toIndex` of `newParent` (its index once
    /// there, as `NSTableView`'s `moveRow(at:to:)` reads it), with its descendants and expansion.
    func moveItem(at fromIndex: Int, inParent oldParent: Any?, to toIndex: Int, inParent newParent: Any?)
    /// Reads `item` again from the data source (its cell, whether it is expandable), and its
    /// children too when `reloadChildren` is `true`.
    func reloadItem(_ item: Any?, reloadChildren: Bool)
    /// Expands `item` (it is shown), reading its children from the data source; with
    /// `expandChildren`, its descendants too. Nothing happens when it is not expandable or
    /// already expanded.
    func expandItem(_ item: Any?, expandChildren: Bool)
    /// Collapses `item`; with `collapseChildren`, its descendants too, so that the view does not
    /// expand them again by itself when `item` expands.
    func collapseItem(_ item: Any?, collapseChildren: Bool)
    /// Drops everything cached and reads the data source again (the expansion of the items it
    /// still shows follows their objects).
    func reloadData()
}

/// What an outline view reads its items from, spelled as `NSOutlineViewDataSource` spells it:
/// ``OutlineViewUpdater`` answers from what the view shows, with the stable objects of its items.
@MainActor
public protocol OutlineViewDataSourcing: AnyObject {
    /// The number of children of `item` (`nil`: the roots) the view shows.
    func numberOfChildren(ofItem item: Any?) -> Int
    /// The child at `index` of `item` (`nil`: the roots).
    func child(_ index: Int, ofItem item: Any?) -> Any
    /// Whether `item` shows a disclosure control: it has children, or children not loaded yet.
    func isItemExpandable(_ item: Any) -> Bool
}
