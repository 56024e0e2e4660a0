/// Expanding and collapsing: state kept by id, whether the item is shown or not.
extension OutlineStorage {
    /// Expands the items of `ids` (and, `recursively`, every item below them): the rows of their
    /// children that are now shown are inserted after them, and the rows of those that have
    /// children reported updated (their disclosure changed). Expanding an item without children records it: its children
    /// show as soon as it has some. Expanding an item under a collapsed one records it too; its
    /// rows show when its ancestors are expanded. O(k log n) for the k rows inserted, plus
    /// O(subtree) for `recursively`.
    ///
    /// An item it expands whose children are not loaded yet (``hasUnloadedChildren(_:)``) shows
    /// loading (``OutlineRowState/isLoading``, in the same update) and its children are loaded
    /// through ``childrenLoader``, on the caller's actor (`isolation`); see
    /// ``loadChildren(of:isolation:)`` for what happens when the load ends. Called from no actor,
    /// `expand` starts no load: the item is recorded expanded, and ``loadChildren(of:isolation:)``
    /// loads it.
    ///
    /// - Throws: ``OutlineError/itemNotFound(_:)`` when an id is not in the tree; nothing is
    ///   expanded then.
    @inlinable
    public func expand(_ ids: [Item.ID], recursively: Bool = false,
                       isolation: isolated (any Actor)? = #isolation) throws(OutlineError) {
        guard isolation != nil, lazyChildren.loader != nil, !tree.unloaded.isEmpty else {
            return try setExpansion(of: ids, to: true, recursively: recursively)
        }
        try rows.performUpdates { () throws(OutlineError) in
            try setExpansion(of: ids, to: true, recursively: recursively)
            startLoads(of: ids, recursively: recursively, isolation: isolation)
        }
    }

    /// Collapses the items of `ids` (and, `recursively`, every item below them, so that they
    /// show collapsed when expanded again): the rows they hid are deleted, so a view drops
    /// their selection, and the rows of those that have children reported updated. O(k log n) for the k rows
    /// deleted, plus O(subtree) for `recursively`.
    /// A load of children in flight for an item collapsed is dropped: its result, when it comes,
    /// changes nothing.
    ///
    /// - Throws: ``OutlineError/itemNotFound(_:)`` when an id is not in the tree; nothing is
    ///   collapsed then.
    @inlinable
    public func collapse(_ ids: [Item.ID], recursively: Bool = false) throws(OutlineError) {
        try setExpansion(of: ids, to: false, recursively: recursively)
    }

    /// Whether `id` is expanded (kept by id: `false` for an id never expanded).
    @inlinable
    public func isExpanded(_ id: Item.ID) -> Bool { tree.expanded.contains(id) }

    /// The ids expanded, to save and restore the outline's state. Setting it expands and
    /// collapses what differs, in one update; an id not in the tree is kept, so that it applies
    /// when its item is added (a state restored before the items load). It starts no load of
    /// children (the next ``expand(_:recursively:isolation:)`` of an item does) and drops those
    /// of the items it collapses. O(visible rows).
    @inlinable
    public var expandedIDs: Set<Item.ID> {
        get { tree.expanded }
        set {
            let before = tree.visibleRows()
            let changed = tree.expanded.symmetricDifference(newValue)
            changeRows { () throws(StorageError) in
                tree.expanded = newValue
                tree.loads = tree.loads.filter { newValue.contains($0.key) }
                for id in changed { tree.journal.record(.expansion(id)) }
                try replaceRows(from: before, to: tree.visibleRows(), at: 0)
                for id in changed where tree.hasDisclosure(id) { try refreshRow(of: id) }
            }
        }
    }

    /// Sets the expansion of `ids` (checked in the tree first) and of their subtrees for
    /// `recursively`, with their rows, in one update.
    @inlinable
    func setExpansion(of ids: [Item.ID], to expanded: Bool, recursively: Bool) throws(OutlineError) {
        for id in ids { try requireItem(id) }
        changeRows { () throws(StorageError) in
            for id in ids {
                let targets = recursively ? tree.subtree(of: id) : [id]
                let shown = tree.isVisible(id)
                let before = shown ? tree.visibleRows(of: id) : []
                var changed: [Item.ID] = []
                for target in targets where tree.expanded.contains(target) != expanded {
                    tree.setExpanded(target, expanded)
                    changed.append(target)
                }
                guard shown, !changed.isEmpty, let start = row(of: id) else { continue }
                try replaceRows(from: before, to: tree.visibleRows(of: id), at: start)
                for target in changed where tree.hasDisclosure(target) { try refreshRow(of: target) }
            }
        }
    }
}
