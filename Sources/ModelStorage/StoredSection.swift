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
    /// First offset of every `Hashable` item, built on demand; `nil` when stale.
    var lookup: [AnyHashable: Int]?

    init(id: UInt64, model: SectionModel, slots: [UInt64]) {
        self.id = id
        self.model = model
        self.slots = slots
    }

    /// The offset of the first item equal to `item`: O(1) average once the section's lookup
    /// index is built (O(items) to build, after a mutation other than an append).
    mutating func firstIndex<T: Hashable>(of item: T) -> Int? {
        if lookup == nil { lookup = Self.makeLookup(model.items, startingAt: 0, into: [:]) }
        guard let candidate = lookup?[AnyHashable(item)] else { return nil }
        if let stored = model.items[candidate] as? T, stored == item { return candidate }
        // `AnyHashable` equates values of different types (1 and Int64(1)); the typed
        // comparison decides.
        return model.items.firstIndex { ($0 as? T) == item }
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
        if let built = lookup {
            lookup = nil  // keep the dictionary uniquely referenced while it grows
            lookup = Self.makeLookup(items, startingAt: start, into: built)
        }
    }

    /// Marks the lookup index stale after a mutation other than an append.
    mutating func invalidateLookup() { lookup = nil }

    private static func makeLookup(_ items: [any Sendable], startingAt start: Int, into lookup: [AnyHashable: Int])
        -> [AnyHashable: Int]
    {
        var lookup = lookup
        for (offset, item) in items.enumerated() {
            if let key = item as? AnyHashable, lookup[key] == nil { lookup[key] = start + offset }
        }
        return lookup
    }
}

/// The identities of one section at the start of a batch.
struct SectionSnapshot {
    let id: UInt64
    let slots: [UInt64]
}
