extension CountedTree {
    /// A tree holding `elements` in order, its nodes as full as ``order`` allows (each level
    /// split into the fewest nodes, of nearly equal sizes). O(n).
    init<S: Sequence<Element>>(_ elements: S, order: Int = defaultOrder) {
        self.init(order: order)
        let all = Array(elements)
        guard !all.isEmpty else { return }
        var level = Self.chunks(of: all.count, order: order).map { Node(leaf: Array(all[$0])) }
        while level.count > 1 {
            let below = level
            level = Self.chunks(of: below.count, order: order).map { Node(children: Array(below[$0])) }
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
