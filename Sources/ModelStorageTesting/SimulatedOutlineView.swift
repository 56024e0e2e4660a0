import Foundation
import ModelStorage

/// An outline view that holds `NSOutlineView`'s documented rules, for tests: it lets you test
/// outline code (an `OutlineViewUpdater`, your own data source) in a plain `swift test`, and
/// records each call that breaks a rule as a typed ``SimulatedOutlineViewError``.
///
/// What it does as `NSOutlineView` does:
///
/// - **Objects.** Its items are objects, told apart by identity: one object appears once; its
///   expansion follows the object through moves and reloads.
/// - **Calls relative to parents.** Within ``beginUpdates()``/``endUpdates()`` each call reads
///   the children of its parent as the previous calls left them. An insertion, removal or move
///   names a parent the view shows expanded (or the root, `nil`) and indexes in range at that
///   moment; `moveItem`'s destination index is the item's index once there. A call under a
///   parent not shown expanded, of an item not shown, or out of range is a violation (where
///   `NSOutlineView` silently loses it) and the view ignores it.
/// - **Reads.** The view reads an inserted item, and whether it is expandable, from its
///   ``dataSource`` when it is inserted; the children of an item when it expands it
///   (``expandItem(_:expandChildren:)`` of an item not expandable or already expanded does
///   nothing); an item again at ``reloadItem(_:reloadChildren:)``.
/// - **Memory of expansions, by object.** `collapseItem(_, collapseChildren: false)` remembers
///   which descendants were expanded, `collapseChildren: true` forgets them; ``reloadData()``
///   remembers every object it showed expanded. Whenever the view reads the children of an item
///   it expands (or the roots), it re-expands those it remembers, wherever they were before,
///   reading their children. An inserted object comes collapsed, and an object shown collapsed
///   is not re-expanded by a reload. A removed item's memory of its descendants goes with it.
/// - **Checks.** After each insertion, removal or move, the view compares the children it shows
///   of the call's parents with what its data source answers at that moment (an inserted item is
///   read then, so a data source that changes with each call, as an `OutlineViewUpdater` does,
///   answers every read of the view; ``checksEachCall`` turns this off for a data source that
///   changes all at once before the group). At the end of each group of updates (and after each call outside one), and when a test calls
///   ``verify()``, it compares everything: the children of every item it shows expanded (their
///   count and objects) and whether each row is expandable.
///
/// A violation is recorded in ``violations`` (and passed to ``onViolation``); the view then
/// takes what its data source answers, so that a test can report every violation of a run.
/// The user's actions (disclosure clicks, drops, deletions) are in `SimulatedOutlineView+UserActions`.
@MainActor
public final class SimulatedOutlineView: OutlineUpdatingView {
    /// Where the view reads its items: typically an `OutlineViewUpdater`. Held weakly, as
    /// AppKit holds its data source; a read after it was released is a violation.
    public weak var dataSource: (any OutlineViewDataSourcing)? {
        didSet { hasDataSource = dataSource != nil }
    }
    /// Where the user's actions go (an `OutlineViewUpdater`). Held weakly, as a delegate.
    public weak var userActions: (any OutlineUserActionHandling)?
    /// How errors and the log name an item.
    public var describeItem: (Any) -> String = { String(describing: $0) }
    /// What a row's cell shows of its item, read when the view reads the row (inserted, shown by
    /// an expansion or a reload of the view, reloaded by `reloadItem`) and kept through moves, so
    /// that a reload the data source's owner missed shows in ``rows``. `nil`: cells read nothing.
    public var cellContent: ((Any) -> AnyHashable?)?
    /// Whether an Option-click reports only the row's item, `recursively`, rather than each item
    /// it expands or collapses (as `NSOutlineView`'s notifications do, the default).
    public var optionClickReportsTopOnly = false
    /// Whether each insertion, removal or move inside a group is checked against the data source
    /// at that moment (the children of the call's parents), rather than only at the group's end.
    public var checksEachCall = true
    /// Called with each violation as it is found.
    public var onViolation: ((SimulatedOutlineViewError) -> Void)?

    /// Every rule broken so far, in order.
    public internal(set) var violations: [SimulatedOutlineViewError] = []
    /// The calls received, one entry per call, for tests of the calls themselves.
    public internal(set) var log: [String] = []
    /// `reloadData()` calls so far.
    public internal(set) var reloadCount = 0
    /// How deep in `beginUpdates()` the view is.
    public internal(set) var updateDepth = 0

    /// One object the view shows.
    struct Node {
        let object: AnyObject
        var parent: Key?
        /// The children shown, when expanded.
        var children: [Key]?
        var isExpandable: Bool
        var content: AnyHashable?
    }

    typealias Key = ObjectIdentifier
    /// The objects shown, by identity.
    var nodes: [Key: Node] = [:]
    /// The roots shown, in order.
    var roots: [Key] = []
    /// The objects the view remembers expanded while it does not show them (hidden by a collapse
    /// without its children, or by ``reloadData()``), each with the parent it had then; kept
    /// alive so that their identities stay theirs.
    var remembered: [Key: (object: AnyObject, parent: Key?)] = [:]
    private var hasDataSource = false

    /// A view reading `dataSource`, its user's actions going to `userActions`. It shows nothing
    /// until the first ``reloadData()``.
    public init(dataSource: (any OutlineViewDataSourcing)? = nil, userActions: (any OutlineUserActionHandling)? = nil) {
        self.dataSource = dataSource
        self.userActions = userActions
    }

    // MARK: Reading what the view shows

    /// A row the view shows.
    public struct Row {
        /// The row's object.
        public let object: AnyObject
        /// Its indentation: 0 for a root.
        public let level: Int
        /// Whether the view shows it expanded.
        public let isExpanded: Bool
        /// Whether the view shows a disclosure for it.
        public let isExpandable: Bool
        /// What its cell shows (``cellContent``), as last read.
        public let content: AnyHashable?
    }

    /// The rows, in display order. O(rows).
    public var rows: [Row] {
        var result: [Row] = []
        func visit(_ keys: [Key], level: Int) {
            for key in keys {
                let node = nodes[key]!
                result.append(Row(object: node.object, level: level, isExpanded: node.children != nil,
                                  isExpandable: node.isExpandable, content: node.content))
                if let children = node.children { visit(children, level: level + 1) }
            }
        }
        visit(roots, level: 0)
        return result
    }

    /// The number of rows shown. O(rows).
    public var numberOfRows: Int { rows.count }

    /// The object at `row`, or `nil` when there is none. O(rows).
    public func item(atRow row: Int) -> AnyObject? {
        let rows = self.rows
        return rows.indices.contains(row) ? rows[row].object : nil
    }

    /// The row of `item`, or -1 when the view does not show it (as `NSOutlineView`). O(rows).
    public func row(forItem item: Any?) -> Int {
        guard let key = key(item) else { return -1 }
        return rows.firstIndex { ObjectIdentifier($0.object) == key } ?? -1
    }

    /// Whether the view shows `item` expanded.
    public func isItemExpanded(_ item: Any?) -> Bool {
        key(item).flatMap { nodes[$0]?.children } != nil
    }

    /// The children the view shows of `item` (`nil`: the roots), or `nil` when it does not show
    /// it expanded.
    public func children(ofItem item: Any?) -> [AnyObject]? {
        if item != nil, key(item) == nil { return nil }
        guard let keys = shownChildren(of: key(item)) else { return nil }
        return keys.map { nodes[$0]!.object }
    }

    /// The parent the view shows of `item` (`nil` for a root or an item it does not show).
    public func parent(forItem item: Any?) -> AnyObject? {
        key(item).flatMap { nodes[$0]?.parent }.flatMap { nodes[$0]?.object }
    }

    // MARK: Helpers

    /// The identity of `item` when it is an object (`nil` for `nil` and for a value).
    func key(_ item: Any?) -> Key? {
        guard let item, type(of: item) is AnyClass else { return nil }
        return ObjectIdentifier(item as AnyObject)
    }

    /// The children shown of `key` (`nil`: the roots), `nil` when not shown expanded.
    func shownChildren(of key: Key?) -> [Key]? {
        guard let key else { return roots }
        return nodes[key]?.children
    }

    /// Sets the children shown of `key` (`nil`: the roots), shown expanded.
    func setChildren(_ children: [Key], of key: Key?) {
        if let key { nodes[key]!.children = children } else { roots = children }
    }

    /// The object of `key`, for the data source (`nil` for the root).
    func object(_ key: Key?) -> AnyObject? { key.flatMap { nodes[$0]?.object } }

    /// How errors name `key` (`root` for `nil`).
    func describe(_ key: Key?) -> String {
        guard let key else { return "root" }
        return nodes[key].map { describeItem($0.object) } ?? "an object not shown"
    }

    /// Whether `key` is `ancestor` or below it, as shown.
    func isInSubtree(_ key: Key?, of ancestor: Key) -> Bool {
        var step = key
        while let current = step {
            if current == ancestor { return true }
            step = nodes[current]?.parent
        }
        return false
    }

    /// `key` and the keys shown below it, `key` first.
    func subtree(of key: Key) -> [Key] {
        var result: [Key] = [], pending = [key]
        while let next = pending.popLast() {
            result.append(next)
            pending.append(contentsOf: (nodes[next]?.children ?? []).reversed())
        }
        return result
    }

    /// The data source, or `nil` (a violation once when it was released).
    func source() -> (any OutlineViewDataSourcing)? {
        if dataSource == nil, hasDataSource {
            hasDataSource = false
            report(.dataSourceReleased)
        }
        return dataSource
    }

    /// Records `error`.
    func report(_ error: SimulatedOutlineViewError) {
        violations.append(error)
        onViolation?(error)
    }

    /// Appends `entry` to the log.
    func note(_ entry: String) { log.append(entry) }
}
