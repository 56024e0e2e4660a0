import CFingerprintDiff

/// Whether Heckel's matching relied on a fingerprint that stands for more than one id: two
/// elements that share a fingerprint the pairing of repeated fingerprints read, whose ids
/// differ. Such a matching may pair only equal ids and still not be the one of the ids
/// themselves: the pairing takes its anchors (fingerprints once on each side) and its
/// yardstick (occurrence order) from the fingerprints, so a collision can take an anchor away
/// or count occurrences of two ids as one, and the result can move more than occurrence order
/// of the ids does. The caller then repairs the matching as for a pair whose ids differ.
///
/// Runs only where it can find something: Heckel, some fingerprint repeated (the matching is
/// then not minimal), and fingerprints that are not the ids themselves. Compares with `==`,
/// to the id of the first old element with its fingerprint (`fd_first_old_occurrences`),
/// each old element and each unpaired new element: a paired new element has its old
/// partner's id once the caller has confirmed the pairs, which it always does after this, so
/// every element of a fingerprint is then known to hold one id. Needs the fingerprints
/// (before `releaseFingerprints()`) and the matching.
///
/// - Complexity: O(n + m) expected; one `==` per old element whose fingerprint repeats before
///   it and per unpaired new element whose fingerprint is in old.
@inlinable
internal func _fingerprintsStandForSeveralIDs<Identity: _DiffIdentity>(
    _ workspace: _DiffWorkspace, _ old: UnsafeBufferPointer<Identity.Element>,
    _ new: UnsafeBufferPointer<Identity.Element>, _ algorithm: DiffAlgorithm, identity: Identity, outcome: _DiffOutcome
) -> Bool {
    guard algorithm.kind == .heckel, !outcome.isMinimal, !Identity._fingerprintsAreIDs else { return false }
    return withUnsafeTemporaryAllocation(of: Int64.self, capacity: old.count + new.count) { first in
        let oldFirst = first.baseAddress!, newFirst = oldFirst + old.count
        var allocator = workspace.allocator
        _check(fd_first_old_occurrences(workspace.oldFingerprints, old.count, workspace.newFingerprints, new.count,
                                        oldFirst, newFirst, &allocator))
        for i in 0..<old.count {
            let k = Int(oldFirst[i])
            if k != i && identity.id(of: old[i]) != identity.id(of: old[k]) { return true }
        }
        let newToOld = workspace.newToOld
        for j in 0..<new.count where newToOld[j] < 0 {
            let k = Int(newFirst[j])
            if k >= 0 && identity.id(of: new[j]) != identity.id(of: old[k]) { return true }
        }
        return false
    }
}
