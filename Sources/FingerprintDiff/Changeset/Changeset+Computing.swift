extension Changeset {
    /// The changeset between two lists of identifiable elements: identity is `id`, content is
    /// `==`.
    ///
    /// Ids are fingerprinted with their stable ``Fingerprintable`` bytes; integer, `Bool` and
    /// floating-point ids are matched by their own bits, which XXH3 would map one-to-one, and
    /// UUIDs by XXH3 before its final avalanche, which maps to the fingerprint one-to-one.
    ///
    /// - Complexity: `.heckel`: O(n + m) expected, plus O(k log k) for k moved-around elements.
    ///   `.myers`: O((n + m) log(n + m)) when ids repeat little (always for unique ids);
    ///   O((n + m) · d) for d changes when they repeat a lot, bounded by its cost limit.
    @inlinable
    public init<Element: Identifiable & Equatable>(
        from old: [Element], to new: [Element], algorithm: DiffAlgorithm = .heckel
    ) where Element.ID: Fingerprintable {
        self = Changeset._compute(old, new, algorithm, identity: _IdentifiableIdentity<Element>())
    }

    /// The changeset between two lists of identifiable elements whose ids are only `Hashable`:
    /// ids are matched by their `hashValue` (what `Fingerprint(hashing:)` maps one-to-one).
    ///
    /// - Complexity: as `init(from:to:algorithm:)` on elements with `Fingerprintable` ids.
    @inlinable
    public init<Element: Identifiable & Equatable>(
        from old: [Element], to new: [Element], algorithm: DiffAlgorithm = .heckel
    ) {
        self = Changeset._compute(old, new, algorithm, identity: _HashedIdentifiableIdentity<Element>())
    }

    /// The changeset between two lists whose identity is the key path `id` (`\.self` for plain
    /// values) and whose content is `==`.
    ///
    /// - Complexity: as `init(from:to:algorithm:)` on elements with `Fingerprintable` ids.
    @inlinable
    public init<Element: Equatable, ID: Hashable & Fingerprintable>(
        from old: [Element], to new: [Element], id: KeyPath<Element, ID>,
        algorithm: DiffAlgorithm = .heckel
    ) {
        if _isIdentityKeyPath(id) {
            self = Changeset._compute(old, new, algorithm, identity: _SelfIdentity<Element, ID>())
        } else {
            self = Changeset._compute(old, new, algorithm, identity: _KeyPathIdentity(id))
        }
    }

    /// The changeset between two lists whose identity is the key path `id`, for ids that are
    /// only `Hashable` (fingerprinted from `hashValue`).
    ///
    /// - Complexity: as `init(from:to:algorithm:)` on elements with `Fingerprintable` ids.
    @inlinable
    public init<Element: Equatable, ID: Hashable>(
        from old: [Element], to new: [Element], id: KeyPath<Element, ID>,
        algorithm: DiffAlgorithm = .heckel
    ) {
        if _isIdentityKeyPath(id) {
            self = Changeset._compute(old, new, algorithm, identity: _HashedSelfIdentity<Element, ID>())
        } else {
            self = Changeset._compute(old, new, algorithm, identity: _HashedKeyPathIdentity(id))
        }
    }

    /// The changeset for `identity`, with content compared by `==`: the C core's matching,
    /// confirmed and turned into deletions, insertions, moves and updates in one pass
    /// (`_computeInOnePass`). Every public initializer funnels into it; the fingerprint
    /// function may be arbitrarily bad (even constant) without making the result wrong.
    @inlinable
    internal static func _compute<Identity: _DiffIdentity>(
        _ old: [Identity.Element], _ new: [Identity.Element], _ algorithm: DiffAlgorithm, identity: Identity
    ) -> Changeset where Identity.Element: Equatable {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in _computeInOnePass(old, new, algorithm, identity: identity) }
        }
    }

    /// The changeset for `identity` the way `_computeInOnePass` replaced: the confirmed matching
    /// (`_withMatching`), then the changeset read from it (`init(_matching:)`). Kept for the
    /// tests that require both to give the same changeset.
    @inlinable
    package static func _computeByMatching<Identity: _DiffIdentity>(
        _ old: [Identity.Element], _ new: [Identity.Element], _ algorithm: DiffAlgorithm, identity: Identity
    ) -> Changeset where Identity.Element: Equatable {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                _withMatching(old, new, algorithm, identity: identity, isChanged: !=) { Changeset(_matching: $0) }
            }
        }
    }
}
