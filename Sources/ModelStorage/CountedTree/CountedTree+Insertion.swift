extension CountedTree {
    /// Inserts `element` at `position` (`0...count`): the elements from `position` on follow
    /// it. O(log n): the nodes on its path that a copy shares are copied, a node that overflows
    /// is split in two.
    mutating func insert(_ element: Element, at position: Int) {
        precondition(position >= 0 && position <= count, "CountedTree: insertion at \(position) out of 0...\(count)")
        makeRootUnique()
        if let right = root.insert(element, at: position, order: order) {
            setRoot(Node(children: [root, right]))
        }
        _checkInvariants()
    }

    /// Appends `element`. O(log n).
    mutating func append(_ element: Element) {
        insert(element, at: count)
    }

    /// Inserts `elements`, in order, at `position` (`0...count`). O(k log n) for k elements,
    /// or O(n + k) when k is large against n (the tree is then built again, full).
    mutating func insert<C: Collection<Element>>(contentsOf elements: C, at position: Int) {
        precondition(position >= 0 && position <= count, "CountedTree: insertion at \(position) out of 0...\(count)")
        guard !elements.isEmpty else { return }
        if elements.count > Swift.max(order, count / 8) {
            var all = Array(self)
            all.insert(contentsOf: elements, at: position)
            self = CountedTree(all, order: order)
            return
        }
        for (offset, element) in elements.enumerated() { insert(element, at: position + offset) }
    }

    /// Appends `elements`, in order. As ``insert(contentsOf:at:)``.
    mutating func append<C: Collection<Element>>(contentsOf elements: C) {
        insert(contentsOf: elements, at: count)
    }
}

extension CountedTree.Node {
    /// Inserts `element` at `position` in this node, which no other tree references; returns
    /// the node's new right sibling when it overflowed and was split. O(log n).
    func insert(_ element: Element, at position: Int, order: Int) -> CountedTree.Node? {
        count += 1
        if isLeaf {
            elements.insert(element, at: position)
            return elements.count > order ? splitLeaf() : nil
        }
        let (index, offset) = child(containing: position, inserting: true)
        makeChildUnique(index)
        guard let right = children[index].insert(element, at: offset, order: order) else { return nil }
        children.insert(right, at: index + 1)
        return children.count > CountedTree.innerOrder(for: order) ? splitInner() : nil
    }

    /// Moves the second half of this leaf's elements into a new leaf, returned. O(order).
    private func splitLeaf() -> CountedTree.Node {
        let half = elements.count / 2
        let right = CountedTree.Node(leaf: Array(elements[half...]))
        elements.removeSubrange(half...)
        count = elements.count
        return right
    }

    /// Moves the second half of this inner node's children into a new node, returned. O(order).
    private func splitInner() -> CountedTree.Node {
        let half = children.count / 2
        let right = CountedTree.Node(children: Array(children[half...]))
        children.removeSubrange(half...)
        count -= right.count
        return right
    }
}
