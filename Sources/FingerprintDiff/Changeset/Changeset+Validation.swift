extension Changeset {
    /// Checks that this changeset describes a change from a list of `oldCount` elements to
    /// one of `newCount` (for one that was built by hand or decoded from an untrusted source;
    /// a computed changeset always passes): every offset is in range and used once, the
    /// counts add up, the batch update it makes is legal, and every update names a pair the
    /// changeset matches.
    ///
    /// - Throws: ``BatchUpdateError`` naming the first offending offset in the changeset's own
    ///   terms (a deletion, an insertion, a move's source or destination, an update), never
    ///   an operation of the ``BatchUpdate`` it makes.
    /// - Complexity: O(oldCount + newCount + number of changes · log).
    public func validate(oldCount: Int, newCount: Int) throws(BatchUpdateError) {
        // The updates first, in their own terms: the batch update files them as reloads of
        // either stage, which the caller never wrote.
        let deleted = Set(deletions), inserted = Set(insertions)
        var updated = Set<Int>()
        for update in updates {
            guard update.old >= 0 && update.old < oldCount && update.new >= 0 && update.new < newCount else {
                throw .updateOutOfRange(old: update.old, new: update.new, oldCount: oldCount, newCount: newCount)
            }
            guard updated.insert(update.old).inserted else { throw .duplicateIndex(.update, index: update.old) }
            if deleted.contains(update.old) || inserted.contains(update.new) {
                throw .updateNotMatched(old: update.old, new: update.new)
            }
        }
        try BatchUpdate(self).validate(oldCount: oldCount, newCount: newCount)
        guard let newOfOld = matchedOffsets(oldCount: oldCount, newCount: newCount) else {
            // Unreachable after a legal batch update; kept as a typed answer, not a trap.
            throw .invalidCount(oldCount: oldCount, deletions: deletions.count,
                                insertions: insertions.count, newCount: newCount)
        }
        for update in updates where newOfOld[update.old] != update.new {
            throw .updateNotMatched(old: update.old, new: update.new)
        }
    }
}
