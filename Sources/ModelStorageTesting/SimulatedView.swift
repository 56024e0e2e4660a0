import Foundation
import ModelStorage

/// A collection view that holds UIKit's documented batch-update rules, for tests: it lets you
/// test list code (a `ViewUpdater`, your own data source) in a plain `swift test`, without a
/// simulator, and raises each violation as a typed ``SimulatedViewError`` with UIKit's wording.
///
/// What it does as UIKit does:
///
/// - **Counts are cached.** The view reads its counts from ``dataSource`` at a layout pass
///   (``layoutIfNeeded()``) when it has none, and keeps them. ``reloadData()`` drops them (and
///   every cell) until the next layout.
/// - **A batch reads lazily.** ``performBatchUpdates(_:completion:)`` takes the "before" counts
///   from its cache, or, when the cache is empty (after `reloadData()`, before the first
///   layout), from the data source *before* running the updates block: radar 28167779, the
///   crash of a data source whose data changed before the batch. After the block it reads the
///   "after" counts and checks every operation against both (``SimulatedViewError``).
/// - **Completions run with time.** A batch's completion runs when the test advances time past
///   its animation (``advance(by:)``, ``finishAnimations()``); a second batch before the first's
///   completion is allowed, as in UIKit, and counted (``overlappingBatchCount``).
/// - **Cells.** Items whose flat position (counting through the sections) falls in the visible
///   window (``firstVisibleItem``, ``visibleItemCount``) have cells; each is configured by
///   reading the data source's item when it appears (at a layout pass, or at the end of the
///   batch that brings it), after a reload, or when reconfigured (at the end of its batch). A
///   moved cell keeps what it was configured with: ``staleCells`` lists cells that no longer
///   show their data source's item (a moved and changed item nobody refreshed, a data source
///   that reads the wrong content). A reconfigured cell keeps its cell, so its item must need the
///   same kind of cell (``cellKind``), as `reconfigureItems(at:)` requires.
///   The view keeps a cell only for a row that has one and a selection only for a selected row,
///   so that a batch costs what it names and what is visible, not the length of the list.
/// - **The user's actions.** ``simulateUserMove(from:to:)`` moves a row as a drag does (the view
///   shows the move, then tells its data source), ``simulateSwipeToDelete(at:)`` and
///   ``simulateSelection(at:extending:)`` name rows by the index paths the view shows; they reach
///   ``userActionHandler`` (the data source when it handles user actions, as a `ViewUpdater`
///   does). Selection follows its rows through batches, as UIKit's does.
///
/// A violation is recorded in ``violations`` (and passed to ``onViolation``) and the view then
/// goes on as after a reload, so that a test can report every violation of a run.
@MainActor
public final class SimulatedView: BatchUpdatingView {
    /// Where the view reads its counts and items: typically a `ViewUpdater`. Held weakly, as
    /// UIKit holds its data source; a read after it was released is a violation
    /// (``SimulatedViewError/dataSourceReleased``), never a silent empty list.
    public weak var dataSource: (any Storage)? {
        didSet { hasDataSource = dataSource != nil }
    }
    /// Whether a data source was set and not cleared by the test.
    private var hasDataSource = false
    /// Where the user's actions go: by default the data source, when it handles them (a
    /// `ViewUpdater`). Held weakly.
    public weak var userActionHandler: (any UserActionHandling)?
    /// The kind of cell an item needs, for the rule of `reconfigureItems(at:)` (the same kind of
    /// cell): by default the item's type.
    public var cellKind: (any Sendable) -> AnyHashable = { ObjectIdentifier(type(of: $0)) }
    /// How long each batch animates: its completion runs once the test has advanced this far.
    public var animationDuration: Duration
    /// Whether the view is in a window.
    public var isInWindow = true
    /// The flat position (items counted through the sections in order) of the first visible
    /// item.
    public var firstVisibleItem = 0
    /// How many items are visible from ``firstVisibleItem``.
    public var visibleItemCount: Int
    /// Called with each cell's index path and the item it was configured with, as the view
    /// configures it (a cell provider); it may change the storage, as real cell code may.
    public var onConfigureCell: ((IndexPath, (any Sendable)?) -> Void)?
    /// Called with each violation as it is found.
    public var onViolation: ((SimulatedViewError) -> Void)?

    /// Every rule broken so far, in order.
    public private(set) var violations: [SimulatedViewError] = []
    /// The simulated time: advanced only by the test.
    public private(set) var now: Duration = .zero
    /// `performBatchUpdates` calls so far.
    public private(set) var batchCount = 0
    /// `reloadData()` calls so far.
    public private(set) var reloadCount = 0
    /// Batches sent while another one was still animating (allowed by UIKit, counted here).
    public private(set) var overlappingBatchCount = 0
    /// The most batches animating at once so far.
    public private(set) var maximumBatchesInFlight = 0
    /// The operations received, one entry per call, for tests of the calls themselves.
    public private(set) var log: [String] = []

    /// Items per section as the view knows them; `nil` until the next layout reads them.
    public internal(set) var cachedItemCounts: [Int]?
    /// The cells, in rows of ``cachedItemCounts``: only the rows that have one (the visible
    /// rows, and until the next layout the rows a batch brought them to).
    var cells = SparseRows<Cell>()
    /// The selected rows, in rows of ``cachedItemCounts``: only the rows that are selected.
    var selection = SparseRows<Void>()
    /// Completions waiting for their animation to end, in the order they were scheduled.
    private var pending: [(due: Duration, completion: ((Bool) -> Void)?)] = []
    /// The batch whose updates block is running, if any.
    private var recording: RecordedBatch?
    private var nextCellID = 0

    /// A configured cell: the item it shows and which cell it is (a reload makes a new one, a
    /// reconfigure keeps it).
    struct Cell {
        var id: Int
        var item: (any Sendable)?
        var needsReconfigure = false
    }

    /// A view reading `dataSource`, animating each batch for `animationDuration`, with
    /// `visibleItemCount` items visible from the first.
    public init(dataSource: (any Storage)? = nil, animationDuration: Duration = .milliseconds(300),
                visibleItemCount: Int = 20) {
        self.dataSource = dataSource
        self.animationDuration = animationDuration
        self.visibleItemCount = visibleItemCount
    }

    // MARK: Time

    /// Batches whose completion has not run yet.
    public var batchesInFlight: Int { pending.count }

    /// Advances the simulated time by `duration`, running the completions that fall due, in
    /// order (those of batches started by a completion too, when they fall due in time).
    public func advance(by duration: Duration) {
        now += duration
        var steps = 0
        while let first = pending.indices.min(by: { pending[$0].due < pending[$1].due }), pending[first].due <= now {
            let completion = pending.remove(at: first).completion
            completion?(true)
            steps += 1
            precondition(steps < 1_000_000, "SimulatedView: completions keep starting batches that complete at once")
        }
    }

    /// Advances the time until no batch is animating.
    public func finishAnimations() {
        while let due = pending.map(\.due).max() { advance(by: max(.zero, due - now)) }
    }

    // MARK: Layout and cells

    /// A layout pass: reads the counts when none are cached, then configures the visible cells
    /// that have none (or that were reconfigured), reading the data source.
    public func layoutIfNeeded() {
        if cachedItemCounts == nil { resetCells(to: readCounts()) }
        configureVisibleCells()
    }

    /// The index paths of the visible items (in the cached counts; none before the first
    /// layout).
    public var indexPathsForVisibleItems: [IndexPath] {
        guard let counts = cachedItemCounts else { return [] }
        return Self.paths(in: counts, from: firstVisibleItem, count: visibleItemCount)
    }

    /// What each visible cell shows: its index path and the item it was last configured with.
    public var visibleCells: [(indexPath: IndexPath, item: (any Sendable)?)] {
        indexPathsForVisibleItems.compactMap { path in
            cells.contains(path) ? cells[path].map { (path, $0.item) } : nil
        }
    }

    /// The identity of the cell at `indexPath` (a reload makes a new cell, a reconfigure keeps
    /// it), or `nil` when there is none.
    public func cellID(at indexPath: IndexPath) -> Int? {
        guard cachedItemCounts != nil, cells.contains(indexPath) else { return nil }
        return cells[indexPath]?.id
    }

    /// The visible cells that do not show what the data source holds at their index path now,
    /// compared as `AnyHashable` (items that are not `Hashable` cannot be compared and are
    /// skipped).
    public var staleCells: [IndexPath] {
        visibleCells.compactMap { cell in
            guard let shown = cell.item as? AnyHashable else { return nil }
            let current = dataSource?.item(at: cell.indexPath) as? AnyHashable
            return shown == current ? nil : cell.indexPath
        }
    }

    func configureVisibleCells() {
        for path in indexPathsForVisibleItems {
            guard cachedItemCounts != nil, cells.contains(path) else { continue }
            if let cell = cells[path], !cell.needsReconfigure { continue }
            let item = dataSource?.item(at: path)
            if var cell = cells[path] {
                if let before = cell.item, let item, cellKind(before) != cellKind(item) {
                    report(.reconfiguredWithAnotherKindOfCell(path))
                }
                cell.item = item
                cell.needsReconfigure = false
                cells[path] = cell
            } else {
                nextCellID += 1
                cells[path] = Cell(id: nextCellID, item: item)
            }
            onConfigureCell?(path, item)
        }
        // Cells that scrolled away are reused: they show nothing any more.
        let visible = Set(indexPathsForVisibleItems)
        cells.removeAll { path, _ in !visible.contains(path) }
    }

    private func readCounts() -> [Int] {
        guard let dataSource else {
            if hasDataSource {
                hasDataSource = false
                report(.dataSourceReleased)
            }
            return []
        }
        return (0..<dataSource.numberOfSections).map { dataSource.numberOfItems(inSection: $0) }
    }

    /// The index paths of `count` items from flat position `first`, in sections of `counts` items.
    static func paths(in counts: [Int], from first: Int, count: Int) -> [IndexPath] {
        var result: [IndexPath] = []
        var position = 0
        for (section, items) in counts.enumerated() {
            if position + items <= first {
                position += items
                continue
            }
            for item in 0..<items {
                if position >= first + count { return result }
                if position >= first { result.append(IndexPath(indexes: [section, item])) }
                position += 1
            }
        }
        return result
    }

    // MARK: BatchUpdatingView

    /// Runs `updates` as one batch: "before" counts from the cache or, when it is empty, from
    /// the data source before the block; "after" counts from the data source after it; every
    /// operation checked against both; cells moved, dropped and configured; `completion` when
    /// the test has advanced past the animation.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        guard recording == nil else {
            report(.nestedBatch)
            updates?()
            if let completion { pending.append((now + animationDuration, completion)) }
            return
        }
        batchCount += 1
        log.append("performBatchUpdates")
        if !pending.isEmpty { overlappingBatchCount += 1 }
        let before = cachedItemCounts ?? readCounts()
        if cachedItemCounts == nil { resetCells(to: before) }
        recording = RecordedBatch()
        updates?()
        let batch = recording!
        recording = nil
        commit(batch, before: before)
        pending.append((now + animationDuration, completion))
        maximumBatchesInFlight = max(maximumBatchesInFlight, pending.count)
    }

    /// Checks `batch` against `before` and the data source's counts now, then applies it.
    private func commit(_ batch: RecordedBatch, before: [Int]) {
        let after = readCounts()
        do {
            try batch.check(before: before, after: after)
            cells = cells.carried(through: batch, after: after) { cell, reloaded in
                var cell = cell
                cell.needsReconfigure = true
                return reloaded ? nil : cell
            }
            selection = selection.carried(through: batch, after: after) { selected, _ in selected }
            cachedItemCounts = after
        } catch {
            report(error)
            resetCells(to: after)
        }
        configureVisibleCells()
    }

    /// Runs an operation: recorded in the batch whose updates block runs, or, outside one, as a
    /// batch of its own without animation (as UIKit does).
    private func record(_ entry: String, _ operation: (inout RecordedBatch) -> Void) {
        log.append(entry)
        if recording != nil {
            operation(&recording!)
        } else {
            var batch = RecordedBatch()
            operation(&batch)
            let before = cachedItemCounts ?? readCounts()
            if cachedItemCounts == nil { resetCells(to: before) }
            commit(batch, before: before)
        }
    }

    /// Inserts sections (new indexes) in the batch whose updates block runs, or as a batch of its own.
    public func insertSections(_ sections: IndexSet) {
        record("insertSections \(Array(sections))") { $0.insertedSections += sections }
    }

    /// Deletes sections (old indexes) in the batch whose updates block runs, or as a batch of its own.
    public func deleteSections(_ sections: IndexSet) {
        record("deleteSections \(Array(sections))") { $0.deletedSections += sections }
    }

    /// Reloads sections (old indexes): their visible cells are replaced as the batch ends.
    public func reloadSections(_ sections: IndexSet) {
        record("reloadSections \(Array(sections))") { $0.reloadedSections += sections }
    }

    /// Moves a section from its old index to its new one.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        record("moveSection \(section) -> \(newSection)") { $0.movedSections.append((section, newSection)) }
    }

    /// Inserts items (new index paths); their visible cells are configured as the batch ends.
    public func insertItems(at indexPaths: [IndexPath]) {
        record("insertItems \(indexPaths.map(Array.init))") { $0.insertedItems += indexPaths }
    }

    /// Deletes items (old index paths) and their cells.
    public func deleteItems(at indexPaths: [IndexPath]) {
        record("deleteItems \(indexPaths.map(Array.init))") { $0.deletedItems += indexPaths }
    }

    /// Reloads items (old index paths): each visible one gets a new cell as the batch ends.
    public func reloadItems(at indexPaths: [IndexPath]) {
        record("reloadItems \(indexPaths.map(Array.init))") { $0.reloadedItems += indexPaths }
    }

    /// Reconfigures items (old index paths): each visible one keeps its cell, which reads its
    /// item again as the batch ends (the same kind of cell: see ``cellKind``).
    public func reconfigureItems(at indexPaths: [IndexPath]) {
        record("reconfigureItems \(indexPaths.map(Array.init))") { $0.reconfiguredItems += indexPaths }
    }

    /// Moves an item and its cell, which keeps what it was configured with.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record("moveItem \(Array(indexPath)) -> \(Array(newIndexPath))") { $0.movedItems.append((indexPath, newIndexPath)) }
    }

    /// Drops the cached counts and every cell; the next layout reads the data source again.
    /// Inside an updates block it is a violation (UIKit: not while updates are uncommitted).
    public func reloadData() {
        log.append("reloadData")
        reloadCount += 1
        if recording != nil { report(.reloadDataInsideBatch) }
        cachedItemCounts = nil
        cells = SparseRows()
        selection = SparseRows()
    }

    /// Caches `counts`, with no cell and no selection.
    func resetCells(to counts: [Int]) {
        cachedItemCounts = counts
        cells = SparseRows(counts: counts)
        selection = SparseRows(counts: counts)
    }

    private func report(_ error: SimulatedViewError) {
        violations.append(error)
        onViolation?(error)
    }
}
