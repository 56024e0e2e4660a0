#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SectionedBatchUpdate {
    /// Checks that this update is legal for sections holding `oldItemCounts` items that become
    /// sections holding `newItemCounts` items, by UIKit's rules and the stricter ones listed on
    /// ``SectionedBatchUpdate``.
    ///
    /// - Throws: the first ``SectionedBatchUpdateError`` found.
    /// - Complexity: O(total old and new items + number of operations).
    public func validate(oldItemCounts: [Int], newItemCounts: [Int]) throws(SectionedBatchUpdateError) {
        for count in oldItemCounts + newItemCounts where count < 0 { throw .sections(.negativeCount(count)) }
        let sectionMap = try validatedSectionMap(oldSectionCount: oldItemCounts.count,
                                                 newSectionCount: newItemCounts.count)
        var old = PathMarks(counts: oldItemCounts)
        var new = PathMarks(counts: newItemCounts)
        // Per old section: items that leave (deleted or moved out); per new: items that arrive.
        var leaving = [Int](repeating: 0, count: oldItemCounts.count)
        var arriving = [Int](repeating: 0, count: newItemCounts.count)

        for path in deletedItems {
            let section = try old.mark(path, .deletion, IndexMarks.deleted, excluding: sectionMap.deletedOld, moved: sectionMap.movedOld)
            leaving[section] += 1
        }
        for move in movedItems {
            let section = try old.mark(move.from, .moveSource, IndexMarks.moved, excluding: sectionMap.deletedOld, moved: sectionMap.movedOld)
            leaving[section] += 1
        }
        for path in updatedItems {
            _ = try old.mark(path, .reload, IndexMarks.reloaded, excluding: sectionMap.deletedOld, moved: sectionMap.movedOld)
        }
        for path in insertedItems {
            let section = try new.mark(path, .insertion, IndexMarks.inserted, excluding: sectionMap.insertedNew, moved: sectionMap.movedNew)
            arriving[section] += 1
        }
        for move in movedItems {
            let section = try new.mark(move.to, .moveDestination, IndexMarks.movedTo, excluding: sectionMap.insertedNew, moved: sectionMap.movedNew)
            arriving[section] += 1
        }
        try old.checkConflicts()
        try new.checkConflicts()

        for (newSection, oldSection) in sectionMap.sourceOfNew.enumerated() where oldSection >= 0 {
            let expected = oldItemCounts[oldSection] - leaving[oldSection] + arriving[newSection]
            guard expected == newItemCounts[newSection] else {
                throw .invalidItemCount(section: newSection, oldSection: oldSection,
                                        expected: expected, actual: newItemCounts[newSection])
            }
        }

        var reloadedSections = IndexMarks(count: newItemCounts.count)
        do {
            try reloadedSections.mark(updatedSections, as: .reloadAfterMoves, bit: IndexMarks.reloaded)
        } catch {
            throw .sections(error)
        }
        var secondStage = PathMarks(counts: newItemCounts)
        for path in updatedItemsAfterMoves {
            _ = try secondStage.mark(path, .reloadAfterMoves, IndexMarks.reloaded, excluding: [], moved: [])
            if reloadedSections.marks[path[0]] != 0 { throw .itemInReloadedSection(.reloadAfterMoves, path) }
        }
    }

    /// Validates the section-level operations and returns where each section goes.
    func validatedSectionMap(oldSectionCount: Int, newSectionCount: Int) throws(SectionedBatchUpdateError)
        -> SectionMap
    {
        let sections = BatchUpdate(deletions: deletedSections, insertions: insertedSections,
                                   moves: movedSections)
        do {
            try sections.validate(oldCount: oldSectionCount, newCount: newSectionCount)
        } catch {
            throw .sections(error)
        }
        return SectionMap(sections, oldCount: oldSectionCount, newCount: newSectionCount)
    }
}

/// Where the sections of a legal section-level update go: for each new section, the old
/// section it comes from (or -1 when inserted), and which old sections are deleted.
struct SectionMap {
    var sourceOfNew: [Int]
    var deletedOld: Set<Int>
    var insertedNew: Set<Int>
    /// Sources and destinations of section moves.
    var movedOld: Set<Int>
    var movedNew: Set<Int>

    /// The map of `update`, which must already be valid for these counts.
    init(_ update: BatchUpdate, oldCount: Int, newCount: Int) {
        sourceOfNew = [Int](repeating: -1, count: newCount)
        deletedOld = Set(update.deletions)
        insertedNew = Set(update.insertions)
        movedOld = Set(update.moves.map(\.from))
        movedNew = Set(update.moves.map(\.to))
        var leaves = [Bool](repeating: false, count: oldCount)
        for index in update.deletions { leaves[index] = true }
        for move in update.moves {
            leaves[move.from] = true
            sourceOfNew[move.to] = move.from
        }
        var taken = [Bool](repeating: false, count: newCount)
        for index in update.insertions { taken[index] = true }
        for move in update.moves { taken[move.to] = true }
        var slot = 0
        for index in 0..<oldCount where !leaves[index] {
            while taken[slot] { slot += 1 }
            sourceOfNew[slot] = index
            slot += 1
        }
    }
}

/// ``IndexMarks`` over all items of all sections, addressed by index path.
struct PathMarks {
    let counts: [Int]
    let offsets: [Int]
    var marks: IndexMarks

    init(counts: [Int]) {
        self.counts = counts
        var offsets: [Int] = []
        offsets.reserveCapacity(counts.count)
        var total = 0
        for count in counts {
            offsets.append(total)
            total += max(0, count)
        }
        self.offsets = offsets
        marks = IndexMarks(count: total)
    }

    /// Marks `path` with `bit`; returns its section.
    mutating func mark(
        _ path: IndexPath, _ operation: BatchUpdateError.Operation, _ bit: UInt8,
        excluding excludedSections: Set<Int>, moved movedSections: Set<Int>
    ) throws(SectionedBatchUpdateError) -> Int {
        guard path.count == 2, path[0] >= 0, path[0] < counts.count, path[1] >= 0 else {
            throw .indexPathOutOfRange(operation, path)
        }
        let section = path[0]
        if excludedSections.contains(section) {
            throw operation == .insertion || operation == .moveDestination
                ? .itemInInsertedSection(operation, path) : .itemInDeletedSection(operation, path)
        }
        if movedSections.contains(section) { throw .itemInMovedSection(operation, path) }
        guard path[1] < counts[section] else { throw .indexPathOutOfRange(operation, path) }
        let flat = offsets[section] + path[1]
        guard marks.marks[flat] & bit == 0 else { throw .duplicateIndexPath(operation, path) }
        marks.marks[flat] |= bit
        return section
    }

    /// The first index path that two operations share illegally.
    func checkConflicts() throws(SectionedBatchUpdateError) {
        for (flat, mark) in marks.marks.enumerated() where mark & (mark &- 1) != 0 {
            let path = self.path(ofFlat: flat)
            let deleted = mark & IndexMarks.deleted != 0
            let moved = mark & IndexMarks.moved != 0
            if mark & IndexMarks.inserted != 0 { throw .conflictingOperations(.insertion, .moveDestination, path) }
            if deleted && moved { throw .conflictingOperations(.deletion, .moveSource, path) }
            if deleted { throw .conflictingOperations(.deletion, .reload, path) }
            throw .conflictingOperations(.moveSource, .reload, path)
        }
    }

    func path(ofFlat flat: Int) -> IndexPath {
        var low = 0
        var high = offsets.count - 1
        // The last section whose offset is <= flat: empty sections share the offset of the
        // next one, so this is the section that holds `flat`.
        while low < high {
            let mid = (low + high + 1) / 2
            if offsets[mid] <= flat { low = mid } else { high = mid - 1 }
        }
        return IndexPath(low, flat - offsets[low])
    }
}
