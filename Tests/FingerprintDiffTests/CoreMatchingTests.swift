import CFingerprintDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import SeededRandom

/// The C core on its own: matchings over raw fingerprints, error paths, allocation failures.
@Suite("C core")
struct CoreMatchingTests {
    typealias Matcher = (UnsafePointer<UInt64>?, Int, UnsafePointer<UInt64>?, Int,
                         UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?,
                         UnsafeMutablePointer<fd_match_info>?, UnsafePointer<fd_allocator>?) -> fd_status

    static func myers(limit: UInt64) -> Matcher {
        { fd_myers($0, $1, $2, $3, $4, $5, limit, $6, $7) }
    }

    /// Runs a matcher, checks consistency, returns the matching.
    func run(_ matcher: Matcher, _ old: [UInt64], _ new: [UInt64],
             allocator: UnsafePointer<fd_allocator>? = nil) -> (status: fd_status, oldToNew: [Int64], newToOld: [Int64], info: fd_match_info) {
        var oldToNew = [Int64](repeating: -7, count: old.count)
        var newToOld = [Int64](repeating: -7, count: new.count)
        var info = fd_match_info()
        let status = matcher(old, old.count, new, new.count, &oldToNew, &newToOld, &info, allocator)
        if status == FD_OK {
            #expect(fd_matching_check(old, old.count, new, new.count, oldToNew, newToOld) == FD_OK)
            #expect(info.matched_count == newToOld.filter { $0 >= 0 }.count)
        }
        return (status, oldToNew, newToOld, info)
    }

    func randomFingerprints(_ count: Int, alphabet: UInt64, _ generator: inout SplitMix64) -> [UInt64] {
        (0..<count).map { _ in UInt64.random(in: 0..<alphabet, using: &generator) }
    }

    @Test("Myers finds a longest common subsequence (checked against the O(nm) DP)")
    func myersIsMinimal() {
        var generator = SplitMix64(seed: 1)
        for round in 0..<2000 {
            let alphabet = UInt64([2, 3, 5, 20, 1000][round % 5])
            let old = randomFingerprints(Int.random(in: 0...60, using: &generator), alphabet: alphabet, &generator)
            var new = randomFingerprints(Int.random(in: 0...60, using: &generator), alphabet: alphabet, &generator)
            if round % 3 == 0 { new = old.filter { _ in Bool.random(using: &generator) } + new.prefix(5) }
            let result = run(Self.myers(limit: 0), old, new)
            #expect(result.status == FD_OK)
            #expect(result.info.flags & FD_MATCH_COST_LIMIT_REACHED == 0)
            let matched = result.oldToNew.filter { $0 >= 0 }
            #expect(matched == matched.sorted(), "Myers matchings are monotone")
            #expect(matched.count == lcsLength(old, new), "old \(old) new \(new)")
        }
    }

    @Test("long inputs: both LCS paths (sparse Hunt-Szymanski, dense Myers) agree with the DP")
    func longInputs() {
        var generator = SplitMix64(seed: 6)
        for alphabet: UInt64 in [3, 40, 100_000] {
            for _ in 0..<8 {
                let old = randomFingerprints(Int.random(in: 200...600, using: &generator), alphabet: alphabet, &generator)
                var new = old
                for _ in 0..<40 {
                    let k = Int.random(in: 0..<new.count, using: &generator)
                    if Bool.random(using: &generator) { new.remove(at: k) } else { new.insert(UInt64.random(in: 0..<alphabet, using: &generator), at: k) }
                }
                let result = run(Self.myers(limit: 0), old, new)
                let matched = result.oldToNew.filter { $0 >= 0 }
                #expect(matched == matched.sorted())
                #expect(matched.count == lcsLength(old, new), "alphabet \(alphabet)")
            }
        }
    }

    @Test("Myers stays monotone and valid when the budget runs out")
    func myersBudget() {
        var generator = SplitMix64(seed: 2)
        for limit: UInt64 in [1, 10, 100, 1000] {
            let old = randomFingerprints(400, alphabet: 5, &generator)
            let new = randomFingerprints(400, alphabet: 5, &generator)
            let result = run(Self.myers(limit: limit), old, new)
            #expect(result.status == FD_OK)
            #expect(result.info.flags & FD_MATCH_COST_LIMIT_REACHED != 0)
            let matched = result.oldToNew.filter { $0 >= 0 }
            #expect(matched == matched.sorted())
        }
    }

    @Test("Heckel pairs each fingerprint min(old, new) times, with no more moves than occurrence order",
          arguments: [3, 6, 40])
    func heckelRepeats(alphabet: Int) {
        var generator = SplitMix64(seed: 3 + UInt64(alphabet))
        for _ in 0..<700 {
            let old = randomFingerprints(Int.random(in: 0...80, using: &generator), alphabet: UInt64(alphabet), &generator)
            let new = randomFingerprints(Int.random(in: 0...80, using: &generator), alphabet: UInt64(alphabet), &generator)
            let result = run(fd_heckel, old, new)
            #expect(result.status == FD_OK)
            let actual = result.oldToNew.enumerated().filter { $0.element >= 0 }.map { (old: $0.offset, new: Int($0.element)) }
            expectRepeatedIDContract(actual, old: old, new: new, "old \(old) new \(new)")
        }
    }

    @Test("a long common suffix is matched in place; repeats around it follow the contract")
    func heckelSuffix() {
        let suffix = (1000..<3500).map(UInt64.init) + [7] + (4000..<4100).map(UInt64.init)
        let cases: [(String, [UInt64], [UInt64])] = [
            ("no conflict", [1, 2] + suffix, [3] + suffix),
            ("suffix value also in old's middle", [7, 1] + suffix, [2] + suffix),
            ("suffix value also in new's middle", [1] + suffix, [7, 2] + suffix),
            ("duplicates inside the suffix only", [5] + suffix + [9, 9], [6] + suffix + [9, 9]),
        ]
        for (name, old, new) in cases {
            let result = run(fd_heckel, old, new)
            #expect(result.status == FD_OK)
            let actual = result.oldToNew.enumerated().filter { $0.element >= 0 }.map { (old: $0.offset, new: Int($0.element)) }
            expectRepeatedIDContract(actual, old: old, new: new, name)
            // The suffix (every element after the first on each side) stays in place.
            #expect(moveCount(actual) == 0, "\(name)")
        }
    }

    @Test("fd_match_remaining keeps existing pairs and matches the rest by occurrence")
    func matchRemaining() {
        var generator = SplitMix64(seed: 4)
        for _ in 0..<500 {
            let old = randomFingerprints(Int.random(in: 0...60, using: &generator), alphabet: 8, &generator)
            let new = randomFingerprints(Int.random(in: 0...60, using: &generator), alphabet: 8, &generator)
            var (_, oldToNew, newToOld, _) = run(Self.myers(limit: 0), old, new)
            let before = oldToNew
            var info = fd_match_info()
            #expect(fd_match_remaining(old, old.count, new, new.count, &oldToNew, &newToOld, &info, nil) == FD_OK)
            #expect(fd_matching_check(old, old.count, new, new.count, oldToNew, newToOld) == FD_OK)
            for (i, j) in before.enumerated() where j >= 0 { #expect(oldToNew[i] == j) }
            #expect(info.matched_count == maximumMatchable(old, new))
        }
    }

    /// Occurrence order over what is unmatched, written plainly: per fingerprint, the k-th
    /// unmatched old occurrence with the k-th unmatched new one; repeated when a fingerprint
    /// waits twice among the old ones, or is wanted more often than it waits (with something
    /// waiting and something wanted at all).
    static func occurrenceOrder(_ old: [UInt64], _ new: [UInt64], _ oldToNew: [Int64], _ newToOld: [Int64])
        -> (oldToNew: [Int64], newToOld: [Int64], repeated: Bool) {
        var (resultOld, resultNew) = (oldToNew, newToOld)
        var waiting: [UInt64: [Int]] = [:], wanted: [UInt64: Int] = [:]
        for (i, fingerprint) in old.enumerated() where oldToNew[i] < 0 { waiting[fingerprint, default: []].append(i) }
        var repeated = waiting.values.contains { $0.count > 1 }
        for (j, fingerprint) in new.enumerated() where newToOld[j] < 0 {
            guard let queue = waiting[fingerprint] else { continue }
            let k = wanted[fingerprint, default: 0]
            wanted[fingerprint] = k + 1
            if k < queue.count {
                resultOld[queue[k]] = Int64(j)
                resultNew[j] = Int64(queue[k])
            } else {
                repeated = true
            }
        }
        let anyWanted = newToOld.contains { $0 < 0 }
        return (resultOld, resultNew, repeated && anyWanted)
    }

    /// A random matching to start from: each new element, with one chance in `oneIn`, paired
    /// with an old element of the same fingerprint still free (equal pairs, in any order).
    static func randomPairs(_ old: [UInt64], _ new: [UInt64], oneIn: Int, _ generator: inout SplitMix64)
        -> (oldToNew: [Int64], newToOld: [Int64]) {
        var oldToNew = [Int64](repeating: -1, count: old.count), newToOld = [Int64](repeating: -1, count: new.count)
        var oldAt: [UInt64: [Int]] = [:]
        for (i, fingerprint) in old.enumerated() { oldAt[fingerprint, default: []].append(i) }
        for (j, fingerprint) in new.enumerated() where Int.random(in: 0..<oneIn, using: &generator) == 0 {
            guard let i = oldAt[fingerprint]?.popLast() else { continue }
            oldToNew[i] = Int64(j)
            newToOld[j] = Int64(i)
        }
        return (oldToNew, newToOld)
    }

    /// Expects `fd_match_remaining`, from `start`, to give exactly `occurrenceOrder`, flags included.
    static func expectMatchRemaining(_ old: [UInt64], _ new: [UInt64], from start: (oldToNew: [Int64], newToOld: [Int64]),
                                     _ label: String) {
        var (oldToNew, newToOld) = start
        let expected = occurrenceOrder(old, new, oldToNew, newToOld)
        var info = fd_match_info()
        #expect(fd_match_remaining(old, old.count, new, new.count, &oldToNew, &newToOld, &info, nil) == FD_OK)
        #expect(oldToNew == expected.oldToNew && newToOld == expected.newToOld, "\(label)")
        #expect((info.flags & FD_MATCH_HAD_DUPLICATES != 0) == expected.repeated, "\(label)")
    }

    @Test("fd_match_remaining gives exactly occurrence order over the unmatched elements, flags included",
          arguments: [4, 64, 1 << 40])
    func matchRemainingIsOccurrenceOrder(alphabet: UInt64) {
        var generator = SplitMix64(seed: 41 &+ alphabet)
        for round in 0..<300 {
            let count = [0, 1, 3, 20, 90, 700][round % 6]
            let old = randomFingerprints(Int.random(in: 0...count, using: &generator), alphabet: alphabet, &generator)
            let new = randomFingerprints(Int.random(in: 0...count, using: &generator), alphabet: alphabet, &generator)
            let start = Self.randomPairs(old, new, oneIn: 3, &generator)
            Self.expectMatchRemaining(old, new, from: start, "round \(round)")
        }
    }

    @Test("inconsistent matchings are rejected")
    func rejectsInconsistentMatchings() {
        let old: [UInt64] = [1, 2], new: [UInt64] = [2, 1]
        #expect(fd_matching_check(old, 2, new, 2, [1, 0], [1, 0]) == FD_OK)
        #expect(fd_matching_check(old, 2, new, 2, [1, 0], [0, 1]) == FD_ERR_INVALID_ARGUMENT)
        #expect(fd_matching_check(old, 2, new, 2, [0, -1], [0, -1]) == FD_ERR_INVALID_ARGUMENT, "fingerprints differ")
        #expect(fd_matching_check(old, 2, new, 2, [5, -1], [-1, -1]) == FD_ERR_INVALID_ARGUMENT)
        #expect(fd_matching_check(old, 2, new, 2, [-2, -1], [-1, -1]) == FD_ERR_INVALID_ARGUMENT)
        var changeset = fd_changeset()
        #expect(fd_changeset_make([1, 0], 2, [0, 1], 2, nil, nil, &changeset, nil) == FD_ERR_INVALID_ARGUMENT)
        var o2n: [Int64] = [0, 1], n2o: [Int64] = [1, 0]
        #expect(fd_match_remaining(old, 2, new, 2, &o2n, &n2o, nil, nil) == FD_ERR_INVALID_ARGUMENT)
    }

    @Test("NULL arrays with non-zero counts and oversized inputs are errors, not crashes")
    func invalidSizes() {
        var o2n: [Int64] = [0], n2o: [Int64] = [0]
        #expect(fd_heckel(nil, 3, nil, 0, &o2n, &n2o, nil, nil) == FD_ERR_INVALID_ARGUMENT)
        #expect(fd_myers([1], 1, nil, 2, &o2n, &n2o, 0, nil, nil) == FD_ERR_INVALID_ARGUMENT)
        // Sizes are rejected before any element is read.
        let huge = Int(UInt32.max)
        #expect(fd_heckel([1], huge, [1], 1, &o2n, &n2o, nil, nil) == FD_ERR_TOO_LARGE)
        #expect(fd_myers([1], Int.max / 2, [1], 1, &o2n, &n2o, 0, nil, nil) == FD_ERR_TOO_LARGE)
        #expect(fd_heckel(nil, 0, nil, 0, nil, nil, nil, nil) == FD_OK)
        #expect(fd_myers(nil, 0, nil, 0, nil, nil, 0, nil, nil) == FD_OK)
        #expect(String(cString: fd_status_description(FD_ERR_TOO_LARGE)) == "input too large for this algorithm")
    }

    @Test("fd_changeset_make derives deletions, insertions, minimal moves and content updates")
    func changesetFromMatching() {
        // old: a b c d, new: d a c x  (b deleted, x inserted, d moved, c's content changed)
        let oldToNew: [Int64] = [1, -1, 2, 0], newToOld: [Int64] = [3, 0, 2, -1]
        var changeset = fd_changeset()
        #expect(fd_changeset_make(oldToNew, 4, newToOld, 4, [10, 11, 12, 13], [13, 10, 99, 14], &changeset, nil) == FD_OK)
        defer { fd_changeset_free(&changeset, nil) }
        #expect(Array(UnsafeBufferPointer(start: changeset.deletions, count: changeset.deletion_count)) == [1])
        #expect(Array(UnsafeBufferPointer(start: changeset.insertions, count: changeset.insertion_count)) == [3])
        #expect(changeset.move_count == 1 && changeset.moves[0].from == 3 && changeset.moves[0].to == 0)
        #expect(changeset.update_count == 1 && changeset.updates[0].old_index == 2 && changeset.updates[0].new_index == 2)
    }

    /// Counts allocations and fails the one numbered `failAt` (0-based).
    struct FailingAllocator {
        var failAt: Int
        var allocations = 0
        var live = 0
        var sizes: [Int] = [] // of every allocation made, in order
    }

    static func withFailingAllocator<R>(failAt: Int, _ body: (UnsafePointer<fd_allocator>) -> R) -> (R, FailingAllocator) {
        let state = UnsafeMutablePointer<FailingAllocator>.allocate(capacity: 1)
        state.initialize(to: FailingAllocator(failAt: failAt))
        defer {
            state.deinitialize(count: 1)   // releases `sizes`
            state.deallocate()
        }
        var allocator = fd_allocator(
            allocate: { context, size in
                let state = context!.assumingMemoryBound(to: FailingAllocator.self)
                defer { state.pointee.allocations += 1 }
                if state.pointee.allocations == state.pointee.failAt { return nil }
                state.pointee.live += 1
                state.pointee.sizes.append(size)
                return malloc(size)
            },
            deallocate: { context, pointer in
                guard let pointer else { return }
                context!.assumingMemoryBound(to: FailingAllocator.self).pointee.live -= 1
                free(pointer)
            },
            context: UnsafeMutableRawPointer(state))
        let result = body(&allocator)
        return (result, state.pointee)
    }

    @Test("every allocation failure is reported as FD_ERR_NO_MEMORY and leaks nothing")
    func allocationFailures() {
        var generator = SplitMix64(seed: 5)
        let old = randomFingerprints(300, alphabet: 40, &generator)
        let new = randomFingerprints(300, alphabet: 40, &generator)
        let matchers: [(String, Matcher)] = [("heckel", fd_heckel), ("myers", Self.myers(limit: 0)), ("remaining", { old, n, new, m, o2n, n2o, info, allocator in
            for i in 0..<n { o2n![i] = -1 }
            for j in 0..<m { n2o![j] = -1 }
            return fd_match_remaining(old, n, new, m, o2n, n2o, info, allocator)
        })]
        for (name, matcher) in matchers {
            var failAt = 0
            while true {
                let (status, allocator) = Self.withFailingAllocator(failAt: failAt) { run(matcher, old, new, allocator: $0).status }
                #expect(allocator.live == 0, "\(name) leaked after failing allocation \(failAt)")
                if failAt >= allocator.allocations {
                    #expect(status == FD_OK, "\(name) succeeds when no allocation fails")
                    break
                }
                #expect(status == FD_ERR_NO_MEMORY, "\(name) reports allocation \(failAt) failing")
                failAt += 1
            }
            #expect(failAt > 0, "\(name) allocates")
        }
        // fd_changeset_make
        let result = run(fd_heckel, old, new)
        var failAt = 0
        while true {
            let (status, allocator) = Self.withFailingAllocator(failAt: failAt) { allocator -> fd_status in
                var changeset = fd_changeset()
                let status = fd_changeset_make(result.oldToNew, old.count, result.newToOld, new.count, old, new, &changeset, allocator)
                fd_changeset_free(&changeset, allocator)
                return status
            }
            #expect(allocator.live == 0)
            if failAt >= allocator.allocations { #expect(status == FD_OK); break }
            #expect(status == FD_ERR_NO_MEMORY)
            failAt += 1
        }
        #expect(failAt >= 4)
    }

    /// A feed whose repeated ids take the repeats' pairing (anchors, gaps through Myers' search
    /// in one workspace, the remainder): rows with unique ids, a separator sharing one id every
    /// 10 rows, an ad every 25 from three; the new list drops the first separator, moves a few
    /// rows and inserts some.
    static func repeatedIDsFeed(count: Int, _ generator: inout SplitMix64) -> (old: [UInt64], new: [UInt64]) {
        let old = (0..<count).map { index -> UInt64 in
            if index % 10 == 9 { return 0x5E9A }
            if index % 25 == 24 { return 0xAD0 + UInt64(index / 25 % 3) }
            return generator.next() | 1
        }
        var new = old
        new.remove(at: 9)
        for _ in 0..<count / 50 { new.swapAt(Int.random(in: 0..<new.count, using: &generator), Int.random(in: 0..<new.count, using: &generator)) }
        for _ in 0..<count / 40 { new.insert(generator.next() | 1, at: Int.random(in: 0...new.count, using: &generator)) }
        return (old, new)
    }

    @Test("fd_diff with repeated ids: each allocation failing in turn gives FD_ERR_NO_MEMORY with nothing live, or the exact result")
    func allocationFailuresOfTheRepeatsPairing() {
        var generator = SplitMix64(seed: 31)
        let (old, new) = Self.repeatedIDsFeed(count: 3_000, &generator)
        func diff(_ allocator: UnsafePointer<fd_allocator>?) -> (status: fd_status, oldToNew: [Int64], newToOld: [Int64], inLIS: [UInt8]) {
            var oldToNew = [Int64](repeating: 0, count: old.count), newToOld = [Int64](repeating: 0, count: new.count)
            var inLIS = [UInt8](repeating: 0, count: new.count)
            var result = fd_diff_result()
            let status = fd_diff(old, old.count, new, new.count, nil, &oldToNew, &newToOld, &inLIS, &result, allocator)
            return (status, oldToNew, newToOld, inLIS)
        }
        let exact = diff(nil)
        #expect(exact.status == FD_OK)
        // The pairing ran: only the swapped rows move (two moves a swap at most).
        let moves = zip(exact.newToOld, exact.inLIS).filter { $0.0 >= 0 && $0.1 == 0 }.count
        #expect(moves <= 2 * (3_000 / 50) + 10, "\(moves) moves: the repeats were not paired in place (occurrence order moves every separator after the one removed, about 300)")
        var failAt = 0
        while true {
            let (outcome, allocator) = Self.withFailingAllocator(failAt: failAt) { diff($0) }
            #expect(allocator.live == 0, "allocation \(failAt) failing leaked \(allocator.live) blocks")
            if outcome.status == FD_OK {
                #expect(outcome.oldToNew == exact.oldToNew && outcome.newToOld == exact.newToOld && outcome.inLIS == exact.inLIS,
                        "allocation \(failAt) failing gave another result")
            } else {
                #expect(outcome.status == FD_ERR_NO_MEMORY, "allocation \(failAt) failing gave \(outcome.status)")
            }
            if failAt >= allocator.allocations { break }
            failAt += 1
        }
        #expect(failAt > 4 && failAt <= 33, "\(failAt) allocations for one diff: a constant is expected")
    }
}
