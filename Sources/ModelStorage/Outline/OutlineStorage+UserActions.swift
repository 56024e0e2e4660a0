#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the user does to an outline's rows through a view: a tap on a row's disclosure control.
extension OutlineStorage: ExpansionTogglingStorage {
    /// Expands `id` when it is collapsed, collapses it when it is expanded: what a tap on its
    /// row's disclosure control does (see ``expand(_:recursively:isolation:)`` and
    /// ``collapse(_:recursively:)`` for the rows it inserts or deletes). An item without children
    /// has its recorded expansion toggled, as ``expand(_:recursively:isolation:)`` records it.
    ///
    /// From a view, call ``ViewUpdater/userDidToggleExpansion(at:)`` with the row the user
    /// tapped: it finds that row's item by identity, whatever changes are pending.
    /// On an actor (the main actor for a UI), expanding an item whose children are not loaded
    /// starts their load (see ``expand(_:recursively:isolation:)``).
    ///
    /// - Throws: ``OutlineError/itemNotFound(_:)`` when `id` is not in the tree; nothing changes.
    public func toggleExpansion(of id: Item.ID, isolation: isolated (any Actor)? = #isolation) throws(OutlineError) {
        if isExpanded(id) { try collapse([id]) } else { try expand([id], isolation: isolation) }
    }

    /// Where the row `content` holds at `indexPath` is now: the same row (its identity), else
    /// the row of the same id; `nil` when that id is not shown now, `content` holds nothing there
    /// or comes from another outline. O(log n) for a row that stayed, O(depth + log n) otherwise.
    func shownIndexPath(ofItemAt indexPath: IndexPath, in content: Content) -> IndexPath? {
        guard content.origin == rows.origin, content.holdsItem(at: indexPath) else { return nil }
        if let same = rows.indexPath(ofItemAt: indexPath, in: content) { return same }
        guard let item = content.item(at: indexPath) as? Item else { return nil }
        return self.indexPath(forItemWithID: item.id)
    }

    /// Toggles the expansion of the item at `indexPath` (storage index space); `false`, changing
    /// nothing, when no item of this outline is there.
    func toggleExpansion(ofItemAt indexPath: IndexPath, isolation: isolated (any Actor)?) -> Bool {
        guard let item = rows.item(at: indexPath) as? Item, tree.contains(item.id) else { return false }
        do { try toggleExpansion(of: item.id, isolation: isolation) } catch { return false }
        return true
    }
}

/// A storage whose rows a disclosure control expands and collapses (``OutlineStorage``): what
/// ``ViewUpdater/userDidToggleExpansion(at:)`` calls, whatever the updater's storage type.
protocol ExpansionTogglingStorage: AnyObject {
    /// Toggles the expansion of the item at `indexPath` (storage index space); `false`, changing
    /// nothing, when no item is there.
    /// On `isolation`, where the expansion starts the loads of children it needs.
    func toggleExpansion(ofItemAt indexPath: IndexPath, isolation: isolated (any Actor)?) -> Bool
}
