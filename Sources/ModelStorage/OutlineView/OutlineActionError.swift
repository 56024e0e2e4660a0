/// Why an ``OutlineViewUpdater`` did not apply a user's action on an outline view (a
/// disclosure click, a drop, a deletion) to the storage. The action then changes nothing in the
/// storage, and the updater's next flush brings the view back to the storage's tree: nothing is
/// lost, and no other item is touched.
public enum OutlineActionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The object the view named is not one this updater handed out, or its item has left the
    /// outline (a row the view still shows from before a change it has not been sent yet).
    case itemLeftOutline
    /// A drop's place is not one the view shows (a parent it does not show expanded, a child
    /// index outside its children), or a parent the updater's `canDropItem` refuses.
    case invalidDropTarget
    /// The outline refused the change (a drop into the dragged item's own subtree).
    case refused(OutlineError)

    /// A sentence that says why.
    public var description: String {
        switch self {
        case .itemLeftOutline: "the item the view named is no longer in the outline"
        case .invalidDropTarget: "the drop's place is not one the view shows, or the app refuses it"
        case let .refused(error): "the outline refused the change: \(error)"
        }
    }
}
