#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

/// What one change of a storage did, ready for one `performBatchUpdates` call (or two, when
/// something moved and changed, or a section's own models changed).
///
/// Section indexes and index paths follow UIKit's batch-update rules: deletions and stage-1
/// updates in old index space, insertions in new index space, moves from old to new; stage-2
/// updates (``updatedSectionIndexes`` and ``updatedIndexPathsAfterMoves``) in new index space,
/// to apply in a second batch after the first. Items of inserted and deleted sections are not
/// listed one by one, and no item operation touches a section that moves in the same batch (a
/// storage reports such a section as deleted and inserted instead). Every update a storage delivers passes
/// ``validate(oldItemCounts:newItemCounts:)`` for the storage's item counts before and after.
///
/// A storage that changed too much to describe (``MemoryStorage/updateWithoutAnimations(_:)``,
/// or an update over ``BaseStorage/reloadThreshold``) delivers an update whose
/// ``requiresReload`` is `true` and which lists nothing.
public struct StorageUpdate: Sendable, CustomStringConvertible {
    /// The section and item operations.
    public var changes: SectionedBatchUpdate
    /// The new models of updated items, keyed by their **new** index path (where a cell that
    /// shows them now sits), for both stages.
    ///
    /// - Complexity: reading it is O(1) (an update of one model builds a dictionary of one
    ///   entry on each read); changing it in place does not copy the dictionary.
    public var updatedModels: [IndexPath: any Sendable] {
        get { models.dictionary }
        set { models = UpdatedModels(newValue) }
        _modify {
            var dictionary = models.dictionary
            models = .none   // the dictionary is uniquely referenced while it is changed
            defer { models = UpdatedModels(dictionary) }
            yield &dictionary
        }
    }
    /// The models behind ``updatedModels``, as the update keeps them.
    var models: UpdatedModels
    /// Whether the consumer must reload everything instead of animating (nothing is listed).
    public var requiresReload: Bool

    /// An update made of `changes` and the new models of its updated items.
    public init(changes: SectionedBatchUpdate = SectionedBatchUpdate(),
                updatedModels: [IndexPath: any Sendable] = [:], requiresReload: Bool = false) {
        self.init(changes: changes, models: UpdatedModels(updatedModels), requiresReload: requiresReload)
    }

    /// An update made of `changes` and the models of its updated items as kept (`models`).
    init(changes: SectionedBatchUpdate, models: UpdatedModels, requiresReload: Bool = false) {
        self.changes = changes
        self.models = models
        self.requiresReload = requiresReload
    }

    /// The update that asks for a full reload.
    public static var reload: StorageUpdate { StorageUpdate(requiresReload: true) }

    /// Whether nothing changed: no operation and no reload request. Storages never deliver an
    /// empty update.
    public var isEmpty: Bool { changes.isEmpty && !requiresReload }

    /// Old indexes of deleted sections, ascending.
    public var deletedSectionIndexes: [Int] { changes.deletedSections }
    /// New indexes of inserted sections, ascending.
    public var insertedSectionIndexes: [Int] { changes.insertedSections }
    /// Section moves, old index to new index, sorted by source.
    public var movedSectionIndexes: [Changeset.Move] { changes.movedSections }
    /// New indexes of sections whose own models (header, footer, supplementaries) changed, to
    /// reload in stage 2.
    public var updatedSectionIndexes: [Int] { changes.updatedSections }
    /// Old index paths of deleted items, ascending.
    public var deletedIndexPaths: [IndexPath] { changes.deletedItems }
    /// New index paths of inserted items, ascending.
    public var insertedIndexPaths: [IndexPath] { changes.insertedItems }
    /// Item moves, old index path to new index path, sorted by source.
    public var movedIndexPaths: [IndexPathMove] { changes.movedItems }
    /// Old index paths of items that changed and did not move, ascending (stage 1).
    public var updatedIndexPaths: [IndexPath] { changes.updatedItems }
    /// New index paths of items that moved and changed, ascending (stage 2).
    public var updatedIndexPathsAfterMoves: [IndexPath] { changes.updatedItemsAfterMoves }

    /// Checks that this update is legal for sections of `oldItemCounts` items that became
    /// sections of `newItemCounts` items (see `SectionedBatchUpdate`). A reload request is
    /// legal for any counts.
    ///
    /// - Complexity: O(total old and new items + number of operations).
    public func validate(oldItemCounts: [Int], newItemCounts: [Int]) throws(SectionedBatchUpdateError) {
        if requiresReload { return }
        try changes.validate(oldItemCounts: oldItemCounts, newItemCounts: newItemCounts)
    }

    /// Performs this update on the items of `old` sections the way UIKit does (see
    /// `SectionedBatchUpdate.apply(to:with:)`): the test oracle. A reload request returns
    /// `new`.
    ///
    /// - Complexity: O(total old and new items + number of operations).
    public func apply<Element>(to old: [[Element]], with new: [[Element]]) throws(SectionedBatchUpdateError)
        -> [[Element]]
    {
        if requiresReload { return new }
        return try changes.apply(to: old, with: new)
    }

    /// The operations, for example `items -[[0, 2]] item moves[[0, 1]->[1, 0]]`, or `reload`.
    public var description: String {
        requiresReload ? "reload" : changes.description
    }
}
