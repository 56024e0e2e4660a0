extension Changeset {
    /// Checks that this changeset describes a change from a list of `oldCount` elements to
    /// one of `newCount` (for one that was built by hand or decoded from an untrusted source;
    /// a computed changeset always passes): every offset is in range and used once, the
    /// counts add up, the batch update it makes is legal, and every update names a pair the
    /// changeset matches.
    ///
    /// - Throws: ``BatchUpdateError`` naming the first offending offset.
    /// - Complexity: O(oldCount + newCount + number of changes · log).
    public func validate(oldCount: Int, newCount: Int) throws(BatchUpdateError) {
        for update in updates {
            guard update.old >= 0 && update.old < oldCount else {
                throw .indexOutOfRange(.reload, index: update.old, count: oldCount)
            }
            guard update.new >= 0 && update.new < newCount else {
                throw .indexOutOfRange(.reloadAfterMoves, index: update.new, count: newCount)
            }
        }
        try BatchUpdate(self).validate(oldCount: oldCount, newCount: newCount)
        guard let newOfOld = matchedOffsets(oldCount: oldCount, newCount: newCount) else {
            // Unreachable after a legal batch update; kept as a typed answer, not a trap.
            throw .invalidCount(oldCount: oldCount, deletions: deletions.count,
                                insertions: insertions.count, newCount: newCount)
        }
        var seen = Set<Int>()
        for update in updates {
            guard newOfOld[update.old] == update.new else {
                throw .updateNotMatched(old: update.old, new: update.new)
            }
            guard seen.insert(update.old).inserted else { throw .duplicateIndex(.reload, index: update.old) }
        }
    }
}
