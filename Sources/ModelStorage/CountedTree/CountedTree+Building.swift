extension CountedTree {
    /// A tree holding `elements` in order, its nodes as full as ``order`` (leaves) and
    /// ``innerOrder`` (inner nodes) allow (each level split into the fewest nodes, of nearly
    /// equal sizes). O(n).
    init<S: Sequence<Element>>(_ elements: S, order: Int = defaultOrder) {
        let all = Array(elements)
        self = all.withUnsafeBufferPointer { all in
            CountedTree(count: all.count, order: order) { range, leaf in
                leaf.initialize(from: all.baseAddress! + range.lowerBound, count: range.count)
            }
        }
    }

    /// A tree of `count` elements whose leaves `initialize` writes in place: called once per
    /// leaf, in order, with the positions the leaf holds and the start of its storage, of which
    /// it initializes exactly that many elements (the storage is uninitialized before); the
    /// leaves are laid out as by ``init(_:order:)``. What builds a large tree without an array of
    /// all its elements first, and without an append (a capacity and a uniqueness check, a count
    /// update) per element. O(n).
    init(count: Int, order: Int = defaultOrder,
         initializing initialize: (Range<Int>, UnsafeMutablePointer<Element>) -> Void) {
        self.init(order: order)
        guard count > 0 else { return }
        var level = Self.chunks(of: count, order: order).map { range in
            Node(leaf: [Element](unsafeUninitializedCapacity: range.count) { leaf, initialized in
                initialize(range, leaf.baseAddress!)
                initialized = range.count
            })
        }
        while level.count > 1 {
            let below = level
            level = Self.chunks(of: below.count, order: innerOrder).map { Node(children: Array(below[$0])) }
        }
        setRoot(level[0])
        _checkInvariants()
    }

    /// `count` consecutive entries split into the fewest ranges of at most `order` entries,
    /// their sizes differing by one at most (so each holds at least half of `order` when there
    /// are two or more). O(count / order).
    static func chunks(of count: Int, order: Int) -> [Range<Int>] {
        let chunkCount = (count + order - 1) / order
        let size = count / chunkCount, larger = count % chunkCount
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(chunkCount)
        var start = 0
        for chunk in 0..<chunkCount {
            let end = start + size + (chunk < larger ? 1 : 0)
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }
}
