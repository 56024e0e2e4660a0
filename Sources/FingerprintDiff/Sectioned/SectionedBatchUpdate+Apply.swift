extension SectionedBatchUpdate {
    /// Performs this update on the items of `old` sections the way UIKit does, and returns the
    /// result.
    ///
    /// Inserted sections, sections reloaded in stage 2, inserted items and items reloaded in
    /// either stage take their values from `new`; every other item keeps its old value. In a
    /// section that comes from an old section, the items that are neither deleted nor moved
    /// keep their relative order and fill the positions that insertions and move destinations
    /// leave free. So `try update.apply(to: old, with: new) == new` holds exactly when the
    /// update is a correct description of the change.
    ///
    /// - Throws: ``SectionedBatchUpdateError`` when the update is not legal for these counts.
    /// - Complexity: O(total old and new items + number of operations).
    public func apply<Element>(to old: [[Element]], with new: [[Element]]) throws(SectionedBatchUpdateError)
        -> [[Element]]
    {
        try validate(oldItemCounts: old.map(\.count), newItemCounts: new.map(\.count))
        let sectionMap = try validatedSectionMap(oldSectionCount: old.count, newSectionCount: new.count)
        var result = new.map { [Element?](repeating: nil, count: $0.count) }
        var leaves = old.map { [Bool](repeating: false, count: $0.count) }
        for path in deletedItems { leaves[path[0]][path[1]] = true }
        for path in insertedItems { result[path[0]][path[1]] = new[path[0]][path[1]] }
        for move in movedItems {
            leaves[move.from[0]][move.from[1]] = true
            result[move.to[0]][move.to[1]] = old[move.from[0]][move.from[1]]
        }
        // Where each staying item lands, for the stage-1 reloads given in old space.
        var destination = old.map { [Int](repeating: -1, count: $0.count) }
        var newSectionOfOld = [Int](repeating: -1, count: old.count)
        for (newSection, oldSection) in sectionMap.sourceOfNew.enumerated() {
            guard oldSection >= 0 else {
                result[newSection] = new[newSection]
                continue
            }
            newSectionOfOld[oldSection] = newSection
            var slot = 0
            for index in old[oldSection].indices where !leaves[oldSection][index] {
                while result[newSection][slot] != nil { slot += 1 }
                result[newSection][slot] = old[oldSection][index]
                destination[oldSection][index] = slot
                slot += 1
            }
        }
        for path in updatedItems {
            let section = newSectionOfOld[path[0]]
            let item = destination[path[0]][path[1]]
            result[section][item] = new[section][item]
        }
        for section in updatedSections { result[section] = new[section] }
        for path in updatedItemsAfterMoves { result[path[0]][path[1]] = new[path[0]][path[1]] }
        return result.map { $0.map { $0! } }
    }

    /// Performs the section-level part of this update on per-section values (headers, section
    /// models): inserted sections and sections reloaded in stage 2 take their value from `new`,
    /// the others keep their old value at their new index.
    ///
    /// - Throws: ``SectionedBatchUpdateError/sections(_:)`` when the section operations are not
    ///   legal for these counts.
    /// - Complexity: O(old.count + new.count + number of section operations).
    public func applyToSections<Section>(_ old: [Section], with new: [Section]) throws(SectionedBatchUpdateError)
        -> [Section]
    {
        let sectionMap = try validatedSectionMap(oldSectionCount: old.count, newSectionCount: new.count)
        var result = sectionMap.sourceOfNew.enumerated().map { newSection, oldSection in
            oldSection >= 0 ? old[oldSection] : new[newSection]
        }
        for section in updatedSections {
            guard section >= 0 && section < new.count else {
                throw .sections(.indexOutOfRange(.reloadAfterMoves, index: section, count: new.count))
            }
            result[section] = new[section]
        }
        return result
    }
}
