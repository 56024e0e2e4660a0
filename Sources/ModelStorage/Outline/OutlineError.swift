/// Why an ``OutlineStorage`` refused a change. A refused change leaves the tree, its expansion
/// and its rows exactly as they were, and reports nothing.
public enum OutlineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An id the call names (a parent, a sibling, an item to change) is not in the tree.
    case itemNotFound(String)
    /// An item the call adds has an id already in the tree, or the call lists one id twice.
    case duplicateID(String)
    /// A move would put an item under itself or one of its descendants.
    case moveIntoOwnSubtree(String)
    /// A child index outside `0...childCount` (the parent's children once the moved item has
    /// left them).
    case childIndexOutOfRange(Int, childCount: Int)
    /// Loading the children of the item of this id failed: the loader threw (`reason` is its
    /// error, described), or the outline has no ``OutlineStorage/childrenLoader``. The item is
    /// collapsed again and its children stay unloaded.
    case childrenLoadFailed(String, reason: String)

    /// A sentence that says what was refused.
    public var description: String {
        switch self {
        case let .itemNotFound(id): "no item with id \(id) in the outline"
        case let .duplicateID(id): "the id \(id) is already in the outline, or listed twice"
        case let .moveIntoOwnSubtree(id): "the item \(id) cannot move under itself or its descendants"
        case let .childIndexOutOfRange(index, count): "child index \(index) is outside 0...\(count)"
        case let .childrenLoadFailed(id, reason): "loading the children of \(id) failed: \(reason)"
        }
    }
}
