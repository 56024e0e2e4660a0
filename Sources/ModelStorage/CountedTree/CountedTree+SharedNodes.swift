extension CountedTree {
    /// A node of a tree with the position of its first element in that tree.
    struct PlacedNode {
        /// The node.
        let node: Node
        /// The position of the node's first element in its tree.
        let offset: Int
    }

    /// A node two trees share (the same object: the same elements, in the same order), at its
    /// position in each.
    struct SharedNode {
        /// The position of its first element in the first tree, and in the second.
        let offset: Int, otherOffset: Int
        /// The number of elements below it.
        let count: Int
    }

    /// What a tree and another share: the highest nodes found in both (a node whose parent is
    /// not shared), and the leaves of each below no shared node. Every element of a tree is below
    /// one shared node or in one of its unshared leaves.
    struct SharedNodes {
        /// The shared nodes, sorted by their position in the first tree.
        var shared: [SharedNode] = []
        /// The first tree's unshared leaves, and the other's, each in order.
        var leaves: [PlacedNode] = [], otherLeaves: [PlacedNode] = []
    }

    /// The nodes this tree and `other` share, and the leaves of each that they do not, found
    /// level by level from the roots: at each height, the nodes of one tree that are nodes of
    /// the other are shared (with everything below them); the children of the others are
    /// compared at the next height down. A copy shares every node a change did not copy, so
    /// after a few changes only the nodes on their paths are opened. `nil` when more than
    /// `nodeLimit` nodes of one tree would be compared at one height (the trees share little).
    ///
    /// - Complexity: O(order × height) per node the changes copied, when within the limit;
    ///   otherwise O(nodeLimit) at most.
    func sharedNodes(with other: CountedTree, nodeLimit: Int) -> SharedNodes? {
        var mine = [PlacedNode(node: root, offset: 0)], theirs = [PlacedNode(node: other.root, offset: 0)]
        var myHeight = height, theirHeight = other.height
        var result = SharedNodes()
        while true {
            if myHeight != theirHeight {
                // Nodes are shared only at the same height: the taller tree's top is its own.
                if myHeight > theirHeight { mine = Self.children(of: mine) } else { theirs = Self.children(of: theirs) }
                if myHeight > theirHeight { myHeight -= 1 } else { theirHeight -= 1 }
            } else {
                let (myOpen, theirOpen) = Self.separateShared(mine, theirs, into: &result.shared)
                guard myHeight > 1 else {
                    result.leaves = myOpen
                    result.otherLeaves = theirOpen
                    break
                }
                mine = Self.children(of: myOpen)
                theirs = Self.children(of: theirOpen)
                myHeight -= 1
                theirHeight -= 1
            }
            guard mine.count <= nodeLimit && theirs.count <= nodeLimit else { return nil }
        }
        result.shared.sort { $0.offset < $1.offset }
        return result
    }

    /// Appends to `shared` the nodes of `mine` that are among `theirs` (nodes of one height);
    /// returns the others of each side, in order.
    private static func separateShared(_ mine: [PlacedNode], _ theirs: [PlacedNode],
                                       into shared: inout [SharedNode]) -> ([PlacedNode], [PlacedNode]) {
        var theirIndex: [ObjectIdentifier: Int] = [:]
        theirIndex.reserveCapacity(theirs.count)
        for (index, placed) in theirs.enumerated() { theirIndex[ObjectIdentifier(placed.node)] = index }
        var theirShared = [Bool](repeating: false, count: theirs.count)
        var myOpen: [PlacedNode] = []
        for placed in mine {
            if let index = theirIndex[ObjectIdentifier(placed.node)] {
                shared.append(SharedNode(offset: placed.offset, otherOffset: theirs[index].offset, count: placed.node.count))
                theirShared[index] = true
            } else {
                myOpen.append(placed)
            }
        }
        let theirOpen = theirs.indices.filter { !theirShared[$0] }.map { theirs[$0] }
        return (myOpen, theirOpen)
    }

    /// The children of the inner nodes `nodes`, in order, each with its position.
    private static func children(of nodes: [PlacedNode]) -> [PlacedNode] {
        var children: [PlacedNode] = []
        for placed in nodes {
            var offset = placed.offset
            for child in placed.node.children {
                children.append(PlacedNode(node: child, offset: offset))
                offset += child.count
            }
        }
        return children
    }
}
