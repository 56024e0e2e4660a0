/// What one flush of an ``OutlineViewUpdater`` keeps of the tree the view shows: which items
/// *stay* (shown before and after, under parents the view keeps open throughout, so that a move
/// can reach them) and which parents stay open. Everything else the view shows in the parts the
/// flush examines is removed; what it does not show there and the storage does is inserted, or
/// read when its parent expands.
///
/// Each answer is computed once, from the tree the view shows when the flush starts
/// (``decide(_:shown:tree:)`` before the first call changes it), in O(depth).
@MainActor
@usableFromInline
struct OutlineReconciliation<Item: Identifiable & Equatable & Sendable> {
    /// Whether each item decided stays.
    @usableFromInline
    var staying: [Item.ID: Bool] = [:]
    /// Whether each parent decided keeps open.
    @usableFromInline
    var opening: [Item.ID: Bool] = [:]
    /// The items being decided (two items that swapped parent and child meet each other).
    @usableFromInline
    var inProgress = Set<Item.ID>()

    /// A plan with nothing decided.
    @inlinable
    init() {}

    /// Whether `id` stays (`false` for an item not decided, which the flush never asks).
    @inlinable
    func stays(_ id: Item.ID) -> Bool { staying[id] == true }

    /// Whether `parent` (`nil`: the root) is open in the view before and after: it stays, the
    /// view shows it expanded and the storage does too (as decided at the start).
    @inlinable
    func keepsOpen(_ parent: Item.ID?, shown: OutlineShownTree<Item>, tree: OutlineTree<Item>) -> Bool {
        guard let parent else { return true }
        return stays(parent) && shown.isExpanded(parent) && tree.opensInView(parent)
    }

    /// Decides whether `id` stays: shown now and in the storage, under a parent kept open on both
    /// sides (which makes it visible in the storage). An item met again while deciding its own
    /// case (two items that swapped parent and child) does not stay.
    @inlinable
    @discardableResult
    mutating func decide(_ id: Item.ID, shown: OutlineShownTree<Item>, tree: OutlineTree<Item>) -> Bool {
        if let known = staying[id] { return known }
        guard let node = shown.nodes[id], let stored = tree.nodes[id], inProgress.insert(id).inserted else { return false }
        let stays = decideOpen(node.parent, shown: shown, tree: tree) && decideOpen(stored.parent, shown: shown, tree: tree)
        inProgress.remove(id)
        staying[id] = stays
        return stays
    }

    /// Decides whether `parent` keeps open (see ``keepsOpen(_:shown:tree:)``), once per parent.
    @inlinable
    mutating func decideOpen(_ parent: Item.ID?, shown: OutlineShownTree<Item>, tree: OutlineTree<Item>) -> Bool {
        guard let parent else { return true }
        if let known = opening[parent] { return known }
        let open = shown.isExpanded(parent) && tree.opensInView(parent) && decide(parent, shown: shown, tree: tree)
        if !inProgress.contains(parent) { opening[parent] = open }
        return open
    }
}

extension OutlineTree {
    /// Whether an outline view shows `id` expanded: it is shown, expanded, and expandable (it has
    /// children, or children not loaded yet). O(depth).
    @inlinable
    func opensInView(_ id: Item.ID) -> Bool {
        opensBelowOpenParent(id) && isVisible(id)
    }

    /// Whether an outline view shows `id` expanded, `id` shown (its parent open): it is expanded
    /// and expandable. O(1).
    @inlinable
    func opensBelowOpenParent(_ id: Item.ID) -> Bool {
        expanded.contains(id) && hasDisclosure(id)
    }
}
