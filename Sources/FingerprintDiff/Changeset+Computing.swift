import CFingerprintDiff

extension Changeset {
    /// The changeset between two lists of identifiable elements: identity is `id`, content is
    /// `==`.
    ///
    /// Ids are fingerprinted with their stable ``Fingerprintable`` bytes.
    ///
    /// - Complexity: `.heckel`: O(n + m) expected, plus O(k log k) for k moved-around elements.
    ///   `.myers`: O((n + m) · d) for d changes, bounded by its cost limit.
    @inlinable
    public init<Element: Identifiable & Equatable>(
        from old: [Element], to new: [Element], algorithm: DiffAlgorithm = .heckel
    ) where Element.ID: Fingerprintable {
        self = Changeset._compute(old, new, algorithm, identity: _IdentifiableIdentity<Element>())
    }

    /// The changeset between two lists of identifiable elements whose ids are only `Hashable`:
    /// ids are fingerprinted from their `hashValue`, mixed through XXH3.
    ///
    /// - Complexity: as ``init(from:to:algorithm:)-(_,_,_)``.
    @inlinable
    public init<Element: Identifiable & Equatable>(
        from old: [Element], to new: [Element], algorithm: DiffAlgorithm = .heckel
    ) {
        self = Changeset._compute(old, new, algorithm, identity: _HashedIdentifiableIdentity<Element>())
    }

    /// The changeset between two lists whose identity is the key path `id` (`\.self` for plain
    /// values) and whose content is `==`.
    ///
    /// - Complexity: as ``init(from:to:algorithm:)-(_,_,_)``.
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
    /// - Complexity: as ``init(from:to:algorithm:)-(_,_,_)``.
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

    /// The changeset for `identity`, with content compared by `==`. Every fingerprint match is
    /// confirmed with `==` on the ids.
    ///
    /// This is the one entry point every public initializer funnels into; the fingerprint
    /// function may be arbitrarily bad (even constant) without making the result wrong.
    @inlinable
    internal static func _compute<Identity: _DiffIdentity>(
        _ old: [Identity.Element], _ new: [Identity.Element], _ algorithm: DiffAlgorithm,
        identity: Identity
    ) -> Changeset where Identity.Element: Equatable {
        let matching: FingerprintMatching
        var isMinimal: Bool
        do {
            // Fingerprints live only in this scope, so they are freed before the moves are
            // computed (peak memory).
            let oldFP = _fingerprints(old, identity)
            let newFP = _fingerprints(new, identity)
            matching = FingerprintMatching(old: oldFP, new: newFP, algorithm: algorithm)
            var collided = Set<UInt64>()
            switch algorithm.kind {
            case .heckel:
                isMinimal = matching.flags & FD_MATCH_HAD_DUPLICATES == 0
                _confirm(matching, old, new, oldFP, identity, collided: &collided)
            case .myers:
                isMinimal = matching.flags & FD_MATCH_COST_LIMIT_REACHED == 0
                _confirm(matching, old, new, oldFP, identity, collided: &collided)
                if !collided.isEmpty { isMinimal = false }
                // Matched the longest common subsequence; the rest with equal ids are moves.
                // Only the pairs made now need confirming.
                let waiting = _unmatchedNewOffsets(matching)
                matching.matchRemaining(old: oldFP, new: newFP)
                _confirm(matching, old, new, oldFP, identity, newOffsets: waiting, collided: &collided)
            }
            if !collided.isEmpty {
                _rematchCollisions(
                    matching, old, new, oldFP, newFP, collided: collided, identity: identity,
                    releaseConfirmedPairs: algorithm.kind == .heckel)
            }
        }
        let parts = matching.changeset()
        var updates: [Update] = []
        old.withUnsafeBufferPointer { oldElements in
            new.withUnsafeBufferPointer { newElements in
                let oldToNew = matching.oldToNew
                for i in 0..<oldElements.count {
                    let j = Int(oldToNew[i])
                    if j >= 0 && oldElements[i] != newElements[j] {
                        updates.append(Update(old: i, new: j))
                    }
                }
            }
        }
        return Changeset(
            deletions: parts.deletions, insertions: parts.insertions, moves: parts.moves,
            updates: updates, isMinimal: isMinimal)
    }
}

/// The fingerprint of every element's id. O(n).
@inlinable
internal func _fingerprints<Identity: _DiffIdentity>(
    _ elements: [Identity.Element], _ identity: Identity
) -> ScratchBuffer<UInt64> {
    let buffer = ScratchBuffer<UInt64>(count: elements.count)
    let base = buffer.base
    elements.withUnsafeBufferPointer { source in
        for k in 0..<source.count { base[k] = identity.fingerprint(of: identity.id(of: source[k])) }
    }
    return buffer
}

/// Unmatches every pair whose ids differ (a fingerprint collision) and records the colliding
/// fingerprint. O(k) id comparisons for k pairs.
@inlinable
internal func _confirm<Identity: _DiffIdentity>(
    _ matching: FingerprintMatching, _ old: [Identity.Element], _ new: [Identity.Element],
    _ oldFP: ScratchBuffer<UInt64>, _ identity: Identity, collided: inout Set<UInt64>
) {
    _confirm(matching, old, new, oldFP, identity, newOffsets: 0..<new.count, collided: &collided)
}

/// Like `_confirm`, for the pairs of the given new offsets only.
@inlinable
internal func _confirm<Identity: _DiffIdentity, Offsets: Sequence<Int>>(
    _ matching: FingerprintMatching, _ old: [Identity.Element], _ new: [Identity.Element],
    _ oldFP: ScratchBuffer<UInt64>, _ identity: Identity, newOffsets: Offsets,
    collided: inout Set<UInt64>
) {
    let newToOld = matching.newToOld
    old.withUnsafeBufferPointer { oldElements in
        new.withUnsafeBufferPointer { newElements in
            for j in newOffsets {
                let i = Int(newToOld[j])
                if i >= 0 && identity.id(of: oldElements[i]) != identity.id(of: newElements[j]) {
                    collided.insert(oldFP[i])
                    matching.unmatch(old: i)
                }
            }
        }
    }
}

/// The new offsets without a partner. O(m).
@usableFromInline
internal func _unmatchedNewOffsets(_ matching: FingerprintMatching) -> [Int] {
    let newToOld = matching.newToOld
    var offsets: [Int] = []
    for j in 0..<newToOld.count where newToOld[j] < 0 { offsets.append(j) }
    return offsets
}

/// Re-matches, by id and occurrence order, the unmatched elements whose fingerprints collided.
/// With `releaseConfirmedPairs` (Heckel), confirmed pairs of those fingerprints are released
/// first so that the k-th occurrence of each id matches the k-th occurrence again.
/// O(n + m) set look-ups; runs only after a collision.
@inlinable
internal func _rematchCollisions<Identity: _DiffIdentity>(
    _ matching: FingerprintMatching, _ old: [Identity.Element], _ new: [Identity.Element],
    _ oldFP: ScratchBuffer<UInt64>, _ newFP: ScratchBuffer<UInt64>, collided: Set<UInt64>,
    identity: Identity,
    releaseConfirmedPairs: Bool
) {
    if releaseConfirmedPairs {
        for i in old.indices where collided.contains(oldFP[i]) { matching.unmatch(old: i) }
    }
    var waiting: [Identity.ID: [Int]] = [:]
    for i in old.indices where matching.oldToNew[i] < 0 && collided.contains(oldFP[i]) {
        waiting[identity.id(of: old[i]), default: []].append(i)
    }
    var taken: [Identity.ID: Int] = [:]
    for j in new.indices where matching.newToOld[j] < 0 && collided.contains(newFP[j]) {
        let key = identity.id(of: new[j])
        guard let queue = waiting[key] else { continue }
        let next = taken[key, default: 0]
        guard next < queue.count else { continue }
        matching.match(old: queue[next], new: j)
        taken[key] = next + 1
    }
}
