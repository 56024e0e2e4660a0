/// A section for sectioned diffs: a model that gives the section its identity and its own
/// content (header data and the like), and the section's items.
///
/// `SectionedChangeset(from:to:)` diffs lists of these: sections by
/// `model.id`, section content by `model ==`, items by their ids across all sections.
public struct ArraySection<Model: Identifiable & Equatable, Item: Identifiable & Equatable>: Identifiable, Equatable {
    /// The section's identity and own content.
    public var model: Model
    /// The section's items.
    public var items: [Item]

    /// A section with `model` and `items`.
    @inlinable
    public init(model: Model, items: [Item]) {
        self.model = model
        self.items = items
    }

    /// The model's id.
    @inlinable
    public var id: Model.ID { model.id }
}

extension ArraySection: Hashable where Model: Hashable, Item: Hashable {}
extension ArraySection: Sendable where Model: Sendable, Item: Sendable {}
