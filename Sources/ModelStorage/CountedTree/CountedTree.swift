/// A sequence of elements kept in a persistent B+tree of small chunks with counts: positional
/// insertion, removal and replacement, and reading the element at a position, in O(log n); a
/// copy in O(1) that shares every chunk until one of the two changes it, and then copies only
/// the chunks on the changed path (O(log n) of them, each at most ``order`` entries).
///
/// Leaves hold up to ``order`` elements; inner nodes hold up to ``order`` children and the
/// number of elements below them, which is how a position is found: each level subtracts the
/// counts of the children before the one that holds it. Every node but the root holds at
/// least half of ``order`` entries, and every leaf is at the same depth, so a tree of n
/// elements is about log(n) / log(order / 2) levels deep (3 levels of 64 hold a million).
///
/// Nodes are copied on write, one node at a time: a change walks from the root to the leaf it
/// touches and copies each node on that walk that another tree (a copy) still references.
/// That is what makes a copy handed to a reader (a view's content) cost nothing until the next
/// change, and that change cost O(log n), not the whole sequence.
///
/// - Complexity: `count`, copying: O(1). Reading, inserting, removing or replacing one element:
///   O(log n) (times ``order`` within each node). Building from a sequence and iterating: O(n).
struct CountedTree<Element> {
    /// The root: a leaf while the tree holds at most ``order`` elements, then an inner node.
    private(set) var root: Node
    /// The most elements a leaf holds and the most children an inner node holds; every node but
    /// the root holds at least half as many.
    let order: Int

    /// The order of a tree made without one: leaves of 64 elements.
    static var defaultOrder: Int { 64 }

    /// An empty tree whose nodes hold at most `order` entries (even, at least 4). O(1).
    init(order: Int = defaultOrder) {
        precondition(order >= 4 && order % 2 == 0, "CountedTree: the order must be even and at least 4")
        self.order = order
        root = Node(leaf: [])
    }

    /// The number of elements. O(1).
    var count: Int { root.count }

    /// Whether the tree holds no element. O(1).
    var isEmpty: Bool { root.count == 0 }

    /// Replaces the root (a node this tree owns or shares). O(1).
    mutating func setRoot(_ node: Node) {
        root = node
    }

    /// Makes the root a node no other tree references, copying it when it is shared. O(order).
    mutating func makeRootUnique() {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
    }
}

// Copies of a tree may be read on several threads at once: nodes are changed only through a
// tree that references them alone (`isKnownUniquelyReferenced` on the whole path), so a node
// another tree can see is never written, as with the standard library's copy-on-write buffers.
extension CountedTree: @unchecked Sendable where Element: Sendable {}
