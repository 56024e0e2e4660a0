#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Adding, replacing, removing and moving items. Each call is one update of the rows (none when
/// it changes no row: an item added under a collapsed parent) and changes nothing when it throws.
extension OutlineStorage {
    /// Adds `items` after the children of `parent` (`nil`: after the roots), without children
    /// and collapsed, unless their id is in ``expandedIDs`` (an expansion restored before they
    /// came). O(k log n) for k items, plus O(depth × siblings) to find their place.
    ///
    /// - Throws: ``OutlineError/itemNotFound(_:)`` for a `parent` not in the tree,
    ///   ``OutlineError/duplicateID(_:)`` when an id of `items` is in the tree or listed twice.
    @inlinable
    public func append(_ items: [Item], to parent: Item.ID?) throws(OutlineError) {
        if let parent { try requireItem(parent) }
        try requireNewIDs(items)
        add(items, under: parent, at: tree.children(of: parent)!.count)
    }

    /// Adds `items` just before `sibling`, under its parent.
    ///
    /// - Throws: ``OutlineError/itemNotFound(_:)`` for a `sibling` not in the tree,
    ///   ``OutlineError/duplicateID(_:)`` as ``append(_:to:)``.
    @inlinable
    public func insert(_ items: [Item], before sibling: Item.ID) throws(OutlineError) {
        let (parent, index) = try place(of: sibling)
        try requireNewIDs(items)
        add(items, under: parent, at: index)
    }

    /// Adds `items` just after `sibling` (before the next sibling), under its parent.
    ///
    /// - Throws: as ``insert(_:before:)``.
    @inlinable
    public func insert(_ items: [Item], after sibling: Item.ID) throws(OutlineError) {
        let (parent, index) = try place(of: sibling)
        try requireNewIDs(items)
        add(items, under: parent, at: index + 1)
    }

    /// Gives the item of `item.id` new content, keeping its place, children and expansion; its
    /// row, when shown, is reported updated. Nothing happens when the item is equal to the one
    /// held. O(log n).
    ///
    /// - Throws: ``OutlineError/itemNotFound(_:)``.
    @inlinable
    public func replace(_ item: Item) throws(OutlineError) {
        try requireItem(item.id)
        let old = tree.nodes[item.id]!.item
        guard old != item else { return }
        let shown = tree.isVisible(item.id)
        // One change of the rows, not a batch: the storage then hands its update on as it is
        // (a batch would match the rows again to find it). The tree changes first, so that an
        // observer of that update reads the new item from it.
        tree.replace(item)
        guard shown else { return }
        changeRow { () throws(StorageError) in try rows.replaceItem(old, with: item) }
    }

    /// Removes the items of `ids` with their descendants (an id listed twice, or below another
    /// listed one, is removed once), and forgets their expansion. O(k log n) for the k rows
    /// removed, plus O(removed items + depth × siblings).
    ///
    /// - Throws: ``OutlineError/itemNotFound(_:)`` when an id is not in the tree; nothing is
    ///   removed then.
    @inlinable
    public func remove(_ ids: [Item.ID]) throws(OutlineError) {
        for id in ids { try requireItem(id) }
        let listed = Set(ids)
        var seen = Set<Item.ID>()
        let tops = ids.filter { id in
            guard seen.insert(id).inserted else { return false }
            var ancestor = tree.nodes[id]!.parent
            while let step = ancestor {
                if listed.contains(step) { return false }
                ancestor = tree.nodes[step]!.parent
            }
            return true
        }
        let parents = Set(tops.compactMap { tree.nodes[$0]!.parent })
        changeRows { () throws(StorageError) in
            try removeRows(ofSubtrees: tops)
            tree.remove(tops)
            for parent in parents where tree.children(of: parent)?.isEmpty == true { try refreshRow(of: parent) }
        }
    }

    /// Moves `id`, with its subtree and their expansion, to `parent` (`nil`: the roots) at child
    /// index `index`, counted among `parent`'s children once `id` has left its place (as UIKit
    /// reads a move). The rows that stay shown are reported as moves, the others as deletions or
    /// insertions. O(k log n) for k rows of the subtree, plus O(depth × siblings).
    ///
    /// - Throws: ``OutlineError/itemNotFound(_:)`` for `id` or `parent` not in the tree,
    ///   ``OutlineError/moveIntoOwnSubtree(_:)`` when `parent` is `id` or below it,
    ///   ``OutlineError/childIndexOutOfRange(_:childCount:)``.
    @inlinable
    public func move(_ id: Item.ID, to parent: Item.ID?, at index: Int) throws(OutlineError) {
        try requireItem(id)
        if let parent {
            try requireItem(parent)
            guard !tree.isInSubtree(parent, of: id) else { throw .moveIntoOwnSubtree(String(describing: id)) }
        }
        let oldParent = tree.nodes[id]!.parent
        let siblings = tree.children(of: parent)!
        let childCount = siblings.count - (oldParent == parent ? 1 : 0)
        guard index >= 0 && index <= childCount else { throw .childIndexOutOfRange(index, childCount: childCount) }
        guard oldParent != parent || siblings.firstIndex(of: id) != index else { return }
        let oldRow = tree.isVisible(id) ? row(of: id) : nil
        let count = oldRow == nil ? 0 : tree.visibleRows(of: id).count
        let oldLevel = tree.level(of: id)!
        let parentWasLeaf = tree.children(of: parent)!.isEmpty
        changeRows { () throws(StorageError) in
            tree.move(id, to: parent, at: index)
            let shown = tree.isVisible(id)
            switch (oldRow, shown) {
            case let (oldRow?, true):
                let next = rowAfterSubtree(of: id)
                try moveRows(count: count, from: oldRow, to: next > oldRow ? next - count : next)
            case let (oldRow?, false):
                try removeRows(count: count, at: oldRow)
            case (nil, true):
                try insertRows(tree.visibleRows(of: id), at: rowAfterSubtree(of: id))
            case (nil, false):
                break
            }
            try refreshAfterMove(of: id, from: oldParent, oldLevel: oldLevel, parentWasLeaf: parentWasLeaf)
        }
    }

    /// Makes `items` the children of `parent` (`nil`: the roots), matched by id with the children
    /// it has: a child whose id stays keeps its subtree and expansion (its row moved when its
    /// place changed, updated when its content did), a child whose id goes is removed with its
    /// subtree, a new id is added collapsed. The "reloaded from disk" case. O(k log n) for the k
    /// rows inserted, removed, moved or updated, plus O(children + depth × siblings).
    ///
    /// - Throws: ``OutlineError/itemNotFound(_:)`` for a `parent` not in the tree,
    ///   ``OutlineError/duplicateID(_:)`` when `items` list an id twice or an id that is in the
    ///   tree elsewhere than among `parent`'s children.
    @inlinable
    public func setChildren(_ items: [Item], of parent: Item.ID?) throws(OutlineError) {
        if let parent { try requireItem(parent) }
        var newIDs = Set<Item.ID>()
        for item in items {
            guard newIDs.insert(item.id).inserted,
                  tree.nodes[item.id].map({ $0.parent == parent }) ?? true
            else { throw .duplicateID(String(describing: item.id)) }
        }
        let old = tree.children(of: parent)!
        changeRows { () throws(StorageError) in
            let removed = old.filter { !newIDs.contains($0) }
            try removeRows(ofSubtrees: removed)
            tree.remove(removed)
            try replaceKept(items)
            let added = items.filter { !tree.contains($0.id) }
            tree.insert(added, under: parent, at: 0)
            tree.reorderChildren(of: parent, to: items.map(\.id))
            if showsChildren(of: parent) {
                try arrangeRows(ofChildren: items.map(\.id), keptInOldOrder: old.filter(newIDs.contains), under: parent,
                                added: Set(added.map(\.id)))
            }
            if old.isEmpty != items.isEmpty { try refreshRow(of: parent) }
        }
    }

    // MARK: Steps

    /// Adds `items` (checked new) under `parent` at child index `index`, with their rows.
    @inlinable
    func add(_ items: [Item], under parent: Item.ID?, at index: Int) {
        guard !items.isEmpty else { return }
        let shown = showsChildren(of: parent)
        let row = shown ? insertionRow(under: parent, at: index) : 0
        let wasLeaf = tree.children(of: parent)!.isEmpty
        changeRows { () throws(StorageError) in
            tree.insert(items, under: parent, at: index)
            if shown { try insertRows(items.map(\.id), at: row) }
            if wasLeaf { try refreshRow(of: parent) }
        }
    }

    /// Deletes the rows of the subtrees of `ids` (in the tree, none below another) that are
    /// shown, in one step of the rows; the tree stays. O(k log n) for k rows.
    @inlinable
    func removeRows(ofSubtrees ids: [Item.ID]) throws(StorageError) {
        var paths: [IndexPath] = []
        for id in ids where tree.isVisible(id) {
            guard let row = row(of: id) else { continue }
            for offset in 0..<tree.visibleRowCount(of: id) { paths.append(IndexPath(indexes: [0, row + offset])) }
        }
        guard !paths.isEmpty else { return }
        try rows.removeItems(at: paths)
    }

    /// Gives the items of `items` already in the tree their new content, rows included.
    @inlinable
    func replaceKept(_ items: [Item]) throws(StorageError) {
        for item in items {
            guard let old = tree.nodes[item.id]?.item, old != item else { continue }
            if tree.isVisible(item.id) { try rows.replaceItem(old, with: item) }
            tree.replace(item)
        }
    }

    /// Puts the rows of `parent`'s children (shown), in the tree's new order, where they go, once
    /// the rows of the removed children are gone: when the kept children keep their order
    /// (`kept`, the old children that stay, in their old order), each run of added children's
    /// rows is inserted at its place, found by counting rows; otherwise each kept child's rows
    /// are moved to their place too.
    @inlinable
    func arrangeRows(ofChildren children: [Item.ID], keptInOldOrder kept: [Item.ID], under parent: Item.ID?,
                     added: Set<Item.ID>) throws(StorageError) {
        guard children.lazy.filter({ !added.contains($0) }).elementsEqual(kept) else {
            return try arrangeReorderedRows(ofChildren: children, under: parent, added: added)
        }
        var cursor = parent.map { row(of: $0)! + 1 } ?? 0, index = 0
        while index < children.count {
            guard added.contains(children[index]) else {
                cursor += tree.visibleRowCount(of: children[index])
                index += 1
                continue
            }
            var run: [Item.ID] = []
            while index < children.count && added.contains(children[index]) {
                run += tree.visibleRows(of: children[index])
                index += 1
            }
            try insertRows(run, at: cursor)
            cursor += run.count
        }
    }

    /// ``arrangeRows(ofChildren:keptInOldOrder:under:added:)`` when kept children changed order:
    /// child after child, the rows of each kept child's subtree moved up to the place it takes
    /// (when they are not there), the rows of each added child inserted there.
    @inlinable
    func arrangeReorderedRows(ofChildren children: [Item.ID], under parent: Item.ID?, added: Set<Item.ID>) throws(StorageError) {
        var cursor = parent.map { row(of: $0)! + 1 } ?? 0
        for child in children {
            let visible = tree.visibleRows(of: child)
            if added.contains(child) {
                try insertRows(visible, at: cursor)
            } else if (rows.item(at: IndexPath(indexes: [0, cursor])) as? Item)?.id != child, let start = row(of: child) {
                try moveRows(count: visible.count, from: start, to: cursor)
            }
            cursor += visible.count
        }
    }

    /// Reports the rows a move changed besides their places: the moved subtree's when its level
    /// changed, the old parent's when it has no children left, the new one's when it had none.
    @inlinable
    func refreshAfterMove(of id: Item.ID, from oldParent: Item.ID?, oldLevel: Int, parentWasLeaf: Bool) throws(StorageError) {
        if tree.level(of: id) != oldLevel, tree.isVisible(id) {
            for row in tree.visibleRows(of: id) { try refreshRow(of: row) }
        }
        if let oldParent, tree.children(of: oldParent)!.isEmpty { try refreshRow(of: oldParent) }
        if parentWasLeaf { try refreshRow(of: tree.nodes[id]!.parent) }
    }

    // MARK: Checks

    /// Throws ``OutlineError/itemNotFound(_:)`` unless `id` is in the tree.
    @inlinable
    func requireItem(_ id: Item.ID) throws(OutlineError) {
        guard tree.contains(id) else { throw .itemNotFound(String(describing: id)) }
    }

    /// Throws ``OutlineError/duplicateID(_:)`` when an id of `items` is in the tree or twice in `items`.
    @inlinable
    func requireNewIDs(_ items: [Item]) throws(OutlineError) {
        var seen = Set<Item.ID>()
        for item in items where tree.contains(item.id) || !seen.insert(item.id).inserted {
            throw .duplicateID(String(describing: item.id))
        }
    }

    /// The parent and child index of `id`, or ``OutlineError/itemNotFound(_:)``.
    @inlinable
    func place(of id: Item.ID) throws(OutlineError) -> (parent: Item.ID?, index: Int) {
        try requireItem(id)
        let parent = tree.nodes[id]!.parent
        return (parent, tree.children(of: parent)!.firstIndex(of: id)!)
    }
}
