#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

extension SingleSectionStorage {
    /// Replaces the items with `newItems` as ``setItems(_:)`` does, running the differ off the
    /// caller's actor: the caller's actor spends O(1) on the change (plus what its observers do),
    /// not the diff; the items it replaces are released off it too.
    ///
    /// The change is committed on the caller's actor and equals what ``setItems(_:)`` would
    /// report at that moment: when the items changed while the differ ran, it diffs again from
    /// the current items (after a few rounds, on the caller's actor, as the synchronous call
    /// does). Calls overlapping on one storage commit in the order they were made, each from what
    /// the one before it left. When the task is cancelled before the commit, nothing changes and
    /// nothing is reported.
    ///
    /// - Complexity: off the caller's actor, the differ's (O(n + m) expected with the built-in
    ///   Heckel differ); on it, O(1).
    public func setItemsInBackground(_ newItems: [Item], isolation: isolated (any Actor)? = #isolation) async {
        let turn = backgroundTurns.take()
        defer { backgroundTurns.finish(turn) }
        await backgroundTurns.wait(for: turn)
        let differ = self.differ, trusted = trustsDiffer
        for _ in 0..<backgroundDiffRounds {
            guard !Task.isCancelled else { return }
            let old = live.items, revision = live.itemsRevision
            let update = await offTheCallersActor { Self.itemUpdate(from: old, to: newItems, differ: differ, trusted: trusted) }
            backgroundDiffDidFinish?()
            let cancelled = Task.isCancelled, commits = !cancelled && live.itemsRevision == revision
            let previous = commits ? commitItems(newItems, update: update) : nil
            // The replaced items and the update the storage kept before are released off this actor.
            releaseOffTheCallersActor((consume old, consume update, previous))
            if commits || cancelled { return }
        }
        guard !Task.isCancelled else { return }
        setItems(newItems)
    }
}
