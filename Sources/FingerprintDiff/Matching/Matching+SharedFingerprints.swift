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
/// then not minimal), and fingerprints that are not the ids themselves. Lists, by the C core
/// (`fd_shared_fingerprints`), the elements whose fingerprint occurs on both sides and more
/// than once on one, and compares each one's id with `==` to the id of the first old element
/// with its fingerprint. Needs the fingerprints (before `releaseFingerprints()`).
///
/// - Complexity: O(n + m) expected; one `==` per listed element.
@inlinable
internal func _fingerprintsStandForSeveralIDs<Identity: _DiffIdentity>(
    _ workspace: _DiffWorkspace, _ old: UnsafeBufferPointer<Identity.Element>,
    _ new: UnsafeBufferPointer<Identity.Element>, _ algorithm: DiffAlgorithm, identity: Identity, outcome: _DiffOutcome
) -> Bool {
    guard algorithm.kind == .heckel, !outcome.isMinimal, !Identity._fingerprintsAreIDs else { return false }
    return withUnsafeTemporaryAllocation(of: Int64.self, capacity: old.count + new.count) { first in
        let oldFirst = first.baseAddress!, newFirst = oldFirst + old.count
        var allocator = workspace.allocator
        _check(fd_shared_fingerprints(workspace.oldFingerprints, old.count, workspace.newFingerprints, new.count,
                                      oldFirst, newFirst, &allocator))
        for i in 0..<old.count {
            let k = Int(oldFirst[i])
            if k >= 0 && k != i && identity.id(of: old[i]) != identity.id(of: old[k]) { return true }
        }
        for j in 0..<new.count {
            let k = Int(newFirst[j])
            if k >= 0 && identity.id(of: new[j]) != identity.id(of: old[k]) { return true }
        }
        return false
    }
}
