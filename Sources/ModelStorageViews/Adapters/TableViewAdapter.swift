// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// A sectioned table view as a `BatchUpdatingView`: items are rows, each kind of operation
/// animates as ``animations`` says, reconfigures are `reconfigureRows(at:)` (the cell stays).
///
/// ```swift
/// let updater = ViewUpdater(storage: storage, view: TableViewAdapter(tableView))
/// ```
///
/// `UITableView` (iOS, tvOS, visionOS, Mac Catalyst) has initializers in this module;
/// ``init(operations:animations:)`` takes anything else spelled as ``TableViewOperations``.
/// `NSTableView`, which has one section and applies each change at once, goes through
/// ``SingleSectionTableAdapter`` (section 0) or ``SectionedTableAdapter`` (every section, with
/// header and footer rows) instead.
@MainActor
public final class TableViewAdapter<RowAnimation>: BatchUpdatingView {
    /// The view the operations go to.
    public let operations: any TableViewOperations<RowAnimation>
    /// The animation of each kind of operation.
    public var animations: TableRowAnimations<RowAnimation>

    /// An adapter that sends each operation to `operations`, animated as `animations` says.
    public init(operations: any TableViewOperations<RowAnimation>, animations: TableRowAnimations<RowAnimation>) {
        self.operations = operations
        self.animations = animations
    }

    /// Runs the batch through the table's `performBatchUpdates(_:completion:)`.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        operations.performBatch({ updates?() }, completion: { completion?($0) })
    }

    /// `insertSections(_:with:)` with ``TableRowAnimations/insertSections``.
    public func insertSections(_ sections: IndexSet) {
        operations.insertSections(sections, with: animations.insertSections)
    }
    /// `deleteSections(_:with:)` with ``TableRowAnimations/deleteSections``.
    public func deleteSections(_ sections: IndexSet) {
        operations.deleteSections(sections, with: animations.deleteSections)
    }
    /// `reloadSections(_:with:)` with ``TableRowAnimations/reloadSections``.
    public func reloadSections(_ sections: IndexSet) {
        operations.reloadSections(sections, with: animations.reloadSections)
    }
    /// `moveSection(_:toSection:)`.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        operations.moveSection(section, toSection: newSection)
    }
    /// `insertRows(at:with:)` with ``TableRowAnimations/insertRows``.
    public func insertItems(at indexPaths: [IndexPath]) {
        operations.insertRows(at: indexPaths, with: animations.insertRows)
    }
    /// `deleteRows(at:with:)` with ``TableRowAnimations/deleteRows``.
    public func deleteItems(at indexPaths: [IndexPath]) {
        operations.deleteRows(at: indexPaths, with: animations.deleteRows)
    }
    /// `reloadRows(at:with:)` with ``TableRowAnimations/reloadRows``.
    public func reloadItems(at indexPaths: [IndexPath]) {
        operations.reloadRows(at: indexPaths, with: animations.reloadRows)
    }
    /// `reconfigureRows(at:)`.
    public func reconfigureItems(at indexPaths: [IndexPath]) { operations.reconfigureRows(at: indexPaths) }
    /// `moveRow(at:to:)`.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        operations.moveRow(at: indexPath, to: newIndexPath)
    }
    /// `reloadData()`.
    public func reloadData() { operations.reloadData() }
    /// Whether the table is in a window.
    public var isInWindow: Bool { operations.isInWindow }
}
#endif
