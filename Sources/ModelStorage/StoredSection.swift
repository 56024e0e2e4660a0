/// A section as ``MemoryStorage`` keeps it: the public model plus the identities that let a
/// batch of mutations be folded into one update.
struct StoredSection {
    /// Identity of the section, unique within its storage for the storage's lifetime.
    let id: UInt64
    /// Items and supplementary models.
    var model: SectionModel
    /// Identity of each item, parallel to `model.items`: unique within the storage, kept by
    /// moves and reloads, new for every inserted item.
    var slots: [UInt64]
    /// First offset of every item of the type last looked for, built on demand; `nil` when
    /// stale.
    var lookup: ItemLookup?

    init(id: UInt64, model: SectionModel, slots: [UInt64]) {
        self.id = id
        self.model = model
        self.slots = slots
    }

    /// The offset of the first item equal to `item`: O(1) average once the section's lookup
    /// index for `T` is built (O(items) to build, after a mutation other than an append or
    /// a look-up of another type).
    mutating func firstIndex<T: Hashable>(of item: T) -> Int? {
        if let lookup, lookup.type == ObjectIdentifier(T.self) {
            return lookup.firstIndex(of: item, in: model.items)
        }
        let built = ItemLookup(model.items, as: T.self)
        lookup = built
        return built.firstIndex(of: item, in: model.items)
    }

    /// The offset of the first item equal to `item`. O(items).
    func firstIndex<T: Equatable>(of item: T) -> Int? {
        model.items.firstIndex { ($0 as? T) == item }
    }

    /// Appends items with their identities, keeping a built lookup index up to date.
    mutating func append(_ items: [any Sendable], slots newSlots: [UInt64]) {
        let start = model.items.count
        model.items.append(contentsOf: items)
        slots.append(contentsOf: newSlots)
        if var built = lookup {
            lookup = nil  // keep the dictionary uniquely referenced while it grows
            built.append(items, startingAt: start)
            lookup = built
        }
    }

    /// Marks the lookup index stale after a mutation other than an append.
    mutating func invalidateLookup() { lookup = nil }
}

/// The identities of one section at the start of a batch.
struct SectionSnapshot {
    let id: UInt64
    let slots: [UInt64]
}
