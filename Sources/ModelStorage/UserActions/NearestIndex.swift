/// Finding an element near where it was: what the storages' identity look-ups do with the index
/// path a view shows, since most items stay near it while changes are pending.
extension Array {
    /// The index of the element for which `matches` holds nearest `hint`: `hint` itself, then a
    /// window of 256 elements around it, then the whole array; `nil` when there is none.
    ///
    /// - Complexity: O(1) when the element is at `hint`, O(n) at worst.
    @inlinable
    func index(near hint: Int, where matches: (Element) -> Bool) -> Int? {
        if indices.contains(hint) && matches(self[hint]) { return hint }
        let lower = Swift.max(0, Swift.min(hint &- 128, count))
        let window = lower..<Swift.max(lower, Swift.min(count, hint &+ 128))
        if let found = self[window].firstIndex(where: matches) { return found }
        if let found = self[..<window.lowerBound].firstIndex(where: matches) { return found }
        return self[window.upperBound...].firstIndex(where: matches)
    }
}
