import FingerprintDiff

/// The identity of an item of unknown type when untyped items are diffed (``MemoryStorage``'s
/// `setItems` of `[any Sendable]`, `setItemsForAllSections`): an `Identifiable & Equatable`
/// item is its dynamic type and its id, so that a `Post` with id 1 and a `Comment` with id 1
/// are different items; any other item is unique to its list and offset, so it never matches
/// (it is deleted and inserted, as these calls always did with such items).
///
/// The fingerprint mixes the type's bits with the id's; it is only a filter: two keys are equal
/// only when their types are the same and their ids are `==`, which is what confirms each pair.
struct TypedItemKey: Hashable {
    /// The fingerprint the diff core matches.
    let fingerprint: UInt64
    /// The item's dynamic type; `nil` for an item that never matches.
    let type: ObjectIdentifier?
    /// The item's id; for an item that never matches, its offset and side (old or new) packed
    /// in an `Int`. An existential, not an `AnyHashable`: making one costs no dynamic cast.
    let id: any Hashable

    /// Equal fingerprints (always, for equal keys: a quick rejection), types and ids.
    static func == (lhs: TypedItemKey, rhs: TypedItemKey) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.type == rhs.type && lhs.id.isEqualID(to: rhs.id)
    }

    /// The fingerprint: equal keys have equal fingerprints.
    func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }

    /// The key of an item that never matches, at `offset` of the old list or of the new one
    /// (distinct fingerprints: the mix is a bijection of the offset and the side).
    static func unmatched(old: Bool, offset: Int) -> TypedItemKey {
        let packed = offset << 1 | (old ? 1 : 0)
        return TypedItemKey(fingerprint: mixedBits(UInt64(UInt(bitPattern: packed))), type: nil, id: packed)
    }
}

extension Hashable {
    /// Whether `other` is a `Self` equal to this id (opens an `any Hashable`; the cast to a
    /// concrete type compares type metadata, no conformance look-up).
    fileprivate func isEqualID(to other: any Hashable) -> Bool {
        guard let other = other as? Self else { return false }
        return other == self
    }
}

/// The identity `_withMatching` reads from a list of ``TypedItemKey``s: the key itself, its
/// fingerprint computed once.
struct TypedItemKeyIdentity: _DiffIdentity {
    func id(of element: TypedItemKey) -> TypedItemKey { element }
    func fingerprint(of id: TypedItemKey) -> UInt64 { id.fingerprint }
}

/// SplitMix64's finalizer: a bijection of 64-bit values that spreads every input bit.
func mixedBits(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}
