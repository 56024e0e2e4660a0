import FingerprintDiff

/// What diffing untyped items needs of one `Identifiable & Equatable` item type, made once per
/// type (see ``ItemTypeTable``) so that each item costs one cast to its own type, not a cast to
/// an existential.
protocol ItemTypeDiffing: AnyObject {
    /// The key of `item`, which must be of this type: its type and its id.
    func key(of item: any Sendable) -> TypedItemKey
    /// Whether two items of this type are `==`.
    func areEqual(_ lhs: any Sendable, _ rhs: any Sendable) -> Bool
}

/// ``ItemTypeDiffing`` for `Item`.
final class IdentifiedItemType<Item: Identifiable & Equatable>: ItemTypeDiffing {
    /// `Item`'s identity.
    private let type = ObjectIdentifier(Item.self)
    /// `Item`'s bits, mixed into every fingerprint of its ids.
    private let typeBits = mixedBits(UInt64(UInt(bitPattern: ObjectIdentifier(Item.self).hashValue)))

    func key(of item: any Sendable) -> TypedItemKey {
        let id = (item as! Item).id
        return TypedItemKey(fingerprint: Fingerprint(hashing: id).rawValue ^ typeBits, type: type, id: id)
    }

    func areEqual(_ lhs: any Sendable, _ rhs: any Sendable) -> Bool { (lhs as! Item) == (rhs as! Item) }
}

/// The ``ItemTypeDiffing`` of each dynamic type met in one diff, `nil` for types that are not
/// `Identifiable & Equatable`: one dynamic cast to the existential per type (see ``TypeCache``).
struct ItemTypeTable {
    private var cache = TypeCache<(any ItemTypeDiffing)?>()

    /// The diffing of `item`'s dynamic type, or `nil` when it is not `Identifiable & Equatable`.
    /// O(1) average.
    mutating func diffing(of item: any Sendable) -> (any ItemTypeDiffing)? {
        cache.value(for: item) { item in
            guard let identified = item as? any Identifiable & Equatable else { return nil }
            return makeDiffing(identified)
        }
    }

    /// The keys of `items`, the old list's or the new one's, and whether any is identified. O(n).
    mutating func keys(of items: [any Sendable], old: Bool) -> (keys: [TypedItemKey], anyIdentified: Bool) {
        var keys: [TypedItemKey] = []
        keys.reserveCapacity(items.count)
        var anyIdentified = false
        for (offset, item) in items.enumerated() {
            if let diffing = diffing(of: item) {
                keys.append(diffing.key(of: item))
                anyIdentified = true
            } else {
                keys.append(.unmatched(old: old, offset: offset))
            }
        }
        return (keys, anyIdentified)
    }
}

/// The diffing of `Item` (opens an `any Identifiable & Equatable`).
private func makeDiffing<Item: Identifiable & Equatable>(_: Item) -> any ItemTypeDiffing {
    IdentifiedItemType<Item>()
}

/// Runs `body` with the confirmed matching of untyped items, `old` with `new`: by dynamic type
/// and id for `Identifiable & Equatable` items (see ``TypedItemKey``), every pair confirmed with
/// `==` on the ids; its updates are the matched pairs that are not `==`. Items of other types
/// never match. Unless `evenWithoutIdentities`, `nil` without calling `body` when nothing can
/// match (a side has no identified item): the caller then replaces everything, as it does for
/// items without identity, without a diff.
///
/// - Complexity: O(n + m) expected (one cast and one hash per item, one `==` per matched pair),
///   plus O(k log k) with `moves`, plus the diff core's time.
@discardableResult
func withTypedItemMatching<R>(old: [any Sendable], new: [any Sendable], moves: Bool, evenWithoutIdentities: Bool = false,
                              _ body: (_Matching) -> R) -> R? {
    var table = ItemTypeTable()
    let oldKeys = table.keys(of: old, old: true)
    guard oldKeys.anyIdentified || evenWithoutIdentities else { return nil }
    let newKeys = table.keys(of: new, old: false)
    guard newKeys.anyIdentified || evenWithoutIdentities else { return nil }
    return oldKeys.keys.withUnsafeBufferPointer { oldKeys in
        newKeys.keys.withUnsafeBufferPointer { newKeys in
            _withMatching(oldKeys, newKeys, .heckel, identity: TypedItemKeyIdentity(), moves: moves,
                          isChanged: { _, _ in false }) { matching in
                var items = matching
                items.updates = []
                for oldOffset in old.indices {
                    let newOffset = matching.newOffset(ofOld: oldOffset)
                    guard newOffset >= 0, let diffing = table.diffing(of: new[newOffset]) else { continue }
                    if !diffing.areEqual(old[oldOffset], new[newOffset]) {
                        items.updates.append(Changeset.Update(old: oldOffset, new: newOffset))
                    }
                }
                return body(items)
            }
        }
    }
}
