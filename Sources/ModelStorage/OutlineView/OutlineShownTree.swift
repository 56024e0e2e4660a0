/// The tree an outline view shows, as an ``OutlineViewUpdater`` told it: the items it shows
/// (the roots, and the children of every item it shows expanded), each with its stable object,
/// its parent, whether it is expanded and whether it shows a disclosure. Every call the updater
/// makes to the view changes it first, so that the data source answers the view from it at
/// every moment of a batch.
///
/// O(1) per item read or changed, plus O(siblings) to find an item among its siblings.
@MainActor
@usableFromInline
struct OutlineShownTree<Item: Identifiable & Equatable & Sendable> {
    /// One item the view shows.
    @usableFromInline
    struct Node {
        /// The item's stable object; its `item` is the content the view shows.
        @usableFromInline
        let object: OutlineViewItem<Item>
        /// The parent's id, `nil` for a root.
        @usableFromInline
        var parent: Item.ID?
        /// The children shown, in order, when the item is expanded; `nil` when it is not.
        @usableFromInline
        var children: [Item.ID]?
        /// Whether the view shows a disclosure for the item.
        @usableFromInline
        var hasDisclosure: Bool
        /// The expansion the row's cell was last made with (``OutlineViewUpdater/rowState(for:)``
        /// read for it), `nil` when no cell read it: a row whose expansion changed since is
        /// reloaded, so that a cell drawn from `isExpanded` (an open folder's icon) follows.
        @usableFromInline
        var cellExpansion: Bool?

        /// A node of `object` under `parent`, collapsed unless `children` are given.
        @inlinable
        init(object: OutlineViewItem<Item>, parent: Item.ID?, children: [Item.ID]? = nil, hasDisclosure: Bool) {
            self.object = object
            self.parent = parent
            self.children = children
            self.hasDisclosure = hasDisclosure
        }
    }

    /// The items shown, by id.
    @usableFromInline
    var nodes: [Item.ID: Node] = [:]
    /// The roots' ids, in order.
    @usableFromInline
    var roots: [Item.ID] = []

    /// Whether the view shows `id`.
    @inlinable
    func contains(_ id: Item.ID) -> Bool { nodes[id] != nil }

    /// Whether the view shows `id` expanded.
    @inlinable
    func isExpanded(_ id: Item.ID) -> Bool { nodes[id]?.children != nil }

    /// The children the view shows of `parent` (`nil`: the roots), or `nil` when it does not show
    /// `parent` expanded.
    @inlinable
    func children(of parent: Item.ID?) -> [Item.ID]? {
        guard let parent else { return roots }
        return nodes[parent]?.children
    }

    /// The parent of the shown `id` and its index among the parent's shown children.
    @inlinable
    func place(of id: Item.ID) -> (parent: Item.ID?, index: Int)? {
        guard let node = nodes[id], let index = children(of: node.parent)?.firstIndex(of: id) else { return nil }
        return (node.parent, index)
    }

    /// The ids `id` and every item shown below it, `id` first.
    @inlinable
    func subtree(of id: Item.ID) -> [Item.ID] {
        var result: [Item.ID] = [], pending = [id]
        while let next = pending.popLast() {
            result.append(next)
            if let children = nodes[next]?.children { pending.append(contentsOf: children.reversed()) }
        }
        return result
    }

    /// Every id shown, each before its children.
    @inlinable
    func allShown() -> [Item.ID] { roots.flatMap { subtree(of: $0) } }

    // MARK: Changes, one per call to the view

    /// Forgets every item below `id` and shows `id` collapsed.
    @inlinable
    mutating func collapse(_ id: Item.ID) {
        for child in nodes[id]?.children ?? [] { forget(child) }
        nodes[id]?.children = nil
    }

    /// Shows `id` expanded with `children` (items not shown yet, with their objects and
    /// disclosures).
    @inlinable
    mutating func expand(_ id: Item.ID, children: [(object: OutlineViewItem<Item>, hasDisclosure: Bool)]) {
        for child in children { nodes[child.object.id] = Node(object: child.object, parent: id, hasDisclosure: child.hasDisclosure) }
        nodes[id]?.children = children.map(\.object.id)
    }

    /// Removes the children at `indexes` (ascending) of `parent`, with what is shown below them.
    /// O(children + removed).
    @inlinable
    mutating func remove(at indexes: [Int], in parent: Item.ID?) {
        let children = self.children(of: parent)!
        var kept: [Item.ID] = [], next = 0
        kept.reserveCapacity(children.count - indexes.count)
        for (index, id) in children.enumerated() {
            if next < indexes.count, indexes[next] == index { forget(id); next += 1 } else { kept.append(id) }
        }
        setChildren(kept, of: parent)
    }

    /// Moves the child at `from` of `oldParent` to `to` of `newParent` (its index once there).
    @inlinable
    mutating func move(from: Int, in oldParent: Item.ID?, to: Int, in newParent: Item.ID?) {
        var old = children(of: oldParent)!
        let id = old.remove(at: from)
        setChildren(old, of: oldParent)
        var new = children(of: newParent)!
        new.insert(id, at: to)
        setChildren(new, of: newParent)
        nodes[id]!.parent = newParent
    }

    /// Inserts new children (not shown yet) at ascending `indexes` of `parent`, indexes once
    /// inserted. O(children + inserted).
    @inlinable
    mutating func insert(_ items: [(index: Int, object: OutlineViewItem<Item>, hasDisclosure: Bool)], in parent: Item.ID?) {
        let old = self.children(of: parent)!
        var children: [Item.ID] = [], taken = 0
        children.reserveCapacity(old.count + items.count)
        for entry in items {
            while children.count < entry.index, taken < old.count { children.append(old[taken]); taken += 1 }
            children.append(entry.object.id)
            nodes[entry.object.id] = Node(object: entry.object, parent: parent, hasDisclosure: entry.hasDisclosure)
        }
        children += old[taken...]
        setChildren(children, of: parent)
    }

    /// Shows `item` as the content of its row, with or without a disclosure.
    @inlinable
    mutating func reload(_ item: Item, hasDisclosure: Bool) {
        nodes[item.id]?.object.shownItem = item
        nodes[item.id]?.hasDisclosure = hasDisclosure
    }

    /// Shows only `roots`, collapsed (what a reload starts from).
    @inlinable
    mutating func reset(roots: [(object: OutlineViewItem<Item>, hasDisclosure: Bool)]) {
        nodes = [:]
        self.roots = roots.map(\.object.id)
        for root in roots { nodes[root.object.id] = Node(object: root.object, parent: nil, hasDisclosure: root.hasDisclosure) }
    }

    /// Forgets `id` and what is shown below it.
    @inlinable
    mutating func forget(_ id: Item.ID) {
        for shown in subtree(of: id) { nodes[shown] = nil }
    }

    /// Sets the children shown of `parent` (shown expanded).
    @inlinable
    mutating func setChildren(_ children: [Item.ID], of parent: Item.ID?) {
        if let parent { nodes[parent]!.children = children } else { roots = children }
    }
}
