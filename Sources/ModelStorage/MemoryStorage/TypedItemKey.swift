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
    /// What the item is, for `==`.
    enum Identity: Hashable {
        /// An `Identifiable & Equatable` item: its type and its id.
        case identified(ObjectIdentifier, AnyHashable)
        /// Any other item, at `offset` of the old list or of the new one.
        case unmatched(old: Bool, offset: Int)
    }

    /// The fingerprint the diff core matches.
    let fingerprint: UInt64
    /// The identity that confirms a match.
    let identity: Identity

    /// Equal fingerprints (always, for equal identities: a quick rejection) and equal identities.
    static func == (lhs: TypedItemKey, rhs: TypedItemKey) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.identity == rhs.identity
    }

    /// The fingerprint: equal keys have equal fingerprints.
    func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }

    /// The key of an item that never matches, at `offset` of the old list or of the new one
    /// (distinct fingerprints: the mix is a bijection of the offset and the side).
    static func unmatched(old: Bool, offset: Int) -> TypedItemKey {
        TypedItemKey(fingerprint: mixedBits(UInt64(UInt(bitPattern: offset)) << 1 | (old ? 1 : 0)),
                     identity: .unmatched(old: old, offset: offset))
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
