import Foundation
import ModelStorage

/// The calls a ``SimulatedOutlineView`` takes, as `NSOutlineView` takes them: each checked
/// against the tree the view shows at that moment, a violation recorded and the call ignored.
extension SimulatedOutlineView {
    /// Starts a group of calls; the view checks itself against its data source when the
    /// outermost group ends.
    public func beginUpdates() {
        note("beginUpdates")
        updateDepth += 1
    }

    /// Ends a group of calls; at the outermost, ``verify()``. O(rows) then.
    public func endUpdates() {
        note("endUpdates")
        guard updateDepth > 0 else { return report(.unbalancedEndUpdates) }
        updateDepth -= 1
        if updateDepth == 0 { verify() }
    }

    /// Inserts the children at `indexes` (ascending, indexes once inserted) of `parent`, reading
    /// each new object, and whether it is expandable, from the data source. O(children) per index.
    public func insertItems(at indexes: IndexSet, inParent parent: Any?) {
        note("insert \(Array(indexes)) in \(name(parent))")
        guard let parentKey = expandedParent(parent, .insert), let source = source() else { return }
        for index in indexes {
            let count = shownChildren(of: parentKey)!.count
            guard index >= 0, index <= count else {
                return report(.indexOutOfRange(.insert, index: index, count: count, parent: describe(parentKey)))
            }
            // An index the data source does not have: the view asks it nothing it cannot answer.
            guard index < source.numberOfChildren(ofItem: object(parentKey)) else {
                return compareChildren(of: parentKey, source: source)
            }
            let child = source.child(index, ofItem: object(parentKey)) as AnyObject
            guard addNode(child, parent: parentKey, source: source) else { continue }
            remembered[ObjectIdentifier(child)] = nil
            var children = shownChildren(of: parentKey)!
            children.insert(ObjectIdentifier(child), at: index)
            setChildren(children, of: parentKey)
        }
        afterCall(checking: [parentKey])
    }

    /// Removes the children at `indexes` of `parent`, with what is shown below them and what the
    /// view remembers of them. O(children + removed rows).
    public func removeItems(at indexes: IndexSet, inParent parent: Any?) {
        note("remove \(Array(indexes)) in \(name(parent))")
        guard let parentKey = expandedParent(parent, .remove) else { return }
        var children = shownChildren(of: parentKey)!
        if let bad = indexes.first(where: { $0 < 0 || $0 >= children.count }) {
            return report(.indexOutOfRange(.remove, index: bad, count: children.count, parent: describe(parentKey)))
        }
        for index in indexes.reversed() { forget(children.remove(at: index)) }
        setChildren(children, of: parentKey)
        afterCall(checking: [parentKey])
    }

    /// Moves the child at `fromIndex` of `oldParent` to `toIndex` of `newParent` (its index once
    /// there), with its subtree and expansion. O(children).
    public func moveItem(at fromIndex: Int, inParent oldParent: Any?, to toIndex: Int, inParent newParent: Any?) {
        note("move \(fromIndex) in \(name(oldParent)) to \(toIndex) in \(name(newParent))")
        guard let oldKey = expandedParent(oldParent, .moveSource),
              let newKey = expandedParent(newParent, .moveDestination) else { return }
        var old = shownChildren(of: oldKey)!
        guard old.indices.contains(fromIndex) else {
            return report(.indexOutOfRange(.moveSource, index: fromIndex, count: old.count, parent: describe(oldKey)))
        }
        let moved = old[fromIndex]
        if isInSubtree(newKey, of: moved) { return report(.moveIntoOwnSubtree(describe(moved))) }
        old.remove(at: fromIndex)
        var new = oldKey == newKey ? old : shownChildren(of: newKey)!
        guard toIndex >= 0, toIndex <= new.count else {
            return report(.indexOutOfRange(.moveDestination, index: toIndex, count: new.count, parent: describe(newKey)))
        }
        setChildren(old, of: oldKey)
        new.insert(moved, at: toIndex)
        setChildren(new, of: newKey)
        nodes[moved]!.parent = newKey
        afterCall(checking: [oldKey, newKey])
    }

    /// Reads `item` again (its cell and whether it is expandable: an expanded item that is no
    /// longer expandable collapses), and with `reloadChildren` its children, recursively
    /// (`nil`: the roots). O(children reread).
    public func reloadItem(_ item: Any?, reloadChildren: Bool) {
        note("reload \(name(item))\(reloadChildren ? " with children" : "")")
        guard let source = source() else { return }
        guard let item else {
            if reloadChildren { resync(nil, source: source, recursively: true) }
            return afterCall()
        }
        guard let key = shownKey(item, .reload) else { return }
        nodes[key]!.isExpandable = source.isItemExpandable(nodes[key]!.object)
        nodes[key]!.content = cellContent?(nodes[key]!.object)
        if !nodes[key]!.isExpandable, nodes[key]!.children != nil { close(key, forgettingChildren: true) }
        if reloadChildren, nodes[key]!.children != nil { resync(key, source: source, recursively: true) }
        afterCall()
    }

    /// Expands `item`, reading its children and re-expanding those it remembers expanded; with
    /// `expandChildren`, everything below it. Nothing when it is not expandable (as its data
    /// source answers now) or already expanded (but for `expandChildren`).
    public func expandItem(_ item: Any?, expandChildren: Bool) {
        note("expand \(name(item))\(expandChildren ? " with children" : "")")
        guard let key = shownKey(item, .expand) else { return }
        open(key, all: expandChildren)
        afterCall()
    }

    /// Collapses `item`: it remembers which of its descendants were expanded unless
    /// `collapseChildren`, which forgets them. Nothing when it is not expanded.
    public func collapseItem(_ item: Any?, collapseChildren: Bool) {
        note("collapse \(name(item))\(collapseChildren ? " with children" : "")")
        guard let key = shownKey(item, .collapse) else { return }
        close(key, forgettingChildren: collapseChildren)
        afterCall()
    }

    /// Drops what it shows and reads the roots again, re-expanding the objects it showed or
    /// remembered expanded, as they come. O(rows read).
    public func reloadData() {
        note("reloadData")
        reloadCount += 1
        // What it shows collapsed is not expanded, whatever it remembered of it before.
        for (key, node) in nodes { remembered[key] = node.children == nil ? nil : (node.object, node.parent) }
        nodes = [:]
        roots = []
        guard let source = source() else { return }
        roots = readChildren(of: nil, source: source)
        for root in roots where remembered.removeValue(forKey: root) != nil { open(root, all: false) }
        afterCall()
    }

    // MARK: Checks of one call

    /// The key of `parent` when the view shows it expanded (`.some(nil)` for the root), else a
    /// violation and `nil`.
    private func expandedParent(_ parent: Any?, _ operation: SimulatedOutlineViewError.Operation) -> Key?? {
        guard let parent else { return .some(nil) }
        guard let key = key(parent), nodes[key]?.children != nil else {
            report(.parentNotExpanded(operation, parent: describeItem(parent)))
            return nil
        }
        return .some(key)
    }

    /// The key of `item` when the view shows it, else a violation and `nil`.
    private func shownKey(_ item: Any?, _ operation: SimulatedOutlineViewError.Operation) -> Key? {
        guard let item else {
            report(.itemNotShown(operation, item: "root"))
            return nil
        }
        guard let key = key(item), nodes[key] != nil else {
            report(.itemNotShown(operation, item: describeItem(item)))
            return nil
        }
        return key
    }

    /// After a call: inside a group, the children of `parents` (the call's) checked against the
    /// data source (`NSOutlineView` may read them at that moment); outside one, the whole view.
    private func afterCall(checking parents: [Key?] = []) {
        guard updateDepth > 0 else {
            verify()
            return
        }
        guard checksEachCall, let source = source() else { return }
        for parent in parents { compareChildren(of: parent, source: source) }
    }

    /// How the log names `item`.
    private func name(_ item: Any?) -> String { item.map(describeItem) ?? "root" }
}
