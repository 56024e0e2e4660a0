extension CountedTree {
    /// A node of a tree with the position of its first element in that tree.
    ///
    /// It does not keep the node alive: it is valid only while the tree it was read from is (the
    /// caller of ``CountedTree/sharedNodes(with:nodeLimit:)`` holds both trees while it reads the
    /// answer). Comparing a few hundred nodes then costs no reference counting.
    struct PlacedNode {
        /// The node, not retained.
        unowned(unsafe) let node: Node
        /// The position of the node's first element in its tree.
        let offset: Int
    }

    /// Nodes two trees share (the same objects: the same elements, in the same order), one after
    /// the other in both, at their position in each.
    struct SharedNode {
        /// The position of their first element in the first tree, and in the second.
        let offset: Int, otherOffset: Int
        /// The number of elements below them.
        var count: Int
    }

    /// What a tree and another share: the highest nodes found in both (a node whose parent is
    /// not shared), and the leaves of each below no shared node. Every element of a tree is below
    /// one shared node or in one of its unshared leaves.
    struct SharedNodes {
        /// The shared nodes, those of one height that touch in both trees joined, sorted by their
        /// position in the first tree.
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
    /// The answer's nodes are valid while this tree and `other` are (see ``PlacedNode``).
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
                if myHeight > theirHeight {
                    mine = Self.children(of: mine)
                    myHeight -= 1
                } else {
                    theirs = Self.children(of: theirs)
                    theirHeight -= 1
                }
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

    /// Appends to `shared` the nodes of `mine` that are among `theirs` (nodes of one height, each
    /// list in order); returns the others of each side, in order.
    ///
    /// Both lists are walked together, as a copy keeps its nodes in order: a node that is the
    /// other side's next is shared; otherwise one step of look-ahead tells a node only one side
    /// has (added or removed) from one copied on both sides. Where it tells neither, the rest is
    /// matched through a table of theirs. A node taken for unshared though it is shared would
    /// only be compared further down; a node is taken for shared only when it is the same object.
    private static func separateShared(_ mine: [PlacedNode], _ theirs: [PlacedNode],
                                       into shared: inout [SharedNode]) -> ([PlacedNode], [PlacedNode]) {
        var myOpen: [PlacedNode] = [], theirOpen: [PlacedNode] = []
        func same(_ mineIndex: Int, _ theirIndex: Int) -> Bool {
            mineIndex < mine.count && theirIndex < theirs.count && mine[mineIndex].node === theirs[theirIndex].node
        }
        var i = 0, j = 0
        while i < mine.count && j < theirs.count {
            if same(i, j) {
                appendShared(mine[i], theirs[j], to: &shared)
                i += 1
                j += 1
            } else if same(i, j + 1) {
                theirOpen.append(theirs[j])
                j += 1
            } else if same(i + 1, j) {
                myOpen.append(mine[i])
                i += 1
            } else if same(i + 1, j + 1) || i + 1 == mine.count || j + 1 == theirs.count {
                myOpen.append(mine[i])
                theirOpen.append(theirs[j])
                i += 1
                j += 1
            } else {
                separateSharedThroughTable(mine[i...], theirs[j...], into: &shared, &myOpen, &theirOpen)
                return (myOpen, theirOpen)
            }
        }
        return (myOpen + mine[i...], theirOpen + theirs[j...])
    }

    /// `separateShared` for the rest of both lists, through a table of their nodes.
    private static func separateSharedThroughTable(_ mine: ArraySlice<PlacedNode>, _ theirs: ArraySlice<PlacedNode>,
                                                   into shared: inout [SharedNode],
                                                   _ myOpen: inout [PlacedNode], _ theirOpen: inout [PlacedNode]) {
        var theirIndex = PositionTable(capacity: theirs.count)
        for index in theirs.indices { theirIndex.insert(key(of: theirs[index].node), at: index) }
        var theirShared = [Bool](repeating: false, count: theirs.endIndex)
        for placed in mine {
            if let index = theirIndex.position(of: key(of: placed.node)) {
                appendShared(placed, theirs[index], to: &shared)
                theirShared[index] = true
            } else {
                myOpen.append(placed)
            }
        }
        for index in theirs.indices where !theirShared[index] { theirOpen.append(theirs[index]) }
    }

    /// Appends one shared node, at its place in each tree, to `shared`, joined with the last one
    /// when they touch in both trees.
    private static func appendShared(_ mine: PlacedNode, _ theirs: PlacedNode, to shared: inout [SharedNode]) {
        let count = mine.node.count
        if let last = shared.last, last.offset + last.count == mine.offset && last.otherOffset + last.count == theirs.offset {
            shared[shared.count - 1].count += count
        } else {
            shared.append(SharedNode(offset: mine.offset, otherOffset: theirs.offset, count: count))
        }
    }

    /// A node's identity as a key: its address, unique among the nodes alive.
    private static func key(of node: Node) -> UInt64 {
        UInt64(UInt(bitPattern: ObjectIdentifier(node)))
    }

    /// The children of the inner nodes `nodes`, in order, each with its position.
    private static func children(of nodes: [PlacedNode]) -> [PlacedNode] {
        var children: [PlacedNode] = []
        children.reserveCapacity(nodes.reduce(0) { $0 + $1.node.children.count })
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
