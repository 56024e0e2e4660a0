import FingerprintDiff
import Testing
import SeededRandom

/// `MemoryStorage` diffs the identities it assigned (integers counted up from 0) with each
/// identity as its own fingerprint (`_AssignedIdentity`) instead of its XXH3 fingerprint
/// (`XXH3SelfIdentity`; `_SelfIdentity` now matches integers by their bits as well): the same
/// matching, moves and minimality on random lists, with and without moves, with and without
/// repeated identities; `_UniqueAssignedIdentity` (the core's duplicate check skipped) the same
/// on lists without repeats.
@Suite("Assigned identities as fingerprints")
struct AssignedIdentityTests {
    /// The matching's changeset, each old element's partner and minimality, for `identity`.
    static func diff<Identity: _DiffIdentity>(_ old: [UInt64], _ new: [UInt64], identity: Identity, moves: Bool)
        -> (Changeset, [Int]) where Identity.Element == UInt64 {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                _withMatching(old, new, .heckel, identity: identity, moves: moves, isChanged: { _, _ in false }) {
                    (Changeset(_matching: $0), $0.newOffsetsOfOld)
                }
            }
        }
    }

    /// Identities counted up from `first`, then a storage's edits: deletions, insertions of
    /// fresh identities, moves; with `repeats`, some identities copied (not a storage's, but
    /// the diff must not care).
    static func randomCase(_ generator: inout SplitMix64, repeats: Bool) -> ([UInt64], [UInt64]) {
        let count = Int.random(in: 0...[8, 150, 2_500][Int.random(in: 0..<3, using: &generator)], using: &generator)
        var next = UInt64.random(in: 0...3, using: &generator) * 1_000
        let old: [UInt64] = (0..<count).map { _ in defer { next += 1 }; return next }
        var new = old
        for _ in 0..<Int.random(in: 0...(count / 8 + 3), using: &generator) {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0 where !new.isEmpty: new.remove(at: Int.random(in: 0..<new.count, using: &generator))
            case 1:
                new.insert(next, at: Int.random(in: 0...new.count, using: &generator))
                next += 1
            case 2 where !new.isEmpty:
                let moved = new.remove(at: Int.random(in: 0..<new.count, using: &generator))
                new.insert(moved, at: Int.random(in: 0...new.count, using: &generator))
            case 3 where repeats && !old.isEmpty:
                new.insert(old[Int.random(in: 0..<old.count, using: &generator)],
                           at: Int.random(in: 0...new.count, using: &generator))
            default: break
            }
        }
        return (old, new)
    }

    @Test("the same diff as XXH3 fingerprints", arguments: [false, true])
    func sameAsHashed(repeats: Bool) {
        var generator = SplitMix64(seed: repeats ? 411 : 410)
        for k in 0..<120 {
            let (old, new) = Self.randomCase(&generator, repeats: repeats)
            let moves = k % 2 == 0
            let hashed = Self.diff(old, new, identity: XXH3SelfIdentity<UInt64>(), moves: moves)
            let assigned = Self.diff(old, new, identity: _AssignedIdentity(), moves: moves)
            #expect(assigned.0 == hashed.0, "\(old) -> \(new)")
            #expect(assigned.1 == hashed.1)
            guard !repeats else { continue }
            // A storage's slots never repeat: the promise that lets the core skip its check.
            let unique = Self.diff(old, new, identity: _UniqueAssignedIdentity(), moves: moves)
            #expect(unique.0 == hashed.0 && unique.0.isMinimal == hashed.0.isMinimal, "\(old) -> \(new)")
            #expect(unique.1 == hashed.1)
        }
    }
}
