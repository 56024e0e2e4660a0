extension CountedTree {
    /// A node of a tree read without holding a reference to it: what a search from the root
    /// walks with, so that it costs no retain and release per node it passes (they would be
    /// most of what a search of a few probes per level costs).
    ///
    /// It does not keep the node alive: it is valid only while the tree it was read from is
    /// alive and unchanged, as during a non-mutating call of that tree (the tree keeps its
    /// root, every node its children, and nothing changes a node a tree is reading).
    struct UnretainedNode {
        private let node: Unmanaged<Node>

        /// `node`, not retained.
        init(_ node: Node) {
            self.node = .passUnretained(node)
        }

        /// Whether the node holds elements (a leaf) or children. O(1).
        var isLeaf: Bool { node._withUnsafeGuaranteedRef { $0.isLeaf } }

        /// The number of elements in the node and below it. O(1).
        var count: Int { node._withUnsafeGuaranteedRef { $0.count } }

        /// The number of children of an inner node (0 for a leaf). O(1).
        var width: Int { node._withUnsafeGuaranteedRef { $0.children.count } }

        /// Child `index` of an inner node, not retained. O(1).
        func child(_ index: Int) -> UnretainedNode {
            node._withUnsafeGuaranteedRef { UnretainedNode($0.children[index]) }
        }

        /// `body` of a leaf's elements, read in place (valid only during `body`). O(1) plus `body`.
        func withElements<Result>(_ body: (UnsafeBufferPointer<Element>) -> Result) -> Result {
            node._withUnsafeGuaranteedRef { $0.elements.withUnsafeBufferPointer(body) }
        }
    }
}
