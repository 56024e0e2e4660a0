#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

/// A ``StorageUpdate`` as the two batches a ``ViewUpdater`` sends.
///
/// - **Structure** (stage 1): section deletions, insertions and moves, item deletions,
///   insertions and moves: what animates. Its updates block is where the displayed content
///   becomes the new content.
/// - **Refresh** (stage 2), after the structure's completion, in new index space: every item
///   whose content changed is *reconfigured* (the cell stays: moved and changed items, and
///   items changed in place, whose old index paths are carried to new ones), every section
///   whose own models changed is reloaded. A batch of its own, so that old and new index paths
///   are the same in it; items of reloaded sections are not listed (the reload refreshes them).
///
/// An update that changes nothing but content is one refresh batch.
struct BatchStages {
    /// The first batch's operations, `nil` when the update has no structural change.
    var structure: SectionedBatchUpdate?
    /// Items to reconfigure in the second batch, new index paths.
    var reconfiguredItems: [IndexPath] = []
    /// Sections to reload in the second batch, new indexes.
    var reloadedSections: [Int] = []

    /// Whether there is a refresh batch.
    var hasRefresh: Bool { !reconfiguredItems.isEmpty || !reloadedSections.isEmpty }

    /// The stages of `update` (legal, not a reload) between contents of `oldItemCounts` and
    /// `newItemCounts` items per section.
    init(_ update: SectionedBatchUpdate, oldItemCounts: [Int], newItemCounts: [Int]) {
        var structure = update
        structure.updatedItems = []
        structure.updatedItemsAfterMoves = []
        structure.updatedSections = []
        self.structure = structure.isEmpty ? nil : structure
        reloadedSections = update.updatedSections
        let reloaded = Set(update.updatedSections)
        let inPlace = update.updatedItems.isEmpty ? []
            : Self.newIndexPaths(ofUnmoved: update.updatedItems, in: update, oldItemCounts: oldItemCounts,
                                 newItemCounts: newItemCounts)
        reconfiguredItems = (inPlace + update.updatedItemsAfterMoves).filter { !reloaded.contains($0[0]) }.sorted()
    }

    /// Where the items at `paths` (old index paths of items that are neither deleted nor moved,
    /// in sections that are neither deleted nor moved) are after `update`.
    ///
    /// - Complexity: O(sections + operations + k log k) for k paths.
    static func newIndexPaths(ofUnmoved paths: [IndexPath], in update: SectionedBatchUpdate,
                              oldItemCounts: [Int], newItemCounts: [Int]) -> [IndexPath] {
        // Sections: deleted ones vanish, moved ones go where they are told, the others keep their
        // order in the new places that no insertion and no move takes.
        let deleted = Set(update.deletedSections)
        let moved = Set(update.movedSections.map(\.from))
        let taken = Set(update.insertedSections).union(update.movedSections.map(\.to))
        var newSection = [Int](repeating: -1, count: oldItemCounts.count)
        var next = 0
        for old in oldItemCounts.indices where !deleted.contains(old) && !moved.contains(old) {
            while taken.contains(next) { next += 1 }
            newSection[old] = next
            next += 1
        }
        // Items: in their section, the old items that stay keep their order in the new places
        // that no insertion and no move takes.
        var leaving: [Int: [Int]] = [:], arriving: [Int: [Int]] = [:]
        for path in update.deletedItems { leaving[path[0], default: []].append(path[1]) }
        for path in update.insertedItems { arriving[path[0], default: []].append(path[1]) }
        for move in update.movedItems {
            leaving[move.from[0], default: []].append(move.from[1])
            arriving[move.to[0], default: []].append(move.to[1])
        }
        leaving = leaving.mapValues { $0.sorted() }
        arriving = arriving.mapValues { $0.sorted() }
        return paths.map { path in
            let section = newSection[path[0]]
            let gone = leaving[path[0]] ?? []
            var index = path[1] - Self.count(gone, below: path[1])
            for taken in arriving[section] ?? [] where taken <= index { index += 1 }
            return IndexPath(section, index)
        }
    }

    /// How many of the sorted `values` are below `bound`.
    private static func count(_ values: [Int], below bound: Int) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < bound { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
