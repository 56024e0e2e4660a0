extension Changeset {
    /// The matching this changeset describes: for each old offset, the new offset of the
    /// element it is matched with, or -1 when it was deleted.
    ///
    /// Moved elements are matched as the moves say; the other surviving elements keep their
    /// relative order, so the k-th old element that neither is deleted nor moves is matched
    /// with the k-th new element that neither is inserted nor a move destination.
    ///
    /// Returns `nil` when the changeset does not fit lists of `oldCount` and `newCount`
    /// elements (an offset out of range or used twice, or counts that do not add up).
    ///
    /// - Complexity: O(oldCount + newCount + number of changes).
    public func matchedOffsets(oldCount: Int, newCount: Int) -> [Int]? {
        guard oldCount >= 0, newCount >= 0,
              oldCount - deletions.count == newCount - insertions.count else { return nil }
        var matched = [Int](repeating: -1, count: oldCount)
        var leaves = [Bool](repeating: false, count: oldCount)
        var taken = [Bool](repeating: false, count: newCount)
        for offset in deletions {
            guard offset >= 0 && offset < oldCount && !leaves[offset] else { return nil }
            leaves[offset] = true
        }
        for offset in insertions {
            guard offset >= 0 && offset < newCount && !taken[offset] else { return nil }
            taken[offset] = true
        }
        for move in moves {
            guard move.from >= 0 && move.from < oldCount && !leaves[move.from],
                  move.to >= 0 && move.to < newCount && !taken[move.to] else { return nil }
            leaves[move.from] = true
            taken[move.to] = true
            matched[move.from] = move.to
        }
        var slot = 0
        for offset in 0..<oldCount where !leaves[offset] {
            while taken[slot] { slot += 1 }
            matched[offset] = slot
            slot += 1
        }
        return matched
    }
}

/// The other direction of a one-to-one matching given as the new offset of each old element
/// (-1 when unmatched): the old offset of each of `newCount` new elements (-1 when unmatched).
/// O(newOfOld.count + newCount).
package func inverseMatching(_ newOfOld: [Int], newCount: Int) -> [Int] {
    var oldOfNew = [Int](repeating: -1, count: newCount)
    for (old, new) in newOfOld.enumerated() where new >= 0 { oldOfNew[new] = old }
    return oldOfNew
}
