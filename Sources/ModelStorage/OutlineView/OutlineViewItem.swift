/// The object an outline view shows for one item of an ``OutlineStorage``: one per id for as long
/// as the id is in the outline, the same across every update and reload, so that the view's
/// expansion, selection and autosaved state, which follow the object (`NSOutlineView` requires
/// it), survive them. While its id is not in the outline, the updater takes the object for no
/// item (a user's action with it throws); an id removed and added again may get its former object
/// back.
///
/// Handed out by an ``OutlineViewUpdater``; a cell reads ``item`` (the item as the view shows it)
/// and ``id``.
@MainActor
public final class OutlineViewItem<Item: Identifiable & Equatable & Sendable> {
    /// The id of the item this object stands for.
    public let id: Item.ID
    /// The item as the view shows it: it changes when the updater reloads the object's row.
    public var item: Item { shownItem }
    /// The item as the view shows it.
    @usableFromInline
    var shownItem: Item

    /// The object of `item`.
    @inlinable
    init(_ item: Item) {
        id = item.id
        shownItem = item
    }
}
