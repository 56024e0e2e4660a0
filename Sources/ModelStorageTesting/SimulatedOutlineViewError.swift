import ModelStorage

/// What a ``SimulatedOutlineView`` reports: a rule of `NSOutlineView` that a call to the view
/// broke (recorded in ``SimulatedOutlineView/violations``), or why one of its simulated user
/// actions did not reach its handler or what the handler threw (thrown by the `simulate...`
/// methods). Items are named as the view's ``SimulatedOutlineView/describeItem`` names them
/// (`root` for the root).
public enum SimulatedOutlineViewError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A call the view got.
    public enum Operation: String, Sendable {
        /// `insertItems(at:inParent:)`.
        case insert
        /// `removeItems(at:inParent:)`.
        case remove
        /// `moveItem(at:inParent:to:inParent:)`, the place it moves from.
        case moveSource = "move from"
        /// `moveItem(at:inParent:to:inParent:)`, the place it moves to.
        case moveDestination = "move to"
        /// `reloadItem(_:reloadChildren:)`.
        case reload
        /// `expandItem(_:expandChildren:)`.
        case expand
        /// `collapseItem(_:collapseChildren:)`.
        case collapse
    }

    // MARK: Violations

    /// A call names a parent the view does not show expanded at that moment (`NSOutlineView`
    /// ignores it: the change is lost).
    case parentNotExpanded(Operation, parent: String)
    /// A call names an item the view does not show at that moment.
    case itemNotShown(Operation, item: String)
    /// A call names an index outside the children of its parent at that moment (`count`
    /// children, as the previous calls left them).
    case indexOutOfRange(Operation, index: Int, count: Int, parent: String)
    /// The data source gave an object the view already shows elsewhere (an object appears once).
    case duplicateObject(String, parent: String)
    /// A move of an item into its own subtree.
    case moveIntoOwnSubtree(String)
    /// At ``SimulatedOutlineView/verify()`` (at the end of each group of updates): the children
    /// the view shows of an expanded item are not those its data source answers now.
    case staleChildren(parent: String, shown: [String], dataSource: [String])
    /// At ``SimulatedOutlineView/verify()``: the view shows a disclosure for an item that its
    /// data source says is not expandable, or none for one it says is (a reload missing).
    case staleExpandability(String, shown: Bool, dataSource: Bool)
    /// `endUpdates()` without a `beginUpdates()`.
    case unbalancedEndUpdates
    /// The view read its data source after it had been released (held weakly, as AppKit does).
    case dataSourceReleased

    // MARK: User actions

    /// A simulated action named a row the view does not show.
    case noRow(Int, rowCount: Int)
    /// A disclosure click on a row that shows no disclosure.
    case noDisclosure(row: Int)
    /// A drop the handler's `canDrop` refused (`validateDrop` answered no operation): the view
    /// accepts no such drop.
    case dropNotValidated
    /// The view has no user-action handler.
    case noUserActionHandler
    /// The handler threw this for the action.
    case actionFailed(OutlineActionError)

    /// A sentence that says what went wrong.
    public var description: String {
        switch self {
        case let .parentNotExpanded(operation, parent):
            "\(operation.rawValue) under \(parent), which the view does not show expanded: NSOutlineView ignores it"
        case let .itemNotShown(operation, item): "\(operation.rawValue) of \(item), which the view does not show"
        case let .indexOutOfRange(operation, index, count, parent):
            "\(operation.rawValue) at index \(index) of \(parent), which has \(count) children at that moment"
        case let .duplicateObject(item, parent):
            "the data source gave \(item) as a child of \(parent), but the view shows that object elsewhere"
        case let .moveIntoOwnSubtree(item): "move of \(item) into its own subtree"
        case let .staleChildren(parent, shown, dataSource):
            "the view shows \(shown) as the children of \(parent), its data source answers \(dataSource)"
        case let .staleExpandability(item, shown, dataSource):
            "the view shows \(item) \(shown ? "with" : "without") a disclosure, its data source answers \(dataSource ? "expandable" : "not expandable")"
        case .unbalancedEndUpdates: "endUpdates() without beginUpdates()"
        case .dataSourceReleased: "the view's data source was released while the view still reads it"
        case let .noRow(row, count): "row \(row) is not shown (the view shows \(count) rows)"
        case let .noDisclosure(row): "row \(row) shows no disclosure"
        case .dropNotValidated: "the handler did not validate the drop"
        case .noUserActionHandler: "the view has no user-action handler"
        case let .actionFailed(error): "the handler refused the action: \(error)"
        }
    }
}
