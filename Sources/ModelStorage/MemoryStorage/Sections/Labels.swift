/// Labels: the key that finds an item's offset in its section's tree in O(log n) whatever
/// changed elsewhere in the section (see `StoredSection.offset(ofLabel:slot:)`). Each item of a
/// section carries one; they grow strictly with the offset, so the tree is searched by label as
/// a binary search tree. An inserted item takes a label between its neighbours'; when they
/// leave no room, the labels of a window around it (doubled until it has room to spare, the
/// whole section at most) are spread again. Labels live in the items, so a copy of a section
/// shares them as it shares the items.
enum Labels {
    /// The spacing of labels spread over a range: a run of that many insertions at one place
    /// fits before the labels around it are spread again.
    static let spacing: UInt64 = 1 << 20

    /// The step between appended labels: room for 2³² appends (or prepends) after the last
    /// label before any is spread again.
    static let appendStep: UInt64 = 1 << 32

    /// `count` labels strictly between `low` and `high` (exclusive bounds; 0 and `UInt64.max`
    /// at the section's ends), ascending, evenly spread, or at ``appendStep`` from the one
    /// existing neighbour at an end; `nil` when there is less room than `minimumStep` per label.
    static func between(_ low: UInt64, _ high: UInt64, count: Int, minimumStep: UInt64 = 1) -> [UInt64]? {
        guard count > 0 else { return [] }
        let room = high - low, slots = UInt64(count) + 1
        var step = room / slots
        guard step >= minimumStep else { return nil }
        if high == .max && low != 0 { step = Swift.min(step, appendStep) }
        if low == 0 && high != .max {
            step = Swift.min(step, appendStep)
            return (0..<UInt64(count)).map { high - step * (UInt64(count) - $0) }
        }
        return (1...UInt64(count)).map { low + step * $0 }
    }

    /// The step of the labels spread over a whole section of `count` items: the label at offset
    /// `i` of `between(0, .max, count: count)` is `step * (i + 1)`, computed where it is needed
    /// instead of read from an array of them.
    static func wholeRangeStep(count: Int) -> UInt64 {
        UInt64.max / (UInt64(count) + 1)
    }
}
