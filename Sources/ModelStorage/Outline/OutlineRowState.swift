/// What a cell shows of an outline row besides its item: how deep it is (its indentation),
/// whether it has children (a disclosure control) and whether they are shown.
public struct OutlineRowState: Hashable, Sendable {
    /// The depth of the row's item: 0 for a root, 1 for a root's child, and so on.
    public var level: Int
    /// Whether the item is expanded (its children shown when it has any).
    public var isExpanded: Bool
    /// Whether the item has children in the tree.
    public var hasChildren: Bool

    /// A row state of `level`, expanded or not, with or without children.
    public init(level: Int, isExpanded: Bool, hasChildren: Bool) {
        self.level = level
        self.isExpanded = isExpanded
        self.hasChildren = hasChildren
    }
}
