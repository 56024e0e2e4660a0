#if canImport(UIKit) && !os(watchOS)
import UIKit
import ModelStorage

/// `UITableView`'s operations for a ``TableViewAdapter``: each forwards to the method of the
/// same name.
struct UITableViewOperations: TableViewOperations {
    let tableView: UITableView

    func performBatch(_ updates: @escaping @MainActor () -> Void, completion: @escaping @MainActor (Bool) -> Void) {
        let batch = PendingBatch(updates: updates, completion: completion)
        tableView.performBatchUpdates({ MainActor.assumeIsolated { batch.runUpdates() } },
                                      completion: { finished in MainActor.assumeIsolated { batch.complete(finished) } })
    }
    func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
        tableView.insertSections(sections, with: animation)
    }
    func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
        tableView.deleteSections(sections, with: animation)
    }
    func reloadSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {
        tableView.reloadSections(sections, with: animation)
    }
    func moveSection(_ section: Int, toSection newSection: Int) { tableView.moveSection(section, toSection: newSection) }
    func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        tableView.insertRows(at: indexPaths, with: animation)
    }
    func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        tableView.deleteRows(at: indexPaths, with: animation)
    }
    func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {
        tableView.reloadRows(at: indexPaths, with: animation)
    }
    func reconfigureRows(at indexPaths: [IndexPath]) { tableView.reconfigureRows(at: indexPaths) }
    func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { tableView.moveRow(at: indexPath, to: newIndexPath) }
    func reloadData() { tableView.reloadData() }
    var isInWindow: Bool { tableView.window != nil }
}

extension TableViewAdapter where RowAnimation == UITableView.RowAnimation {
    /// An adapter that drives `tableView`: batches through its
    /// `performBatchUpdates(_:completion:)`, items as rows animated as `animations` says,
    /// reconfigures through `reconfigureRows(at:)`.
    public convenience init(_ tableView: UITableView,
                            animations: TableRowAnimations<UITableView.RowAnimation> = TableRowAnimations(all: .automatic)) {
        self.init(operations: UITableViewOperations(tableView: tableView), animations: animations)
    }
}
#endif
