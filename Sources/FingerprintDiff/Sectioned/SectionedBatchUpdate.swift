#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A change to a list of sections of items, in the form UIKit's `performBatchUpdates`
/// (UITableView, UICollectionView) accepts: section and item operations in one batch, plus a
/// second batch of reloads.
///
/// - Stage 1, one batch: `deletedSections` and `deletedItems`, `updatedItems` in old index
///   space; `insertedSections` and `insertedItems` in new index space; `movedSections` and
///   `movedItems` from old to new.
/// - Stage 2, a second batch after the first, in new index space: `updatedSections` (sections
///   whose own content changed, reloaded whole) and `updatedItemsAfterMoves` (moved items whose
///   content changed: UIKit cannot reload an index path it moves in the same batch). A reload
///   in stage 2 never changes a count, so it cannot collide with stage 1.
///
/// The rules (``validate(oldItemCounts:newItemCounts:)`` checks every one):
/// - items of deleted sections and of inserted sections are not listed one by one;
/// - nothing moves out of a deleted section or into an inserted one;
/// - no stage-1 item operation touches a section that moves in the same batch (no deletion,
///   reload or move out of a section that moves away, no insertion or move into a section
///   that a move brings): UIKit throws or miscounts on these (a row reload with a section
///   move, radar 27041784; an item moved out of a moved section, radar 48941906; an insertion
///   into a moved section, Bento #51). A section that shifts only because others are deleted,
///   inserted or moved is not "moved";
/// - no stage-2 item reload lies in a section that stage 2 reloads (the section reload already
///   replaces its items);
/// - no index path takes part in two stage-1 operations that UIKit cannot combine;
/// - for every new section that comes from an old section (staying or moved), old count −
///   deletions − moves out + insertions + moves in = new count.
///
/// ``apply(to:with:)`` performs the update on nested arrays the way UIKit does, which makes it
/// the test oracle of every sectioned update.
public struct SectionedBatchUpdate: Hashable, Sendable, CustomStringConvertible {
    /// Old section indexes to delete, ascending. Stage 1.
    public var deletedSections: [Int]
    /// New section indexes to insert, ascending. Stage 1.
    public var insertedSections: [Int]
    /// Section moves from old to new index, sorted by source. Stage 1.
    public var movedSections: [Changeset.Move]
    /// New indexes of sections to reload, ascending. Stage 2.
    public var updatedSections: [Int]
    /// Old index paths of items to delete, ascending. Stage 1.
    public var deletedItems: [IndexPath]
    /// New index paths of items to insert, ascending. Stage 1.
    public var insertedItems: [IndexPath]
    /// Item moves from old to new index path, sorted by source. Stage 1.
    public var movedItems: [IndexPathMove]
    /// Old index paths of items to reload that do not move, ascending. Stage 1.
    public var updatedItems: [IndexPath]
    /// New index paths of moved items to reload, ascending. Stage 2.
    public var updatedItemsAfterMoves: [IndexPath]

    /// Creates an update from its parts.
    public init(
        deletedSections: [Int] = [], insertedSections: [Int] = [],
        movedSections: [Changeset.Move] = [], updatedSections: [Int] = [],
        deletedItems: [IndexPath] = [], insertedItems: [IndexPath] = [],
        movedItems: [IndexPathMove] = [], updatedItems: [IndexPath] = [],
        updatedItemsAfterMoves: [IndexPath] = []
    ) {
        self.deletedSections = deletedSections
        self.insertedSections = insertedSections
        self.movedSections = movedSections
        self.updatedSections = updatedSections
        self.deletedItems = deletedItems
        self.insertedItems = insertedItems
        self.movedItems = movedItems
        self.updatedItems = updatedItems
        self.updatedItemsAfterMoves = updatedItemsAfterMoves
    }

    /// The single-section update `batch` for section `section`, which neither appears nor
    /// disappears. O(number of operations).
    ///
    /// - Throws: ``BatchUpdateError/negativeSection(_:)`` for a negative section.
    public init(_ batch: BatchUpdate, inSection section: Int) throws(BatchUpdateError) {
        guard section >= 0 else { throw .negativeSection(section) }
        self.init(batch, inValidSection: section)
    }

    /// ``init(_:inSection:)`` for a section the caller knows is not negative.
    package init(_ batch: BatchUpdate, inValidSection section: Int) {
        let paths = batch.indexPaths(inValidSection: section)
        self.init(
            deletedItems: paths.deletions, insertedItems: paths.insertions, movedItems: paths.moves,
            updatedItems: paths.reloads, updatedItemsAfterMoves: paths.reloadsAfterMoves)
    }

    /// Whether nothing changes.
    public var isEmpty: Bool { !hasFirstStage && !hasSecondStage }

    /// Whether stage 1 has any operation.
    public var hasFirstStage: Bool {
        !(deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty
            && deletedItems.isEmpty && insertedItems.isEmpty && movedItems.isEmpty
            && updatedItems.isEmpty)
    }

    /// Whether stage 2 (reloads in new index space) has any operation.
    public var hasSecondStage: Bool { !(updatedSections.isEmpty && updatedItemsAfterMoves.isEmpty) }

    /// The number of `performBatchUpdates` calls needed: 0, 1 or 2.
    public var stageCount: Int { (hasFirstStage ? 1 : 0) + (hasSecondStage ? 1 : 0) }

    /// The non-empty parts, for example
    /// `sections -[1] +[0] items -[[0, 2]] moves[[0, 1]->[1, 0]] then reload sections[2]`.
    public var description: String {
        var parts: [String] = []
        func add<T>(_ label: String, _ values: [T]) {
            if !values.isEmpty { parts.append("\(label)\(values)") }
        }
        add("sections -", deletedSections)
        add("sections +", insertedSections)
        add("section moves", movedSections)
        add("items -", deletedItems)
        add("items +", insertedItems)
        add("item moves", movedItems)
        add("item updates", updatedItems)
        var second: [String] = []
        if !updatedSections.isEmpty { second.append("reload sections\(updatedSections)") }
        if !updatedItemsAfterMoves.isEmpty { second.append("reload items\(updatedItemsAfterMoves)") }
        if !second.isEmpty { parts.append("then " + second.joined(separator: " ")) }
        return parts.isEmpty ? "no change" : parts.joined(separator: " ")
    }
}
