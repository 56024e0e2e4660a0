/// One section of a ``MemoryStorage``: its items and its supplementary models (header,
/// footer, or any other kind), as a value.
///
/// A `SectionModel` is a copy: changing one you got from ``MemoryStorage/section(atIndex:)``
/// changes nothing in the storage until you hand it back with
/// ``MemoryStorage/setSection(_:forSection:)``, so no change can bypass the storage's updates.
public struct SectionModel: Sendable {
    /// The items, in order.
    public var items: [any Sendable]
    /// Supplementary models by kind.
    var supplementaryModels: [String: any Sendable]

    /// A section holding `items` and no supplementary models.
    public init(items: [any Sendable] = []) {
        self.items = items
        supplementaryModels = [:]
    }

    /// The number of items.
    public var numberOfItems: Int { items.count }

    /// The item at `index`, or `nil` when out of range.
    public func item(at index: Int) -> (any Sendable)? {
        items.indices.contains(index) ? items[index] : nil
    }

    /// Sets the supplementary model of `kind`; `nil` (also an optional holding nothing)
    /// removes it. An optional that holds a model sets that model (through nested optionals).
    public mutating func setSupplementaryModel(_ model: (any Sendable)?, forKind kind: String) {
        supplementaryModels[kind] = model.flatMap(nonNilModel)
    }

    /// The supplementary model of `kind`, or `nil` when there is none.
    public func supplementaryModel(ofKind kind: String) -> (any Sendable)? {
        supplementaryModels[kind]
    }
}
