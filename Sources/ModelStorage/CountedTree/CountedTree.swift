/// A sequence of elements kept in a persistent B+tree of small chunks with counts: positional
/// insertion, removal and replacement, and reading the element at a position, in O(log n); a
/// copy in O(1) that shares every chunk until one of the two changes it, and then copies only
/// the chunks on the changed path (O(log n) of them, each at most ``order`` entries).
///
/// Leaves hold up to ``order`` elements; inner nodes hold up to ``innerOrder`` children (16 at
/// most) and the number of elements below them, which is how a position is found: each level
/// subtracts the counts of the children before the one that holds it. Every node but the root
/// is at least half full, and every leaf is at the same depth, so a tree of n elements is
/// about 1 + log(n / order) / log(innerOrder / 2) levels deep, fewer when built full (a
/// million elements built in leaves of 64 are 5 levels deep, 100,000 are 4).
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
    /// The most elements a leaf holds (and, up to 16, the most children an inner node holds: see
    /// ``innerOrder``); every leaf but the root holds at least half as many.
    let order: Int

    /// The order of a tree made without one: leaves of 64 elements.
    static var defaultOrder: Int { 64 }

    /// The most children an inner node holds in a tree of `order`: `order`, at most 16.
    ///
    /// Inner nodes are narrower than leaves because of what a change after a copy costs: the
    /// copy of an inner node on the changed path retains each of its children, one cache line
    /// each, cold after other work (a view's first change after a large storage was made); a
    /// leaf's copy costs its elements, which wide leaves keep few per item. With leaves of 64
    /// and inner nodes of 16, a change at 100,000 items copies about 39 child references on its
    /// path instead of about 89 (1,000,000 items: 52 instead of 132), for one more level.
    static func innerOrder(for order: Int) -> Int { Swift.min(order, 16) }

    /// The most children an inner node of this tree holds (see ``innerOrder(for:)``); every
    /// inner node but the root holds at least half as many.
    var innerOrder: Int { Self.innerOrder(for: order) }

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
