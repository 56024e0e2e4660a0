// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// A one-section table that applies each change at once (`NSTableView`) as a
/// `BatchUpdatingView`: the rows are the items of section 0.
///
/// ```swift
/// let updater = ViewUpdater(storage: storage, view: SingleSectionTableAdapter(tableView))
/// ```
///
/// A `ViewUpdater` sends a batch as `UICollectionView` takes it: deletions in old rows,
/// insertions in new rows, moves old to new, all at once. `NSTableView` applies each call when
/// it is made, so the adapter collects the batch's operations in its updates block, then sends
/// them as ``RowSteps`` (reloads, one removal, the moves adjusted for the rows moved before them,
/// one insertion, reconfigures) between `beginUpdates()` and `endUpdates()`. A batch that
/// changes sections (the first section appears, the last one goes) is a `reloadData()`;
/// operations on other sections are not shown (the table shows section 0).
///
/// `NSTableView` has an initializer in this module; ``init(operations:insertAnimation:removeAnimation:)``
/// takes anything else spelled as ``IncrementalTableOperations``.
@MainActor
public final class SingleSectionTableAdapter<AnimationOptions>: BatchUpdatingView {
    /// The table the calls go to.
    public let operations: any IncrementalTableOperations<AnimationOptions>
    /// How inserted rows animate.
    public var insertAnimation: AnimationOptions
    /// How removed rows animate.
    public var removeAnimation: AnimationOptions

    /// The operations of the batch whose updates block runs, collected until it ends.
    private var collected: Collected?

    private struct Collected {
        var deleted: [Int] = []
        var inserted: [Int] = []
        var moved: [(from: Int, to: Int)] = []
        var reloaded: [Int] = []
        var reconfigured: [Int] = []
        var changesSections = false
    }

    /// An adapter that sends the batches' calls to `operations`.
    public init(operations: any IncrementalTableOperations<AnimationOptions>,
                insertAnimation: AnimationOptions, removeAnimation: AnimationOptions) {
        self.operations = operations
        self.insertAnimation = insertAnimation
        self.removeAnimation = removeAnimation
    }

    /// Runs `updates` collecting its operations, then sends them as ``RowSteps`` between
    /// `beginUpdates()` and `endUpdates()` (or reloads, when sections changed); `completion`
    /// runs when the table's animations end.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        collected = Collected()
        updates?()
        let batch = collected ?? Collected()
        collected = nil
        send(batch, completion: completion)
    }

    /// Sends the calls of `batch`.
    private func send(_ batch: Collected, completion: ((Bool) -> Void)?) {
        if batch.changesSections {
            operations.reloadData()
            completion?(true)
            return
        }
        let steps = RowSteps(deleted: batch.deleted, inserted: batch.inserted,
                             moved: batch.moved, reloaded: batch.reloaded, reconfigured: batch.reconfigured)
        operations.perform(steps, insertAnimation: insertAnimation, removeAnimation: removeAnimation,
                           completion: { completion?(true) })
    }

    /// A section insertion: the batch becomes a reload.
    public func insertSections(_ sections: IndexSet) { sectionsChanged() }
    /// A section deletion: the batch becomes a reload.
    public func deleteSections(_ sections: IndexSet) { sectionsChanged() }
    /// A section reload: the batch becomes a reload.
    public func reloadSections(_ sections: IndexSet) { sectionsChanged() }
    /// A section move: the batch becomes a reload.
    public func moveSection(_ section: Int, toSection newSection: Int) { sectionsChanged() }

    /// Collects inserted rows (new).
    public func insertItems(at indexPaths: [IndexPath]) { collect(indexPaths, into: \.inserted) }
    /// Collects deleted rows (old).
    public func deleteItems(at indexPaths: [IndexPath]) { collect(indexPaths, into: \.deleted) }
    /// Collects reloaded rows (old).
    public func reloadItems(at indexPaths: [IndexPath]) { collect(indexPaths, into: \.reloaded) }
    /// Collects reconfigured rows (new): their data is read again, the row views stay.
    public func reconfigureItems(at indexPaths: [IndexPath]) { collect(indexPaths, into: \.reconfigured) }
    /// Collects a moved row (old to new); a move across sections is a reload.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        switch (indexPath[0], newIndexPath[0]) {
        case (0, 0): collect { $0.moved.append((indexPath[1], newIndexPath[1])) }
        case (0, _), (_, 0): sectionsChanged()
        default: break
        }
    }

    /// `reloadData()`.
    public func reloadData() { operations.reloadData() }
    /// Whether the table is in a window.
    public var isInWindow: Bool { operations.isInWindow }

    /// Adds the rows of the index paths in section 0 to the list at `rows`.
    private func collect(_ indexPaths: [IndexPath], into rows: WritableKeyPath<Collected, [Int]>) {
        let section0 = indexPaths.filter { $0.count == 2 && $0[0] == 0 }.map { $0[1] }
        collect { $0[keyPath: rows] += section0 }
    }

    private func collect(_ change: (inout Collected) -> Void) {
        if collected != nil {
            change(&collected!)
        } else {
            // Outside a batch: the call applies at once, as a batch of its own.
            var batch = Collected()
            change(&batch)
            send(batch, completion: nil)
        }
    }

    private func sectionsChanged() { collect { $0.changesSections = true } }
}
#endif
