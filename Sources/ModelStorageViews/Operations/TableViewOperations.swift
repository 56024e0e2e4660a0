// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// What a sectioned table view offers a ``TableViewAdapter``: `UITableView`'s batch operations,
/// spelled as `UITableView` spells them (rows for items, an animation per call; the UIKit
/// conformance forwards each to the method of that name).
///
/// Conform a stand-in to test the calls a `ViewUpdater` makes through the adapter, as this
/// package's tests do.
@MainActor
public protocol TableViewOperations<RowAnimation> {
    /// How an insertion, deletion or reload animates (`UITableView.RowAnimation`).
    associatedtype RowAnimation
    /// Runs `updates` as one animated batch and `completion` when its animations end
    /// (`performBatchUpdates(_:completion:)`).
    func performBatch(_ updates: @escaping @MainActor () -> Void, completion: @escaping @MainActor (Bool) -> Void)
    /// Inserts sections (new indexes).
    func insertSections(_ sections: IndexSet, with animation: RowAnimation)
    /// Deletes sections (old indexes).
    func deleteSections(_ sections: IndexSet, with animation: RowAnimation)
    /// Reloads sections (old indexes).
    func reloadSections(_ sections: IndexSet, with animation: RowAnimation)
    /// Moves a section.
    func moveSection(_ section: Int, toSection newSection: Int)
    /// Inserts rows (new index paths).
    func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation)
    /// Deletes rows (old index paths).
    func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation)
    /// Reloads rows (old index paths).
    func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation)
    /// Configures the cells of rows again, keeping the cells.
    func reconfigureRows(at indexPaths: [IndexPath])
    /// Moves a row.
    func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath)
    /// Drops every cell and reads the data source again.
    func reloadData()
    /// Whether the view is in a window.
    var isInWindow: Bool { get }
}

/// The animation of each kind of row and section operation a ``TableViewAdapter`` sends.
public struct TableRowAnimations<RowAnimation> {
    /// Inserted rows.
    public var insertRows: RowAnimation
    /// Deleted rows.
    public var deleteRows: RowAnimation
    /// Reloaded rows.
    public var reloadRows: RowAnimation
    /// Inserted sections.
    public var insertSections: RowAnimation
    /// Deleted sections.
    public var deleteSections: RowAnimation
    /// Reloaded sections.
    public var reloadSections: RowAnimation

    /// The same animation for every kind.
    public init(all animation: RowAnimation) {
        self.init(insertRows: animation, deleteRows: animation, reloadRows: animation,
                  insertSections: animation, deleteSections: animation, reloadSections: animation)
    }

    /// An animation per kind.
    public init(insertRows: RowAnimation, deleteRows: RowAnimation, reloadRows: RowAnimation,
                insertSections: RowAnimation, deleteSections: RowAnimation, reloadSections: RowAnimation) {
        self.insertRows = insertRows
        self.deleteRows = deleteRows
        self.reloadRows = reloadRows
        self.insertSections = insertSections
        self.deleteSections = deleteSections
        self.reloadSections = reloadSections
    }
}

extension TableRowAnimations: Sendable where RowAnimation: Sendable {}
extension TableRowAnimations: Equatable where RowAnimation: Equatable {}
#endif
