/// The view's reads: what the updater answers as the outline view's data source, from the tree
/// the view shows, with one stable object per id.
extension OutlineViewUpdater: OutlineViewDataSourcing {
    /// The number of children the view shows of `item` (`nil`: the roots). Asked for an item the
    /// view is expanding (a disclosure click, or the view expanding an item it remembers
    /// expanded), it shows that item's children as the storage has them now, but for those the
    /// view shows elsewhere (a move not sent yet: the next flush moves them).
    @inlinable
    public func numberOfChildren(ofItem item: Any?) -> Int {
        guard let parent = shownID(of: item) else { return item == nil ? shown.roots.count : 0 }
        return children(ofExpanding: parent).count
    }

    /// The stable object of the child at `index` of `item` (`nil`: the roots), an
    /// ``OutlineViewItem``. An index the view should not ask (outside the children counted)
    /// gives the object of the last child, or of the first root; the view asks none.
    @inlinable
    public func child(_ index: Int, ofItem item: Any?) -> Any {
        let children: [Item.ID]
        if let parent = shownID(of: item) { children = self.children(ofExpanding: parent) } else { children = shown.roots }
        let id = children.isEmpty ? nil : children[min(max(index, 0), children.count - 1)]
        if let id, let object = shown.nodes[id]?.object { return object }
        return shown.roots.first.flatMap { shown.nodes[$0]?.object } as Any
    }

    /// Whether the view shows a disclosure for `item`: it has children, or children not loaded yet.
    @inlinable
    public func isItemExpandable(_ item: Any) -> Bool {
        guard let id = shownID(of: item) else { return false }
        return shown.nodes[id]!.hasDisclosure
    }

    /// The item `object` (an object this updater handed out) stands for, as the view shows it:
    /// for an object the view shows, its item as last sent (also when the storage removed it
    /// since: its row leaves at the next flush); for another object of an item in the outline,
    /// that item; `nil` for any other object.
    @inlinable
    public func item(for object: Any?) -> Item? {
        guard let object = object as? OutlineViewItem<Item>, shownID(of: object) != nil || id(of: object) != nil else { return nil }
        return object.item
    }

    /// What a cell shows of the row of `object` besides its item: its level, whether the view
    /// shows it expanded, whether it has children and whether they are loading, as the view was
    /// last told; `nil` for an object the view does not show. A cell made from it is refreshed
    /// (its row reloaded) when the row's expansion changes. O(depth).
    @inlinable
    public func rowState(for object: Any?) -> OutlineRowState? {
        guard let id = shownID(of: object) else { return nil }
        shown.nodes[id]!.cellExpansion = shown.isExpanded(id)
        var level = 0, parent = shown.nodes[id]!.parent
        while let step = parent { level += 1; parent = shown.nodes[step]?.parent }
        return OutlineRowState(level: level, isExpanded: shown.isExpanded(id), hasChildren: shown.nodes[id]!.hasDisclosure,
                               isLoading: shownLoading.contains(id))
    }

    /// The stable object of `id`, made when the view first needs it, or `nil` when `id` is not in
    /// the outline (`NSOutlineView`'s `item(forPersistentObject:)` restores the expansion it
    /// saved through it).
    @inlinable
    public func object(forID id: Item.ID) -> OutlineViewItem<Item>? {
        guard let item = storage.tree.nodes[id]?.item else { return nil }
        if let object = objects[id] { return object }
        let object = OutlineViewItem(item)
        objects[id] = object
        return object
    }

    /// The id `object` stands for, when it is an object of this updater whose id is still in
    /// the outline (`NSOutlineView`'s `persistentObject(forItem:)` saves it).
    @inlinable
    public func id(of object: Any?) -> Item.ID? {
        guard let object = object as? OutlineViewItem<Item>, objects[object.id] === object,
              storage.tree.contains(object.id) else { return nil }
        return object.id
    }

    /// The ids of `objects` the updater knows, in order (a selection of rows, mapped to items).
    @inlinable
    public func ids(of objects: [Any]) -> [Item.ID] { objects.compactMap { id(of: $0) } }

    // MARK: Helpers

    /// The id of `object` when the view shows it, from the shown tree alone: until the next
    /// flush, an item the storage removed is still shown, with the children the view was told.
    @inlinable
    func shownID(of object: Any?) -> Item.ID? {
        guard let object = object as? OutlineViewItem<Item>, shown.nodes[object.id]?.object === object else { return nil }
        return object.id
    }

    /// The children shown of `parent`; when the view does not show it expanded (it is expanding
    /// it now), its children in the storage but for those shown elsewhere, shown from now on.
    @inlinable
    func children(ofExpanding parent: Item.ID) -> [Item.ID] {
        if let children = shown.children(of: parent) { return children }
        let children = (tree.children(of: parent) ?? []).filter { !shown.contains($0) }
        shown.expand(parent, children: children.map(shownEntry))
        expansionsChanged.append(parent)
        return children
    }

    /// The object of `id` (in ``tree``, the tree being sent) and whether it shows a disclosure.
    @inlinable
    func shownEntry(_ id: Item.ID) -> (object: OutlineViewItem<Item>, hasDisclosure: Bool) {
        let item = tree.nodes[id]!.item
        let object: OutlineViewItem<Item>
        if let known = objects[id] { object = known } else { object = OutlineViewItem(item); objects[id] = object }
        object.shownItem = item
        if tree.loads[id] != nil { shownLoading.insert(id) } else { shownLoading.remove(id) }
        return (object, tree.hasDisclosure(id))
    }

    /// Drops the objects of ids no longer in the outline (nor shown: an item removed during a
    /// flush is shown until the next) once they are as many as those in it: an object the view
    /// still holds from before then stands for nothing. O(objects), amortized
    /// over the removals.
    @inlinable
    func forgetRemovedObjects() {
        guard objects.count > 2 * storage.tree.count + 64 else { return }
        objects = objects.filter { storage.tree.nodes[$0.key] != nil || shown.contains($0.key) }
    }
}
