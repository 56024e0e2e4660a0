import CFingerprintDiff

/// Repairs a matching in which fingerprints of different ids collided, on the ids themselves,
/// so that the result is what it would be with perfect fingerprints. Runs only after
/// `_confirmPairs` met a pair whose ids differ; `first` is what the first matching reported.
/// O(n + m) set and dictionary operations.
///
/// - Heckel: every pair whose ids differ is unmatched; then every pair of a fingerprint that
///   collided is released too, and the elements of those fingerprints are matched again by id,
///   in occurrence order, so that the k-th occurrence of each id still matches the k-th.
/// - Myers: the longest common subsequence is computed again on its own, its colliding pairs
///   unmatched (the matching is then not minimal), the rest matched by occurrence
///   (`fd_match_remaining`), colliding pairs unmatched again, and the elements of collided
///   fingerprints matched again by id.
@inlinable
internal func _repairCollisions<Identity: _DiffIdentity>(
    _ workspace: inout _DiffWorkspace, _ old: UnsafeBufferPointer<Identity.Element>,
    _ new: UnsafeBufferPointer<Identity.Element>, _ algorithm: DiffAlgorithm, identity: Identity, moves: Bool,
    first: _DiffOutcome
) -> _DiffOutcome {
    var collided = Set<UInt64>()
    var isMinimal = first.isMinimal
    switch algorithm.kind {
    case .heckel:
        _unmatchCollisions(workspace, old, new, identity: identity, newOffsets: 0..<new.count, collided: &collided)
        for i in 0..<old.count where collided.contains(workspace.oldFingerprints[i]) { workspace.unmatch(old: i) }
    case .myers:
        isMinimal = workspace.longestCommonSubsequence(costLimit: algorithm.costLimit)
        _unmatchCollisions(workspace, old, new, identity: identity, newOffsets: 0..<new.count, collided: &collided)
        if !collided.isEmpty { isMinimal = false }
        let waiting = (0..<new.count).filter { workspace.newToOld[$0] < 0 }
        workspace.matchRemaining()
        _unmatchCollisions(workspace, old, new, identity: identity, newOffsets: waiting, collided: &collided)
    }
    if !collided.isEmpty { _matchByID(workspace, old, new, identity: identity, among: collided) }
    return workspace.recount(moves: moves, isMinimal: isMinimal)
}

/// Unmatches every pair (of the given new offsets) whose ids differ and records its
/// fingerprint. O(k) id comparisons for k offsets.
@inlinable
internal func _unmatchCollisions<Identity: _DiffIdentity, Offsets: Sequence<Int>>(
    _ workspace: _DiffWorkspace, _ old: UnsafeBufferPointer<Identity.Element>,
    _ new: UnsafeBufferPointer<Identity.Element>, identity: Identity, newOffsets: Offsets, collided: inout Set<UInt64>
) {
    for j in newOffsets {
        let i = Int(workspace.newToOld[j])
        if i >= 0 && identity.id(of: old[i]) != identity.id(of: new[j]) {
            collided.insert(workspace.oldFingerprints[i])
            workspace.unmatch(old: i)
        }
    }
}

/// Matches, by id and occurrence order, the unmatched elements whose fingerprints collided.
/// O(n + m) set look-ups.
@inlinable
internal func _matchByID<Identity: _DiffIdentity>(
    _ workspace: _DiffWorkspace, _ old: UnsafeBufferPointer<Identity.Element>,
    _ new: UnsafeBufferPointer<Identity.Element>, identity: Identity, among collided: Set<UInt64>
) {
    var waiting: [Identity.ID: [Int]] = [:]
    for i in old.indices where workspace.oldToNew[i] < 0 && collided.contains(workspace.oldFingerprints[i]) {
        waiting[identity.id(of: old[i]), default: []].append(i)
    }
    var taken: [Identity.ID: Int] = [:]
    for j in new.indices where workspace.newToOld[j] < 0 && collided.contains(workspace.newFingerprints[j]) {
        let key = identity.id(of: new[j])
        guard let queue = waiting[key] else { continue }
        let next = taken[key, default: 0]
        guard next < queue.count else { continue }
        workspace.oldToNew[queue[next]] = Int64(j)
        workspace.newToOld[j] = Int64(queue[next])
        taken[key] = next + 1
    }
}

extension _DiffWorkspace {
    /// Removes the pair of old element `old`, if any.
    @inlinable
    func unmatch(old i: Int) {
        let j = Int(oldToNew[i])
        guard j >= 0 else { return }
        oldToNew[i] = -1
        newToOld[j] = -1
    }

    /// Myers' longest common subsequence alone (`fd_myers`); returns whether it is one (the
    /// budget did not run out).
    @usableFromInline
    func longestCommonSubsequence(costLimit: UInt64) -> Bool {
        var info = fd_match_info()
        var allocator = self.allocator
        _check(fd_myers(oldFingerprints, oldCount, newFingerprints, newCount, oldToNew, newToOld, costLimit, &info,
                        &allocator))
        return info.flags & FD_MATCH_COST_LIMIT_REACHED == 0
    }

    /// Matches, by occurrence order, the elements still unmatched (`fd_match_remaining`).
    @usableFromInline
    func matchRemaining() {
        var allocator = self.allocator
        _check(fd_match_remaining(oldFingerprints, oldCount, newFingerprints, newCount, oldToNew, newToOld, nil,
                                  &allocator))
    }
}
