/// The tree an outline view shows, as an ``OutlineViewUpdater`` told it: the items it shows
/// (the roots, and the children of every item it shows expanded), each with its stable object,
/// its parent, whether it is expanded and whether it shows a disclosure. Every call the updater
/// makes to the view changes it first, so that the data source answers the view from it at
/// every moment of a batch.
///
/// O(1) per item read or changed, plus O(siblings) to find an item among its siblings.
@MainActor
struct OutlineShownTree<Item: Identifiable & Equatable & Sendable> {
    /// One item the view shows.
    struct Node {
        /// The item's stable object; its `item` is the content the view shows.
        let object: OutlineViewItem<Item>
        /// The parent's id, `nil` for a root.
        var parent: Item.ID?
        /// The children shown, in order, when the item is expanded; `nil` when it is not.
        var children: [Item.ID]?
        /// Whether the view shows a disclosure for the item.
        var hasDisclosure: Bool
    }

    /// The items shown, by id.
    private(set) var nodes: [Item.ID: Node] = [:]
    /// The roots' ids, in order.
    private(set) var roots: [Item.ID] = []

    /// Whether the view shows `id`.
    func contains(_ id: Item.ID) -> Bool { nodes[id] != nil }

    /// Whether the view shows `id` expanded.
    func isExpanded(_ id: Item.ID) -> Bool { nodes[id]?.children != nil }

    /// The children the view shows of `parent` (`nil`: the roots), or `nil` when it does not show
    /// `parent` expanded.
    func children(of parent: Item.ID?) -> [Item.ID]? {
        guard let parent else { return roots }
        return nodes[parent]?.children
    }

    /// The parent of the shown `id` and its index among the parent's shown children.
    func place(of id: Item.ID) -> (parent: Item.ID?, index: Int)? {
        guard let node = nodes[id], let index = children(of: node.parent)?.firstIndex(of: id) else { return nil }
        return (node.parent, index)
    }

    /// The ids `id` and every item shown below it, `id` first.
    func subtree(of id: Item.ID) -> [Item.ID] {
        var result: [Item.ID] = [], pending = [id]
        while let next = pending.popLast() {
            result.append(next)
            if let children = nodes[next]?.children { pending.append(contentsOf: children.reversed()) }
        }
        return result
    }

    /// Every id shown, each before its children.
    func allShown() -> [Item.ID] { roots.flatMap { subtree(of: $0) } }

    // MARK: Changes, one per call to the view

    /// Forgets every item below `id` and shows `id` collapsed.
    mutating func collapse(_ id: Item.ID) {
        for child in nodes[id]?.children ?? [] { forget(child) }
        nodes[id]?.children = nil
    }

    /// Shows `id` expanded with `children` (items not shown yet, with their objects and
    /// disclosures).
    mutating func expand(_ id: Item.ID, children: [(object: OutlineViewItem<Item>, hasDisclosure: Bool)]) {
        for child in children { nodes[child.object.id] = Node(object: child.object, parent: id, hasDisclosure: child.hasDisclosure) }
        nodes[id]?.children = children.map(\.object.id)
    }

    /// Removes the children at `indexes` (ascending) of `parent`, with what is shown below them.
    mutating func remove(at indexes: [Int], in parent: Item.ID?) {
        var children = self.children(of: parent)!
        for index in indexes.reversed() { forget(children.remove(at: index)) }
        setChildren(children, of: parent)
    }

    /// Moves the child at `from` of `oldParent` to `to` of `newParent` (its index once there).
    mutating func move(from: Int, in oldParent: Item.ID?, to: Int, in newParent: Item.ID?) {
        var old = children(of: oldParent)!
        let id = old.remove(at: from)
        setChildren(old, of: oldParent)
        var new = children(of: newParent)!
        new.insert(id, at: to)
        setChildren(new, of: newParent)
        nodes[id]!.parent = newParent
    }

    /// Inserts new children (not shown yet) at ascending `indexes` of `parent`, indexes once inserted.
    mutating func insert(_ items: [(index: Int, object: OutlineViewItem<Item>, hasDisclosure: Bool)], in parent: Item.ID?) {
        var children = self.children(of: parent)!
        for entry in items {
            children.insert(entry.object.id, at: entry.index)
            nodes[entry.object.id] = Node(object: entry.object, parent: parent, hasDisclosure: entry.hasDisclosure)
        }
        setChildren(children, of: parent)
    }

    /// Shows `item` as the content of its row, with or without a disclosure.
    mutating func reload(_ item: Item, hasDisclosure: Bool) {
        nodes[item.id]?.object.item = item
        nodes[item.id]?.hasDisclosure = hasDisclosure
    }

    /// Shows only `roots`, collapsed (what a reload starts from).
    mutating func reset(roots: [(object: OutlineViewItem<Item>, hasDisclosure: Bool)]) {
        nodes = [:]
        self.roots = roots.map(\.object.id)
        for root in roots { nodes[root.object.id] = Node(object: root.object, parent: nil, hasDisclosure: root.hasDisclosure) }
    }

    /// Forgets `id` and what is shown below it.
    private mutating func forget(_ id: Item.ID) {
        for shown in subtree(of: id) { nodes[shown] = nil }
    }

    /// Sets the children shown of `parent` (shown expanded).
    private mutating func setChildren(_ children: [Item.ID], of parent: Item.ID?) {
        if let parent { nodes[parent]!.children = children } else { roots = children }
    }
}
