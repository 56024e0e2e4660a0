/// How the diff reads an element's identity and fingerprints it. The diff is generic over this
/// protocol (not over closures) so that every public entry point specializes into straight-line
/// code: no key-path application or closure call per element.
@usableFromInline
package protocol _DiffIdentity {
    associatedtype Element
    associatedtype ID: Hashable
    /// The identity of `element`.
    func id(of element: Element) -> ID
    /// The fingerprint of an identity: any 64 bits whose equality is that of the identities'
    /// fingerprints (the C core decides by fingerprint equality alone), such as
    /// `Fingerprintable._diffKey`.
    func fingerprint(of id: ID) -> UInt64
    /// Whether an element is its own identity (`\.self`): then elements with equal ids are
    /// equal, and a confirmed pair needs no second comparison for its content.
    static var _contentIsID: Bool { get }
    /// Whether no fingerprint can occur twice on one side of a diff (identities the caller
    /// assigned itself): then the C core skips its duplicate check (`FD_DIFF_UNIQUE_FINGERPRINTS`).
    static var _fingerprintsAreUnique: Bool { get }
    /// Whether equal fingerprints are equal ids (the fingerprint is the id's own bits): then no
    /// fingerprint stands for two ids, and the diff skips looking for one
    /// (`_fingerprintsStandForSeveralIDs`).
    static var _fingerprintsAreIDs: Bool { get }
}

extension _DiffIdentity {
    /// Identities read from a part of the element: the content is compared on its own.
    @inlinable package static var _contentIsID: Bool { false }
    /// Ids the caller gives may repeat, and so may their fingerprints: the core checks.
    @inlinable package static var _fingerprintsAreUnique: Bool { false }
    /// Fingerprints may collide: the diff looks for ids that share one.
    @inlinable package static var _fingerprintsAreIDs: Bool { false }
}

/// Whether `ID`'s diff key is its own bits, one-to-one (`_FingerprintableAsUInt64._diffKey` of
/// the standard integer types and `Bool`): equal keys are then equal ids. Floating-point ids are
/// not (a NaN is not equal to itself), nor other conformers (their bits may drop information).
@inlinable
package func _diffKeyIsTheID<ID: Fingerprintable>(_: ID.Type) -> Bool {
    ID.self == Int.self || ID.self == UInt.self || ID.self == Int64.self || ID.self == UInt64.self
        || ID.self == Int32.self || ID.self == UInt32.self || ID.self == Int16.self || ID.self == UInt16.self
        || ID.self == Int8.self || ID.self == UInt8.self || ID.self == Bool.self
}

/// Identity from `Identifiable.id`, fingerprinted with stable bytes (by `_diffKey`: integer ids
/// are matched by their bits, without hashing; UUIDs by XXH3 without its final avalanche).
@usableFromInline
package struct _IdentifiableIdentity<Element: Identifiable>: _DiffIdentity
where Element.ID: Fingerprintable {
    @inlinable package init() {}
    @inlinable package func id(of element: Element) -> Element.ID { element.id }
    @inlinable package func fingerprint(of id: Element.ID) -> UInt64 { id._diffKey }
    @inlinable package static var _fingerprintsAreIDs: Bool { _diffKeyIsTheID(Element.ID.self) }
}

/// Identity from `Identifiable.id`, fingerprinted from `hashValue`.
@usableFromInline
package struct _HashedIdentifiableIdentity<Element: Identifiable>: _DiffIdentity {
    @inlinable package init() {}
    @inlinable package func id(of element: Element) -> Element.ID { element.id }
    @inlinable package func fingerprint(of id: Element.ID) -> UInt64 { _hashKey(id) }
}

/// Identity through a key path, fingerprinted with stable bytes.
@usableFromInline
package struct _KeyPathIdentity<Element, ID: Hashable & Fingerprintable>: _DiffIdentity {
    @usableFromInline let keyPath: KeyPath<Element, ID>
    @inlinable package init(_ keyPath: KeyPath<Element, ID>) { self.keyPath = keyPath }
    @inlinable package func id(of element: Element) -> ID { element[keyPath: keyPath] }
    @inlinable package func fingerprint(of id: ID) -> UInt64 { id._diffKey }
    @inlinable package static var _fingerprintsAreIDs: Bool { _diffKeyIsTheID(ID.self) }
}

/// Identity through a key path, fingerprinted from `hashValue`.
@usableFromInline
package struct _HashedKeyPathIdentity<Element, ID: Hashable>: _DiffIdentity {
    @usableFromInline let keyPath: KeyPath<Element, ID>
    @inlinable package init(_ keyPath: KeyPath<Element, ID>) { self.keyPath = keyPath }
    @inlinable package func id(of element: Element) -> ID { element[keyPath: keyPath] }
    @inlinable package func fingerprint(of id: ID) -> UInt64 { _hashKey(id) }
}

/// The identity key path `\.self` with stable fingerprints, read without applying a key path.
/// Only created after checking that `ID` is `Element` (see `_isIdentityKeyPath`), so the bit
/// cast is a no-op.
@usableFromInline
package struct _SelfIdentity<Element, ID: Hashable & Fingerprintable>: _DiffIdentity {
    @inlinable package static var _contentIsID: Bool { true }
    @inlinable package init() {}
    @inlinable package func id(of element: Element) -> ID { unsafeBitCast(element, to: ID.self) }
    @inlinable package func fingerprint(of id: ID) -> UInt64 { id._diffKey }
    @inlinable package static var _fingerprintsAreIDs: Bool { _diffKeyIsTheID(ID.self) }
}

/// The identity key path `\.self` for ids that are only `Hashable`.
@usableFromInline
package struct _HashedSelfIdentity<Element, ID: Hashable>: _DiffIdentity {
    @inlinable package static var _contentIsID: Bool { true }
    @inlinable package init() {}
    @inlinable package func id(of element: Element) -> ID { unsafeBitCast(element, to: ID.self) }
    @inlinable package func fingerprint(of id: ID) -> UInt64 { _hashKey(id) }
}

/// The key of an id that is only `Hashable`: its `hashValue`'s bits, whose equality is that of
/// `Fingerprint(hashing:)` (XXH3-64 of those bits, a bijection): the same matching, without the
/// hashing on top of `hashValue`.
@inlinable @inline(__always)
package func _hashKey<ID: Hashable>(_ id: ID) -> UInt64 {
    UInt64(UInt(bitPattern: id.hashValue))
}

/// Whether `keyPath` is `\Element.self` (so `ID == Element`).
@inlinable
package func _isIdentityKeyPath<Element, ID>(_ keyPath: KeyPath<Element, ID>) -> Bool {
    ID.self == Element.self && keyPath == \Element.self as AnyKeyPath
}

/// Integer identities a storage assigned itself (`MemoryStorage`'s item and section slots,
/// counted up from 0): the identity is its own fingerprint, with no hashing. Equal
/// fingerprints are then exactly equal ids (no collision to repair), and the C core's matching
/// depends only on which fingerprints are equal (its tables spread small integers
/// themselves), so the diff is the one hashed fingerprints give, without fingerprinting.
/// Repeated identities are diffed as any repeated ids are (see ``_UniqueAssignedIdentity`` for
/// identities that cannot repeat).
@usableFromInline
package struct _AssignedIdentity: _DiffIdentity {
    @inlinable package static var _contentIsID: Bool { true }
    @inlinable package static var _fingerprintsAreIDs: Bool { true }
    @inlinable package init() {}
    @inlinable package func id(of element: UInt64) -> UInt64 { element }
    @inlinable package func fingerprint(of id: UInt64) -> UInt64 { id }
}

/// ``_AssignedIdentity`` for identities that never repeat on a side: `MemoryStorage`'s slots,
/// each given to one item or section and kept by it (a diff hands an old slot to at most one
/// new item). The C core is told so (`FD_DIFF_UNIQUE_FINGERPRINTS`) and skips its duplicate
/// check; with the promise kept the diff is ``_AssignedIdentity``'s.
@usableFromInline
package struct _UniqueAssignedIdentity: _DiffIdentity {
    @inlinable package static var _contentIsID: Bool { true }
    @inlinable package static var _fingerprintsAreUnique: Bool { true }
    @inlinable package static var _fingerprintsAreIDs: Bool { true }
    @inlinable package init() {}
    @inlinable package func id(of element: UInt64) -> UInt64 { element }
    @inlinable package func fingerprint(of id: UInt64) -> UInt64 { id }
}
