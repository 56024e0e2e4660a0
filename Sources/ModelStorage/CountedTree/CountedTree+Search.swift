extension CountedTree {
    /// The first position whose element satisfies `isAtOrAfter`, or ``count`` when none does;
    /// `isAtOrAfter` must be false for every element before some position and true from it on
    /// (elements ordered by a key, as a binary search asks). O(log(order) × height²): each
    /// level chooses its child by a binary search over the children's last elements.
    func partitioningPosition(where isAtOrAfter: (Element) -> Bool) -> Int {
        withPartitioningElement(where: { isAtOrAfter($0.pointee) }) { position, _ in position }
    }

    /// ``partitioningPosition(where:)`` reading every element it probes in place, never copying
    /// one (a copy of an element with an existential field goes through the stored type's
    /// value witnesses), and handing `body` the element found, so that a search by key and the
    /// read of what it found are one walk from the root. `isAtOrAfter` reads an element at a
    /// pointer; `body` gets the position and the element there, in place (`nil` when the
    /// position is ``count``). The pointers are valid only during the call that receives them.
    /// O(log(order) × height²), as ``partitioningPosition(where:)``.
    func withPartitioningElement<Result>(
        where isAtOrAfter: (UnsafePointer<Element>) -> Bool,
        _ body: (_ position: Int, _ element: UnsafePointer<Element>?) -> Result
    ) -> Result {
        // The walk holds no reference of its own (see `UnretainedNode`): this tree keeps its
        // root alive for the whole call, each node its children, and a non-mutating call
        // changes no node.
        var node = UnretainedNode(root)
        var position = 0
        while !node.isLeaf {
            let (index, before) = Self.partitioningChild(of: node, where: isAtOrAfter)
            position += before
            node = node.child(index)
        }
        return node.withElements { elements in
            var low = 0, high = elements.count
            while low < high {
                let middle = (low + high) / 2
                if isAtOrAfter(elements.baseAddress! + middle) { high = middle } else { low = middle + 1 }
            }
            return body(position + low, low < elements.count ? elements.baseAddress! + low : nil)
        }
    }

    /// The first child of inner node `node` whose last element satisfies `isAtOrAfter` (the
    /// last child when none does), and the number of elements in the children before it.
    /// O(log(order) × height + order).
    private static func partitioningChild(of node: UnretainedNode, where isAtOrAfter: (UnsafePointer<Element>) -> Bool)
        -> (index: Int, before: Int)
    {
        let width = node.width
        var low = 0, high = width - 1
        while low < high {
            let middle = (low + high) / 2
            if lastElement(of: node.child(middle), satisfies: isAtOrAfter) { high = middle } else { low = middle + 1 }
        }
        // The counts of the children on the shorter side of the one chosen.
        var before = 0
        if low <= width / 2 {
            for index in 0..<low { before += node.child(index).count }
        } else {
            before = node.count
            for index in low..<width { before -= node.child(index).count }
        }
        return (low, before)
    }

    /// Whether the last element below `node` (which holds at least one) satisfies `predicate`,
    /// read in place. O(height).
    private static func lastElement(of node: UnretainedNode, satisfies predicate: (UnsafePointer<Element>) -> Bool) -> Bool {
        var node = node
        while !node.isLeaf { node = node.child(node.width - 1) }
        return node.withElements { predicate($0.baseAddress! + ($0.count - 1)) }
    }
}
