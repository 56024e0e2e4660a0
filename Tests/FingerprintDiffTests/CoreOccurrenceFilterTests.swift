import CFingerprintDiff
import Testing
import SeededRandom

/// The occurrence matching's filter (fd_queue_table.h): from FD_QUEUE_FILTER_ENTRIES_MIN old
/// elements left, a new element whose fingerprint the filter never saw skips the table. The
/// matching must still be exactly occurrence order, flags included: through
/// `fd_match_remaining` against the Swift model, and through Heckel's walk against the
/// table-only path. Below the bound the table has no filter (the other suites' sizes).
@Suite("C core: the occurrence matching's filter")
struct CoreOccurrenceFilterTests {
    typealias Walk = CoreWalkTests

    /// FD_QUEUE_FILTER_ENTRIES_MIN (fd_queue_table.h).
    static let filterEntriesMin = 8_192

    /// The inverse of the filter's multiplier modulo 2^64 (Newton's iteration).
    static let inverseOfFilterMultiplier: UInt64 = {
        let multiplier: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        var inverse = multiplier
        for _ in 0..<5 { inverse = inverse &* (2 &- multiplier &* inverse) }
        return inverse
    }()

    /// How the fingerprints of a case are drawn.
    enum Fingerprints: CaseIterable {
        case unique       // random 64-bit values: about 3% of the absent ones pass the filter
        case repeated     // from 6,000 values: queues of several old elements, exhausted ones
        case oneFilterBit // distinct, but all on the filter's first bit pair: every absent
                          // fingerprint passes the filter and is looked up in the table

        func make(_ id: UInt64, _ generator: inout SplitMix64) -> UInt64 {
            switch self {
            case .unique: UInt64.random(in: 0...UInt64.max, using: &generator)
            case .repeated: UInt64.random(in: 0..<6_000, using: &generator) &* 0x9E37_79B9_7F4A_7C15
            // Filter hash id << 32: word 0 (below 2^21 ids), bits 20-31 zero: both bits are bit 0.
            case .oneFilterBit: (id << 32) &* CoreOccurrenceFilterTests.inverseOfFilterMultiplier
            }
        }
    }

    @Test("fd_match_remaining above the filter's bound gives exactly occurrence order, flags included",
          arguments: Fingerprints.allCases)
    func matchRemainingIsOccurrenceOrder(kind: Fingerprints) {
        var generator = SplitMix64(seed: 8_192 &+ UInt64(Fingerprints.allCases.firstIndex(of: kind)!))
        var nextID: UInt64 = 1
        func fresh() -> UInt64 {
            defer { nextID += 1 }
            return kind.make(nextID, &generator)
        }
        for round in 0..<3 {
            let old = (0..<Int.random(in: 9_000...12_000, using: &generator)).map { _ in fresh() }
            // New: old elements (a share of them, in any order) among new fingerprints.
            let kept = [0.1, 0.5, 0.9][round]
            var new = old.filter { _ in Double.random(in: 0..<1, using: &generator) < kept }
            new += (0..<Int.random(in: 1_000...12_000, using: &generator)).map { _ in fresh() }
            new.shuffle(using: &generator)
            // A few pairs to start from, which the step leaves alone.
            let start = CoreMatchingTests.randomPairs(old, new, oneIn: 20, &generator)
            #expect(start.oldToNew.filter { $0 < 0 }.count >= Self.filterEntriesMin, "the table has a filter")
            CoreMatchingTests.expectMatchRemaining(old, new, from: start, "\(kind) round \(round)")
        }
    }

    /// DifferenceKit's shape at 80,000: the walk leaves about 9,600 elements a side (the top 2%
    /// shuffled, a tenth deleted, a tenth inserted), above the bound. With unique ids the diff
    /// is also run under the caller's guarantee (FD_DIFF_UNIQUE_FINGERPRINTS), which skips the
    /// duplicate check: without it, a pair the step missed would send the rest to the table.
    @Test("Heckel's walk leaving more than the filter's bound gives exactly the table-only result")
    func walkEqualsTableOnly() {
        var generator = SplitMix64(seed: 80_000)
        for round in 0..<3 {
            var (oldIDs, newIDs) = Walk.randomCase(count: 80_000, alphabet: nil, edit: .differenceKit, &generator)
            if round == 2 { newIDs[newIDs.count / 2] = newIDs[newIDs.count / 2 + 50] } // a repeat: the table-only path
            let old = oldIDs.map(Walk.fingerprintings[round % 2].1), new = newIDs.map(Walk.fingerprintings[round % 2].1)
            guard let walked = Walk.diff(old, new), let reference = Walk.diff(old, new, flags: FD_DIFF_TABLE_ONLY),
                  let trusted = Walk.diff(old, new, flags: round == 2 ? 0 : FD_DIFF_UNIQUE_FINGERPRINTS) else {
                Issue.record("fd_diff failed")
                return
            }
            #expect(walked == reference, "round \(round): old \(old.count) new \(new.count)")
            #expect(trusted == reference, "round \(round) under the guarantee")
            #expect((walked.flags & FD_MATCH_HAD_DUPLICATES != 0) == (round == 2), "round \(round)'s repeat")
        }
    }
}
