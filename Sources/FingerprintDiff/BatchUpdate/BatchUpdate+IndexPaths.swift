#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A ``BatchUpdate`` expressed with `IndexPath`s, ready for `deleteRows(at:)`,
/// `insertRows(at:)`, `moveRow(at:to:)` and `reloadRows(at:)` (ArrayUpdater style).
public struct IndexPathBatchUpdate: Hashable, Sendable {
    /// Stage 1, old space.
    public var deletions: [IndexPath]
    /// Stage 1, new space.
    public var insertions: [IndexPath]
    /// Stage 1, old to new.
    public var moves: [IndexPathMove]
    /// Stage 1, old space.
    public var reloads: [IndexPath]
    /// Stage 2, new space.
    public var reloadsAfterMoves: [IndexPath]
}

extension BatchUpdate {
    /// This update's offsets as index paths `[section, offset]`. O(number of operations).
    ///
    /// - Throws: ``BatchUpdateError/negativeSection(_:)`` for a negative section.
    public func indexPaths(inSection section: Int) throws(BatchUpdateError) -> IndexPathBatchUpdate {
        guard section >= 0 else { throw .negativeSection(section) }
        return indexPaths(inValidSection: section)
    }

    /// ``indexPaths(inSection:)`` for a section the caller knows is not negative.
    package func indexPaths(inValidSection section: Int) -> IndexPathBatchUpdate {
        func path(_ item: Int) -> IndexPath { IndexPath(section, item) }
        return IndexPathBatchUpdate(
            deletions: deletions.map(path), insertions: insertions.map(path),
            moves: moves.map { IndexPathMove(from: path($0.from), to: path($0.to)) },
            reloads: reloads.map(path), reloadsAfterMoves: reloadsAfterMoves.map(path))
    }
}
