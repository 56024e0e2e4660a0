extension CountedTree {
    /// The element at `position` (`0..<count`). O(log n).
    func element(at position: Int) -> Element {
        precondition(position >= 0 && position < count, "CountedTree: position \(position) out of 0..<\(count)")
        var node = root
        var offset = position
        while !node.isLeaf {
            let (index, inner) = node.child(containing: offset, inserting: false)
            node = node.children[index]
            offset = inner
        }
        return node.elements[offset]
    }

    /// Calls `body` with the elements of each leaf, in order: every element once, at the cost
    /// of the elements themselves (no look-up per element). O(n).
    func forEachChunk(_ body: ([Element]) throws -> Void) rethrows {
        try Self.forEachChunk(below: root, body)
    }

    private static func forEachChunk(below node: Node, _ body: ([Element]) throws -> Void) rethrows {
        if node.isLeaf { return try body(node.elements) }
        for child in node.children { try forEachChunk(below: child, body) }
    }
}
