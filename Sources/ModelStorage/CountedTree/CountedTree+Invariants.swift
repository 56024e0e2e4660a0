extension CountedTree {
    /// With the trait `InternalChecks`, traps unless the tree is a valid B+tree: every count is
    /// the number of elements below, every leaf at the same depth, every leaf within ``order``
    /// elements and every inner node within ``innerOrder`` children and, but the root, at least
    /// half as many; an inner root has two children or more.
    /// O(n), so only for trees small enough to keep test runs fast (at most 4,096 elements).
    func _checkInvariants() {
        #if InternalChecks
        guard count <= 4_096 else { return }
        precondition(root.isLeaf || root.children.count >= 2, "CountedTree: an inner root with one child")
        _ = checkNode(root, isRoot: true)
        #endif
    }

    /// The number of levels below `node` (0 for a leaf), after checking it and its subtree.
    private func checkNode(_ node: Node, isRoot: Bool) -> Int {
        let capacity = node.capacity(order: order)
        precondition(node.width <= capacity && (isRoot || node.width >= capacity / 2),
                     "CountedTree: a node of \(node.width) entries for a capacity of \(capacity)")
        if node.isLeaf {
            precondition(node.children.isEmpty && node.count == node.elements.count, "CountedTree: a leaf's count is off")
            return 0
        }
        precondition(node.elements.isEmpty && node.count == node.children.reduce(0) { $0 + $1.count },
                     "CountedTree: an inner node's count is off")
        let depths = Set(node.children.map { checkNode($0, isRoot: false) })
        precondition(depths.count == 1, "CountedTree: leaves at different depths")
        return depths.first! + 1
    }

    /// The number of levels of nodes (1 for a single leaf). O(log n).
    var height: Int {
        var levels = 1
        var node = root
        while !node.isLeaf {
            levels += 1
            node = node.children[0]
        }
        return levels
    }

    /// The identity of every node, for tests of what copies share. O(n / order).
    var _nodeIdentities: Set<ObjectIdentifier> {
        var identities: Set<ObjectIdentifier> = []
        var pending = [root]
        while let node = pending.popLast() {
            identities.insert(ObjectIdentifier(node))
            pending.append(contentsOf: node.children)
        }
        return identities
    }
}
