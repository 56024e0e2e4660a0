extension SectionedChangeset {
    /// Checks every one of ``stages`` for sections of `oldItemCounts` items that become sections
    /// of `newItemCounts` items: each stage against the counts the data source shows before and
    /// after it, by the rules of ``SectionedBatchUpdate``. Also checks ``batchUpdate``.
    ///
    /// - Throws: the first ``SectionedBatchUpdateError`` found.
    /// - Complexity: O(stages × (total old and new items + number of operations)).
    public func validate(oldItemCounts: [Int], newItemCounts: [Int]) throws(SectionedBatchUpdateError) {
        var counts = oldItemCounts
        for stage in stages {
            let after = stage.sections(old: oldItemCounts, new: newItemCounts)
            try stage.update.validate(oldItemCounts: counts, newItemCounts: after)
            counts = after
        }
        try batchUpdate.validate(oldItemCounts: oldItemCounts, newItemCounts: newItemCounts)
    }
}
