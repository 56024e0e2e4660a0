import FingerprintDiff
import Testing
import SeededRandom

/// An id that is only `Hashable` and whose hash collides on purpose: each odd id hashes as the
/// even id below it, so half the ids share their hash value with another id, as a model whose
/// `hash(into:)` hashes part of its id does. Equality is the whole value.
struct CollidingHashID: Hashable {
    var value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(value & ~1) }
    static func == (a: CollidingHashID, b: CollidingHashID) -> Bool { a.value == b.value }
}

/// An element identified by a `CollidingHashID`.
struct CollidingItem: Identifiable, Equatable {
    var id: CollidingHashID
    var content: Int
}

/// Ids fingerprinted from a hash that collides on purpose give the changeset their quality rules
/// require, with repeated ids too: Heckel's pairing of repeated ids must not be led by two ids
/// that share a fingerprint, even when every pair it makes joins equal ids.
@Suite("Colliding hash values")
struct CollidingHashTests {
    static func colliding(_ items: [Item]) -> [CollidingItem] {
        items.map { CollidingItem(id: CollidingHashID(value: $0.id), content: $0.content) }
    }

    /// Every rule for `algorithm`; for Heckel also the repeated-id contract and the changeset
    /// the same ids give with hash values that do not collide.
    static func check(_ plainOld: [Item], _ plainNew: [Item], _ algorithm: DiffAlgorithm, _ comment: String,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        let old = colliding(plainOld), new = colliding(plainNew)
        let changeset = Changeset(from: old, to: new, algorithm: algorithm)
        checkChangeset(changeset, old: old, new: new, id: \.id, sourceLocation: sourceLocation)
        guard algorithm == .heckel else { return }
        let pairs = impliedPairs(changeset, oldCount: old.count, newCount: new.count)
        expectRepeatedIDContract(pairs, old: old.map(\.id), new: new.map(\.id), comment, sourceLocation: sourceLocation)
        let reference = Changeset(from: plainOld, to: plainNew, algorithm: .heckel)
        #expect(changeset.deletions == reference.deletions && changeset.insertions == reference.insertions
                && changeset.moves == reference.moves && changeset.updates == reference.updates,
                "Heckel with colliding hash values differs from the same ids' own changeset \(comment)",
                sourceLocation: sourceLocation)
    }

    @Test("the fuzz finding: ids 3 and 7 share a fingerprint, every pair joins equal ids")
    func fuzzFinding() {
        let old = [3, 0, 0, 0, 0, 0, 0, 0, 7, 7, 7, 7, 7, 7, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0].map { Item(id: $0) }
        let new = [0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 7, 7, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 3, 2].map { Item(id: $0) }
        for algorithm in [DiffAlgorithm.heckel, .myers] { Self.check(old, new, algorithm, "finding") }
        let clumsyOld = old.map { ClumsyItem(id: ClumsyID(value: $0.id), content: $0.content) }
        let clumsyNew = new.map { ClumsyItem(id: ClumsyID(value: $0.id), content: $0.content) }
        let changeset = Changeset(from: clumsyOld, to: clumsyNew)
        expectRepeatedIDContract(impliedPairs(changeset, oldCount: old.count, newCount: new.count),
                                 old: clumsyOld.map(\.id), new: clumsyNew.map(\.id), "finding, 4 fingerprints")
        #expect(changeset.moves.count == 4)
    }

    @Test("random lists over small alphabets: every rule, and Heckel as without collisions",
          arguments: [DiffAlgorithm.heckel, .myers], [4, 8, 16, 40])
    func randomLists(algorithm: DiffAlgorithm, alphabet: Int) {
        var generator = SplitMix64(seed: 5_800 + UInt64(alphabet))
        for round in 0..<250 {
            let shape = ChangesetPropertyTests.Shape(maxSize: round % 10 == 0 ? 400 : 60, alphabet: alphabet,
                                                     changesContent: true)
            let (old, new) = ChangesetPropertyTests.randomCase(shape, using: &generator)
            Self.check(old, new, algorithm, "alphabet \(alphabet) round \(round)")
        }
    }

    @Test("adversarial repeated shapes: every rule, and Heckel as without collisions",
          arguments: ChangesetPropertyTests.RepeatShape.allCases)
    func repeatedShapes(shape: ChangesetPropertyTests.RepeatShape) {
        var generator = SplitMix64(seed: 5_858 + UInt64(shape.rawValue.count))
        for round in 0..<60 {
            let old = shape.old(count: Int.random(in: 0...(round % 6 == 0 ? 400 : 60), using: &generator), &generator)
            var new = old
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                switch Int.random(in: 0..<3, using: &generator) {
                case 0 where !new.isEmpty: new.remove(at: Int.random(in: 0..<new.count, using: &generator))
                case 1:
                    new.insert(Item(id: Int.random(in: 0...3, using: &generator)),
                               at: Int.random(in: 0...new.count, using: &generator))
                default:
                    guard !new.isEmpty else { break }
                    let element = new.remove(at: Int.random(in: 0..<new.count, using: &generator))
                    new.insert(element, at: Int.random(in: 0...new.count, using: &generator))
                }
            }
            for algorithm in [DiffAlgorithm.heckel, .myers] { Self.check(old, new, algorithm, "\(shape) round \(round)") }
        }
    }
}
