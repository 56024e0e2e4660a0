import CFingerprintDiff
import Testing
import SeededRandom

/// The duplicate check above its small-range bound (fd_duplicates_sieve.c: one bitmap, the bits
/// found set listed, a coarser bitmap of those, then an exact set of the candidates, from many
/// candidates after a second sieve): it decides whether Heckel's walk stands,
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
    /// second sieve, on other bits of the values, then the exact set spread them).
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

    /// A fingerprint whose mixed value (fd_mix's, whose top bits are the sieve's bits) has
    /// `topBits` as its top `width` bits, and random bits below.
    static func crafted(topBits: UInt64, width: Int, _ generator: inout SplitMix64) -> UInt64 {
        let low = UInt64.random(in: 0...UInt64.max, using: &generator) >> width
        return ((topBits << (64 - width)) | low) &* inverseOfMixer
    }

    /// `crafted` fingerprints and `randomCount` XXH3 ones, shuffled, as old; new is old with its
    /// first two swapped (no common prefix: the check sees every value). With `repeated`, one
    /// crafted fingerprint is copied over another.
    static func craftedCase(_ crafted: [UInt64], randomCount: Int, repeated: Bool, _ generator: inout SplitMix64)
        -> (old: [UInt64], new: [UInt64]) {
        var old = crafted + (0..<randomCount).map { fd_fingerprint_u64(UInt64($0) &+ 0x5EED_0000) }
        old.shuffle(using: &generator)
        if repeated {
            let sources = Set(crafted)
            let from = old.firstIndex { sources.contains($0) }!, to = old.lastIndex { sources.contains($0) }!
            old[to] = old[from]
        }
        var new = old
        new.swapAt(0, 1)
        return (old, new)
    }

    /// Expects the diff of a `craftedCase` to be the table-only one, with a repeat exactly when
    /// `repeated`; without one, that the check made `allocations` allocations (those the diff
    /// makes that the same diff told the fingerprints are unique does not): which passes ran.
    /// Returns their sizes, in order.
    @discardableResult
    static func expectCheck(_ lists: (old: [UInt64], new: [UInt64]), repeated: Bool, allocations: Int,
                            _ label: String) -> [Int] {
        expectTableOnlyResult(lists.old, lists.new, repeats: repeated, label)
        guard !repeated else { return [] }
        let (_, trusting) = CoreMatchingTests.withFailingAllocator(failAt: .max) {
            Walk.diff(lists.old, lists.new, flags: FD_DIFF_UNIQUE_FINGERPRINTS, allocator: $0)
        }
        let (_, checking) = CoreMatchingTests.withFailingAllocator(failAt: .max) {
            Walk.diff(lists.old, lists.new, allocator: $0)
        }
        #expect(checking.allocations - trusting.allocations == allocations, "\(label)")
        let first = zip(checking.sizes, trusting.sizes).prefix { $0 == $1 }.count
        guard checking.sizes.count == trusting.sizes.count + allocations else { return [] }
        #expect(Array(checking.sizes[(first + allocations)...]) == Array(trusting.sizes[first...]),
                "the check's allocations come in a row: \(label)")
        return Array(checking.sizes[first..<(first + allocations)])
    }

    /// The fingerprints of `coarseBitsFilled`: 300 groups of 65.
    static func coarseBitsFillingFingerprints(_ generator: inout SplitMix64) -> [UInt64] {
        var crafted: [UInt64] = []
        for group in 0..<300 {
            let block = UInt64(group * 3_449 % 16_384) * 64
            crafted += (0..<64).map { Self.crafted(topBits: block + UInt64($0), width: 20, &generator) }
            crafted.append(Self.crafted(topBits: block, width: 20, &generator))
        }
        return crafted
    }

    /// The fingerprints of `secondSieve`: 17,000 pairs, each sharing the top 21 bits of its
    /// mixed values.
    static func pairedFingerprints(_ generator: inout SplitMix64) -> [UInt64] {
        var crafted: [UInt64] = []
        for pair in 0..<17_000 {
            let bit = (UInt64(pair) &* 0x9E37 &+ 12_345) & (1 << 21 - 1)
            crafted += [Self.crafted(topBits: bit, width: 21, &generator),
                        Self.crafted(topBits: bit, width: 21, &generator)]
        }
        return crafted
    }

    /// 40,000 values: pass 1's bitmap has 2^20 bits, and about 900 are listed, so pass 2's
    /// coarse bitmap has 2^15 (a coarse bit covers 32 fine ones). 300 groups of crafted
    /// fingerprints each fill the 64 fine bits of a block, one of them twice: each group lists
    /// one bit, and its coarse bit brings 31 values whose own bit no other value has. That is
    /// more than pass 2's bound (twice the listed bits, one value in 16 and 64), so it runs again
    /// on the listed bits: four allocations (the bitmap, both candidate arrays, the exact set).
    /// With a repeat planted it also takes that way; a repeat found through the coarse bitmap
    /// itself is `plantedRepeats`'s and `secondSieve`'s.
    @Test("crafted fingerprints that fill the coarse bits: pass 2 again on the listed bits, still exact")
    func coarseBitsFilled() {
        var generator = SplitMix64(seed: 1_048_576)
        let crafted = Self.coarseBitsFillingFingerprints(&generator)
        for repeated in [false, true] {
            let lists = Self.craftedCase(crafted, randomCount: 40_000 - crafted.count, repeated: repeated,
                                         &generator)
            Self.expectCheck(lists, repeated: repeated, allocations: 4, "coarse bits filled, repeated: \(repeated)")
        }
    }

    /// 100,000 values: pass 1's bitmap has 2^21 bits. 17,000 pairs of crafted fingerprints share
    /// a bit each (distinct bits), so the first sieve keeps at least 34,000 candidates: more
    /// than SIEVED_CANDIDATES_MIN (32,768), which go through a second sieve on other bits before
    /// the exact set: five allocations (two bitmaps, two candidate arrays, the set), the set small.
    @Test("many candidates go through a second sieve, which finds exactly the repeats")
    func secondSieve() {
        var generator = SplitMix64(seed: 2_097_152)
        let crafted = Self.pairedFingerprints(&generator)
        for repeated in [false, true] {
            let lists = Self.craftedCase(crafted, randomCount: 100_000 - crafted.count, repeated: repeated, &generator)
            let sizes = Self.expectCheck(lists, repeated: repeated, allocations: 5,
                                         "second sieve, repeated: \(repeated)")
            // The exact set, last, has twice as many 8-byte slots as candidates reached it, in
            // a power of two: about 2,000 left by the second sieve's own bits (32 KiB), where
            // through the first sieve's bits again all 34,000 would (1 MiB).
            if !repeated { #expect(sizes.last.map { $0 <= 64 << 10 } == true, "the set: \(sizes)") }
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
