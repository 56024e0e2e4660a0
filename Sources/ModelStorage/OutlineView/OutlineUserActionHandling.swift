/// What an outline view calls when its user acts on it: with the objects the view shows, applied
/// to the items they stand for. ``OutlineViewUpdater`` conforms; the `ModelStorageTesting`
/// product's `SimulatedOutlineView` calls it for its simulated user, the `ModelStorageViews`
/// product's `OutlineViewDataSource` for `NSOutlineView`'s.
@MainActor
public protocol OutlineUserActionHandling: AnyObject {
    /// The user expanded `object`'s row (the view shows it expanded, having read its children).
    func userDidExpand(_ object: Any, recursively: Bool) throws(OutlineActionError)
    /// The user collapsed `object`'s row (the view hides its children).
    func userDidCollapse(_ object: Any, recursively: Bool) throws(OutlineActionError)
    /// The user deleted `object`'s row.
    func userDidDelete(_ object: Any) throws(OutlineActionError)
    /// Whether `dragged` can be dropped on `parent` at `childIndex` (`-1`: on the item).
    func canDrop(_ dragged: Any, onto parent: Any?, childIndex: Int) -> Bool
    /// The user dropped `dragged` on `parent` at `childIndex` (`-1`: on the item); the view
    /// moved nothing.
    func userDidDrop(_ dragged: Any, onto parent: Any?, childIndex: Int) throws(OutlineActionError)
}

extension OutlineViewUpdater: OutlineUserActionHandling {}
