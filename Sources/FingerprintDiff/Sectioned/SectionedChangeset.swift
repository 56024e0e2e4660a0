#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The difference between two lists of sections of items: which sections were deleted,
/// inserted, moved and changed their own content, and which items were deleted, inserted,
/// moved (within or between sections) and changed content; plus that change cut into batches
/// UIKit's `performBatchUpdates` accepts.
///
/// Sections are matched by identity; items are matched by identity across all sections at
/// once, so an item that changed section is a move, not a deletion and an insertion. The
/// fields follow the rules of every batch: items of deleted and inserted sections are not
/// listed one by one, an item that comes from a deleted section is an insertion and one that
/// goes to an inserted section a deletion. Within a section that survives, the items that stay
/// in it keep one longest increasing subsequence of their old positions in place, so moves
/// are minimal; sections moves are minimal too.
///
/// Two ways to animate it:
/// - ``stages``: as few `performBatchUpdates` calls as the change allows, each legal on its
///   own, with the data to show during each one (``Stage/sections(old:new:)``). Every item
///   move is animated.
/// - ``batchUpdate``: one batch (plus a batch of reloads), legal while the data source already
///   shows the new data; a moved section that an item operation touches is deleted and
///   inserted instead of moved. This is what the storages deliver.
///
/// Duplicate ids (of sections, or of items also across sections) are matched by occurrence
/// order, as ``Changeset`` does; the result is always legal.
public struct SectionedChangeset: Hashable, Sendable, CustomStringConvertible {
    /// Old indexes of deleted sections, ascending.
    public var sectionDeletions: [Int]
    /// New indexes of inserted sections, ascending.
    public var sectionInsertions: [Int]
    /// Section moves, old index to new index, sorted by source.
    public var sectionMoves: [Changeset.Move]
    /// Matched sections whose own content changed (not their items), sorted by old index.
    public var sectionUpdates: [Changeset.Update]
    /// Old index paths of deleted items of surviving sections, ascending.
    public var itemDeletions: [IndexPath]
    /// New index paths of inserted items of surviving sections, ascending.
    public var itemInsertions: [IndexPath]
    /// Item moves, old index path to new index path, within or between surviving sections,
    /// sorted by source.
    public var itemMoves: [IndexPathMove]
    /// Matched items (moved or not) of surviving sections whose content changed, sorted by old
    /// index path.
    public var itemUpdates: [IndexPathUpdate]
    /// Whether the section and item diffs were both minimal (see ``Changeset/isMinimal``).
    public var isMinimal: Bool
    /// The change as consecutive `performBatchUpdates` calls, each legal on its own, in order.
    /// Empty when nothing changed.
    ///
    /// - One call with all section and item operations, when no item operation touches a
    ///   section that moves (an item deleted, reloaded or moved out of it, or inserted or
    ///   moved into it: UIKit cannot combine these, radars 27041784 and 48941906).
    /// - Otherwise two: first the section deletions, insertions and moves alone, while the
    ///   data source shows ``Stage/sections(old:new:)`` (old sections in their new order, with
    ///   their old items); then the item operations, with old index paths renumbered to the
    ///   sections' new indexes.
    /// - Then one more call with the reloads in new index space, when a moved item changed
    ///   (UIKit cannot reload what it moves) or a section's own content changed (a section
    ///   reload in the same batch as item changes inside it is rejected).
    ///
    /// So at most three calls, usually one.
    public var stages: [Stage]
    /// The change as one batch plus a batch of reloads, legal while the data source shows the
    /// new data throughout: a moved section that an item operation touches is reported as
    /// deleted and inserted (repeated until nothing conflicts), so it animates less than
    /// ``stages`` but needs no intermediate data.
    public var batchUpdate: SectionedBatchUpdate

    /// One `performBatchUpdates` call of ``SectionedChangeset/stages``.
    public struct Stage: Hashable, Sendable, CustomStringConvertible {
        /// The operations of this call; only one of its two stages is used (stage-1 fields for
        /// structural changes, stage-2 fields for a batch of reloads).
        public var update: SectionedBatchUpdate
        /// For the section-only stage: for each new section, the old section whose data the
        /// data source shows while this stage runs, or -1 for an inserted section (show the new
        /// one). `nil` when the data source shows the new sections.
        public var sourceOfSection: [Int]?

        /// A stage performing `update` while the data source shows, per new section, the old
        /// section `sourceOfSection[s]` (or the new one for -1; all new ones when `nil`).
        public init(update: SectionedBatchUpdate, sourceOfSection: [Int]? = nil) {
            self.update = update
            self.sourceOfSection = sourceOfSection
        }

        /// The sections the data source must show while (and after) this stage runs, built from
        /// the old and new sections the changeset was computed from (sections of any type:
        /// models, item arrays, headers). O(new.count).
        public func sections<Section>(old: [Section], new: [Section]) -> [Section] {
            guard let sourceOfSection else { return new }
            return sourceOfSection.enumerated().map { newIndex, oldIndex in
                oldIndex >= 0 ? old[oldIndex] : new[newIndex]
            }
        }

        /// The update, and which data it runs on.
        public var description: String {
            sourceOfSection == nil ? update.description : "\(update.description) on old sections in new order"
        }
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        sectionDeletions.isEmpty && sectionInsertions.isEmpty && sectionMoves.isEmpty
            && sectionUpdates.isEmpty && itemDeletions.isEmpty && itemInsertions.isEmpty
            && itemMoves.isEmpty && itemUpdates.isEmpty
    }

    /// The non-empty parts, for example `sections -[1] items moves[[0, 1]->[1, 0]]`.
    public var description: String {
        var parts: [String] = []
        func add<T>(_ label: String, _ values: [T]) {
            if !values.isEmpty { parts.append("\(label)\(values)") }
        }
        add("sections -", sectionDeletions)
        add("sections +", sectionInsertions)
        add("section moves", sectionMoves)
        add("section updates", sectionUpdates)
        add("items -", itemDeletions)
        add("items +", itemInsertions)
        add("item moves", itemMoves)
        add("item updates", itemUpdates)
        return parts.isEmpty ? "no change" : parts.joined(separator: " ")
    }
}
