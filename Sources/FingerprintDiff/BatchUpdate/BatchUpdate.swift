/// A changeset in the form UIKit's `performBatchUpdates` (UITableView, UICollectionView)
/// accepts, for one section.
///
/// - Stage 1, one batch: `deletions` and `reloads` in old index space, `insertions` in new
///   index space, `moves` from old to new index. No index is both moved and reloaded.
/// - Stage 2, a second batch after the first: `reloadsAfterMoves`, in new index space, the
///   moved elements whose content changed (UIKit cannot reload an index it moves).
///
/// ``validate(oldCount:newCount:)`` rejects every combination UIKit rejects, and
/// ``apply(to:with:)`` performs the update on an array, which makes it a test oracle.
public struct BatchUpdate: Hashable, Sendable, CustomStringConvertible {
    /// Old indexes to delete, ascending.
    public var deletions: [Int]
    /// New indexes to insert, ascending.
    public var insertions: [Int]
    /// Moves from old index to new index, sorted by source.
    public var moves: [Changeset.Move]
    /// Old indexes to reload in stage 1: changed, not moved. Ascending.
    public var reloads: [Int]
    /// New indexes to reload in stage 2: moved and changed. Ascending.
    public var reloadsAfterMoves: [Int]

    /// Creates a batch update from its parts.
    public init(
        deletions: [Int] = [], insertions: [Int] = [], moves: [Changeset.Move] = [],
        reloads: [Int] = [], reloadsAfterMoves: [Int] = []
    ) {
        self.deletions = deletions
        self.insertions = insertions
        self.moves = moves
        self.reloads = reloads
        self.reloadsAfterMoves = reloadsAfterMoves
    }

    /// The batch update of a changeset: updates of elements that stay put become stage-1
    /// reloads (old index); updates of moved elements become stage-2 reloads (new index).
    /// O(d + i + k log k) for k moves and updates.
    public init(_ changeset: Changeset) {
        let movedSources = Set(changeset.moves.map(\.from))
        var reloads: [Int] = []
        var reloadsAfterMoves: [Int] = []
        for update in changeset.updates {
            if movedSources.contains(update.old) {
                reloadsAfterMoves.append(update.new)
            } else {
                reloads.append(update.old)
            }
        }
        self.init(
            deletions: changeset.deletions, insertions: changeset.insertions,
            moves: changeset.moves, reloads: reloads, reloadsAfterMoves: reloadsAfterMoves.sorted())
    }

    /// Whether nothing changes.
    public var isEmpty: Bool {
        deletions.isEmpty && insertions.isEmpty && moves.isEmpty && reloads.isEmpty
            && reloadsAfterMoves.isEmpty
    }

    /// The number of `performBatchUpdates` calls needed: 0, 1, or 2 when moved elements also
    /// changed.
    public var stageCount: Int {
        if isEmpty { return 0 }
        return reloadsAfterMoves.isEmpty ? 1 : (hasFirstStage ? 2 : 1)
    }

    private var hasFirstStage: Bool {
        !(deletions.isEmpty && insertions.isEmpty && moves.isEmpty && reloads.isEmpty)
    }

    /// A compact summary.
    public var description: String {
        "BatchUpdate(-\(deletions) +\(insertions) moves\(moves) reloads\(reloads) "
            + "then reloads\(reloadsAfterMoves))"
    }
}
