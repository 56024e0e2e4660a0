import CFingerprintDiff

/// Computes the confirmed matching of `old` and `new` and hands it to `body`: the one matching
/// entry point of the package (``Changeset``, ``SectionedChangeset`` and the storages' diffs).
///
/// 1. The common prefix is matched by comparing ids directly: no fingerprint, no table.
/// 2. The ids of the rest are fingerprinted into the diff's workspace.
/// 3. One call into the C core (`fd_diff`) computes the matching and, with `moves`, the
///    elements that stay in place.
/// 4. One pass over the pairs confirms each with `==` on the ids and collects the pairs
///    `isChanged` says changed. A pair whose ids differ is a fingerprint collision: then the
///    matching is repaired on the ids themselves (see `_repairCollisions`), so the result never
///    depends on the fingerprints. So is a Heckel matching whose pairing of repeated
///    fingerprints read a fingerprint that two ids share, even when every pair it made joins
///    equal ids (`_fingerprintsStandForSeveralIDs`, before this pass).
///
/// Generic over the identity so that every caller's copy is specialized: ids are read and
/// fingerprinted inline, without a key path or closure call per element.
///
/// - Complexity: O(n + m) expected for `.heckel`, plus O(k log k) for k elements out of order
///   with `moves`; `.myers` as ``DiffAlgorithm`` describes.
@inlinable
package func _withMatching<Identity: _DiffIdentity, R>(
    _ old: UnsafeBufferPointer<Identity.Element>, _ new: UnsafeBufferPointer<Identity.Element>,
    _ algorithm: DiffAlgorithm, identity: Identity, moves: Bool = true,
    isChanged: (Identity.Element, Identity.Element) -> Bool, _ body: (_Matching) -> R
) -> R {
    var updates: [Changeset.Update] = []
    let prefix = _matchCommonPrefix(old, new, identity: identity, isChanged: isChanged, updates: &updates)
    if prefix == old.count && prefix == new.count {
        return body(_Matching(prefix: prefix, oldCount: old.count, newCount: new.count, oldToNew: .init(start: nil, count: 0),
                              newToOld: .init(start: nil, count: 0), inLIS: moves ? .init(start: nil, count: 0) : nil,
                              deletionCount: 0, insertionCount: 0, moveCount: 0, updates: updates, isMinimal: true))
    }
    let oldRest = UnsafeBufferPointer(rebasing: old[prefix...]), newRest = UnsafeBufferPointer(rebasing: new[prefix...])
    return _DiffWorkspace.with(oldCount: oldRest.count, newCount: newRest.count) { workspace in
        /// Writes the fingerprint of every id of the rest (the diff's input; again for a repair).
        @inline(__always)
        func fingerprint(into arrays: (old: UnsafeMutablePointer<UInt64>, new: UnsafeMutablePointer<UInt64>)) {
            _writeFingerprints(oldRest, newRest, identity: identity, into: arrays)
        }
        fingerprint(into: (workspace.oldFingerprints, workspace.newFingerprints))
        var outcome = workspace.diff(algorithm, moves: moves, uniqueFingerprints: Identity._fingerprintsAreUnique)
        let collided = _fingerprintsStandForSeveralIDs(workspace, oldRest, newRest, algorithm, identity: identity,
                                                       outcome: outcome)
        // Only a collision repair needs the fingerprints again (it computes them anew): give
        // their memory back before the result is built.
        workspace.releaseFingerprints()
        let prefixUpdates = updates.count
        if collided || !_confirmPairs(workspace, oldRest, newRest, identity: identity, prefix: prefix,
                                      isChanged: isChanged, updates: &updates) {
            updates.removeSubrange(prefixUpdates...)
            workspace.refingerprint(fingerprint(into:))
            outcome = _repairCollisions(&workspace, oldRest, newRest, algorithm, identity: identity, moves: moves,
                                        first: outcome)
            workspace.releaseFingerprints()
            _changedPairs(workspace, oldRest, newRest, prefix: prefix, isChanged: isChanged, updates: &updates)
        }
        return body(_Matching(
            prefix: prefix, oldCount: old.count, newCount: new.count,
            oldToNew: UnsafeBufferPointer(start: workspace.oldToNew, count: oldRest.count),
            newToOld: UnsafeBufferPointer(start: workspace.newToOld, count: newRest.count),
            inLIS: moves ? UnsafeBufferPointer(start: workspace.inLIS, count: newRest.count) : nil,
            deletionCount: outcome.deletions, insertionCount: outcome.insertions, moveCount: outcome.moves,
            updates: updates, isMinimal: outcome.isMinimal))
    }
}

/// Confirms every pair with `==` on the ids, in old order, appending the pairs whose content
/// changed to `updates` (offsets shifted by `prefix`). Returns `false` at the first pair whose
/// ids differ (a fingerprint collision), leaving `updates` partly filled. O(n).
@inlinable
internal func _confirmPairs<Identity: _DiffIdentity>(
    _ workspace: _DiffWorkspace, _ old: UnsafeBufferPointer<Identity.Element>,
    _ new: UnsafeBufferPointer<Identity.Element>, identity: Identity, prefix: Int,
    isChanged: (Identity.Element, Identity.Element) -> Bool, updates: inout [Changeset.Update]
) -> Bool {
    let oldToNew = workspace.oldToNew
    for i in 0..<old.count {
        let j = Int(oldToNew[i])
        guard j >= 0 else { continue }
        if identity.id(of: old[i]) != identity.id(of: new[j]) { return false }
        if isChanged(old[i], new[j]) { updates.append(Changeset.Update(old: i + prefix, new: j + prefix)) }
    }
    return true
}

/// Appends the pairs whose content changed, in old order (offsets shifted by `prefix`). O(n).
@inlinable
internal func _changedPairs<Element>(
    _ workspace: _DiffWorkspace, _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>,
    prefix: Int, isChanged: (Element, Element) -> Bool, updates: inout [Changeset.Update]
) {
    let oldToNew = workspace.oldToNew
    for i in 0..<old.count {
        let j = Int(oldToNew[i])
        if j >= 0 && isChanged(old[i], new[j]) { updates.append(Changeset.Update(old: i + prefix, new: j + prefix)) }
    }
}

/// What the C core found: the sizes of the changeset's parts and whether the matching is
/// minimal.
@usableFromInline
internal struct _DiffOutcome {
    @usableFromInline var deletions: Int
    @usableFromInline var insertions: Int
    @usableFromInline var moves: Int
    @usableFromInline var isMinimal: Bool

    @usableFromInline
    init(deletions: Int, insertions: Int, moves: Int, isMinimal: Bool) {
        self.deletions = deletions
        self.insertions = insertions
        self.moves = moves
        self.isMinimal = isMinimal
    }
}

extension _DiffWorkspace {
    /// The matching of the fingerprints by `algorithm`, and with `moves` the elements that stay:
    /// one call into the C core. Heckel's matching is minimal unless fingerprints repeat; Myers'
    /// unless its work budget ran out. `uniqueFingerprints` is the caller's guarantee that no
    /// fingerprint repeats on a side (the core then skips its check).
    @usableFromInline
    func diff(_ algorithm: DiffAlgorithm, moves: Bool, uniqueFingerprints: Bool = false) -> _DiffOutcome {
        var options = fd_diff_options()
        options.algorithm = algorithm.kind == .heckel ? FD_ALGORITHM_HECKEL : FD_ALGORITHM_MYERS
        options.cost_limit = algorithm.costLimit
        options.flags = (moves ? 0 : FD_DIFF_MATCHING_ONLY) | (uniqueFingerprints ? FD_DIFF_UNIQUE_FINGERPRINTS : 0)
        var result = fd_diff_result()
        var allocator = self.allocator
        _check(fd_diff(oldFingerprints, oldCount, newFingerprints, newCount, &options, oldToNew, newToOld,
                       moves ? inLIS : nil, &result, &allocator))
        let flags = result.match.flags
        return _DiffOutcome(
            deletions: Int(result.counts.deletions), insertions: Int(result.counts.insertions),
            moves: Int(result.counts.moves),
            isMinimal: flags & (FD_MATCH_HAD_DUPLICATES | FD_MATCH_COST_LIMIT_REACHED) == 0)
    }

    /// Marks the elements that stay in place for the matching as it is now, and counts the
    /// parts of the changeset (after a repair). O(n + m + k log k).
    @usableFromInline
    func recount(moves: Bool, isMinimal: Bool) -> _DiffOutcome {
        var matched = 0
        for j in 0..<newCount where newToOld[j] >= 0 { matched += 1 }
        var staying = matched
        if moves {
            var allocator = self.allocator
            _check(fd_longest_increasing_subsequence(newToOld, newCount, inLIS, &staying, &allocator))
        }
        return _DiffOutcome(deletions: oldCount - matched, insertions: newCount - matched, moves: matched - staying,
                            isMinimal: isMinimal)
    }
}

/// The C core only fails on exhausted memory (or sizes no Swift array can have); Swift itself
/// traps on exhausted memory, and so does this.
@usableFromInline
internal func _check(_ status: fd_status) {
    guard status == FD_OK else {
        fatalError("FingerprintDiff: \(String(cString: fd_status_description(status)))")
    }
}
