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

    /// The stages of `update` (legal, not a reload).
    init(_ update: SectionedBatchUpdate) {
        var structure = update
        structure.updatedItems = []
        structure.updatedItemsAfterMoves = []
        structure.updatedSections = []
        self.structure = structure.isEmpty ? nil : structure
        reloadedSections = update.updatedSections
        let reloaded = Set(update.updatedSections)
        let inPlace = update.updatedItems.isEmpty ? []
            : Self.newIndexPaths(ofUnmoved: update.updatedItems, in: update)
        reconfiguredItems = (inPlace + update.updatedItemsAfterMoves).filter { !reloaded.contains($0[0]) }.sorted()
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
