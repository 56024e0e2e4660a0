/// The tree an ``OutlineStorage`` holds, by id: each item's parent and children, the roots, and
/// the ids expanded. A value with no rows of its own: what the storage's view shows (the visible
/// rows) is derived from it (``visibleRows(of:)``), and the storage keeps its rows in step.
///
/// Children are arrays in order, so finding an item among its siblings is O(siblings); every
/// other step is O(1) per item or O(depth) per item.
@usableFromInline
struct OutlineTree<Item: Identifiable & Equatable & Sendable> {
    /// One item of the tree.
    @usableFromInline
    struct Node {
        /// The item, as last set.
        @usableFromInline
        var item: Item
        /// The parent's id, `nil` for a root.
        @usableFromInline
        var parent: Item.ID?
        /// The children's ids, in order.
        @usableFromInline
        var children: [Item.ID]

        /// A node of `item` under `parent`, with `children`.
        @inlinable
        init(item: Item, parent: Item.ID?, children: [Item.ID]) {
            self.item = item
            self.parent = parent
            self.children = children
        }
    }

    /// Every item, by id.
    @usableFromInline
    var nodes: [Item.ID: Node] = [:]
    /// The roots' ids, in order.
    @usableFromInline
    var roots: [Item.ID] = []
    /// The ids expanded: kept by id, whether or not the item is in the tree (so that an
    /// expansion restored before its item arrives applies when it does).
    @usableFromInline
    var expanded: Set<Item.ID> = []
    /// The ids whose children are not loaded yet: the storage's `childrenLoader` gives them at
    /// the next expansion. Forgotten when the item is removed.
    @usableFromInline
    var unloaded: Set<Item.ID> = []
    /// The loads in flight, by item: the number of the latest, so that only its result applies.
    /// Forgotten when the item is removed or collapsed.
    @usableFromInline
    var loads: [Item.ID: Int] = [:]
    /// Which items added from now on have children not loaded yet (`nil`: none).
    @usableFromInline
    var marksUnloaded: ((Item) -> Bool)?
    /// The changes, for the views of parents that follow the tree (see ``OutlineJournal``).
    @usableFromInline
    var journal = OutlineJournal<Item.ID>()

    /// An empty tree.
    @inlinable
    init() {}

    /// The number of items in the tree.
    @inlinable
    var count: Int { nodes.count }

    /// Whether `id` is in the tree.
    @inlinable
    func contains(_ id: Item.ID) -> Bool { nodes[id] != nil }

    /// Whether `id`'s row shows a disclosure: it has children, or children not loaded yet.
    @inlinable
    func hasDisclosure(_ id: Item.ID) -> Bool {
        nodes[id].map { !$0.children.isEmpty } == true || unloaded.contains(id)
    }

    /// Records `id` expanded or not; collapsing it drops its load in flight.
    @inlinable
    mutating func setExpanded(_ id: Item.ID, _ isExpanded: Bool) {
        journal.record(.expansion(id))
        if isExpanded { expanded.insert(id) } else { expanded.remove(id); loads[id] = nil }
    }

    /// The children of `parent` (the roots for `nil`), or `nil` when `parent` is not in the tree.
    @inlinable
    func children(of parent: Item.ID?) -> [Item.ID]? {
        guard let parent else { return roots }
        return nodes[parent]?.children
    }

    /// The depth of `id` (0 for a root). O(depth).
    @inlinable
    func level(of id: Item.ID) -> Int? {
        guard var node = nodes[id] else { return nil }
        var level = 0
        while let parent = node.parent, let next = nodes[parent] { level += 1; node = next }
        return level
    }

    /// Whether every ancestor of `id` (in the tree) is expanded: its row is shown. O(depth).
    @inlinable
    func isVisible(_ id: Item.ID) -> Bool {
        guard var node = nodes[id] else { return false }
        while let parent = node.parent {
            guard expanded.contains(parent), let next = nodes[parent] else { return false }
            node = next
        }
        return true
    }

    /// Whether `id` is `ancestor` or below it. O(depth).
    @inlinable
    func isInSubtree(_ id: Item.ID, of ancestor: Item.ID) -> Bool {
        var current: Item.ID? = id
        while let step = current {
            if step == ancestor { return true }
            current = nodes[step]?.parent
        }
        return false
    }

    /// The ids `root` and its descendants, `root` first, in the order of a walk (each item before
    /// its children). O(subtree).
    @inlinable
    func subtree(of root: Item.ID) -> [Item.ID] {
        rows(from: root) { _ in true }
    }

    /// The rows `root`'s subtree shows while `root` is shown: `root`, then the visible rows of
    /// each child of an expanded item, in order. O(rows).
    @inlinable
    func visibleRows(of root: Item.ID) -> [Item.ID] {
        rows(from: root) { expanded.contains($0) }
    }

    /// The number of rows of ``visibleRows(of:)``: 1 for a collapsed item or a leaf, without
    /// walking. O(rows).
    @inlinable
    func visibleRowCount(of root: Item.ID) -> Int {
        guard expanded.contains(root), nodes[root]?.children.isEmpty == false else { return 1 }
        return visibleRows(of: root).count
    }

    /// The rows every root's subtree shows: what the storage's view shows. O(rows).
    @inlinable
    func visibleRows() -> [Item.ID] {
        roots.flatMap { visibleRows(of: $0) }
    }

    /// A walk from `root`, each item before its children, entering the children of the items
    /// `descends` accepts. Iterative, so that a deep tree cannot exhaust the stack.
    @inlinable
    func rows(from root: Item.ID, descends: (Item.ID) -> Bool) -> [Item.ID] {
        var rows: [Item.ID] = []
        var pending = [root]
        while let id = pending.popLast() {
            rows.append(id)
            if let node = nodes[id], descends(id) { pending.append(contentsOf: node.children.reversed()) }
        }
        return rows
    }

    // MARK: Changing

    /// Adds `items` (not in the tree) as children of `parent` (in the tree, or `nil` for the
    /// roots), from child index `index` on. O(items + siblings).
    @inlinable
    mutating func insert(_ items: [Item], under parent: Item.ID?, at index: Int) {
        for item in items { nodes[item.id] = Node(item: item, parent: parent, children: []) }
        if let marksUnloaded { for item in items where marksUnloaded(item) { unloaded.insert(item.id) } }
        let ids = items.map(\.id)
        if let parent { nodes[parent]!.children.insert(contentsOf: ids, at: index) } else { roots.insert(contentsOf: ids, at: index) }
        journal.record(.children(parent))
    }

    /// Replaces the item of `item.id` (in the tree), keeping its place and children. O(1).
    @inlinable
    mutating func replace(_ item: Item) {
        nodes[item.id]!.item = item
        journal.record(.item(item.id))
    }

    /// Removes the items of `ids` (in the tree, none below another) and their descendants, and
    /// forgets their expansion. O(removed items + the siblings of each parent concerned, once).
    @inlinable
    mutating func remove(_ ids: [Item.ID]) {
        let removed = Set(ids)
        var parents = Set<Item.ID>(), fromRoots = false
        for id in ids {
            if let parent = nodes[id]!.parent { parents.insert(parent) } else { fromRoots = true }
        }
        for parent in parents {
            nodes[parent]!.children.removeAll { removed.contains($0) }
            journal.record(.children(parent))
        }
        if fromRoots {
            roots.removeAll { removed.contains($0) }
            journal.record(.children(nil))
        }
        for id in ids {
            for gone in subtree(of: id) {
                nodes[gone] = nil
                expanded.remove(gone)
                unloaded.remove(gone)
                loads[gone] = nil
            }
        }
    }

    /// Takes `id` (in the tree) from its parent's children and puts it among `parent`'s at
    /// `index` (counted once it has left its place), its subtree with it. O(siblings).
    @inlinable
    mutating func move(_ id: Item.ID, to parent: Item.ID?, at index: Int) {
        detach(id)
        nodes[id]!.parent = parent
        if let parent { nodes[parent]!.children.insert(id, at: index) } else { roots.insert(id, at: index) }
        journal.record(.children(parent))
    }

    /// Makes `children` (in the tree, under `parent`, in any order) `parent`'s children, in this
    /// order. O(children).
    @inlinable
    mutating func reorderChildren(of parent: Item.ID?, to children: [Item.ID]) {
        if let parent { nodes[parent]!.children = children } else { roots = children }
        journal.record(.children(parent))
    }

    /// Takes `id` out of its parent's children (the node stays).
    @inlinable
    mutating func detach(_ id: Item.ID) {
        let parent = nodes[id]!.parent
        if let parent {
            nodes[parent]!.children.removeAll { $0 == id }
        } else {
            roots.removeAll { $0 == id }
        }
        journal.record(.children(parent))
    }
}
