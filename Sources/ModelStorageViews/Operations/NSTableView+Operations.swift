#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import ModelStorage

/// `NSTableView`'s operations for a ``SingleSectionTableAdapter`` or a ``SectionedTableAdapter``:
/// each forwards to the method of the same name; updates run between `beginUpdates()` and `endUpdates()` in an
/// `NSAnimationContext` group, whose completion handler ends the batch.
struct NSTableViewOperations: IncrementalTableOperations {
    let tableView: NSTableView

    func performUpdates(_ updates: @escaping @MainActor () -> Void, completion: @escaping @MainActor () -> Void) {
        let batch = PendingBatch(updates: updates, completion: { _ in completion() })
        let tableView = self.tableView
        NSAnimationContext.runAnimationGroup({ _ in
            MainActor.assumeIsolated {
                tableView.beginUpdates()
                batch.runUpdates()
                tableView.endUpdates()
            }
        }, completionHandler: { MainActor.assumeIsolated { batch.complete(true) } })
    }
    func insertRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions) {
        tableView.insertRows(at: indexes, withAnimation: animationOptions)
    }
    func removeRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions) {
        tableView.removeRows(at: indexes, withAnimation: animationOptions)
    }
    func moveRow(at oldIndex: Int, to newIndex: Int) { tableView.moveRow(at: oldIndex, to: newIndex) }
    func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) {
        tableView.reloadData(forRowIndexes: rowIndexes, columnIndexes: columnIndexes)
    }
    func reloadData() { tableView.reloadData() }
    var numberOfColumns: Int { tableView.numberOfColumns }
    var isInWindow: Bool { tableView.window != nil }
}

extension SingleSectionTableAdapter where AnimationOptions == NSTableView.AnimationOptions {
    /// An adapter that drives `tableView` (its rows are section 0's items), inserting and
    /// removing rows with the given animations.
    public convenience init(_ tableView: NSTableView, insertAnimation: NSTableView.AnimationOptions = .effectFade,
                            removeAnimation: NSTableView.AnimationOptions = .effectFade) {
        self.init(operations: NSTableViewOperations(tableView: tableView),
                  insertAnimation: insertAnimation, removeAnimation: removeAnimation)
    }
}

extension SectionedTableAdapter where AnimationOptions == NSTableView.AnimationOptions {
    /// An adapter that drives `tableView` (every section's rows: a header row when `headers`,
    /// the items' rows, a footer row when `footers`), inserting and removing rows with the given
    /// animations. Set ``content`` to what the table shows.
    public convenience init(_ tableView: NSTableView, headers: Bool, footers: Bool,
                            insertAnimation: NSTableView.AnimationOptions = .effectFade,
                            removeAnimation: NSTableView.AnimationOptions = .effectFade) {
        self.init(operations: NSTableViewOperations(tableView: tableView), headers: headers, footers: footers,
                  insertAnimation: insertAnimation, removeAnimation: removeAnimation)
    }
}
#endif
