import CFingerprintDiff

extension Changeset {
    /// The changeset between two lists of identifiable elements: identity is `id`, content is
    /// `==`.
    ///
    /// Ids are fingerprinted with their stable ``Fingerprintable`` bytes.
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
    ///
    /// The common prefix is matched by comparing ids directly (it needs no fingerprints, no
    /// table and no moves); the C core diffs the rest, whose offsets are shifted back.
    @inlinable
    internal static func _compute<Identity: _DiffIdentity>(
        _ old: [Identity.Element], _ new: [Identity.Element], _ algorithm: DiffAlgorithm,
        identity: Identity
    ) -> Changeset where Identity.Element: Equatable {
        old.withUnsafeBufferPointer { oldAll in
            new.withUnsafeBufferPointer { newAll in
                let (prefix, updates) = _commonPrefix(oldAll, newAll, identity: identity)
                if prefix == oldAll.count && prefix == newAll.count {
                    return Changeset(updates: updates)
                }
                let oldRest = UnsafeBufferPointer(rebasing: oldAll[prefix...])
                let newRest = UnsafeBufferPointer(rebasing: newAll[prefix...])
                var result = _computeUnaligned(oldRest, newRest, algorithm, identity: identity)
                result.shift(by: prefix)
                result.updates = updates + result.updates
                return result
            }
        }
    }

    /// The length of the longest common prefix of ids of `old` and `new` (matched in place,
    /// without fingerprints), and the pairs in it whose content differs. O(prefix length).
    @inlinable
    internal static func _commonPrefix<Identity: _DiffIdentity>(
        _ old: UnsafeBufferPointer<Identity.Element>, _ new: UnsafeBufferPointer<Identity.Element>,
        identity: Identity
    ) -> (count: Int, updates: [Update]) where Identity.Element: Equatable {
        let shorter = min(old.count, new.count)
        var prefix = 0
        while prefix < shorter && identity.id(of: old[prefix]) == identity.id(of: new[prefix]) {
            prefix += 1
        }
        var updates: [Update] = []
        for k in 0..<prefix where old[k] != new[k] { updates.append(Update(old: k, new: k)) }
        return (prefix, updates)
    }

    /// `_compute` for lists that differ in their first element (or one of which is empty).
    @inlinable
    internal static func _computeUnaligned<Identity: _DiffIdentity>(
        _ old: UnsafeBufferPointer<Identity.Element>, _ new: UnsafeBufferPointer<Identity.Element>,
        _ algorithm: DiffAlgorithm, identity: Identity
    ) -> Changeset where Identity.Element: Equatable {
        let matched = _matchUnaligned(old, new, algorithm, identity: identity)
        let parts = matched.matching.changeset()
        return Changeset(
            deletions: parts.deletions, insertions: parts.insertions, moves: parts.moves,
            updates: matched.updates ?? _changedPairs(matched.matching, old, new), isMinimal: matched.isMinimal)
    }

    /// The confirmed matching of two lists that differ in their first element, the changed
    /// pairs when they were found on the way (`nil`: compute them from the matching), and
    /// whether the matching is minimal.
    @inlinable
    internal static func _matchUnaligned<Identity: _DiffIdentity>(
        _ old: UnsafeBufferPointer<Identity.Element>, _ new: UnsafeBufferPointer<Identity.Element>,
        _ algorithm: DiffAlgorithm, identity: Identity
    ) -> (matching: FingerprintMatching, updates: [Update]?, isMinimal: Bool) where Identity.Element: Equatable {
        // Fingerprints live only in this function, so they are freed before the moves are
        // computed (peak memory).
        let oldFP = _fingerprints(old, identity)
        let newFP = _fingerprints(new, identity)
        let matching = FingerprintMatching(old: oldFP, new: newFP, algorithm: algorithm)
        var isMinimal: Bool
        var updates: [Update]?
        var collided = Set<UInt64>()
        switch algorithm.kind {
        case .heckel:
            isMinimal = matching.flags & FD_MATCH_HAD_DUPLICATES == 0
            // One pass confirms every pair and finds the changed ones.
            updates = _confirmAndCompare(matching, old, new, oldFP, identity, collided: &collided)
        case .myers:
            isMinimal = matching.flags & FD_MATCH_COST_LIMIT_REACHED == 0
            _confirm(matching, old, new, oldFP, identity, newOffsets: 0..<new.count, collided: &collided)
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
            updates = nil // pairs changed
        }
        return (matching, updates, isMinimal)
    }

    /// The matching `_compute` finds, without turning it into moves: for each old offset the
    /// new offset it is matched with (or -1) and back, the matched pairs whose content differs (sorted by
    /// old offset), and whether the matching is minimal. For callers that place the matched
    /// pairs themselves (sectioned diffs).
    @inlinable
    internal static func _matchedOffsets<Identity: _DiffIdentity>(
        _ old: [Identity.Element], _ new: [Identity.Element], _ algorithm: DiffAlgorithm, identity: Identity
    ) -> (newOfOld: [Int], oldOfNew: [Int], updates: [Update], isMinimal: Bool) where Identity.Element: Equatable {
        old.withUnsafeBufferPointer { oldAll in
            new.withUnsafeBufferPointer { newAll in
                let (prefix, prefixUpdates) = _commonPrefix(oldAll, newAll, identity: identity)
                var updates = prefixUpdates
                var newOfOld: [Int] = []
                newOfOld.reserveCapacity(oldAll.count)
                newOfOld.append(contentsOf: 0..<prefix)
                var oldOfNew: [Int] = []
                oldOfNew.reserveCapacity(newAll.count)
                oldOfNew.append(contentsOf: 0..<prefix)
                if prefix == oldAll.count && prefix == newAll.count { return (newOfOld, oldOfNew, updates, true) }
                let oldRest = UnsafeBufferPointer(rebasing: oldAll[prefix...])
                let newRest = UnsafeBufferPointer(rebasing: newAll[prefix...])
                let matched = _matchUnaligned(oldRest, newRest, algorithm, identity: identity)
                let oldToNew = matched.matching.oldToNew
                for i in 0..<oldRest.count {
                    let j = Int(oldToNew[i])
                    newOfOld.append(j < 0 ? -1 : j + prefix)
                }
                let newToOld = matched.matching.newToOld
                for j in 0..<newRest.count {
                    let i = Int(newToOld[j])
                    oldOfNew.append(i < 0 ? -1 : i + prefix)
                }
                for update in matched.updates ?? _changedPairs(matched.matching, oldRest, newRest) {
                    updates.append(Update(old: update.old + prefix, new: update.new + prefix))
                }
                return (newOfOld, oldOfNew, updates, matched.isMinimal)
            }
        }
    }

    /// Adds `offset` to every old and new offset. O(size of the changeset).
    @inlinable
    internal mutating func shift(by offset: Int) {
        guard offset != 0 else { return }
        for k in deletions.indices { deletions[k] += offset }
        for k in insertions.indices { insertions[k] += offset }
        for k in moves.indices {
            moves[k].from += offset
            moves[k].to += offset
        }
        for k in updates.indices {
            updates[k].old += offset
            updates[k].new += offset
        }
    }
}

/// The fingerprint of every element's id. O(n).
@inlinable
internal func _fingerprints<Identity: _DiffIdentity>(
    _ elements: UnsafeBufferPointer<Identity.Element>, _ identity: Identity
) -> ScratchBuffer<UInt64> {
    let buffer = ScratchBuffer<UInt64>(count: elements.count)
    let base = buffer.base
    for k in 0..<elements.count { base[k] = identity.fingerprint(of: identity.id(of: elements[k])) }
    return buffer
}

/// Unmatches every pair (of the given new offsets) whose ids differ, a fingerprint collision,
/// and records the colliding fingerprint. O(k) id comparisons for k pairs.
@inlinable
internal func _confirm<Identity: _DiffIdentity, Offsets: Sequence<Int>>(
    _ matching: FingerprintMatching, _ old: UnsafeBufferPointer<Identity.Element>,
    _ new: UnsafeBufferPointer<Identity.Element>, _ oldFP: ScratchBuffer<UInt64>,
    _ identity: Identity, newOffsets: Offsets, collided: inout Set<UInt64>
) {
    let newToOld = matching.newToOld
    for j in newOffsets {
        let i = Int(newToOld[j])
        if i >= 0 && identity.id(of: old[i]) != identity.id(of: new[j]) {
            collided.insert(oldFP[i])
            matching.unmatch(old: i)
        }
    }
}

/// `_confirm` over every pair, in old order, which also collects the pairs whose content
/// differs (valid as the updates unless a collision is repaired afterwards). O(n).
@inlinable
internal func _confirmAndCompare<Identity: _DiffIdentity>(
    _ matching: FingerprintMatching, _ old: UnsafeBufferPointer<Identity.Element>,
    _ new: UnsafeBufferPointer<Identity.Element>, _ oldFP: ScratchBuffer<UInt64>,
    _ identity: Identity, collided: inout Set<UInt64>
) -> [Changeset.Update] where Identity.Element: Equatable {
    let oldToNew = matching.oldToNew
    var updates: [Changeset.Update] = []
    for i in 0..<old.count {
        let j = Int(oldToNew[i])
        guard j >= 0 else { continue }
        if identity.id(of: old[i]) != identity.id(of: new[j]) {
            collided.insert(oldFP[i])
            matching.unmatch(old: i)
        } else if old[i] != new[j] {
            updates.append(Changeset.Update(old: i, new: j))
        }
    }
    return updates
}

/// The matched pairs whose content differs, in old order. O(n).
@inlinable
internal func _changedPairs<Element: Equatable>(
    _ matching: FingerprintMatching, _ old: UnsafeBufferPointer<Element>,
    _ new: UnsafeBufferPointer<Element>
) -> [Changeset.Update] {
    let oldToNew = matching.oldToNew
    var updates: [Changeset.Update] = []
    for i in 0..<old.count {
        let j = Int(oldToNew[i])
        if j >= 0 && old[i] != new[j] { updates.append(Changeset.Update(old: i, new: j)) }
    }
    return updates
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
    _ matching: FingerprintMatching, _ old: UnsafeBufferPointer<Identity.Element>,
    _ new: UnsafeBufferPointer<Identity.Element>, _ oldFP: ScratchBuffer<UInt64>,
    _ newFP: ScratchBuffer<UInt64>, collided: Set<UInt64>, identity: Identity,
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
