import SeededRandom
import Testing

@testable import ModelStorage

/// `CountedTree.sharedNodes(with:nodeLimit:)` on a tree and a copy changed by random steps:
/// every node reported shared holds the same elements at its place in both trees, the shared
/// nodes and the unshared leaves of each tree cover it exactly once, and after positional steps
/// only leaves near the changed paths are left unshared.
@Suite struct CountedTreeSharedNodesTests {
    /// The ranges of `tree` that `parts` claim cover it once, in order, without overlap.
    static func expectCovers(_ parts: [Range<Int>], _ count: Int, _ context: String) {
        var next = 0
        for part in parts.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            #expect(part.lowerBound == next, "\(context): \(part) after \(next)")
            next = part.upperBound
        }
        #expect(next == count, "\(context): covered up to \(next) of \(count)")
    }

    @Test("shared nodes hold the same elements in both trees; they and the unshared leaves cover each tree once",
          arguments: [(4, 0..<30), (6, 30..<50), (64, 50..<60)] as [(Int, Range<UInt64>)])
    func sharedNodesAreSharedAndCoverBothTrees(order: Int, seeds: Range<UInt64>) {
        for seed in seeds {
            var random = SplitMix64(seed: seed)
            let count = Int.random(in: 0...(order == 64 ? 20_000 : 600), using: &random)
            let old = CountedTree(Array(0..<count), order: order)
            var new = old, array = Array(0..<count), next = count
            let steps = Int.random(in: 0...9, using: &random) == 0 ? Int.random(in: 10...60, using: &random)
                                                                    : Int.random(in: 0...4, using: &random)
            var onlyPositional = true
            for _ in 0..<steps {
                if Int.random(in: 0...9, using: &random) == 0 { onlyPositional = false }
                if onlyPositional {
                    Self.positionalStep(&new, &array, &random, next: &next)
                } else {
                    CountedTreeTests.step(&new, &array, &random, next: &next)
                }
            }
            let context = "order \(order) seed \(seed)"
            guard let found = old.sharedNodes(with: new, nodeLimit: .max) else {
                Issue.record("\(context): no answer without a limit")
                continue
            }
            for node in found.shared {
                #expect((0..<node.count).allSatisfy { old[node.offset + $0] == new[node.otherOffset + $0] },
                        "\(context): \(node) holds other elements")
            }
            for leaf in found.leaves { #expect(leaf.node.elements == (0..<leaf.node.count).map { old[leaf.offset + $0] }) }
            for leaf in found.otherLeaves { #expect(leaf.node.elements == (0..<leaf.node.count).map { new[leaf.offset + $0] }) }
            Self.expectCovers(found.shared.map { $0.offset..<$0.offset + $0.count }
                              + found.leaves.map { $0.offset..<$0.offset + $0.node.count }, old.count, context + " old")
            Self.expectCovers(found.shared.map { $0.otherOffset..<$0.otherOffset + $0.count }
                              + found.otherLeaves.map { $0.offset..<$0.offset + $0.node.count }, new.count, context + " new")
            if onlyPositional && order > 4 {
                // Each step copies at most two paths, a leaf split or rebalanced with a sibling on each.
                #expect(found.leaves.count <= 6 * steps && found.otherLeaves.count <= 6 * steps,
                        "\(context): \(found.leaves.count) and \(found.otherLeaves.count) leaves left unshared after \(steps) steps")
            }
        }
    }

    /// One insertion, removal, replacement or move of one element, on `tree` and `array` alike.
    static func positionalStep(_ tree: inout CountedTree<Int>, _ array: inout [Int], _ random: inout SplitMix64, next: inout Int) {
        next += 1
        guard !array.isEmpty, Int.random(in: 0...3, using: &random) != 0 else {
            let at = Int.random(in: 0...array.count, using: &random)
            tree.insert(next, at: at)
            array.insert(next, at: at)
            return
        }
        let at = Int.random(in: 0..<array.count, using: &random)
        switch Int.random(in: 0...2, using: &random) {
        case 0:
            _ = tree.remove(at: at)
            array.remove(at: at)
        case 1:
            _ = tree.replace(at: at, with: next)
            array[at] = next
        default:
            let destination = Int.random(in: 0..<array.count, using: &random)
            tree.move(from: at, to: destination)
            array.insert(array.remove(at: at), at: destination)
        }
    }
}
