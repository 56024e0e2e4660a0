/// Finding an element near where it was: what the storages' identity look-ups, and a list's
/// selection, do with the index path a view shows, since most items stay near it while changes
/// are pending.
extension RandomAccessCollection where Index == Int {
    /// The index of the element for which `matches` holds nearest `hint`: `hint` itself, then a
    /// window of 256 elements around it, then the whole collection; `nil` when there is none.
    ///
    /// - Complexity: O(1) when the element is at `hint`, O(n) at worst.
    @inlinable
    package func index(near hint: Int, where matches: (Element) -> Bool) -> Int? {
        if hint >= startIndex && hint < endIndex && matches(self[hint]) { return hint }
        let lower = Swift.max(startIndex, Swift.min(hint &- 128, endIndex))
        let window = lower..<Swift.max(lower, Swift.min(endIndex, hint &+ 128))
        if let found = self[window].firstIndex(where: matches) { return found }
        if let found = self[..<window.lowerBound].firstIndex(where: matches) { return found }
        return self[window.upperBound...].firstIndex(where: matches)
    }
}

extension Array {
    /// Moves the element at `source` to `destination` (its index afterwards), shifting only the
    /// elements between them, in place when the array is not shared: the move a user makes by
    /// dragging a row. Both must be valid indexes.
    ///
    /// - Complexity: O(|source − destination|), against O(count) for a removal and an insertion.
    @inlinable
    mutating func moveElement(from source: Int, to destination: Int) {
        precondition(indices.contains(source) && indices.contains(destination), "moveElement: index out of range")
        guard source != destination else { return }
        withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            let moved = (base + source).move()
            if source < destination {
                (base + source).moveInitialize(from: base + source + 1, count: destination - source)
            } else {
                (base + destination + 1).moveInitialize(from: base + destination, count: source - destination)
            }
            (base + destination).initialize(to: moved)
        }
    }
}
