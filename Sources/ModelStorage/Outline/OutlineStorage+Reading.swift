#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading the tree. These reads give the latest state, also while an update is being
/// delivered; the ``Storage`` reads (`numberOfItems(inSection:)`, `item(at:)`) follow the
/// delivery rule of ``MemoryStorage`` (the state the update being delivered leads to), as a
/// view applying it must read.
extension OutlineStorage {
    /// The number of items in the tree, shown or not.
    @inlinable
    public var count: Int { tree.count }

    /// The items shown, in row order: the roots, each followed by the visible items below it
    /// when it is expanded. O(rows).
    @inlinable
    public var visibleItems: [Item] { tree.visibleRows().map { tree.nodes[$0]!.item } }

    /// The item of `id`, or `nil` when it is not in the tree. O(1).
    @inlinable
    public func item(withID id: Item.ID) -> Item? { tree.nodes[id]?.item }

    /// The children of `parent` in order (`nil`: the roots), or `nil` when `parent` is not in
    /// the tree. O(children).
    @inlinable
    public func children(of parent: Item.ID?) -> [Item]? {
        tree.children(of: parent)?.map { tree.nodes[$0]!.item }
    }

    /// The parent of `id`, or `nil` for a root or an id not in the tree. O(1).
    @inlinable
    public func parent(of id: Item.ID) -> Item? {
        tree.nodes[id]?.parent.flatMap { tree.nodes[$0]?.item }
    }

    /// The depth of `id`: 0 for a root, 1 for a root's child...; `nil` when it is not in the
    /// tree. O(depth).
    @inlinable
    public func level(of id: Item.ID) -> Int? { tree.level(of: id) }

    /// The index path of `id`'s row, or `nil` when it is not shown (not in the tree, or under a
    /// collapsed item). O(depth + log n).
    @inlinable
    public func indexPath(forItemWithID id: Item.ID) -> IndexPath? {
        guard tree.isVisible(id), let row = row(of: id) else { return nil }
        return IndexPath(indexes: [0, row])
    }

    /// What a cell shows of `id`'s row besides the item (level, expansion, children, a load), or `nil`
    /// when `id` is not in the tree. O(depth).
    @inlinable
    public func rowState(forItemWithID id: Item.ID) -> OutlineRowState? {
        guard let node = tree.nodes[id], let level = tree.level(of: id) else { return nil }
        return OutlineRowState(level: level, isExpanded: tree.expanded.contains(id),
                               hasChildren: !node.children.isEmpty || tree.unloaded.contains(id), isLoading: tree.loads[id] != nil)
    }

    /// The row state (see ``rowState(forItemWithID:)``) of the item at `indexPath`, as
    /// `item(at:)` reads it, or `nil` when there is none.
    @inlinable
    public func rowState(at indexPath: IndexPath) -> OutlineRowState? {
        guard let item = item(at: indexPath) as? Item else { return nil }
        return rowState(forItemWithID: item.id)
    }
}
