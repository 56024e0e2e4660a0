import Testing

@testable import ModelStorage
import SeededRandom

/// `CountedTree`'s search by key (`withPartitioningElement(where:_:)` and
/// `partitioningPosition(where:)`) against the naive partition of a plain array, on trees of
/// random shapes (grown by random operations at small and large orders, so that nodes are
/// anywhere between half full and full) holding a non-decreasing sequence with repeats.
@Suite struct CountedTreeSearchTests {
    /// A tree shaped by random operations, then holding, position by position, a random
    /// non-decreasing sequence (repeats included); that sequence as an array.
    static func sortedTree(order: Int, _ random: inout SplitMix64) -> (tree: CountedTree<Int>, array: [Int]) {
        var next = 0
        let start = (0..<Int.random(in: 0...(order == 64 ? 5_000 : 300), using: &random)).map { _ -> Int in
            next += 1
            return next
        }
        var tree = CountedTree(start, order: order), shape = start
        for _ in 0..<Int.random(in: 0...300, using: &random) {
            CountedTreeTests.step(&tree, &shape, &random, next: &next)
        }
        var value = Int.random(in: -5...5, using: &random)
        var sorted: [Int] = []
        for position in 0..<tree.count {
            value += Int.random(in: 0...2, using: &random) == 0 ? 0 : Int.random(in: 1...4, using: &random)
            sorted.append(value)
            tree.update(at: position) { $0 = value }
        }
        return (tree, sorted)
    }

    @Test("the first element at or after a key, and the element there read in place, as an Array's partition",
          arguments: [(4, 0..<40), (6, 40..<60), (64, 60..<72)] as [(Int, Range<UInt64>)])
    func searchAgainstTheNaivePartition(order: Int, seeds: Range<UInt64>) {
        for seed in seeds {
            var random = SplitMix64(seed: seed)
            let (tree, array) = Self.sortedTree(order: order, &random)
            #expect(Array(tree) == array, "seed \(seed): the tree holds the sequence")
            let low = (array.first ?? 0) - 3, high = (array.last ?? 0) + 3
            for _ in 0..<200 {
                let key = Int.random(in: low...high, using: &random)
                let expected = array.firstIndex { $0 >= key } ?? array.count
                var probed = 0
                let (position, element) = tree.withPartitioningElement(where: { pointer -> Bool in
                    probed += 1
                    return pointer.pointee >= key
                }) { position, element in (position, element?.pointee) }
                #expect(position == expected, "seed \(seed) key \(key)")
                #expect(element == (expected < array.count ? array[expected] : nil), "seed \(seed) key \(key): the element found")
                #expect(tree.partitioningPosition { $0 >= key } == expected, "seed \(seed) key \(key)")
                // A binary search per level: never a probe per element.
                if array.count > 64 { #expect(probed < array.count / 2, "seed \(seed): \(probed) probes for \(array.count)") }
            }
        }
    }
}
