/// How ``SingleSectionStorage/addItems(_:_:)`` combines the items it holds with new ones.
///
/// Every strategy keeps every item: an item leaves the result only when the strategy's rule
/// replaces it with a new item of the same id, never for an unrelated one.
public protocol AccumulationStrategy {
    /// The items after adding `newItems` to `oldItems`.
    func accumulate<Item: Identifiable>(oldItems: [Item], newItems: [Item]) -> [Item]
}

/// Old items, then all new items: `old + new`. Ids that repeat stay repeated. O(n + m).
public struct AdditiveAccumulationStrategy: AccumulationStrategy, Sendable {
    /// The strategy.
    public init() {}

    /// `oldItems + newItems`.
    public func accumulate<Item: Identifiable>(oldItems: [Item], newItems: [Item]) -> [Item] {
        oldItems + newItems
    }
}

/// Old items keep their order and are replaced in place by the new item with the same id;
/// new items whose id is not among the old ones are appended in their order. O(n + m).
///
/// Repeated ids are matched by occurrence: the k-th old item with an id is replaced by the
/// k-th new item with that id. New occurrences beyond the old ones are appended; old
/// occurrences beyond the new ones keep their old value. For example old `[a1, b1, a2]`
/// and new `[a3, c1, a4, a5]` (letter = id) give `[a3, b1, a4, c1, a5]`.
public struct UpdateOldValuesAccumulationStrategy: AccumulationStrategy, Sendable {
    /// The strategy.
    public init() {}

    /// The old items updated in place, then the new items that replaced none.
    public func accumulate<Item: Identifiable>(oldItems: [Item], newItems: [Item]) -> [Item] {
        var newOffsets: [Item.ID: [Int]] = [:]
        for (offset, item) in newItems.enumerated() { newOffsets[item.id, default: []].append(offset) }
        var used: [Item.ID: Int] = [:]  // occurrences of each id consumed so far
        var consumed = [Bool](repeating: false, count: newItems.count)
        var result: [Item] = []
        result.reserveCapacity(oldItems.count + newItems.count)
        for item in oldItems {
            let occurrence = used[item.id, default: 0]
            if let offsets = newOffsets[item.id], occurrence < offsets.count {
                result.append(newItems[offsets[occurrence]])
                consumed[offsets[occurrence]] = true
                used[item.id] = occurrence + 1
            } else {
                result.append(item)
            }
        }
        for (offset, item) in newItems.enumerated() where !consumed[offset] { result.append(item) }
        return result
    }
}

/// Old items whose id occurs among the new items are removed (every occurrence), then all new
/// items are appended in their order. O(n + m).
///
/// The new items replace the old items of their ids as a group: old `[a1, b1, a2]` and new
/// `[c1, a3]` give `[b1, c1, a3]`; repeated new ids are all kept (`[b1, a3, a4]` for new
/// `[a3, a4]`).
public struct DeleteOldValuesAccumulationStrategy: AccumulationStrategy, Sendable {
    /// The strategy.
    public init() {}

    /// The old items whose id is not new, then the new items.
    public func accumulate<Item: Identifiable>(oldItems: [Item], newItems: [Item]) -> [Item] {
        let newIDs = Set(newItems.map(\.id))
        return oldItems.filter { !newIDs.contains($0.id) } + newItems
    }
}
