import CFingerprintDiff
import Testing
import SeededRandom

/// `FD_DIFF_UNIQUE_FINGERPRINTS`, the caller's guarantee that no fingerprint repeats on a side
/// (`MemoryStorage`'s assigned identities): Heckel skips its duplicate check. Kept, the
/// guarantee must give exactly the result without it; broken, still a one-to-one matching of
/// equal fingerprints, never a crash.
@Suite("C core: the unique-fingerprints guarantee")
struct CoreUniqueFingerprintsTests {
    typealias Walk = CoreWalkTests

    @Test("with unique fingerprints the guarantee gives exactly the checked result", arguments: Walk.Edit.allCases)
    func guaranteeKeptChangesNothing(edit: Walk.Edit) {
        var generator = SplitMix64(seed: UInt64(Walk.Edit.allCases.firstIndex(of: edit)!) &+ 4_004)
        var casesWithPairs = 0
        for round in 0..<150 {
            let count = [0, 1, 2, 5, 40, 300, 3_000][round % 7]
            let (oldIDs, newIDs) = Walk.randomCase(count: count, alphabet: nil, edit: edit, &generator)
            for (name, fingerprint) in Walk.fingerprintings.prefix(2) { // xxh3, and raw ids as assigned ones
                let old = oldIDs.map(fingerprint), new = newIDs.map(fingerprint)
                guard let checked = Walk.diff(old, new), let trusted = Walk.diff(old, new, flags: FD_DIFF_UNIQUE_FINGERPRINTS)
                else {
                    Issue.record("fd_diff failed")
                    return
                }
                #expect(trusted == checked, "\(edit) \(name) round \(round): old \(old.count) new \(new.count)")
                #expect(checked.flags & FD_MATCH_HAD_DUPLICATES == 0)
                if checked.matched > 0 { casesWithPairs += 1 }
            }
        }
        #expect(casesWithPairs > 100, "cases with pairs were exercised")
    }

    @Test("above the small-range bound (the bitmap's check skipped) the result is the checked one too")
    func guaranteeKeptOnLargeLists() {
        var generator = SplitMix64(seed: 70_000)
        let (oldIDs, newIDs) = Walk.randomCase(count: 34_000, alphabet: nil, edit: .differenceKit, &generator)
        #expect(oldIDs.count + newIDs.count > 65_535)
        let old = oldIDs.map(Walk.fingerprintings[0].1), new = newIDs.map(Walk.fingerprintings[0].1)
        let (trusted, withGuarantee) = CoreMatchingTests.withFailingAllocator(failAt: .max) {
            Walk.diff(old, new, flags: FD_DIFF_UNIQUE_FINGERPRINTS, allocator: $0)
        }
        let (checked, withCheck) = CoreMatchingTests.withFailingAllocator(failAt: .max) { Walk.diff(old, new, allocator: $0) }
        #expect(trusted == checked)
        // The bitmap's check allocates (its bitmap and list, its candidates, its exact set):
        // skipped, fewer allocations.
        #expect(withGuarantee.allocations < withCheck.allocations, "\(withGuarantee.allocations) against \(withCheck.allocations)")
    }

    @Test("a broken guarantee still gives a one-to-one matching of equal fingerprints, and shows the check skipped")
    func guaranteeBroken() {
        var generator = SplitMix64(seed: 5_005)
        var checkSkipped = 0
        for round in 0..<1_500 {
            let edit = Walk.Edit.allCases[round % Walk.Edit.allCases.count]
            var (oldIDs, newIDs) = Walk.randomCase(count: Int.random(in: 0...400, using: &generator),
                                                  alphabet: round % 3 == 0 ? [2, 7, 100][round % 9 / 3] : nil,
                                                  edit: edit, &generator)
            if round % 3 != 0, oldIDs.count > 20, newIDs.count > 20 { // one id repeated in aligned places
                let k = Int.random(in: 10..<(min(oldIDs.count, newIDs.count) - 5), using: &generator)
                oldIDs[k + 3] = oldIDs[k]
                newIDs[k + 3] = newIDs[k]
            }
            let old = oldIDs.map { UInt64($0) }, new = newIDs.map { UInt64($0) }
            // Walk.diff checks the matching with fd_matching_check: pairs of equal fingerprints,
            // each element in at most one pair, both directions agreeing.
            guard let trusted = Walk.diff(old, new, flags: FD_DIFF_UNIQUE_FINGERPRINTS), let checked = Walk.diff(old, new)
            else {
                Issue.record("fd_diff failed")
                return
            }
            #expect(trusted.counts[0] == old.count - trusted.matched && trusted.counts[1] == new.count - trusted.matched)
            #expect(trusted.matched == trusted.newToOld.filter { $0 >= 0 }.count)
            let staying = trusted.inLIS.enumerated().filter { $0.element == 1 }.map { trusted.newToOld[$0.offset] }
            #expect(staying.allSatisfy { $0 >= 0 } && staying == staying.sorted(), "what stays is an increasing chain")
            #expect(trusted.counts[2] == trusted.matched - staying.count)
            if checked.flags & FD_MATCH_HAD_DUPLICATES != 0 && trusted.flags & FD_MATCH_HAD_DUPLICATES == 0 {
                checkSkipped += 1
            }
        }
        #expect(checkSkipped > 50, "repeats only the check could see went unseen: the check was skipped")
    }
}
