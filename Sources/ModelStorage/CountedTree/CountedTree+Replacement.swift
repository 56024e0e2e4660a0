extension CountedTree {
    /// Replaces the element at `position` (`0..<count`) with `element`; returns the element it
    /// replaced. O(log n): the nodes on its path that a copy shares are copied.
    @discardableResult
    mutating func replace(at position: Int, with element: Element) -> Element {
        update(at: position) { stored in
            let old = stored
            stored = element
            return old
        }
    }

    /// Calls `body` with the element at `position` (`0..<count`) to change in place; returns
    /// what `body` returns. O(log n) plus `body`.
    mutating func update<Result>(at position: Int, _ body: (inout Element) throws -> Result) rethrows -> Result {
        precondition(position >= 0 && position < count, "CountedTree: position \(position) out of 0..<\(count)")
        makeRootUnique()
        var node = root
        var offset = position
        while !node.isLeaf {
            let (index, inner) = node.child(containing: offset, inserting: false)
            node.makeChildUnique(index)
            node = node.children[index]
            offset = inner
        }
        return try body(&node.elements[offset])
    }
}
