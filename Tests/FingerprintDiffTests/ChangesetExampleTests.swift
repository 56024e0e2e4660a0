import FingerprintDiff
import Testing
import SeededRandom

/// Hand-made inputs with known answers, for both algorithms.
@Suite("Changeset examples")
struct ChangesetExampleTests {
    static let algorithms: [DiffAlgorithm] = [.heckel, .myers]

    func items(_ ids: [Int]) -> [Item] { ids.map { Item(id: $0) } }

    @Test("empty to empty is empty", arguments: algorithms)
    func emptyInputs(algorithm: DiffAlgorithm) {
        let changeset = Changeset(from: [Item](), to: [], algorithm: algorithm)
        #expect(changeset.isEmpty)
        #expect(changeset.isMinimal)
    }

    @Test("one side empty: all deleted or all inserted", arguments: algorithms)
    func oneSideEmpty(algorithm: DiffAlgorithm) {
        let deletedAll = Changeset(from: items([1, 2, 3]), to: [], algorithm: algorithm)
        #expect(deletedAll == Changeset(deletions: [0, 1, 2]))
        let insertedAll = Changeset(from: [], to: items([1, 2, 3]), algorithm: algorithm)
        #expect(insertedAll == Changeset(insertions: [0, 1, 2]))
    }

    @Test("identical inputs give an empty changeset", arguments: algorithms)
    func identical(algorithm: DiffAlgorithm) {
        let list = items(Array(0..<500))
        #expect(Changeset(from: list, to: list, algorithm: algorithm).isEmpty)
    }

    @Test("all different: everything deleted and inserted, nothing moved", arguments: algorithms)
    func allDifferent(algorithm: DiffAlgorithm) {
        let changeset = Changeset(from: items([1, 2, 3]), to: items([4, 5]), algorithm: algorithm)
        #expect(changeset == Changeset(deletions: [0, 1, 2], insertions: [0, 1]))
    }

    @Test("reversed input: n - 1 moves, nothing deleted", arguments: algorithms)
    func reversed(algorithm: DiffAlgorithm) {
        let old = items(Array(0..<100))
        let new = Array(old.reversed())
        let changeset = Changeset(from: old, to: new, algorithm: algorithm)
        #expect(changeset.deletions.isEmpty && changeset.insertions.isEmpty)
        #expect(changeset.moves.count == 99)
        checkChangeset(changeset, old: old, new: new, id: \.id)
    }

    @Test("swapping two elements is one move, rotating six is one move", arguments: algorithms)
    func fewestMoves(algorithm: DiffAlgorithm) {
        let swap = Changeset(from: items([1, 2]), to: items([2, 1]), algorithm: algorithm)
        #expect(swap.moves.count == 1)
        let rotation = Changeset(
            from: items([1, 2, 3, 4, 5, 6]), to: items([6, 1, 2, 3, 4, 5]), algorithm: algorithm)
        #expect(rotation.moves == [Changeset.Move(from: 5, to: 0)])
    }

    @Test("a changed element is an update, a moved and changed one is a move and an update",
          arguments: algorithms)
    func updates(algorithm: DiffAlgorithm) throws {
        let old = [Item(id: 1), Item(id: 2), Item(id: 3)]
        let new = [Item(id: 3, content: 9), Item(id: 1), Item(id: 2, content: 5)]
        let changeset = Changeset(from: old, to: new, algorithm: algorithm)
        #expect(changeset.moves == [Changeset.Move(from: 2, to: 0)])
        #expect(changeset.updates == [Changeset.Update(old: 1, new: 2), Changeset.Update(old: 2, new: 0)])
        let batch = BatchUpdate(changeset)
        #expect(batch.reloads == [1])
        #expect(batch.reloadsAfterMoves == [0])
        #expect(batch.stageCount == 2)
        #expect(try batch.apply(to: old, with: new) == new)
    }

    @Test("all ids equal: the k-th occurrence matches the k-th", arguments: algorithms)
    func allEqualIDs(algorithm: DiffAlgorithm) {
        let old = (0..<5).map { Item(id: 7, content: $0) }
        let new = (0..<3).map { Item(id: 7, content: $0 * 2) }
        let changeset = Changeset(from: old, to: new, algorithm: algorithm)
        checkChangeset(changeset, old: old, new: new, id: \.id)
        #expect(changeset.insertions.isEmpty)
        #expect(changeset.deletions.count == 2)
    }

    @Test("duplicates under Heckel: every id paired min(old, new) times, what did not move stays")
    func heckelRepeatedIDs() {
        let old = items([1, 2, 1, 3, 1])
        let new = items([1, 1, 3, 2])
        let changeset = Changeset(from: old, to: new)
        let pairs = impliedPairs(changeset, oldCount: old.count, newCount: new.count)
        expectRepeatedIDContract(pairs, old: old.map(\.id), new: new.map(\.id))
        // The 2 moves to the end, the last 1 is deleted; the other 1s and the 3 stay.
        #expect(changeset.moves == [Changeset.Move(from: 1, to: 3)] && changeset.deletions == [4])
        #expect(!changeset.isMinimal)
    }

    @Test("a separator shared by every 10th row: removing the first is 1 deletion and 0 moves")
    func removedSeparator() {
        let feed = (0..<1_000).map { Item(id: $0 % 10 == 0 ? 0 : 1_000 + $0, content: 0) }
        let changeset = Changeset(from: feed, to: Array(feed.dropFirst(1)))
        #expect(changeset.deletions == [0] && changeset.insertions.isEmpty && changeset.moves.isEmpty)
        // Removing a separator in the middle, and one from the end: the same.
        var middle = feed
        middle.remove(at: 500)
        let removedInside = Changeset(from: feed, to: middle)
        #expect(removedInside.deletions.count == 1 && removedInside.moves.isEmpty)
        // Occurrence order would have moved every later separator: 99, then 49.
        let occurrence = occurrencePairs(feed.map(\.id), Array(feed.dropFirst(1)).map(\.id))
        #expect(moveCount(occurrence) == 99)
    }

    @Test("duplicates under Myers: the longest common subsequence stays, fewest moves")
    func myersDuplicates() {
        let old = items([1, 2, 1])
        let new = items([2, 1])
        let changeset = Changeset(from: old, to: new, algorithm: .myers)
        #expect(changeset == Changeset(deletions: [0]))
    }

    @Test("plain values with id: \\.self")
    func keyPathIdentity() {
        let changeset = Changeset(from: ["a", "b", "c"], to: ["c", "a", "d"], id: \.self)
        #expect(changeset.deletions == [1])
        #expect(changeset.insertions == [2])
        #expect(changeset.moves == [Changeset.Move(from: 2, to: 0)])
        #expect(changeset.updates.isEmpty)
    }

    @Test("identity through a key path, content through ==")
    func keyPathWithContent() {
        struct Row: Equatable { var key: String; var title: String }
        let old = [Row(key: "a", title: "A"), Row(key: "b", title: "B")]
        let new = [Row(key: "b", title: "B!"), Row(key: "a", title: "A")]
        let changeset = Changeset(from: old, to: new, id: \.key)
        #expect(changeset.moves.count == 1)
        #expect(changeset.updates == [Changeset.Update(old: 1, new: 0)])
        checkChangeset(changeset, old: old, new: new, id: \.key)
    }

    @Test("ids that are only Hashable are fingerprinted by hashValue", arguments: algorithms)
    func hashableOnlyIDs(algorithm: DiffAlgorithm) {
        let old = (0..<50).map { OpaqueItem(id: OpaqueID(value: $0), content: 0) }
        var new = Array(old.dropFirst(5).reversed())
        new[3].content = 1
        let changeset = Changeset(from: old, to: new, algorithm: algorithm)
        checkChangeset(changeset, old: old, new: new, id: \.id)
        #expect(changeset.deletions == [0, 1, 2, 3, 4])
    }

    @Test("a Myers budget that runs out on dense input still gives a correct changeset, flagged not minimal")
    func myersCostLimit() {
        var generator = SplitMix64(seed: 42)
        // 20 distinct ids over 3,000 elements: dense matches, so the Myers search runs.
        let old = (0..<3000).map { _ in Item(id: Int.random(in: 0..<20, using: &generator)) }
        let new = old.shuffled(using: &generator)
        let changeset = Changeset(from: old, to: new, algorithm: .myers(costLimit: 1000))
        #expect(!changeset.isMinimal)
        checkChangeset(changeset, old: old, new: new, id: \.id)
        #expect(changeset.deletions.isEmpty && changeset.insertions.isEmpty)
    }

    @Test("unique ids need no budget: even a tiny one gives the exact minimal changeset")
    func myersSparseIsExact() {
        var generator = SplitMix64(seed: 43)
        let old = items(Array(0..<3000))
        let new = old.shuffled(using: &generator)
        let changeset = Changeset(from: old, to: new, algorithm: .myers(costLimit: 1))
        #expect(changeset.isMinimal)
        #expect(changeset.moves.count == 3000 - lcsOfIDs(old.map(\.id), new.map(\.id)))
    }

    @Test("a Changeset describes itself")
    func description() {
        let changeset = Changeset(deletions: [1], insertions: [0], moves: [.init(from: 2, to: 1)],
                                  updates: [.init(old: 3, new: 3)])
        #expect(changeset.description == "-[1] +[0] moves[2->1] updates[3~3]")
    }
}
