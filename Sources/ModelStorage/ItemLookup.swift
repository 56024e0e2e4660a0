/// The first offset of the items of one `Hashable` type in a section, by hash value: the
/// index behind ``MemoryStorage/indexPath(forItem:)-(T)``.
///
/// It is typed by the type looked for: an item of another type is never equal to the one
/// looked for (the same rule as the `Equatable` scan, which compares with `as? T`). The table
/// itself is a concrete `[Int: Int]` from hash value to first offset, so that it runs at full
/// speed even though the storage's generic methods are not specialized for `T`; a hit is
/// confirmed with `==`, and two items with the same hash value send the look-up of the second
/// to a scan, so the answer is always exact.
struct ItemLookup {
    /// The type the table indexes.
    let type: ObjectIdentifier
    /// The hash value of an item of that type, `nil` for an item of another type.
    let hashValue: (any Sendable) -> Int?
    /// Hash value to the first offset of an item with it.
    var offsets: [Int: Int] = [:]

    /// The table of the items of type `T` among `items`. O(items).
    init<T: Hashable>(_ items: [any Sendable], as _: T.Type) {
        type = ObjectIdentifier(T.self)
        hashValue = { ($0 as? T)?.hashValue }
        offsets.reserveCapacity(items.count)
        append(items, startingAt: 0)
    }

    /// Adds the items appended at `start`, keeping first occurrences. O(items.count).
    mutating func append(_ items: [any Sendable], startingAt start: Int) {
        for (offset, item) in items.enumerated() {
            if let hash = hashValue(item), offsets[hash] == nil { offsets[hash] = start + offset }
        }
    }

    /// The offset of the first item equal to `item` among `items` (the items the table was
    /// built from). O(1) average.
    func firstIndex<T: Hashable>(of item: T, in items: [any Sendable]) -> Int? {
        guard let candidate = offsets[item.hashValue] else { return nil }
        if let stored = items[candidate] as? T, stored == item { return candidate }
        return items.firstIndex { ($0 as? T) == item }  // another item has the same hash value
    }

    /// With the trait `InternalChecks`, traps when an entry does not point at the first item of
    /// its hash value among `items`. O(items).
    func _checkInvariants(_ items: [any Sendable]) {
        #if InternalChecks
        var first: [Int: Int] = [:]
        for (offset, item) in items.enumerated() {
            if let hash = hashValue(item), first[hash] == nil { first[hash] = offset }
        }
        precondition(first == offsets, "ItemLookup out of step with its section's items")
        #endif
    }
}
