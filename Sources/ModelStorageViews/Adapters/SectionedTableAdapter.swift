// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// A table without sections that applies each change at once (`NSTableView`) showing every
/// section as a `BatchUpdatingView`: each section is a header row, its items' rows and a footer
/// row (``FlatRows``; headers and footers when asked for), and each batch a `ViewUpdater` sends
/// becomes the row calls of ``SectionedRowBatch/steps(from:to:)`` (``RowSteps``: reloads, one
/// removal, the moves, one insertion, reconfigures) between `beginUpdates()` and `endUpdates()`.
///
/// ```swift
/// let adapter = SectionedTableAdapter(tableView, headers: true, footers: false)
/// let updater = ViewUpdater(storage: storage, view: adapter)
/// adapter.content = updater                 // where the rows are read; held weakly
/// ```
///
/// The table's data source answers from ``rows`` (what each row shows) and the updater (the
/// items and supplementary models); the user's drags and swipes on rows reach their items
/// through ``userDidDropRow(at:above:on:)`` and ``indexPath(ofRow:)``.
///
/// `NSTableView` has an initializer in this module; ``init(operations:headers:footers:insertAnimation:removeAnimation:)``
/// takes anything else spelled as ``IncrementalTableOperations``.
@MainActor
public final class SectionedTableAdapter<AnimationOptions>: BatchUpdatingView {
    /// The table the calls go to.
    public let operations: any IncrementalTableOperations<AnimationOptions>
    /// How inserted rows animate.
    public var insertAnimation: AnimationOptions
    /// How removed rows animate.
    public var removeAnimation: AnimationOptions
    /// What the table shows (a `ViewUpdater`, a ``ListHost``), read at each batch and reload;
    /// held weakly, as a table holds its data source. Setting it reads its rows.
    public weak var content: (any Storage)? {
        didSet { rows = layout() }
    }
    /// The rows the table shows now: what each row is.
    public internal(set) var rows: FlatRows

    /// The operations of the batch whose updates block runs, collected until it ends.
    private var collected: SectionedRowBatch?

    /// An adapter that sends the batches' calls to `operations`, each section shown with a header
    /// row when `headers` and a footer row when `footers`.
    public init(operations: any IncrementalTableOperations<AnimationOptions>, headers: Bool, footers: Bool,
                insertAnimation: AnimationOptions, removeAnimation: AnimationOptions) {
        self.operations = operations
        self.insertAnimation = insertAnimation
        self.removeAnimation = removeAnimation
        rows = FlatRows(itemCounts: [], headers: headers, footers: footers)
    }

    /// Runs `updates` collecting its operations, then sends them as row calls between
    /// `beginUpdates()` and `endUpdates()`; `completion` runs when the table's animations end.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        collected = SectionedRowBatch()
        updates?()
        let batch = collected ?? SectionedRowBatch()
        collected = nil
        send(batch, completion: completion)
    }

    /// Sends the calls of `batch`, from the rows shown before it to the rows of the content now.
    private func send(_ batch: SectionedRowBatch, completion: ((Bool) -> Void)?) {
        let old = rows
        rows = layout()
        let steps = batch.steps(from: old, to: rows)
        operations.perform(steps, insertAnimation: insertAnimation, removeAnimation: removeAnimation,
                           completion: { completion?(true) })
    }

    /// The rows of the content now.
    func layout() -> FlatRows {
        guard let content else { return FlatRows(itemCounts: [], headers: rows.hasHeaders, footers: rows.hasFooters) }
        return FlatRows(showing: content, headers: rows.hasHeaders, footers: rows.hasFooters)
    }

    /// Collects inserted sections (new).
    public func insertSections(_ sections: IndexSet) { collect { $0.insertedSections += sections } }
    /// Collects deleted sections (old).
    public func deleteSections(_ sections: IndexSet) { collect { $0.deletedSections += sections } }
    /// Collects reloaded sections (old): their rows are replaced.
    public func reloadSections(_ sections: IndexSet) { collect { $0.reloadedSections += sections } }
    /// Collects a moved section: its rows move, keeping their views.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        collect { $0.movedSections.append(.init(from: section, to: newSection)) }
    }
    /// Collects inserted items (new).
    public func insertItems(at indexPaths: [IndexPath]) { collect { $0.insertedItems += indexPaths } }
    /// Collects deleted items (old).
    public func deleteItems(at indexPaths: [IndexPath]) { collect { $0.deletedItems += indexPaths } }
    /// Collects reloaded items (old).
    public func reloadItems(at indexPaths: [IndexPath]) { collect { $0.reloadedItems += indexPaths } }
    /// Collects reconfigured items (new): their data is read again, the row views stay.
    public func reconfigureItems(at indexPaths: [IndexPath]) { collect { $0.reconfiguredItems += indexPaths } }
    /// Collects a moved item (old to new), within or across sections.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        collect { $0.movedItems.append(.init(from: indexPath, to: newIndexPath)) }
    }

    /// Reads the rows of the content again, then `reloadData()`.
    public func reloadData() {
        rows = layout()
        operations.reloadData()
    }
    /// Whether the table is in a window.
    public var isInWindow: Bool { operations.isInWindow }

    private func collect(_ change: (inout SectionedRowBatch) -> Void) {
        if collected != nil {
            change(&collected!)
        } else {
            // Outside a batch: the call applies at once, as a batch of its own.
            var batch = SectionedRowBatch()
            change(&batch)
            send(batch, completion: nil)
        }
    }
}
#endif
