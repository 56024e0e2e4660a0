/// The calls one flush of an ``OutlineViewUpdater`` made to its view, by id, in order: what
/// changed in the tree the view shows, relative to parents, as `NSOutlineView` takes it.
///
/// Each step's indexes are those of its parent's children as the previous steps left them, so
/// that the steps, applied in order to the tree the view showed, give the tree it shows now. An
/// update is legal for one `beginUpdates()`/`endUpdates()`: no step names a parent the view does
/// not show expanded at that moment, nor an item it does not show.
public struct OutlineTreeUpdate<ID: Hashable>: Hashable {
    /// One call.
    public enum Step: Hashable {
        /// The item collapsed, its descendants with it (`collapseItem(_:collapseChildren: true)`).
        case collapse(ID)
        /// The children at these indexes (ascending) of the parent (`nil`: the roots) removed, with
        /// their descendants.
        case remove([Int], parent: ID?)
        /// A child moved from an index of one parent to an index of another (or the same): its
        /// index once there.
        case move(from: Int, oldParent: ID?, to: Int, newParent: ID?)
        /// Children inserted at these indexes (ascending) of the parent, indexes once inserted.
        case insert([Int], parent: ID?)
        /// The item's row read again: its content, its disclosure or its loading changed, or its
        /// cell was made with another expansion than the row shows now.
        case reload(ID)
        /// The item expanded: the view reads its children.
        case expand(ID)
        /// Everything read again (`reloadData()`).
        case reloadData
    }

    /// The steps, in the order they were sent.
    public var steps: [Step] = []

    /// An update of no steps.
    public init() {}

    /// Whether the flush sent nothing.
    public var isEmpty: Bool { steps.isEmpty }
}

extension OutlineTreeUpdate: Sendable where ID: Sendable {}
extension OutlineTreeUpdate.Step: Sendable where ID: Sendable {}
