import Foundation
@testable import ModelStorage
import ModelStorageTesting
import Testing

/// An `OutlineStorage` shown in a strict `SimulatedOutlineView` through an `OutlineViewUpdater`
/// whose turns the test runs (`ManualScheduler`), with the checks the outline view tests make.
@MainActor
final class OutlineViewHarness {
    let storage: OutlineStorage<TreeItem>
    let view = SimulatedOutlineView()
    let scheduler = ManualScheduler()
    let updater: OutlineViewUpdater<TreeItem>
    /// The object the view was first given for each id, while the id lives.
    var firstObjects: [Int: ObjectIdentifier] = [:]
    /// What a cell shows when it draws its row's expansion too (an open folder's icon).
    struct ExpansionCell: Hashable {
        let item: TreeItem
        let isExpanded: Bool
    }
    /// Whether the cells draw their row's expansion, read from the updater's row state when the
    /// view makes them (`ExpansionCell`); checked against the rows with a disclosure by
    /// `expectShowsStorage`. Setting it makes the view reload, so that every cell is made so.
    var cellsShowExpansion = false {
        didSet {
            view.cellContent = { [unowned updater, cellsShowExpansion] object in
                guard let item = (object as? OutlineViewItem<TreeItem>)?.item else { return nil }
                guard cellsShowExpansion, let state = updater.rowState(for: object) else { return item }
                return ExpansionCell(item: item, isExpanded: state.isExpanded)
            }
            view.reloadData()   // the cells made again, as the app makes them
        }
    }

    /// The outline of `roots` with `expanded` expanded, shown in the view (which reads its
    /// roots at once, as `NSOutlineView` does once it has a data source), nothing flushed yet.
    init(_ storage: OutlineStorage<TreeItem>, expanded: Set<Int> = []) {
        self.storage = storage
        storage.expandedIDs = expanded
        updater = OutlineViewUpdater(storage: storage, view: view, schedule: scheduler.schedule)
        view.dataSource = updater
        view.userActions = updater
        view.describeItem = { ($0 as? OutlineViewItem<TreeItem>).map { "\($0.id)" } ?? "\($0)" }
        view.cellContent = { ($0 as? OutlineViewItem<TreeItem>)?.item }
        view.reloadData()
    }

    /// `init(_:expanded:)` over `init(roots:children:)`.
    convenience init(_ roots: [TreeItem], expanded: Set<Int> = []) throws {
        self.init(try OutlineStorage(roots: roots, children: \.children), expanded: expanded)
    }

    /// Runs the turns scheduled (the updater's flushes).
    func settle() { scheduler.runUntilIdle() }

    /// The rows the view shows, as a cell shows them (its content as last read).
    var viewRows: [ShownRow] {
        view.rows.map { row in
            ShownRow(item: row.content as? TreeItem ?? (row.content as? ExpansionCell)?.item ?? TreeItem(id: -999), level: row.level,
                     disclosure: !row.isExpandable ? .none : row.isExpanded ? .expanded : .collapsed)
        }
    }

    /// The rows the storage shows, without their loading state (which the view does not draw).
    var storageRows: [ShownRow] {
        shownRows(storage).map { ShownRow(item: $0.item, level: $0.level, disclosure: $0.disclosure) }
    }

    /// The view's rows as `id@level` with `v` (expanded) or `>` (collapsed).
    var shown: String { viewRows.map(\.description).joined(separator: " ") }

    /// The object the view shows for `id`.
    func object(_ id: Int) -> OutlineViewItem<TreeItem>? {
        view.rows.lazy.compactMap { $0.object as? OutlineViewItem<TreeItem> }.first { $0.id == id }
    }

    /// The row of `id` in the view.
    func row(_ id: Int) -> Int { view.rows.firstIndex { ($0.object as? OutlineViewItem<TreeItem>)?.id == id }! }

    /// Checks that the view broke no rule and shows exactly the storage's visible tree, and that
    /// each id kept its object while it lived.
    func expectShowsStorage(_ comment: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(view.violations.isEmpty, "\(comment()): \(view.violations)", sourceLocation: sourceLocation)
        #expect(view.verify().isEmpty, "\(comment()): the view's cache", sourceLocation: sourceLocation)
        let expected = storageRows, actual = viewRows
        #expect(actual == expected, "\(comment()): view \(actual) storage \(expected)", sourceLocation: sourceLocation)
        expectStableObjects(comment(), sourceLocation: sourceLocation)
        guard cellsShowExpansion else { return }
        // A row without a disclosure draws no expansion.
        let stale = view.rows.filter { $0.isExpandable && ($0.content as? ExpansionCell)?.isExpanded != $0.isExpanded }
        #expect(stale.isEmpty, "\(comment()): cells drawn with another expansion: \(stale.map(\.content))",
                sourceLocation: sourceLocation)
    }

    /// Checks that every id the view shows has the object it was first shown with, forgetting
    /// the ids that left the storage.
    func expectStableObjects(_ comment: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation) {
        firstObjects = firstObjects.filter { storage.item(withID: $0.key) != nil }
        for row in view.rows {
            guard let object = row.object as? OutlineViewItem<TreeItem> else { continue }
            let first = firstObjects[object.id, default: ObjectIdentifier(object)]
            #expect(first == ObjectIdentifier(object), "\(comment()): \(object.id) got another object",
                    sourceLocation: sourceLocation)
            firstObjects[object.id] = first
        }
    }
}

/// A tree item with `children`.
func node(_ id: Int, _ children: [TreeItem]? = nil) -> TreeItem { TreeItem(id: id, children: children) }
