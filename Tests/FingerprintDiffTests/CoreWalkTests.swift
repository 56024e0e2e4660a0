import CFingerprintDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import SeededRandom

/// Heckel's walk (the sequential first pass over aligned runs) against the table-only path it
/// replaces, the run-collapsing LIS against element-by-element patience sorting, and the arena
/// workspace: each faster path must give exactly the result of the path it replaces.
@Suite("C core: walk, LIS, arena")
struct CoreWalkTests {
    /// What `fd_diff` computed: the matching, the moves, the counts and flags.
    struct DiffOutcome: Equatable, CustomStringConvertible {
        var oldToNew: [Int64]
        var newToOld: [Int64]
        var inLIS: [UInt8]
        var flags: UInt32
        var matched: Int
        var counts: [Int]

        var description: String { "o2n \(oldToNew) n2o \(newToOld) lis \(inLIS) flags \(flags) counts \(counts)" }
    }

    static func diff(_ old: [UInt64], _ new: [UInt64], algorithm: fd_algorithm = FD_ALGORITHM_HECKEL,
                     flags: UInt32 = 0, allocator: UnsafePointer<fd_allocator>? = nil) -> DiffOutcome? {
        diffReporting(old, new, algorithm: algorithm, flags: flags, allocator: allocator).outcome
    }

    /// `diff`, with `fd_diff`'s status (the outcome only when it is `FD_OK`).
    static func diffReporting(_ old: [UInt64], _ new: [UInt64], algorithm: fd_algorithm = FD_ALGORITHM_HECKEL,
                              flags: UInt32 = 0, allocator: UnsafePointer<fd_allocator>? = nil)
        -> (status: fd_status, outcome: DiffOutcome?) {
        var oldToNew = [Int64](repeating: -7, count: old.count)
        var newToOld = [Int64](repeating: -7, count: new.count)
        var inLIS = [UInt8](repeating: 7, count: new.count)
        var result = fd_diff_result()
        var options = fd_diff_options(algorithm: algorithm, flags: flags, cost_limit: 0)
        let status = fd_diff(old, old.count, new, new.count, &options, &oldToNew, &newToOld, &inLIS, &result, allocator)
        guard status == FD_OK else { return (status, nil) }
        #expect(fd_matching_check(old, old.count, new, new.count, oldToNew, newToOld) == FD_OK)
        #expect(Int(result.match.matched_count) == newToOld.filter { $0 >= 0 }.count)
        let counts = [result.counts.deletions, result.counts.insertions, result.counts.moves].map { Int($0) }
        return (status, DiffOutcome(oldToNew: oldToNew, newToOld: newToOld, inLIS: inLIS, flags: result.match.flags,
                                    matched: Int(result.match.matched_count), counts: counts))
    }

    /// How the new list of a random case is made from the old one.
    enum Edit: CaseIterable {
        case localEdits        // a few deletions, insertions, replacements, short moves
        case feed              // new rows on top, a few removed and replaced below
        case blockMoves        // blocks cut and pasted elsewhere
        case randomMoves       // single elements moved anywhere (1% to 20%)
        case shuffled          // nothing aligned
        case prependAppend     // long runs added at either end
        case blocksInPlace     // blocks shuffled or replaced in place (DifferenceKit's shape):
                               // the walk finds the aligned run after them on the same diagonal
        case differenceKit     // DifferenceKit's benchmark: the top 2% shuffled, a tenth deleted,
                               // a tenth of new ones inserted elsewhere: the walk finds its place
                               // again through the anchors, across diagonals
    }

    /// A random old list of `count` unique ids (or ids from `alphabet` values, for duplicates)
    /// and a new list made by `edit`.
    static func randomCase(count: Int, alphabet: Int?, edit: Edit, _ generator: inout SplitMix64) -> ([Int], [Int]) {
        var next = 0
        func fresh() -> Int {
            if let alphabet { return Int.random(in: 0..<alphabet, using: &generator) }
            next += 1
            return next
        }
        let old = (0..<count).map { _ in fresh() }
        var new = old
        func position(_ slack: Int = 0) -> Int { Int.random(in: 0...max(0, new.count - slack), using: &generator) }
        switch edit {
        case .localEdits:
            for _ in 0..<Int.random(in: 0...max(1, count / 20), using: &generator) {
                switch Int.random(in: 0..<4, using: &generator) {
                case 0 where !new.isEmpty: new.remove(at: position(1))
                case 1: new.insert(fresh(), at: position())
                case 2 where !new.isEmpty: new[position(1)] = fresh()
                case 3 where new.count > 2:
                    let from = position(1), element = new.remove(at: from)
                    new.insert(element, at: min(new.count, max(0, from + Int.random(in: -8...8, using: &generator))))
                default: break
                }
            }
        case .feed:
            new.insert(contentsOf: (0..<Int.random(in: 0...80, using: &generator)).map { _ in fresh() }, at: 0)
            for _ in 0..<Int.random(in: 0...6, using: &generator) where !new.isEmpty { new.remove(at: position(1)) }
            for _ in 0..<Int.random(in: 0...6, using: &generator) where !new.isEmpty { new[position(1)] = fresh() }
        case .blockMoves:
            for _ in 0..<Int.random(in: 1...4, using: &generator) where new.count > 2 {
                let start = position(1), length = Int.random(in: 1...max(1, (new.count - start) / 2), using: &generator)
                let block = Array(new[start..<min(new.count, start + length)])
                new.removeSubrange(start..<min(new.count, start + length))
                new.insert(contentsOf: block, at: position())
            }
        case .randomMoves:
            let moves = max(1, count * Int.random(in: 1...20, using: &generator) / 100)
            for _ in 0..<moves where new.count > 1 {
                let element = new.remove(at: position(1))
                new.insert(element, at: position())
            }
        case .shuffled:
            new.shuffle(using: &generator)
        case .blocksInPlace:
            for _ in 0..<Int.random(in: 1...3, using: &generator) where new.count > 2 {
                let start = position(1), length = Int.random(in: 1...max(1, min(600, (new.count - start) / 2)), using: &generator)
                let range = start..<min(new.count, start + length)
                if Bool.random(using: &generator) {
                    new[range].shuffle(using: &generator)
                } else {
                    new.replaceSubrange(range, with: range.map { _ in fresh() })
                }
            }
        case .differenceKit:
            let n = new.count
            new.removeSubrange((n * 2 / 10)..<(n * 3 / 10))
            new.insert(contentsOf: (0..<(n / 10)).map { _ in fresh() }, at: min(new.count, n * 3 / 10))
            new[0..<min(new.count, max(n / 50, Int.random(in: 0...80, using: &generator)))].shuffle(using: &generator)
        case .prependAppend:
            new.insert(contentsOf: (0..<Int.random(in: 0...300, using: &generator)).map { _ in fresh() }, at: 0)
            new.append(contentsOf: (0..<Int.random(in: 0...300, using: &generator)).map { _ in fresh() })
        }
        return (old, new)
    }

    /// Fingerprints of ids: XXH3 (as the Swift layer makes them), the ids themselves (as a C
    /// caller may pass them), or forced into 8 values (collisions everywhere).
    static let fingerprintings: [(String, @Sendable (Int) -> UInt64)] = [
        ("xxh3", { fd_fingerprint_u64(UInt64(bitPattern: Int64($0))) }),
        ("raw", { UInt64(bitPattern: Int64($0)) }),
        ("8 values", { fd_fingerprint_u64(UInt64($0 & 7)) }),
    ]

    @Test("the walk gives exactly the table-only matching, moves, counts and flags", arguments: Edit.allCases)
    func walkEqualsTableOnly(edit: Edit) {
        var generator = SplitMix64(seed: UInt64(Edit.allCases.firstIndex(of: edit)!) &+ 77)
        var walkedAway = 0
        for round in 0..<400 {
            let count = [0, 1, 2, 5, 40, 300, 3_000][round % 7]
            let alphabet: Int? = round % 5 == 4 ? [2, 10, 1000][round % 3] : nil
            let (oldIDs, newIDs) = Self.randomCase(count: count, alphabet: alphabet, edit: edit, &generator)
            for (name, fingerprint) in Self.fingerprintings {
                let old = oldIDs.map(fingerprint), new = newIDs.map(fingerprint)
                guard let walked = Self.diff(old, new), let reference = Self.diff(old, new, flags: FD_DIFF_TABLE_ONLY) else {
                    Issue.record("fd_diff failed")
                    return
                }
                #expect(walked == reference, "\(edit) \(name) round \(round): old \(old.count) new \(new.count)")
                if walked.flags & FD_MATCH_HAD_DUPLICATES == 0 && alphabet == nil && name != "8 values" {
                    walkedAway += 1
                }
            }
        }
        #expect(walkedAway > 100, "unique cases were exercised")
    }

    /// Above 65,535 elements on both sides together the duplicate check that decides whether
    /// the walk stands takes its bitmaps (fd_duplicates_sieve.c), below it an exact set (fd_duplicates.c): the cases
    /// above stay below, these go above, with no id repeated or one repeated id planted.
    @Test("above the duplicate check's small-range bound, the walk gives exactly the table-only result too")
    func walkEqualsTableOnlyOnLargeLists() {
        var generator = SplitMix64(seed: 65_536)
        for (round, edit) in [Edit.differenceKit, .differenceKit, .blocksInPlace, .prependAppend].enumerated() {
            var (oldIDs, newIDs) = Self.randomCase(count: 34_000, alphabet: nil, edit: edit, &generator)
            if round % 2 == 1 { // one id repeated in the middle (after any common prefix), old or new side
                if round == 1 { oldIDs[oldIDs.count / 2] = oldIDs[oldIDs.count / 2 + 50] }
                else { newIDs[newIDs.count / 2] = newIDs[newIDs.count / 2 + 50] }
            }
            #expect(oldIDs.count + newIDs.count > 65_535)
            let old = oldIDs.map(Self.fingerprintings[0].1), new = newIDs.map(Self.fingerprintings[0].1)
            guard let walked = Self.diff(old, new), let reference = Self.diff(old, new, flags: FD_DIFF_TABLE_ONLY) else {
                Issue.record("fd_diff failed")
                return
            }
            #expect(walked == reference, "\(edit) round \(round): old \(old.count) new \(new.count)")
            #expect((walked.flags & FD_MATCH_HAD_DUPLICATES != 0) == (round % 2 == 1), "round \(round)'s repeat")
        }
    }

    @Test("with duplicates the walk's result keeps the repeated-ids contract")
    func walkKeepsRepeatedIDContract() {
        var generator = SplitMix64(seed: 4_242)
        for round in 0..<3_000 {
            let edit = Edit.allCases[round % Edit.allCases.count]
            let (oldIDs, newIDs) = Self.randomCase(count: Int.random(in: 0...60, using: &generator),
                                                  alphabet: [2, 3, 7, 30][round % 4], edit: edit, &generator)
            let old = oldIDs.map { UInt64($0) }, new = newIDs.map { UInt64($0) }
            guard let walked = Self.diff(old, new) else {
                Issue.record("fd_diff failed")
                return
            }
            let pairs = walked.newToOld.enumerated().filter { $0.element >= 0 }.map { (old: Int($0.element), new: $0.offset) }
            expectRepeatedIDContract(pairs.sorted { $0.old < $1.old }, old: old, new: new, "\(edit)")
        }
    }

    /// Element-by-element patience sorting with back links, a value equal to its pile's top
    /// not placed: the LIS the run-collapsing one must reproduce exactly.
    static func patienceMarks(_ values: [Int64]) -> [UInt8] {
        var tails: [Int] = []
        var link = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() where value >= 0 {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low < tails.count && values[tails[low]] == value { continue }
            link[position] = low > 0 ? tails[low - 1] : -1
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var marks = [UInt8](repeating: 0, count: values.count)
        var position = tails.last ?? -1
        while position >= 0 {
            marks[position] = 1
            position = link[position]
        }
        return marks
    }

    /// Runs `fd_longest_increasing_subsequence` on `values` and expects the marks and length of
    /// element-by-element patience sorting; returns the marks.
    @discardableResult
    static func expectLISAsPatienceSorting(_ values: [Int64]) -> [UInt8] {
        var marks = [UInt8](repeating: 9, count: values.count)
        var length = 0
        #expect(fd_longest_increasing_subsequence(values, values.count, &marks, &length, nil) == FD_OK)
        let expected = Self.patienceMarks(values)
        #expect(marks == expected, "values \(values)")
        #expect(length == expected.filter { $0 == 1 }.count)
        return marks
    }

    @Test("the run-collapsing LIS marks exactly what element-by-element patience sorting marks")
    func lisMatchesPatienceSorting() {
        var generator = SplitMix64(seed: 99)
        for round in 0..<4_000 {
            let count = Int.random(in: 0...[8, 60, 600][round % 3], using: &generator)
            var values: [Int64]
            switch round % 5 {
            case 0: // a permutation with runs: mostly ordered, some moved, some missing
                values = (0..<Int64(count)).map { $0 }
                for _ in 0..<Int.random(in: 0...max(1, count / 10), using: &generator) where count > 1 {
                    values.swapAt(Int.random(in: 0..<count, using: &generator), Int.random(in: 0..<count, using: &generator))
                }
                for k in values.indices where Int.random(in: 0..<12, using: &generator) == 0 { values[k] = -1 }
            case 1: // runs of random lengths at random values, repeats allowed (as in Hunt-Szymanski)
                values = []
                while values.count < count {
                    let start = Int64.random(in: 0...40, using: &generator)
                    values += (0..<Int64.random(in: 1...6, using: &generator)).map { start + $0 }
                }
            case 2: // random small values with gaps
                values = (0..<count).map { _ in Int64.random(in: -1...9, using: &generator) }
            case 3: // ascending with gaps between values (as the repeats' anchors), some moved or missing
                var next: Int64 = 0
                values = (0..<count).map { _ in
                    next += Int64.random(in: 1...4, using: &generator)
                    return next
                }
                for k in values.indices where Int.random(in: 0..<15, using: &generator) == 0 {
                    values[k] = Int.random(in: 0..<3, using: &generator) == 0 ? -1 : Int64.random(in: 0...next, using: &generator)
                }
            default: // descending runs of ascending runs
                values = (0..<count).map { Int64(count - $0 / 5 * 5 + $0 % 5) }
            }
            let marks = Self.expectLISAsPatienceSorting(values)
            let chosen = zip(values, marks).filter { $0.1 == 1 }.map(\.0)
            #expect(zip(chosen, chosen.dropFirst()).allSatisfy { $0 < $1 }, "strictly increasing")
        }
        // Ascending stretches of 1 to 40 values (the eight-at-a-time placement, broken at every
        // place inside a block), between values out of order, missing ones and values near the
        // ends of Int64.
        for _ in 0..<1_500 {
            let count = Int.random(in: 0...300, using: &generator)
            var values: [Int64] = []
            var next = Int64.random(in: 0...50, using: &generator)
            while values.count < count {
                for _ in 0..<Int.random(in: 1...40, using: &generator) {
                    next += Int64.random(in: 1...3, using: &generator)
                    values.append(next)
                }
                switch Int.random(in: 0..<5, using: &generator) {
                case 0: values.append(-1)
                case 1: values.append(Int64.random(in: 0...next, using: &generator))
                case 2: values.append(Int.random(in: 0..<2, using: &generator) == 0 ? Int64.max - 1 : Int64.min + 1)
                case 3: next = Int64.random(in: 0...next, using: &generator)
                default: break
                }
            }
            Self.expectLISAsPatienceSorting(values)
        }
        var length = 7
        #expect(fd_longest_increasing_subsequence(nil, 0, nil, &length, nil) == FD_OK && length == 0)
        #expect(fd_longest_increasing_subsequence(nil, 3, nil, nil, nil) == FD_ERR_INVALID_ARGUMENT)
    }

    /// Values past the pile count from which the search interpolates (4,096 piles): mostly
    /// ascending with some moved and some missing (a matching's shape), unevenly spread with
    /// ties (the guess far from the answer), a second ascending pass through the gaps of a first
    /// one (every search's answer in the result), and spread over the whole of Int64 (the guess
    /// in doubles).
    static func manyPileValues(_ shape: Int, count: Int, using generator: inout SplitMix64) -> [Int64] {
        var values: [Int64]
        switch shape {
        case 0:
            values = (0..<Int64(count)).map { $0 }
            for k in values.indices where Int.random(in: 0..<50, using: &generator) == 0 {
                values[k] = Int.random(in: 0..<3, using: &generator) == 0 ? -1 : Int64.random(in: 0..<Int64(count), using: &generator)
            }
        case 1:
            var next: Int64 = 0
            values = (0..<count).map { k in
                next += k < count / 2 ? 1 : Int64.random(in: 1...1_000, using: &generator)
                return next
            }
            for k in values.indices where k > 0 && Int.random(in: 0..<30, using: &generator) == 0 {
                // Moved, or equal to an earlier value (a tie with a pile's top: not placed).
                values[k] = Bool.random(using: &generator) ? Int64.random(in: 0...next, using: &generator)
                                                          : values[Int.random(in: 0..<k, using: &generator)]
            }
        case 2:
            // Two ascending passes, the second through the gaps of the first: each of its values
            // is placed by a search, and all of them are in the LIS; ties with piles ahead. One
            // half of the first pass dense, the other sparse: the guess below or above.
            var next: Int64 = 0
            let denseFirst = Bool.random(using: &generator)
            let firstPass = (0..<count / 2).map { k in
                next += (k < count / 4) == denseFirst ? 2 : Int64.random(in: 2...1_000, using: &generator)
                return next
            }
            values = firstPass
            for (k, value) in firstPass.enumerated() {
                if k + 3 < firstPass.count && Int.random(in: 0..<8, using: &generator) == 0 {
                    values.append(firstPass[k + Int.random(in: 1...3, using: &generator)])
                }
                values.append(value + 1)
            }
        default:
            values = (0..<count).map { _ in Int64.random(in: 0...(Int64.max - 1), using: &generator) }
            values.sort()
            for k in values.indices where Int.random(in: 0..<20, using: &generator) == 0 {
                values[k] = Int64.random(in: 0...(Int64.max - 1), using: &generator)
            }
        }
        return values
    }

    @Test("with thousands of piles (the interpolating search) the LIS still marks what patience sorting marks")
    func lisWithManyPilesMatchesPatienceSorting() {
        var generator = SplitMix64(seed: 4_096)
        for round in 0..<10 {
            let values = Self.manyPileValues(round % 4, count: Int.random(in: 9_000...16_000, using: &generator),
                                             using: &generator)
            Self.expectLISAsPatienceSorting(values)
        }
    }

    @Test("with thousands of piles the moves of fd_diff (the LIS of its matching) are those of patience sorting")
    func matchingLISWithManyPilesMatchesPatienceSorting() {
        var generator = SplitMix64(seed: 4_097)
        for _ in 0..<3 {
            let count = Int.random(in: 9_000...16_000, using: &generator)
            let old = (0..<count).map { _ in generator.next() }
            var new = old.filter { _ in Int.random(in: 0..<40, using: &generator) != 0 }
            for _ in 0..<count / 50 {
                let element = new.remove(at: Int.random(in: 0..<new.count, using: &generator))
                new.insert(element, at: Int.random(in: 0...new.count, using: &generator))
            }
            for _ in 0..<count / 40 { new.insert(generator.next(), at: Int.random(in: 0...new.count, using: &generator)) }
            guard let outcome = Self.diff(old, new) else {
                Issue.record("fd_diff failed")
                continue
            }
            #expect(outcome.inLIS == Self.patienceMarks(outcome.newToOld))
        }
    }

    /// A list of a few thousand old offsets in new order, as a diff's matching gives them: in
    /// order with gaps (deleted), -1 (inserted), values moved anywhere, and, as in
    /// Hunt-Szymanski's pairs, repeated values and runs that restart. The piles number up to a few
    /// thousand, with the values out of order landing on every pile, at and around powers of two.
    static func lisCaseWithMoves(_ generator: inout SplitMix64) -> [Int64] {
        let count = [Int.random(in: 0...5_000, using: &generator), 1 << Int.random(in: 0...12, using: &generator)]
            .randomElement(using: &generator)! + Int.random(in: -2...2, using: &generator)
        var values: [Int64] = []
        var next: Int64 = 0
        let movedPercent = Int.random(in: 0...20, using: &generator)
        while values.count < max(0, count) {
            let roll = Int.random(in: 0..<100, using: &generator)
            if roll < movedPercent {
                values.append(Int64.random(in: 0...(next + 10), using: &generator)) // moved (or repeated)
            } else if roll < movedPercent + 3 {
                values.append(-1)                                                 // inserted
            } else if roll < movedPercent + 6 {
                next += Int64.random(in: 2...5, using: &generator)                 // a gap: deleted
            } else if roll < movedPercent + 7 {
                next = Int64.random(in: 0...next, using: &generator)               // a run that restarts
            } else {
                values.append(next)
                next += 1
            }
        }
        return values
    }

    @Test("the LIS on long lists with moved values (the last two piles, then the search by powers of two) marks what patience sorting marks, and fd_diff counts the pairs it read")
    func lisWithMovesMatchesPatienceSorting() {
        var generator = SplitMix64(seed: 4_141)
        for _ in 0..<80 {
            let values = Self.lisCaseWithMoves(&generator)
            Self.expectLISAsPatienceSorting(values)
            // The same order through fd_diff, whose LIS names the elements of its matching by
            // their values: old ids 0...max, new ids the values (each once; -1 a new id).
            var seen = Set<Int64>()
            let newIDs = values.enumerated().map { position, value in
                value >= 0 && seen.insert(value).inserted ? UInt64(value) : UInt64(1 << 40) + UInt64(position)
            }
            let oldIDs = (0..<UInt64((values.max() ?? -1) + 1)).map { $0 }
            if let outcome = Self.diff(oldIDs, newIDs) {
                #expect(outcome.inLIS == Self.patienceMarks(outcome.newToOld), "values \(values)")
            } else {
                Issue.record("fd_diff failed")
            }
        }
        // Unique ids: fd_diff's counts of pairs and moves come from the LIS's own pass.
        for round in 0..<200 {
            let (oldIDs, newIDs) = Self.randomCase(count: Int.random(in: 0...400, using: &generator), alphabet: nil,
                                                  edit: Edit.allCases[round % Edit.allCases.count], &generator)
            guard let outcome = Self.diff(oldIDs.map { UInt64($0) }, newIDs.map { UInt64($0) }) else {
                Issue.record("fd_diff failed")
                return
            }
            let pairs = outcome.newToOld.filter { $0 >= 0 }.count
            #expect(outcome.matched == pairs && outcome.counts == [oldIDs.count - pairs, newIDs.count - pairs,
                                                                   pairs - Self.patienceMarks(outcome.newToOld).filter { $0 == 1 }.count])
            #expect(outcome.inLIS == Self.patienceMarks(outcome.newToOld))
        }
        // Nothing matched: nothing stays, no pairs, no moves.
        let allNew = Self.diff([1, 2, 3], [4, 5, 6, 7])
        #expect(allNew?.inLIS == [0, 0, 0, 0] && allNew?.matched == 0 && allNew?.counts == [3, 4, 0])
    }

    /// Counts the fallback's allocations and frees, and fails from a given one on.
    final class CountingFallback {
        var allocations = 0
        var live = 0
        var failFrom = Int.max

        func allocator() -> fd_allocator {
            fd_allocator(
                allocate: { context, size in
                    let me = Unmanaged<CountingFallback>.fromOpaque(context!).takeUnretainedValue()
                    me.allocations += 1
                    guard me.allocations <= me.failFrom else { return nil }
                    me.live += 1
                    return malloc(size)
                },
                deallocate: { context, pointer in
                    guard let pointer else { return }
                    Unmanaged<CountingFallback>.fromOpaque(context!).takeUnretainedValue().live -= 1
                    free(pointer)
                },
                context: Unmanaged.passUnretained(self).toOpaque())
        }
    }

    @Test("a diff in an arena that fits allocates nothing; one that does not fit spills to the fallback and leaks nothing")
    func arenaWorkspace() {
        var generator = SplitMix64(seed: 5)
        for count in [0, 10, 300, 3_000] {
            for edit in [Edit.localEdits, .shuffled, .feed] {
                let (oldIDs, newIDs) = Self.randomCase(count: count, alphabet: nil, edit: edit, &generator)
                let old = oldIDs.map { fd_fingerprint_u64(UInt64($0)) }, new = newIDs.map { fd_fingerprint_u64(UInt64($0)) }
                let expected = Self.diff(old, new)
                for (capacity, algorithm) in [(1 << 20, FD_ALGORITHM_HECKEL), (1 << 20, FD_ALGORITHM_MYERS), (256, FD_ALGORITHM_HECKEL)] {
                    let counter = CountingFallback()
                    var fallback = counter.allocator()
                    let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
                    defer { buffer.deallocate() }
                    var arena = fd_arena()
                    fd_arena_init(&arena, buffer, capacity, &fallback)
                    var allocator = fd_arena_allocator(&arena)
                    let outcome = Self.diff(old, new, algorithm: algorithm, allocator: &allocator)
                    if algorithm == FD_ALGORITHM_HECKEL { #expect(outcome == expected) } else { #expect(outcome != nil) }
                    #expect(counter.live == 0, "everything the fallback gave was returned")
                    #expect(arena.used == 0, "every arena block was given back last-in first-out")
                    if capacity == 1 << 20 { #expect(counter.allocations == 0, "n = \(count): fits the arena") }
                }
                // An exhausted fallback: reported, nothing leaked.
                for failFrom in 0..<6 {
                    let counter = CountingFallback()
                    counter.failFrom = failFrom
                    var fallback = counter.allocator()
                    var arena = fd_arena()
                    fd_arena_init(&arena, nil, 0, &fallback)
                    var allocator = fd_arena_allocator(&arena)
                    var oldToNew = [Int64](repeating: 0, count: old.count), newToOld = [Int64](repeating: 0, count: new.count)
                    var inLIS = [UInt8](repeating: 0, count: new.count)
                    var result = fd_diff_result()
                    let status = fd_diff(old, old.count, new, new.count, nil, &oldToNew, &newToOld, &inLIS, &result, &allocator)
                    #expect(status == FD_OK || status == FD_ERR_NO_MEMORY)
                    #expect(counter.live == 0)
                }
            }
        }
    }
}
