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
    /// Items to reconfigure in the second batch (their cells stay), new index paths.
    var reconfiguredItems: [IndexPath] = []
    /// Items to reload in the second batch (their item needs another kind of cell), new index
    /// paths.
    var reloadedItems: [IndexPath] = []
    /// Sections to reload in the second batch, new indexes.
    var reloadedSections: [Int] = []

    /// Whether there is a refresh batch.
    var hasRefresh: Bool { !reconfiguredItems.isEmpty || !reloadedItems.isEmpty || !reloadedSections.isEmpty }

    /// The stages of `update` (legal, not a reload); `needsNewCell(old, new)` tells, for a changed
    /// item's old and new index paths, whether it needs another kind of cell (then it is reloaded,
    /// not reconfigured: `reconfigureItems(at:)` must return the same cell).
    init(_ update: SectionedBatchUpdate, needsNewCell: ((IndexPath, IndexPath) -> Bool)? = nil) {
        if update.hasStructuralChange {
            var structure = update
            structure.updatedItems = []
            structure.updatedItemsAfterMoves = []
            structure.updatedSections = []
            self.structure = structure
        }
        reloadedSections = update.updatedSections
        let changed = self.structure == nil ? Self.changedItemsInPlace(update) : Self.changedItems(update)
        let reloaded = update.updatedSections.isEmpty ? nil : Set(update.updatedSections)
        for (old, new) in changed where reloaded?.contains(new[0]) != true {
            if needsNewCell?(old, new) == true { reloadedItems.append(new) } else { reconfiguredItems.append(new) }
        }
        if reconfiguredItems.count > 1 { reconfiguredItems.sort() }
        if reloadedItems.count > 1 { reloadedItems.sort() }
    }

    /// The old and new index paths of every item `update` lists as changed (in place, then
    /// after moves), new paths found through `SectionedStayingPlaces`. O(n log n) for n
    /// operations, then O(log n + a) per item (see ``newIndexPaths(ofUnmoved:in:)``).
    static func changedItems(_ update: SectionedBatchUpdate) -> [(old: IndexPath, new: IndexPath)] {
        let inPlace = update.updatedItems.isEmpty ? []
            : zip(update.updatedItems, Self.newIndexPaths(ofUnmoved: update.updatedItems, in: update)).map { ($0, $1) }
        let sources = update.updatedItemsAfterMoves.isEmpty ? [:]
            : Dictionary(update.movedItems.map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
        return inPlace + update.updatedItemsAfterMoves.map { (sources[$0] ?? $0, $0) }
    }

    /// ``changedItems(_:)`` of an update with no structural change (nothing deleted, inserted or
    /// moved): every item stays where it was, so each old index path is its new one, and no
    /// staying places are computed (most updates of a screen change one item in place).
    /// O(changed items).
    static func changedItemsInPlace(_ update: SectionedBatchUpdate) -> [(old: IndexPath, new: IndexPath)] {
        var changed: [(old: IndexPath, new: IndexPath)] = []
        changed.reserveCapacity(update.updatedItems.count + update.updatedItemsAfterMoves.count)
        for path in update.updatedItems { changed.append((path, path)) }
        for path in update.updatedItemsAfterMoves { changed.append((path, path)) }
        return changed
    }

    /// These stages after the user moved the item at `source` to `destination` in the content
    /// they refresh (UIKit's `moveRow(at:to:)` reading): each listed item where it is now.
    func afterUserMove(from source: IndexPath, to destination: IndexPath) -> BatchStages {
        var moved = self
        moved.reconfiguredItems = reconfiguredItems.map { $0.afterMove(from: source, to: destination) }.sorted()
        moved.reloadedItems = reloadedItems.map { $0.afterMove(from: source, to: destination) }.sorted()
        return moved
    }

    /// Where the items at `paths` (old index paths of items that are neither deleted nor moved,
    /// in sections that are neither deleted nor moved) are after `update`: the places no
    /// insertion and no move takes, in order (`SectionedStayingPlaces`, as `inverted` uses).
    ///
    /// - Complexity: O(n log n) for n operations, then O(log n + a) per path for a arrivals in
    ///   its section.
    static func newIndexPaths(ofUnmoved paths: [IndexPath], in update: SectionedBatchUpdate) -> [IndexPath] {
        let places = SectionedStayingPlaces(update)
        return paths.map(places.newIndexPath(ofStaying:))
    }
}

extension SectionedBatchUpdate {
    /// Whether the update deletes, inserts or moves a section or an item (what a structure batch
    /// sends), read without copying the update.
    var hasStructuralChange: Bool {
        !(deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty
            && deletedItems.isEmpty && insertedItems.isEmpty && movedItems.isEmpty)
    }
}

extension IndexPath {
    /// Where the item at this index path is after the item at `source` moved to `destination`
    /// (UIKit's `moveRow(at:to:)` reading: `destination` in the list after the item left).
    func afterMove(from source: IndexPath, to destination: IndexPath) -> IndexPath {
        if self == source { return destination }
        var item = self[1]
        if self[0] == source[0] && item > source[1] { item -= 1 }
        if self[0] == destination[0] && item >= destination[1] { item += 1 }
        return IndexPath(indexes: [self[0], item])
    }
}
