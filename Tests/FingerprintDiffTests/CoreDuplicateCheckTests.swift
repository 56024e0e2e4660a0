import CFingerprintDiff
import Testing
import SeededRandom

/// The duplicate check above its small-range bound (fd_duplicates.c: one bitmap, the bits found
/// set listed, then an exact set of the candidates): it decides whether Heckel's walk stands,
/// so a repeat it misses shows as a result that differs from the table-only path (the flags
/// at least), and a repeat it invents as the table's allocations.
@Suite("C core: the duplicate check on large ranges")
struct CoreDuplicateCheckTests {
    typealias Walk = CoreWalkTests

    /// What is planted in a case's fingerprints.
    enum Plant: CaseIterable {
        case nothing
        case oldRepeat          // two old elements with one fingerprint
        case newRepeat          // two new elements with one fingerprint absent from old: nothing
                                // to match, so not a repeat the result shows
        case newCopyOfOld       // a copy of a new element that old holds, inserted: the walk pairs
                                // the original, the copy is left unmatched, and only the check's
                                // pass over the unmatched new elements can see the repeat
        case alignedRepeat      // two ids in both lists given one fingerprint: the walk pairs both
                                // in place, so only the check can see the repeat
        case zeroTwice          // the same with the fingerprint 0 (the exact set's empty slot)
        case zeroOnce           // the fingerprint 0 once: no repeat

        var repeats: Bool { self != .nothing && self != .zeroOnce && self != .newRepeat }
    }

    /// Plants `plant` in the second half of the lists, and swaps new's first two elements: no
    /// common prefix, so the check sees both whole lists.
    static func planted(_ plant: Plant, _ old: [UInt64], _ new: [UInt64], _ generator: inout SplitMix64)
        -> ([UInt64], [UInt64]) {
        var old = old, new = new
        func place(in count: Int) -> Int { Int.random(in: (count / 2)..<count, using: &generator) }
        let (a, b) = (place(in: old.count), place(in: old.count))
        let (x, y) = (place(in: new.count), place(in: new.count))
        switch plant {
        case .nothing: break
        case .oldRepeat: old[a == b ? a - 1 : a] = old[b]
        case .newRepeat: (new[x == y ? x - 1 : x], new[y]) = (0xF00D_0000_0000_0001, 0xF00D_0000_0000_0001)
        case .newCopyOfOld:
            let inOld = Set(old)
            var y = y
            while !inOld.contains(new[y]) || y == x { y = place(in: new.count) }
            new.insert(new[y], at: x)
        case .alignedRepeat, .zeroTwice:
            let inNew = Set(new)
            var (a, b) = (a, b)
            while !inNew.contains(old[a]) { a = place(in: old.count) }
            while !inNew.contains(old[b]) || old[b] == old[a] { b = place(in: old.count) }
            let (first, second, to) = (old[a], old[b], plant == .zeroTwice ? 0 : old[a])
            old = old.map { $0 == first || $0 == second ? to : $0 }
            new = new.map { $0 == first || $0 == second ? to : $0 }
        case .zeroOnce: old[a] = 0
        }
        new.swapAt(0, 1)
        return (old, new)
    }

    /// Expects `fd_diff` to give the table-only result on `old` and `new`, and a repeat exactly
    /// when `repeats`.
    static func expectTableOnlyResult(_ old: [UInt64], _ new: [UInt64], repeats: Bool, _ label: String) {
        let prefix = zip(old, new).prefix { $0 == $1 }.count
        #expect(old.count + new.count - 2 * prefix > 65_535, "above the small-range bound: \(label)")
        guard let walked = Walk.diff(old, new), let reference = Walk.diff(old, new, flags: FD_DIFF_TABLE_ONLY) else {
            Issue.record("fd_diff failed: \(label)")
            return
        }
        #expect(walked == reference, "\(label)")
        #expect((reference.flags & FD_MATCH_HAD_DUPLICATES != 0) == repeats, "\(label)")
    }

    @Test("random large lists, with a repeat planted or not, give exactly the table-only result")
    func plantedRepeats() {
        var generator = SplitMix64(seed: 131_072)
        let edits: [Walk.Edit] = [.differenceKit, .randomMoves, .localEdits, .blocksInPlace]
        for (round, plant) in (Plant.allCases + Plant.allCases).enumerated() {
            let edit = edits[round % edits.count], (name, fingerprint) = Walk.fingerprintings[round % 2]
            let (oldIDs, newIDs) = Walk.randomCase(count: 34_000, alphabet: nil, edit: edit, &generator)
            let (old, new) = Self.planted(plant, oldIDs.map(fingerprint), newIDs.map(fingerprint), &generator)
            Self.expectTableOnlyResult(old, new, repeats: plant.repeats, "\(plant) \(edit) \(name)")
        }
    }

    /// The inverse of fd_mix's multiplier modulo 2^64 (Newton's iteration).
    static let inverseOfMixer: UInt64 = {
        let mixer: UInt64 = 0x9E37_79B9_7F4A_7C15
        var inverse = mixer
        for _ in 0..<5 { inverse = inverse &* (2 &- mixer &* inverse) }
        return inverse
    }()

    /// Fingerprints whose mixed values are distinct but below 2^49: at 34,000 values the check's
    /// bitmap has 2^20 bits, a value's bit is its mixed value's top 20 bits, so all of them take
    /// one of 32 bits, more than a quarter list theirs and every value becomes a candidate (the
    /// exact set still spreads them: it reads bits 32 to 48).
    static func colliding(_ id: Int) -> UInt64 {
        ((UInt64(id) &* 0xD6E8_FEB8_6659_FD93) & (1 << 49 - 1)) &* inverseOfMixer
    }

    /// The matching depends only on which fingerprints are equal, so the colliding ones must
    /// give exactly what XXH3's give for the same ids (checked against the table-only path
    /// above); the table-only path itself would be quadratic on them.
    @Test("fingerprints that all take one bit: every value a candidate, the result still exact")
    func collidingFingerprints() {
        #expect(0x9E37_79B9_7F4A_7C15 &* Self.inverseOfMixer == 1)
        var generator = SplitMix64(seed: 262_144)
        for plant in [Plant.nothing, .oldRepeat] { // a repeat sends the rest to the table, quadratic here
            let (oldIDs, newIDs) = Walk.randomCase(count: 34_000, alphabet: nil, edit: .feed, &generator)
            let (old, new) = Self.planted(plant, oldIDs.map { UInt64($0) }, newIDs.map { UInt64($0) }, &generator)
            let colliding = (old.map { Self.colliding(Int($0)) }, new.map { Self.colliding(Int($0)) })
            #expect(Set(colliding.0).count == Set(old).count, "as many distinct fingerprints as ids")
            let xxh3 = Walk.fingerprintings[0].1
            guard let result = Walk.diff(colliding.0, colliding.1),
                  let expected = Walk.diff(old.map { xxh3(Int($0)) }, new.map { xxh3(Int($0)) }) else {
                Issue.record("fd_diff failed: \(plant)")
                return
            }
            #expect(result == expected, "colliding \(plant)")
            #expect((result.flags & FD_MATCH_HAD_DUPLICATES != 0) == plant.repeats, "colliding \(plant)")
        }
    }

    @Test("on unique fingerprints the check finds no repeat: the walk stands, the table is not built")
    func noRepeatInvented() {
        var generator = SplitMix64(seed: 524_288)
        for edit in [Walk.Edit.differenceKit, .randomMoves, .localEdits] {
            let (oldIDs, newIDs) = Walk.randomCase(count: 34_000, alphabet: nil, edit: edit, &generator)
            let old = oldIDs.map(Walk.fingerprintings[0].1), new = newIDs.map(Walk.fingerprintings[0].1)
            let (trusted, withGuarantee) = CoreMatchingTests.withFailingAllocator(failAt: .max) {
                Walk.diff(old, new, flags: FD_DIFF_UNIQUE_FINGERPRINTS, allocator: $0)
            }
            let (checked, withCheck) = CoreMatchingTests.withFailingAllocator(failAt: .max) {
                Walk.diff(old, new, allocator: $0)
            }
            #expect(checked == trusted, "\(edit)")
            // The check's own three (the bitmap with its list, the candidates, the exact set;
            // what the table's step gathers for it is gathered either way, for the moves); a
            // repeat found where there is none would send the rest to the table: more.
            #expect(withCheck.allocations == withGuarantee.allocations + 3,
                    "\(edit): \(withCheck.allocations) against \(withGuarantee.allocations)")
        }
    }
}
