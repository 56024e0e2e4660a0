import FingerprintDiff
import Testing
import SeededRandom

/// Diffs share a pool of scratch memory; these tests run many at once.
@Suite("Concurrent diffs")
struct ConcurrentDiffTests {
    @Test("diffs on many threads at once are each correct")
    func concurrentDiffs() async {
        let failures = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var generator = SplitMix64(seed: UInt64(task))
                    var failures = 0
                    for round in 0..<6 {
                        // 30,000 elements: every scratch block is large enough to be pooled.
                        let old = (0..<30_000).map { Item(id: $0 * 3 + task) }
                        var new = old.shuffled(using: &generator).prefix(29_000).map { $0 }
                        new.append(contentsOf: (0..<500).map { Item(id: -$0 - 1) })
                        let algorithm: DiffAlgorithm = round.isMultiple(of: 2) ? .heckel : .myers
                        let changeset = Changeset(from: old, to: new, algorithm: algorithm)
                        if (try? BatchUpdate(changeset).apply(to: old, with: new)) != new { failures += 1 }
                        if round == 3 { Changeset.releaseScratchMemory() }
                    }
                    return failures
                }
            }
            return await group.reduce(0, +)
        }
        #expect(failures == 0)
    }
}
