import Foundation
import ModelStorage
import ModelStorageTesting
import ModelStorageViews

/// An item: identity and a version (content).
struct Row: Hashable, Sendable, Identifiable, CustomStringConvertible {
    var id: Int
    var version = 0
    var description: String { version == 0 ? "\(id)" : "\(id)v\(version)" }
}

func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(indexes: [section, item]) }

/// The text of index paths in a log: `[[0, 1], [1, 0]]`.
func text(_ paths: [IndexPath]) -> String { "\(paths.map(Array.init))" }

/// What the collection and table stand-ins share: the `SimulatedView` each call is passed on to
/// (it holds UIKit's rules), the calls received, and the batch, which both views spell alike.
@MainActor
class RecordingStandIn {
    let view: SimulatedView
    var calls: [String] = []
    init(_ view: SimulatedView) { self.view = view }

    func performBatch(_ updates: @escaping @MainActor () -> Void, completion: @escaping @MainActor (Bool) -> Void) {
        calls.append("performBatchUpdates")
        view.performBatchUpdates({ updates() }, completion: { completion($0) })
    }
    func reloadData() { calls.append("reloadData"); view.reloadData() }
    var isInWindow: Bool { view.isInWindow }
}

/// A `UICollectionView` stand-in: records each call as `UICollectionView` would receive it and
/// passes it on to a `SimulatedView`, which holds UIKit's rules.
final class CollectionViewStandIn: RecordingStandIn, CollectionViewOperations {
    func insertSections(_ sections: IndexSet) { calls.append("insertSections \(Array(sections))"); view.insertSections(sections) }
    func deleteSections(_ sections: IndexSet) { calls.append("deleteSections \(Array(sections))"); view.deleteSections(sections) }
    func reloadSections(_ sections: IndexSet) { calls.append("reloadSections \(Array(sections))"); view.reloadSections(sections) }
    func moveSection(_ section: Int, toSection newSection: Int) {
        calls.append("moveSection \(section) \(newSection)")
        view.moveSection(section, toSection: newSection)
    }
    func insertItems(at indexPaths: [IndexPath]) { calls.append("insertItems \(text(indexPaths))"); view.insertItems(at: indexPaths) }
    func deleteItems(at indexPaths: [IndexPath]) { calls.append("deleteItems \(text(indexPaths))"); view.deleteItems(at: indexPaths) }
    func reloadItems(at indexPaths: [IndexPath]) { calls.append("reloadItems \(text(indexPaths))"); view.reloadItems(at: indexPaths) }
    func reconfigureItems(at indexPaths: [IndexPath]) {
        calls.append("reconfigureItems \(text(indexPaths))")
        view.reconfigureItems(at: indexPaths)
    }
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        calls.append("moveItem \(Array(indexPath)) \(Array(newIndexPath))")
        view.moveItem(at: indexPath, to: newIndexPath)
    }
}

/// `UITableView.RowAnimation`'s stand-in: which animation each call was given.
enum Animation: String, Sendable { case fade, left, right, top, bottom, automatic, none }

/// A `UITableView` stand-in: records each call with its animation and passes it on to a
/// `SimulatedView` (rows as items).
final class TableViewStandIn: RecordingStandIn, TableViewOperations {
    func insertSections(_ sections: IndexSet, with animation: Animation) {
        calls.append("insertSections \(Array(sections)) \(animation)")
        view.insertSections(sections)
    }
    func deleteSections(_ sections: IndexSet, with animation: Animation) {
        calls.append("deleteSections \(Array(sections)) \(animation)")
        view.deleteSections(sections)
    }
    func reloadSections(_ sections: IndexSet, with animation: Animation) {
        calls.append("reloadSections \(Array(sections)) \(animation)")
        view.reloadSections(sections)
    }
    func moveSection(_ section: Int, toSection newSection: Int) {
        calls.append("moveSection \(section) \(newSection)")
        view.moveSection(section, toSection: newSection)
    }
    func insertRows(at indexPaths: [IndexPath], with animation: Animation) {
        calls.append("insertRows \(text(indexPaths)) \(animation)")
        view.insertItems(at: indexPaths)
    }
    func deleteRows(at indexPaths: [IndexPath], with animation: Animation) {
        calls.append("deleteRows \(text(indexPaths)) \(animation)")
        view.deleteItems(at: indexPaths)
    }
    func reloadRows(at indexPaths: [IndexPath], with animation: Animation) {
        calls.append("reloadRows \(text(indexPaths)) \(animation)")
        view.reloadItems(at: indexPaths)
    }
    func reconfigureRows(at indexPaths: [IndexPath]) {
        calls.append("reconfigureRows \(text(indexPaths))")
        view.reconfigureItems(at: indexPaths)
    }
    func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        calls.append("moveRow \(Array(indexPath)) \(Array(newIndexPath))")
        view.moveItem(at: indexPath, to: newIndexPath)
    }
}

/// An `NSTableView` stand-in that shifts as `NSTableView` does: every call applies at once.
/// `removeRows` names the rows shown at that moment, `insertRows` final positions (inserted
/// in ascending order, as `NSMutableArray`'s `insert(_:at:)` does), `moveRow` removes then
/// inserts, keeping the row's view. Each row is a view (an id) configured with the item its
/// data source had for it when the view was made or reloaded.
@MainActor
final class ShiftingTable: IncrementalTableOperations {
    /// A row view: which view, and what it was configured with (an item, or what `rowSource`
    /// reads).
    struct RowView: Equatable, CustomStringConvertible {
        var id: Int
        var shown: AnyHashable?
        /// The item the row shows.
        var item: Row? { shown as? Row }
        var description: String { "#\(id):\(shown.map { "\($0)" } ?? "nil")" }
    }

    /// Where the table reads its rows (a `ViewUpdater`), held weakly as AppKit does.
    weak var dataSource: (any Storage)?
    /// Where the table reads its rows instead of section 0 of `dataSource`: their number and
    /// what each shows (a table of sections' header, item and footer rows).
    var rowSource: (count: @MainActor () -> Int, row: @MainActor (Int) -> AnyHashable?)?
    private(set) var rows: [RowView] = []
    private(set) var calls: [String] = []
    /// Completions of updates whose animations have not ended (the test ends them).
    private(set) var pendingCompletions: [@MainActor () -> Void] = []
    /// A violation of the table's own rules (an index out of range, updates nested).
    private(set) var violations: [String] = []
    var isInWindow = true
    var numberOfColumns = 2
    private var nextViewID = 0
    private var inUpdates = false

    /// Reads every row from the data source (as `reloadData()` does).
    func reloadData() {
        calls.append("reloadData")
        let count = rowSource?.count() ?? dataSource?.numberOfItems(inSection: 0) ?? 0
        rows = (0..<count).map { makeView(row: $0) }
    }

    func performUpdates(_ updates: @escaping @MainActor () -> Void, completion: @escaping @MainActor () -> Void) {
        if inUpdates { violations.append("nested beginUpdates") }
        calls.append("beginUpdates")
        inUpdates = true
        updates()
        inUpdates = false
        calls.append("endUpdates")
        pendingCompletions.append(completion)
    }

    func insertRows(at indexes: IndexSet, withAnimation animationOptions: Animation) {
        calls.append("insertRows \(Array(indexes)) \(animationOptions)")
        for index in indexes {
            guard index <= rows.count else { return violations.append("insert at \(index) of \(rows.count)") }
            rows.insert(makeView(row: index), at: index)
        }
    }

    func removeRows(at indexes: IndexSet, withAnimation animationOptions: Animation) {
        calls.append("removeRows \(Array(indexes)) \(animationOptions)")
        guard indexes.allSatisfy({ $0 < rows.count }) else { return violations.append("remove \(Array(indexes)) of \(rows.count)") }
        for index in indexes.reversed() { rows.remove(at: index) }
    }

    func moveRow(at oldIndex: Int, to newIndex: Int) {
        calls.append("moveRow \(oldIndex) \(newIndex)")
        guard oldIndex < rows.count, newIndex < rows.count else { return violations.append("move \(oldIndex) -> \(newIndex) of \(rows.count)") }
        rows.insert(rows.remove(at: oldIndex), at: newIndex)
    }

    func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) {
        calls.append("reloadData rows \(Array(rowIndexes)) columns \(Array(columnIndexes))")
        for index in rowIndexes {
            guard index < rows.count else { return violations.append("reload \(index) of \(rows.count)") }
            rows[index].shown = read(row: index)
        }
    }

    /// Ends every animation that runs, in order.
    func finishAnimations() {
        while !pendingCompletions.isEmpty { pendingCompletions.removeFirst()() }
    }

    private func makeView(row: Int) -> RowView {
        nextViewID += 1
        return RowView(id: nextViewID, shown: read(row: row))
    }

    private func read(row: Int) -> AnyHashable? {
        if let rowSource { return rowSource.row(row) }
        return (dataSource?.item(at: path(0, row)) as? Row).map(AnyHashable.init)
    }
}
