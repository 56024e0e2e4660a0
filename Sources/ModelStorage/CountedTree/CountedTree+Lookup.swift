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

    /// The elements at the positions of `range` (within `0...count`), in order: one descent to
    /// the first and the leaves after it, rather than a search from the root per element.
    /// O(log n + k) for k elements.
    func elements(in range: Range<Int>) -> [Element] {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "CountedTree: range \(range) out of 0...\(count)")
        var elements: [Element] = []
        elements.reserveCapacity(range.count)
        if !range.isEmpty { Self.append(range, below: root, to: &elements) }
        return elements
    }

    /// Appends the elements at the positions of `range` (non-empty, within `node`) below `node`.
    private static func append(_ range: Range<Int>, below node: Node, to elements: inout [Element]) {
        if node.isLeaf { return elements.append(contentsOf: node.elements[range]) }
        var start = 0
        for child in node.children {
            let end = start + child.count
            if end > range.lowerBound {
                append(Swift.max(range.lowerBound, start) - start..<Swift.min(range.upperBound, end) - start, below: child, to: &elements)
            }
            if end >= range.upperBound { return }
            start = end
        }
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
