/// A section as ``MemoryStorage`` keeps it: the public model, the identity of each item (what
/// lets a batch of mutations be folded into one update), and a look-up index of its items.
///
/// It owns its invariant: the items and their identities stay parallel and the look-up index
/// is never stale, because every change goes through the methods below (which keep an appended
/// index up to date and drop it after any other change). `_checkInvariants()` runs after each
/// of them when the package is built with its trait `InternalChecks` (the package's own test
/// runs; never a user's build), as swift-collections gates its checks behind a flag of its own.
/// Only the storage's primitives
/// (`MemoryStorage+Primitives.swift`) call them.
struct StoredSection {
    /// Identity of the section, unique within its storage for the storage's lifetime.
    let id: UInt64
    /// Items and supplementary models.
    private(set) var model: SectionModel
    /// Identity of each item, parallel to `model.items`: unique within the storage, kept by
    /// moves and reloads, new for every inserted item.
    private(set) var slots: [UInt64]
    /// First offset of every item of the type last looked for, built on demand; `nil` when not
    /// built.
    private var lookup: ItemLookup?

    init(id: UInt64, model: SectionModel, slots: [UInt64]) {
        self.id = id
        self.model = model
        self.slots = slots
        _checkInvariants()
    }

    /// The items, in order.
    var items: [any Sendable] { model.items }

    /// The number of items.
    var count: Int { slots.count }

    // MARK: Reading

    /// The offset of the first item equal to `item`: O(1) average once the section's lookup
    /// index for `T` is built (O(items) to build, after a change other than an append or a
    /// look-up of another type).
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

    // MARK: Changing

    /// Inserts `items` with their identities at `index` (the end appends, keeping a built
    /// look-up index). O(items after `index`).
    mutating func insert(_ items: [any Sendable], slots newSlots: [UInt64], at index: Int) {
        if index == slots.count {
            let start = model.items.count
            model.items.append(contentsOf: items)
            slots.append(contentsOf: newSlots)
            if var built = lookup {
                lookup = nil  // keep the dictionary uniquely referenced while it grows
                built.append(items, startingAt: start)
                lookup = built
            }
        } else {
            model.items.insert(contentsOf: items, at: index)
            slots.insert(contentsOf: newSlots, at: index)
            lookup = nil
        }
        _checkInvariants()
    }

    /// Removes the item at `index`; returns it with its identity. O(items after `index`).
    mutating func remove(at index: Int) -> (item: any Sendable, slot: UInt64) {
        let removed = (model.items.remove(at: index), slots.remove(at: index))
        lookup = nil
        _checkInvariants()
        return removed
    }

    /// Removes the items whose flag in `removed` is set, keeping the order of the others. O(items).
    mutating func remove(where removed: [Bool]) {
        compact(&model.items, removing: removed)
        compact(&slots, removing: removed)
        lookup = nil
        _checkInvariants()
    }

    /// Replaces the item at `index`, keeping its identity. O(1).
    mutating func replace(at index: Int, with item: any Sendable) {
        model.items[index] = item
        lookup = nil
        _checkInvariants()
    }

    /// Replaces every item and identity. O(items).
    mutating func replaceAll(_ items: [any Sendable], slots newSlots: [UInt64]) {
        model.items = items
        slots = newSlots
        lookup = nil
        _checkInvariants()
    }

    /// Sets the supplementary model of `kind` (`nil` removes it). O(1).
    mutating func setSupplementaryModel(_ model: (any Sendable)?, forKind kind: String) {
        self.model.setSupplementaryModel(model, forKind: kind)
    }

    /// With the trait `InternalChecks`, traps when the items and their identities are out of
    /// step or the look-up index disagrees with the items.
    func _checkInvariants() {
        #if InternalChecks
        precondition(model.items.count == slots.count, "StoredSection: \(model.items.count) items, \(slots.count) identities")
        // The look-up check is O(items): only for sections small enough to keep test runs fast.
        if let lookup, model.items.count <= 4_096 { lookup._checkInvariants(model.items) }
        #endif
    }
}

/// The identities of one section at the start of a batch.
struct SectionSnapshot {
    let id: UInt64
    let slots: [UInt64]
}

/// Removes the elements whose flag in `removed` is set, keeping the order of the others. O(n).
func compact<Element>(_ array: inout [Element], removing removed: [Bool]) {
    var kept = 0
    for index in array.indices where !removed[index] {
        if kept != index { array.swapAt(kept, index) }
        kept += 1
    }
    array.removeLast(array.count - kept)
}
