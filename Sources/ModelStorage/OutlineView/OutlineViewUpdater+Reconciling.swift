// Foundation itself, not FoundationEssentials: `IndexSet` is not in FoundationEssentials on Linux.
import Foundation

/// A flush's calls: the tree the view shows brought to the storage's, in the order of
/// ``OutlineTreeUpdate``'s steps, over the parts a ``OutlineFlushScope`` names. Each call changes
/// ``OutlineViewUpdater/shown`` first, then reaches the view, so that the data source answers
/// every read of the view from the tree as that call leaves it.
extension OutlineViewUpdater {
    /// Sends the calls that bring the view to the storage's tree over `scope` (inside
    /// `beginUpdates()`).
    @inlinable
    func reconcile(_ scope: OutlineFlushScope<Item.ID>) {
        let tree = self.tree
        let items = scope.isWhole ? shown.allShown() : scope.items.filter { shown.contains($0) }
        // What the view shows below the subtrees it expanded by itself, taken before the moves:
        // an item there whose expansion differs may move out of the subtree in this flush.
        let rechecked = scope.isWhole ? [] : recheckedSubtrees.flatMap { shown.subtree(of: $0) }
        let parents: [Item.ID?] = scope.isWhole ? [nil] + items.filter { shown.isExpanded($0) }.map(Optional.some) : scope.parents
        var plan = OutlineReconciliation<Item>()
        for id in items { plan.decide(id, shown: shown, tree: tree) }
        for parent in parents {
            if let parent { plan.decide(parent, shown: shown, tree: tree) }
            for child in (shown.children(of: parent) ?? []) + (tree.children(of: parent) ?? []) { plan.decide(child, shown: shown, tree: tree) }
        }
        for id in items where shown.isExpanded(id) && plan.stays(id) && !tree.opensInView(id) { collapseShown(id) }
        let open = parents.filter { plan.keepsOpen($0, shown: shown, tree: tree) }
        for parent in open { removeLeaving(parent, plan) }
        for parent in open { moveStaying(into: parent, plan) }
        var inserted: [Item.ID] = []
        for parent in open { inserted += insertNew(into: parent) }
        reloadChanged(items)
        if scope.isWhole {
            expandAndCollapse(below: nil)
        } else {
            for id in items + inserted + rechecked { reconcileExpansion(of: id) }
        }
        refreshExpansionCells(scope.isWhole ? shown.allShown() : items + expansionsChanged + rechecked)
        expansionsChanged = []
        recheckedSubtrees = []
    }

    /// Reloads the rows of `ids` whose cell was made with another expansion than the row shows
    /// now (an expansion by the user or by this flush), so that the cell reads its row state
    /// again.
    @inlinable
    func refreshExpansionCells(_ ids: [Item.ID]) {
        for id in ids {
            guard let node = shown.nodes[id], let made = node.cellExpansion, made != (node.children != nil) else { continue }
            shown.nodes[id]!.cellExpansion = nil
            update.steps.append(.reload(id))
            view.reloadItem(node.object, reloadChildren: false)
        }
    }

    /// Collapses `id` in the view, its descendants with it.
    @inlinable
    func collapseShown(_ id: Item.ID) {
        guard let object = shown.nodes[id]?.object else { return }
        shown.collapse(id)
        expansionsChanged.append(id)
        update.steps.append(.collapse(id))
        view.collapseItem(object, collapseChildren: true)
    }

    /// Removes from `parent` (open in the view) the children that do not stay.
    @inlinable
    func removeLeaving(_ parent: Item.ID?, _ plan: OutlineReconciliation<Item>) {
        guard let children = shown.children(of: parent) else { return }
        let leaving = children.indices.filter { !plan.stays(children[$0]) }
        guard !leaving.isEmpty else { return }
        let object = parent.flatMap { shown.nodes[$0]?.object }
        shown.remove(at: leaving, in: parent)
        update.steps.append(.remove(leaving, parent: parent))
        view.removeItems(at: IndexSet(leaving), inParent: object)
    }

    /// Moves the children of `parent` that stay into the storage's order, fewest moves: those in
    /// a longest run already in order stay where they are; every other is moved just after the
    /// child that precedes it in the storage's order.
    @inlinable
    func moveStaying(into parent: Item.ID?, _ plan: OutlineReconciliation<Item>) {
        let target = (tree.children(of: parent) ?? []).filter { plan.stays($0) }
        let current = shown.children(of: parent) ?? []
        guard target != current else { return }
        let position = Dictionary(uniqueKeysWithValues: current.enumerated().map { ($0.element, $0.offset) })
        let anchors = Set(longestIncreasingRun(target.compactMap { id in position[id].map { (id, $0) } }))
        for (index, id) in target.enumerated() where !anchors.contains(id) {
            guard let (oldParent, from) = shown.place(of: id) else { continue }
            var to = 0
            if index > 0, let previousIndex = shown.children(of: parent)!.firstIndex(of: target[index - 1]) {
                to = previousIndex + 1
                if oldParent == parent, from < previousIndex { to -= 1 }
            }
            let oldObject = oldParent.flatMap { shown.nodes[$0]?.object }
            let newObject = parent.flatMap { shown.nodes[$0]?.object }
            shown.move(from: from, in: oldParent, to: to, in: parent)
            update.steps.append(.move(from: from, oldParent: oldParent, to: to, newParent: parent))
            view.moveItem(at: from, inParent: oldObject, to: to, inParent: newObject)
        }
    }

    /// Inserts the children of `parent` the view does not show, at their indexes in the storage;
    /// returns their ids.
    @inlinable
    func insertNew(into parent: Item.ID?) -> [Item.ID] {
        let target = tree.children(of: parent) ?? []
        guard shown.children(of: parent)?.count != target.count else { return [] }
        let new = target.indices.filter { !shown.contains(target[$0]) }
        guard !new.isEmpty else { return [] }
        let object = parent.flatMap { shown.nodes[$0]?.object }
        shown.insert(new.map { index in
            let entry = shownEntry(target[index])
            return (index, entry.object, entry.hasDisclosure)
        }, in: parent)
        update.steps.append(.insert(new, parent: parent))
        view.insertItems(at: IndexSet(new), inParent: object)
        return new.map { target[$0] }
    }

    /// Reloads the rows of `ids` whose item, disclosure or loading state changed.
    @inlinable
    func reloadChanged(_ ids: [Item.ID]) {
        for id in ids {
            guard let node = shown.nodes[id], let stored = tree.nodes[id] else { continue }
            let hasDisclosure = tree.hasDisclosure(id)
            let isLoading = tree.loads[id] != nil
            guard node.object.item != stored.item || node.hasDisclosure != hasDisclosure
                    || isLoading != shownLoading.contains(id) else { continue }
            shown.reload(stored.item, hasDisclosure: hasDisclosure)
            if isLoading { shownLoading.insert(id) } else { shownLoading.remove(id) }
            update.steps.append(.reload(id))
            view.reloadItem(node.object, reloadChildren: false)
        }
    }

    /// Expands or collapses the shown `id` as the storage has it, then what it newly shows below
    /// it. (For a subtree the view expanded by itself, ``recheckedSubtrees``, the flush passes
    /// every item it showed there, wherever the flush moved it.)
    @inlinable
    func reconcileExpansion(of id: Item.ID) {
        guard shown.contains(id) else { return }
        let open = tree.opensInView(id)
        if open, !shown.isExpanded(id) {
            expandShown(id)
            expandAndCollapse(below: id)
        } else if !open, shown.isExpanded(id) {
            collapseShown(id)
        }
    }

    /// Expands the items below `parent` (open in the view and in the storage) the storage shows
    /// expanded and the view does not, and collapses those the view shows expanded by itself (an
    /// expansion it remembered), top down.
    @inlinable
    func expandAndCollapse(below parent: Item.ID?) {
        for id in shown.children(of: parent) ?? [] {
            let open = tree.opensBelowOpenParent(id)
            if open, !shown.isExpanded(id) {
                expandShown(id)
            } else if !open, shown.isExpanded(id) {
                collapseShown(id)
            }
            if shown.isExpanded(id) { expandAndCollapse(below: id) }
        }
    }

    /// Expands the shown `id` in the view, with its children as the storage has them.
    @inlinable
    func expandShown(_ id: Item.ID) {
        guard let object = shown.nodes[id]?.object else { return }
        shown.expand(id, children: (tree.children(of: id) ?? []).map(shownEntry))
        expansionsChanged.append(id)
        update.steps.append(.expand(id))
        view.expandItem(object, expandChildren: false)
    }
}

/// The ids of a longest run of `pairs` (id, position) whose positions increase: the children that
/// keep their order. O(k log k).
@inlinable
func longestIncreasingRun<ID>(_ pairs: [(ID, Int)]) -> [ID] {
    var tails: [Int] = [], previous = [Int](repeating: -1, count: pairs.count)
    for (index, pair) in pairs.enumerated() {
        var low = 0, high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if pairs[tails[middle]].1 < pair.1 { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[index] = tails[low - 1] }
        if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var result: [ID] = [], step = tails.last ?? -1
    while step >= 0 { result.append(pairs[step].0); step = previous[step] }
    return result.reversed()
}
