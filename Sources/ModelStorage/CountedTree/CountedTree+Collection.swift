extension CountedTree: RandomAccessCollection {
    /// Positions are offsets from the first element.
    typealias Index = Int
    typealias Indices = Range<Int>

    /// 0. O(1).
    var startIndex: Int { 0 }

    /// ``count``. O(1).
    var endIndex: Int { root.count }

    /// The element at `position` (`0..<count`). O(log n): the collection is random-access in
    /// its positions (O(1) to move an index), not in reading; read in order through iteration.
    subscript(position: Int) -> Element { element(at: position) }

    /// An iterator over the elements in order, leaf after leaf. O(1) amortized per element.
    func makeIterator() -> Iterator { Iterator(root: root) }

    /// Iterates a ``CountedTree`` leaf after leaf: the path from the root to the current leaf,
    /// and the position in it.
    struct Iterator: IteratorProtocol {
        /// The inner nodes above the current leaf, each with the next child to visit.
        private var path: [(node: Node, next: Int)] = []
        /// The current leaf's elements and the next position in them.
        private var leaf: [Element] = []
        private var offset = 0

        init(root: Node) {
            descend(from: root)
        }

        /// The next element, or `nil` after the last. O(1) amortized.
        mutating func next() -> Element? {
            while offset == leaf.count {
                guard let top = path.last else { return nil }
                if top.next < top.node.children.count {
                    path[path.count - 1].next += 1
                    descend(from: top.node.children[top.next])
                } else {
                    path.removeLast()
                }
            }
            defer { offset += 1 }
            return leaf[offset]
        }

        /// Goes down the first children from `node` to a leaf, which becomes the current one.
        private mutating func descend(from node: Node) {
            var node = node
            while !node.isLeaf {
                path.append((node, 1))
                node = node.children[0]
            }
            leaf = node.elements
            offset = 0
        }
    }
}
