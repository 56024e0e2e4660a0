extension CountedTree {
    /// One node of a ``CountedTree``: a leaf holds elements, an inner node holds children and
    /// the number of elements below them. A node is changed only by a tree that references it
    /// alone (see ``CountedTree``), so a node shared between copies is never written.
    ///
    /// The stored properties are not checked for exclusive access at run time: those checks
    /// would be most of the cost of a search from the root (one per node, count and probe read).
    /// Accesses to them never overlap a write. A node is written only inside a mutating method
    /// of the one tree that references it (`isKnownUniquelyReferenced` on the whole path), so
    /// the compiler's static exclusivity of that tree keeps every other access of the node out
    /// of the write, and no other tree can reach the node; a node another tree can see is only
    /// read, and reads may overlap. Within the node methods that write, each access of a
    /// property ends before the next access of the same property of the same node begins (a
    /// child's method is called on the child, a sibling's on the sibling, never inside a
    /// write of this node's property that it reads).
    final class Node {
        /// Whether the node holds elements (a leaf) or children.
        let isLeaf: Bool
        /// The number of elements in the node and below it.
        @exclusivity(unchecked) var count: Int
        /// The elements of a leaf, in order; empty for an inner node.
        @exclusivity(unchecked) var elements: [Element]
        /// The children of an inner node, in order; empty for a leaf.
        @exclusivity(unchecked) var children: [Node]

        /// A leaf holding `elements`. O(1).
        init(leaf elements: [Element]) {
            isLeaf = true
            count = elements.count
            self.elements = elements
            children = []
        }

        /// An inner node holding `children`. O(children).
        init(children: [Node]) {
            isLeaf = false
            count = children.reduce(0) { $0 + $1.count }
            elements = []
            self.children = children
        }

        private init(copying node: Node) {
            isLeaf = node.isLeaf
            count = node.count
            elements = node.elements
            children = node.children
        }

        /// A node holding the same entries, which the caller may change without changing this
        /// one. O(entries).
        func copy() -> Node { Node(copying: self) }

        /// The number of entries: elements of a leaf, children of an inner node. O(1).
        var width: Int { isLeaf ? elements.count : children.count }

        /// The most entries this node may hold in a tree of `order`: ``CountedTree/order``
        /// elements for a leaf, ``CountedTree/innerOrder`` children for an inner node. O(1).
        func capacity(order: Int) -> Int { isLeaf ? order : CountedTree.innerOrder(for: order) }

        /// The child of an inner node that holds `position`, and the position within it; with
        /// `inserting`, a position at the end of a child (between two children) is that child's
        /// end. O(children).
        func child(containing position: Int, inserting: Bool) -> (index: Int, offset: Int) {
            var offset = position
            let last = children.count - 1
            for index in 0..<last {
                let childCount = children[index].count
                if offset < childCount || (inserting && offset == childCount) { return (index, offset) }
                offset -= childCount
            }
            return (last, offset)
        }

        /// Makes child `index` a node no other tree references, copying it when it is shared;
        /// this node must be unreferenced by other trees already. O(order).
        func makeChildUnique(_ index: Int) {
            if !isKnownUniquelyReferenced(&children[index]) { children[index] = children[index].copy() }
        }
    }
}
