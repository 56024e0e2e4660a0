import CFingerprintDiff

/// Repairs a matching in which fingerprints of different ids collided, on the ids themselves,
/// so that the result is what it would be with perfect fingerprints. Runs only after
/// `_confirmPairs` met a pair whose ids differ; `first` is what the first matching reported.
/// O(n + m) set and dictionary operations.
///
/// - Heckel: every id whose fingerprint another id shares gets a fingerprint of its own (one
///   no other id has), and the diff runs again: the core decides by fingerprint equality
///   alone, so this is exactly the matching perfect fingerprints give, repeated ids included.
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
        _separateCollidedIDs(workspace, old, new, identity: identity)
        return workspace.diff(algorithm, moves: moves)
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

/// Gives every id whose fingerprint is shared with another id a fingerprint no other id has,
/// in the workspace's fingerprint arrays, so that equal fingerprints mean equal ids. O(n + m)
/// dictionary operations on fingerprints, plus one on the ids of the collided elements.
@inlinable
internal func _separateCollidedIDs<Identity: _DiffIdentity>(
    _ workspace: _DiffWorkspace, _ old: UnsafeBufferPointer<Identity.Element>,
    _ new: UnsafeBufferPointer<Identity.Element>, identity: Identity
) {
    var owner: [UInt64: Identity.ID] = [:]
    var collided = Set<UInt64>()
    func note(_ fingerprint: UInt64, _ id: Identity.ID) {
        if let first = owner[fingerprint] {
            if first != id { collided.insert(fingerprint) }
        } else {
            owner[fingerprint] = id
        }
    }
    for i in 0..<old.count { note(workspace.oldFingerprints[i], identity.id(of: old[i])) }
    for j in 0..<new.count { note(workspace.newFingerprints[j], identity.id(of: new[j])) }
    guard !collided.isEmpty else { return }
    var own: [Identity.ID: UInt64] = [:]
    var candidate: UInt64 = 0
    func fingerprint(of id: Identity.ID) -> UInt64 {
        if let assigned = own[id] { return assigned }
        repeat { candidate &+= 1 } while owner[candidate] != nil
        own[id] = candidate
        return candidate
    }
    for i in 0..<old.count where collided.contains(workspace.oldFingerprints[i]) {
        workspace.oldFingerprints[i] = fingerprint(of: identity.id(of: old[i]))
    }
    for j in 0..<new.count where collided.contains(workspace.newFingerprints[j]) {
        workspace.newFingerprints[j] = fingerprint(of: identity.id(of: new[j]))
    }
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
