import Testing

@testable import ModelStorage
import SeededRandom

/// `CountedTree` run against a plain `Array` on random operations: after every operation the
/// tree reads as the array does (by position and in order), its structure is a valid B+tree
/// (checked by `_checkInvariants` after each change, with the trait `InternalChecks`), copies
/// taken along the way still read as they did, and a copy changed once shares every node but
/// those on the changed path.
@Suite struct CountedTreeTests {
    /// One random operation on `tree` and on `array` alike.
    static func step(_ tree: inout CountedTree<Int>, _ array: inout [Int], _ random: inout SplitMix64, next: inout Int) {
        func position(upTo count: Int) -> Int { Int.random(in: 0...count, using: &random) }
        func fresh() -> Int {
            next += 1
            return next
        }
        let operation = Int.random(in: 0...9, using: &random)
        switch operation {
        case 0, 1:
            let at = position(upTo: array.count), element = fresh()
            tree.insert(element, at: at)
            array.insert(element, at: at)
        case 2:
            let element = fresh()
            tree.append(element)
            array.append(element)
        case 3:
            // Small runs go element by element, large ones rebuild: both paths.
            let run = (0..<(Int.random(in: 0...9, using: &random) == 0 ? Int.random(in: 0...400, using: &random)
                                                                           : Int.random(in: 0...5, using: &random))).map { _ in fresh() }
            let at = position(upTo: array.count)
            tree.insert(contentsOf: run, at: at)
            array.insert(contentsOf: run, at: at)
        case 4, 5, 6:
            guard !array.isEmpty else { return }
            let at = position(upTo: array.count - 1)
            #expect(tree.remove(at: at) == array.remove(at: at))
        case 7:
            guard !array.isEmpty else { return }
            let at = position(upTo: array.count - 1), element = fresh()
            #expect(tree.replace(at: at, with: element) == array[at])
            array[at] = element
        case 8:
            guard !array.isEmpty else { return }
            let source = position(upTo: array.count - 1), destination = position(upTo: array.count - 1)
            tree.move(from: source, to: destination)
            array.insert(array.remove(at: source), at: destination)
        default:
            guard !array.isEmpty else { return }
            let at = position(upTo: array.count - 1)
            tree.update(at: at) { $0 = -$0 }
            array[at] = -array[at]
        }
    }

    @Test("random operations give what an Array gives; earlier copies keep reading as they did",
          arguments: [(4, 0..<24), (6, 24..<36), (18, 46..<58), (64, 40..<46)] as [(Int, Range<UInt64>)])
    func randomOperationsAgainstAnArray(order: Int, seeds: Range<UInt64>) {
        for seed in seeds {
            var random = SplitMix64(seed: seed)
            var next = 0
            let start = (0..<Int.random(in: 0...(order == 64 ? 3_000 : order == 18 ? 600 : 200), using: &random)).map { _ -> Int in
                next += 1
                return next
            }
            // Leaves of 18 under inner nodes of 16 (and of 64 under 16): leaves and inner nodes
            // split and merge at their own capacities.
            var tree = CountedTree(start, order: order), array = start
            var copies: [(tree: CountedTree<Int>, array: [Int])] = []
            for operation in 0..<400 {
                Self.step(&tree, &array, &random, next: &next)
                #expect(tree.count == array.count && tree.isEmpty == array.isEmpty, "seed \(seed) operation \(operation)")
                if !array.isEmpty {
                    let probe = Int.random(in: 0..<array.count, using: &random)
                    #expect(tree[probe] == array[probe], "seed \(seed) operation \(operation) position \(probe)")
                }
                let bounds = (Int.random(in: 0...array.count, using: &random), Int.random(in: 0...array.count, using: &random))
                let range = Swift.min(bounds.0, bounds.1)..<Swift.max(bounds.0, bounds.1)
                #expect(tree.elements(in: range) == Array(array[range]), "seed \(seed) operation \(operation) range \(range)")
                if operation % 25 == 0 {
                    #expect(Array(tree) == array, "seed \(seed) operation \(operation)")
                    copies.append((tree, array))
                }
            }
            #expect(Array(tree) == array && tree.indices == array.indices, "seed \(seed)")
            var chunked: [Int] = []
            tree.forEachChunk { chunked.append(contentsOf: $0) }
            #expect(chunked == array, "seed \(seed): the chunks")
            for (index, copy) in copies.enumerated() {
                #expect(Array(copy.tree) == copy.array, "seed \(seed): copy \(index) changed")
                copy.tree._checkInvariants()
            }
        }
    }

    @Test("a copy changed once shares every node but those on the changed path", arguments: 0..<4)
    func aChangedCopySharesTheRest(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let original = CountedTree(0..<Int.random(in: 20_000...150_000, using: &random))
        let expected = Array(original)
        let nodes = original._nodeIdentities
        for operation in 0..<4 {
            var copy = original
            let position = Int.random(in: 0..<original.count, using: &random)
            switch operation {
            case 0: copy.replace(at: position, with: -1)
            case 1: copy.insert(-1, at: position)
            case 2: copy.remove(at: position)
            default: copy.move(from: position, to: Int.random(in: 0..<original.count, using: &random))
            }
            let fresh = copy._nodeIdentities.subtracting(nodes).count
            // One node per level on the path, plus a split or merge per level (a move walks two paths).
            #expect(fresh <= (operation == 3 ? 4 : 2) * original.height, "seed \(seed) operation \(operation): \(fresh) new nodes")
            #expect(fresh >= 1, "a change made no new node: it wrote a shared one")
        }
        #expect(Array(original) == expected, "seed \(seed): the original changed")
    }

    @Test("building fills every node: the fewest nodes per level, a million elements in five levels",
          arguments: [0, 1, 63, 64, 65, 4_097, 1_000_000])
    func buildingIsFullAndShallow(count: Int) {
        let tree = CountedTree(0..<count)
        #expect(tree.count == count && tree.elementsEqual(0..<count))
        // Leaves of 64 elements, inner nodes of 16 children (`CountedTree.innerOrder`).
        var levels = 1, nodes = 1, width = max(1, (count + 63) / 64)
        while width > 1 {
            nodes += width
            width = (width + 15) / 16
            levels += 1
        }
        #expect(tree.height == levels && tree._nodeIdentities.count == nodes, "\(tree.height) levels for \(count)")
        if count == 1_000_000 { #expect(levels == 5) }
    }

    @Test("chunks: the fewest ranges of at most order entries, at least half of it when two or more", arguments: 0..<200)
    func chunksAreBalanced(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let order = 2 * Int.random(in: 2...40, using: &random), count = Int.random(in: 1...5_000, using: &random)
        let ranges = CountedTree<Int>.chunks(of: count, order: order)
        #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == count)
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(ranges.count == (count + order - 1) / order)
        #expect(ranges.allSatisfy { $0.count <= order && (ranges.count == 1 || $0.count >= order / 2) })
    }
}
