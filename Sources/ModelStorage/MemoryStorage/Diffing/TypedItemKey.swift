import FingerprintDiff

/// The identity of an item of unknown type when untyped items are diffed (``MemoryStorage``'s
/// `setItems` of `[any Sendable]`, `setItemsForAllSections`, `setSections` with untyped items):
/// an `Identifiable & Equatable` item is its dynamic type and its id, so that a `Post` with id 1
/// and a `Comment` with id 1 are different items; any other item is unique to its list and
/// offset, so it never matches (it is deleted and inserted, as these calls always did with such
/// items).
///
/// A plain value (copies cost no reference counting): the id itself is kept, typed, in the
/// diff's ``ItemColumns`` at `index`, which `==` reads. The fingerprint mixes the type's bits
/// with the id's; it is only a filter: two keys are equal only when their types are the same and
/// their ids are `==`, which is what confirms each pair.
struct TypedItemKey: Hashable {
    /// `type` of an item that never matches.
    static let unmatchedType = UInt32.max

    /// The fingerprint the diff core matches.
    let fingerprint: UInt64
    /// The item's type: its index in `columns`, or ``unmatchedType``.
    let type: UInt32
    /// Whether the item is in the old list.
    let isOld: Bool
    /// Whether the fingerprint stands for the id alone within the type (a 64-bit integer's
    /// bits, mixed): equal fingerprints and types then mean equal ids, without reading them.
    let fingerprintIsID: Bool
    /// The item's index in its type's column of its list; its offset for an item that never
    /// matches.
    let index: Int
    /// The diff's columns, alive while any key is (see `withTypedItemMatching`).
    unowned(unsafe) let columns: ItemColumns

    /// Equal fingerprints (always, for equal keys: a quick rejection), types and ids (`==`).
    static func == (lhs: TypedItemKey, rhs: TypedItemKey) -> Bool {
        guard lhs.fingerprint == rhs.fingerprint && lhs.type == rhs.type else { return false }
        guard lhs.type != unmatchedType else { return lhs.isOld == rhs.isOld && lhs.index == rhs.index }
        if lhs.fingerprintIsID { return true }
        return lhs.columns.haveEqualIDs(type: Int(lhs.type), lhs.isOld, lhs.index, rhs.isOld, rhs.index)
    }

    /// The fingerprint: equal keys have equal fingerprints.
    func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }
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
