/// What a cell shows of an outline row besides its item: how deep it is (its indentation),
/// whether it has children (a disclosure control), whether they are shown, and whether they are
/// being loaded (a progress indicator, see ``OutlineStorage/childrenLoader``).
public struct OutlineRowState: Hashable, Sendable {
    /// The depth of the row's item: 0 for a root, 1 for a root's child, and so on.
    public var level: Int
    /// Whether the item is expanded (its children shown when it has any).
    public var isExpanded: Bool
    /// Whether the item has children in the tree, or children not loaded yet
    /// (``OutlineStorage/hasUnloadedChildren(_:)``): whether its cell shows a disclosure.
    public var hasChildren: Bool
    /// Whether the item's children are being loaded (``OutlineStorage/isLoadingChildren(_:)``):
    /// the item is expanded and its children come when the load ends.
    public var isLoading: Bool

    /// A row state of `level`, expanded or not, with or without children, loading them or not.
    public init(level: Int, isExpanded: Bool, hasChildren: Bool, isLoading: Bool = false) {
        self.level = level
        self.isExpanded = isExpanded
        self.hasChildren = hasChildren
        self.isLoading = isLoading
    }
}
