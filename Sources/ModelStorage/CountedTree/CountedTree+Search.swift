extension CountedTree {
    /// The first position whose element satisfies `isAtOrAfter`, or ``count`` when none does;
    /// `isAtOrAfter` must be false for every element before some position and true from it on
    /// (elements ordered by a key, as a binary search asks). O(log(order) × height²): each
    /// level chooses its child by a binary search over the children's last elements.
    func partitioningPosition(where isAtOrAfter: (Element) -> Bool) -> Int {
        var node = root
        var position = 0
        while !node.isLeaf {
            var low = 0, high = node.children.count - 1
            while low < high {
                let middle = (low + high) / 2
                if isAtOrAfter(Self.lastElement(of: node.children[middle])) { high = middle } else { low = middle + 1 }
            }
            for child in node.children[..<low] { position += child.count }
            node = node.children[low]
        }
        var low = 0, high = node.elements.count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrAfter(node.elements[middle]) { high = middle } else { low = middle + 1 }
        }
        return position + low
    }

    /// The last element below `node`, which holds at least one. O(height).
    private static func lastElement(of node: Node) -> Element {
        var node = node
        while !node.isLeaf { node = node.children[node.children.count - 1] }
        return node.elements[node.elements.count - 1]
    }
}
