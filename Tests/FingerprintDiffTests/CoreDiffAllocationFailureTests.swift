import CFingerprintDiff
import Testing
import SeededRandom

/// `fd_diff`, the one call a binding makes, under every allocation failure in turn: the walk's
/// lists and anchors, the duplicate check, the queue table of what the walk left, the repeats'
/// pairing and the longest increasing subsequence each allocate, on the paths these inputs take.
/// A failure is reported as `FD_ERR_NO_MEMORY`, or, where a step can do without (the walk's
/// anchors), the result is unchanged; nothing leaks either way.
@Suite("C core: fd_diff under allocation failures")
struct CoreDiffAllocationFailureTests {
    typealias Walk = CoreWalkTests

    /// Inputs that reach each allocating path: unique ids through the walk and the table (small
    /// range and bitmap, and fingerprints crafted to take the sieve's second pass 2 and its
    /// second sieve, with a repeat), repeated ids through the repeats' pairing, and Myers.
    static func cases() -> [(String, [UInt64], [UInt64], fd_algorithm, UInt32)] {
        var generator = SplitMix64(seed: 909)
        let fingerprint = Walk.fingerprintings[0].1
        func lists(_ count: Int, _ alphabet: Int?, _ edit: Walk.Edit) -> ([UInt64], [UInt64]) {
            let (old, new) = Walk.randomCase(count: count, alphabet: alphabet, edit: edit, &generator)
            return (old.map(fingerprint), new.map(fingerprint))
        }
        let unique = lists(3_000, nil, .differenceKit), large = lists(34_000, nil, .randomMoves)
        let repeated = lists(400, 30, .localEdits)
        let sieve = CoreDuplicateCheckTests.self
        // With a repeat: a failure in the check taken for "no repeat" would give the walk's result.
        let filled = sieve.craftedCase(sieve.coarseBitsFillingFingerprints(&generator), randomCount: 20_500,
                                       repeated: true, &generator)
        let paired = sieve.craftedCase(sieve.pairedFingerprints(&generator), randomCount: 66_000, repeated: true,
                                       &generator)
        return [
            ("walk, coarse bits filled", filled.old, filled.new, FD_ALGORITHM_HECKEL, 0),
            ("walk, second sieve", paired.old, paired.new, FD_ALGORITHM_HECKEL, 0),
            ("walk, unique", unique.0, unique.1, FD_ALGORITHM_HECKEL, 0),
            ("walk, unique, guaranteed", unique.0, unique.1, FD_ALGORITHM_HECKEL, FD_DIFF_UNIQUE_FINGERPRINTS),
            ("walk, bitmap's range", large.0, large.1, FD_ALGORITHM_HECKEL, 0),
            ("repeats", repeated.0, repeated.1, FD_ALGORITHM_HECKEL, 0),
            ("table only", unique.0, unique.1, FD_ALGORITHM_HECKEL, FD_DIFF_TABLE_ONLY),
            ("myers", unique.0, unique.1, FD_ALGORITHM_MYERS, 0),
        ]
    }

    /// `fd_diff` with `allocator`: its status, and its result when it succeeded.
    static func diff(_ old: [UInt64], _ new: [UInt64], _ algorithm: fd_algorithm, _ flags: UInt32,
                     _ allocator: UnsafePointer<fd_allocator>?) -> (fd_status, Walk.DiffOutcome?) {
        Walk.diffReporting(old, new, algorithm: algorithm, flags: flags, allocator: allocator)
    }

    @Test("an allocation failure in fd_diff is FD_ERR_NO_MEMORY or the same result, and leaks nothing")
    func everyFailure() {
        var recovered: Set<String> = []
        defer {
            // Only the walk does without (its anchors), and these inputs make it need them.
            #expect(!recovered.isEmpty && recovered.isSubset(of: ["walk, unique", "walk, unique, guaranteed",
                                                                  "walk, bitmap's range", "walk, coarse bits filled",
                                                                  "walk, second sieve"]), "\(recovered)")
        }
        for (name, old, new, algorithm, flags) in Self.cases() {
            let reference = Self.diff(old, new, algorithm, flags, nil).1
            #expect(reference != nil)
            var failAt = 0
            while true {
                let ((status, outcome), allocator) = CoreMatchingTests.withFailingAllocator(failAt: failAt) {
                    Self.diff(old, new, algorithm, flags, $0)
                }
                #expect(allocator.live == 0, "\(name) leaked after failing allocation \(failAt)")
                if failAt >= allocator.allocations {
                    #expect(status == FD_OK && outcome == reference, "\(name) with no allocation failing")
                    break
                }
                // A step may do without what it could not allocate (the walk without its anchors):
                // then the result must be the same.
                #expect(status == FD_ERR_NO_MEMORY || (status == FD_OK && outcome == reference),
                        "\(name): allocation \(failAt) failing gave \(status)")
                if status == FD_OK { recovered.insert(name) }
                failAt += 1
            }
            #expect(failAt > 0, "\(name) allocates")
        }
    }
}
