extension SectionedChangeset {
    /// Performs ``stages`` one after the other on the items of `old` sections, the way UIKit
    /// does (see ``SectionedBatchUpdate/apply(to:with:)``), each stage with the data
    /// ``Stage/sections(old:new:)`` gives, and returns the result: `new` exactly when the
    /// changeset describes the change correctly. This is the test oracle of sectioned diffs.
    ///
    /// - Throws: ``SectionedBatchUpdateError`` when a stage is not legal on the data before it.
    /// - Complexity: O(stages × (total old and new items + number of operations)).
    public func apply<Element>(to old: [[Element]], with new: [[Element]]) throws(SectionedBatchUpdateError)
        -> [[Element]]
    {
        var current = old
        for stage in stages {
            current = try stage.update.apply(to: current, with: stage.sections(old: old, new: new))
        }
        return current
    }

    /// Performs the section-level part of ``stages`` on per-section values (headers, section
    /// models), as ``SectionedBatchUpdate/applyToSections(_:with:)`` does for one stage.
    ///
    /// - Throws: ``SectionedBatchUpdateError/sections(_:)`` when a stage's section operations are
    ///   not legal.
    /// - Complexity: O(stages × (old.count + new.count + number of section operations)).
    public func applyToSections<Section>(_ old: [Section], with new: [Section]) throws(SectionedBatchUpdateError)
        -> [Section]
    {
        var current = old
        for stage in stages {
            current = try stage.update.applyToSections(current, with: stage.sections(old: old, new: new))
        }
        return current
    }
}
