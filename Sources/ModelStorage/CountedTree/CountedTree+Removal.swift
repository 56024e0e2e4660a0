extension CountedTree {
    /// Removes the element at `position` (`0..<count`) and returns it. O(log n): the nodes on
    /// its path that a copy shares are copied; a node left with fewer than half of the entries
    /// it may hold takes one from a sibling or is merged with it.
    @discardableResult
    mutating func remove(at position: Int) -> Element {
        precondition(position >= 0 && position < count, "CountedTree: removal at \(position) out of 0..<\(count)")
        makeRootUnique()
        let removed = root.remove(at: position, order: order)
        if !root.isLeaf && root.children.count == 1 { setRoot(root.children[0]) }
        _checkInvariants()
        return removed
    }

    /// Moves the element at `source` to `destination` (its position afterwards; both in
    /// `0..<count`). O(log n).
    mutating func move(from source: Int, to destination: Int) {
        precondition(destination >= 0 && destination < count, "CountedTree: move to \(destination) out of 0..<\(count)")
        guard source != destination else { return }
        insert(remove(at: source), at: destination)
    }

    /// Removes every element. O(1).
    mutating func removeAll() {
        setRoot(Node(leaf: []))
    }
}

extension CountedTree.Node {
    /// Removes the element at `position` below this node, which no other tree references.
    /// O(log n).
    func remove(at position: Int, order: Int) -> Element {
        count -= 1
        if isLeaf { return elements.remove(at: position) }
        let (index, offset) = child(containing: position, inserting: false)
        makeChildUnique(index)
        let removed = children[index].remove(at: offset, order: order)
        if children[index].width < children[index].capacity(order: order) / 2 { rebalance(child: index, order: order) }
        return removed
    }

    /// Child `index` (unique) holds one entry fewer than half of its capacity (see
    /// ``capacity(order:)``): it takes one from a sibling that can spare one, else it and a
    /// sibling become one node. O(order).
    private func rebalance(child index: Int, order: Int) {
        let minimum = children[index].capacity(order: order) / 2
        if index > 0 && children[index - 1].width > minimum {
            makeChildUnique(index - 1)
            children[index - 1].moveLastEntry(to: children[index])
        } else if index + 1 < children.count && children[index + 1].width > minimum {
            makeChildUnique(index + 1)
            children[index + 1].moveFirstEntry(to: children[index])
        } else if index > 0 {
            makeChildUnique(index - 1)
            children[index - 1].absorb(children[index])
            children.remove(at: index)
        } else {
            children[index].absorb(children[index + 1])
            children.remove(at: index + 1)
        }
    }

    /// Moves this node's last entry to the front of `right`, its next sibling (both unique).
    private func moveLastEntry(to right: CountedTree.Node) {
        if isLeaf {
            right.elements.insert(elements.removeLast(), at: 0)
            count -= 1
            right.count += 1
        } else {
            let child = children.removeLast()
            count -= child.count
            right.children.insert(child, at: 0)
            right.count += child.count
        }
    }

    /// Moves this node's first entry to the end of `left`, its previous sibling (both unique).
    private func moveFirstEntry(to left: CountedTree.Node) {
        if isLeaf {
            left.elements.append(elements.removeFirst())
            count -= 1
            left.count += 1
        } else {
            let child = children.removeFirst()
            count -= child.count
            left.children.append(child)
            left.count += child.count
        }
    }

    /// Appends the entries of `right`, its next sibling (which is only read), to this node.
    private func absorb(_ right: CountedTree.Node) {
        if isLeaf { elements.append(contentsOf: right.elements) } else { children.append(contentsOf: right.children) }
        count += right.count
    }
}
