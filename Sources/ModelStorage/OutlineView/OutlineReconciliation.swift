/// What one flush of an ``OutlineViewUpdater`` keeps of the tree the view shows: which items
/// *stay* (shown before and after, under parents the view keeps open throughout, so that a move
/// can reach them), which expanded items collapse, and which parents stay open. Everything else
/// the view shows is removed; what it does not show and the storage does is inserted or read
/// when its parent expands.
///
/// O(items shown), each answer computed once.
@MainActor
struct OutlineReconciliation<Item: Identifiable & Equatable & Sendable> {
    /// Whether each shown item stays (computed for every shown item at the start).
    private var staying: [Item.ID: Bool] = [:]
    /// The shown items that stay and stay expanded in the view.
    private var open: [Item.ID] = []
    /// The shown items that stay but collapse.
    private var collapsing: [Item.ID] = []

    /// The plan that brings `shown` to `tree`.
    init(shown: OutlineShownTree<Item>, tree: OutlineTree<Item>) {
        var inProgress = Set<Item.ID>()
        let order = shown.allShown()
        for id in order { _ = decide(id, shown: shown, tree: tree, inProgress: &inProgress) }
        for id in order where shown.isExpanded(id) && staying[id] == true {
            if tree.opensInView(id) { open.append(id) } else { collapsing.append(id) }
        }
    }

    /// Whether the shown `id` stays.
    func stays(_ id: Item.ID) -> Bool { staying[id] == true }

    /// The shown items to collapse first.
    func collapses() -> [Item.ID] { collapsing }

    /// The parents open in the view before and after: the roots (`nil`), then the items that
    /// stay expanded.
    func openParents() -> [Item.ID?] { [nil] + open.map(Optional.some) }

    /// Whether `id` stays: shown now and in the storage, under a parent kept open on both sides.
    /// An item met again while deciding its own case (two items that swapped parent and child)
    /// does not stay.
    private mutating func decide(_ id: Item.ID, shown: OutlineShownTree<Item>, tree: OutlineTree<Item>,
                                 inProgress: inout Set<Item.ID>) -> Bool {
        if let known = staying[id] { return known }
        guard let node = shown.nodes[id], tree.isVisible(id), inProgress.insert(id).inserted else { return false }
        let stays = keepsOpen(node.parent, shown: shown, tree: tree, inProgress: &inProgress)
            && keepsOpen(tree.nodes[id]!.parent, shown: shown, tree: tree, inProgress: &inProgress)
        inProgress.remove(id)
        staying[id] = stays
        return stays
    }

    /// Whether `parent` (`nil`: the root) is open in the view before and after: it stays, the
    /// view shows it expanded and the storage does too.
    private mutating func keepsOpen(_ parent: Item.ID?, shown: OutlineShownTree<Item>, tree: OutlineTree<Item>,
                                    inProgress: inout Set<Item.ID>) -> Bool {
        guard let parent else { return true }
        return shown.isExpanded(parent) && tree.opensInView(parent)
            && decide(parent, shown: shown, tree: tree, inProgress: &inProgress)
    }
}

extension OutlineTree {
    /// Whether an outline view shows `id` expanded: it is shown, expanded, and expandable (it has
    /// children, or children not loaded yet). O(depth).
    func opensInView(_ id: Item.ID) -> Bool {
        expanded.contains(id) && hasDisclosure(id) && isVisible(id)
    }
}
