/// The user's actions on an outline view, as the view reports them: with the objects it shows.
/// Each reaches the item the object stands for in the storage, whatever changes are pending;
/// none reaches another item.
extension OutlineViewUpdater {
    /// The view's value for a drop *on* an item rather than between its children
    /// (`NSOutlineViewDropOnItemIndex`).
    @inlinable
    public static var dropOnItemIndex: Int { -1 }

    /// The user expanded `object`'s row (a disclosure click; the view already shows it expanded,
    /// having read its children): the storage expands the item (and, `recursively`, everything
    /// below it), starting the load of children not loaded yet. An Option-click reports each item
    /// it expands, or the top one `recursively`.
    ///
    /// - Throws: ``OutlineActionError/itemLeftOutline`` when the item is no longer in the outline
    ///   (the next flush removes its row). Nothing changes then.
    @inlinable
    public func userDidExpand(_ object: Any, recursively: Bool = false) throws(OutlineActionError) {
        guard let id = id(of: object) else { throw .itemLeftOutline }
        guard storage.tree.contains(id) else { throw .itemLeftOutline }
        if shown.contains(id) {
            _ = children(ofExpanding: id)
            recheckedSubtrees.append(id)
        }
        do { try storage.expand([id], recursively: recursively) } catch { throw .itemLeftOutline }
    }

    /// The user collapsed `object`'s row (the view already hides its children): the storage
    /// collapses the item (and, `recursively`, everything below it). The items below keep their
    /// own expansion in the storage, as the view remembers it.
    ///
    /// - Throws: ``OutlineActionError/itemLeftOutline`` as ``userDidExpand(_:recursively:)``.
    @inlinable
    public func userDidCollapse(_ object: Any, recursively: Bool = false) throws(OutlineActionError) {
        guard let id = id(of: object) else { throw .itemLeftOutline }
        if shown.isExpanded(id) {
            shown.collapse(id)
            expansionsChanged.append(id)
        }
        do { try storage.collapse([id], recursively: recursively) } catch { throw .itemLeftOutline }
    }

    /// The user deleted `object`'s row (a Delete key, a swipe): the storage removes the item with
    /// its subtree; the next flush removes its rows.
    ///
    /// - Throws: ``OutlineActionError/itemLeftOutline`` as ``userDidExpand(_:recursively:)``.
    @inlinable
    public func userDidDelete(_ object: Any) throws(OutlineActionError) {
        guard let id = id(of: object) else { throw .itemLeftOutline }
        do { try storage.remove([id]) } catch { throw .itemLeftOutline }
    }

    /// Whether `dragged` can be dropped at (`parent`, `childIndex`), as
    /// ``userDidDrop(_:onto:childIndex:)`` reads them: what `validateDrop` answers.
    @inlinable
    public func canDrop(_ dragged: Any, onto parent: Any?, childIndex: Int) -> Bool {
        (try? dropDestination(of: dragged, onto: parent, childIndex: childIndex)) != nil
    }

    /// The user dropped `dragged` (an object of this view) on `parent` (`nil`: the root) at
    /// `childIndex`, as `NSOutlineView`'s `acceptDrop` gives them:
    ///
    /// - on an item (`childIndex` ``dropOnItemIndex``): the dragged item, with its subtree,
    ///   becomes the item's last child;
    /// - between children (`childIndex` in `0...` the number of children the view shows of
    ///   `parent`, counting the dragged item where it is): it becomes a child of `parent` just
    ///   after the child the view shows before that place (the first child when none), found by
    ///   id in the storage, so that a change not shown yet moves nothing else.
    ///
    /// The view moves nothing itself: the next flush moves the row.
    ///
    /// - Throws: ``OutlineActionError/itemLeftOutline`` when `dragged` or `parent` stands for no
    ///   item of the outline; ``OutlineActionError/invalidDropTarget`` for a place the view does
    ///   not show, or a parent ``canDropItem`` refuses; ``OutlineActionError/refused(_:)`` with ``OutlineError/moveIntoOwnSubtree(_:)``
    ///   for a drop into the dragged item's own subtree. Nothing changes then.
    @inlinable
    public func userDidDrop(_ dragged: Any, onto parent: Any?, childIndex: Int) throws(OutlineActionError) {
        let (id, parentID, index) = try dropDestination(of: dragged, onto: parent, childIndex: childIndex)
        do { try storage.move(id, to: parentID, at: index) } catch { throw .refused(error) }
    }

    /// The dragged id, its new parent and its index there (the storage's children once it left).
    @inlinable
    func dropDestination(of dragged: Any, onto parent: Any?,
                                 childIndex: Int) throws(OutlineActionError) -> (Item.ID, Item.ID?, Int) {
        guard let id = id(of: dragged) else { throw .itemLeftOutline }
        var parentID: Item.ID?
        if parent != nil {
            guard let found = self.id(of: parent) else { throw .itemLeftOutline }
            parentID = found
        }
        if let parentID, storage.tree.isInSubtree(parentID, of: id) { throw .refused(.moveIntoOwnSubtree(String(describing: id))) }
        if let canDropItem, !canDropItem(storage.tree.nodes[id]!.item, parentID.map { storage.tree.nodes[$0]!.item }) {
            throw .invalidDropTarget
        }
        let stored = (storage.tree.children(of: parentID) ?? []).filter { $0 != id }
        if childIndex == Self.dropOnItemIndex {
            guard parentID != nil else { throw .invalidDropTarget }
            return (id, parentID, stored.count)
        }
        guard let shownChildren = shown.children(of: parentID), (0...shownChildren.count).contains(childIndex) else {
            throw .invalidDropTarget
        }
        let before = shownChildren[..<childIndex].reversed().first { $0 != id && stored.contains($0) }
        return (id, parentID, before.map { stored.firstIndex(of: $0)! + 1 } ?? 0)
    }
}
