import FingerprintDiff
import Testing
import SeededRandom

/// Random inputs, thousands of them, each checked with the batch-update oracle and every
/// quality rule (see `checkChangeset`).
@Suite("Changeset properties")
struct ChangesetPropertyTests {
    /// How a random case is shaped.
    struct Shape: CustomStringConvertible, Sendable {
        var maxSize: Int
        /// 0: unique ids; otherwise ids are drawn from this many values.
        var alphabet: Int
        var changesContent: Bool
        var description: String { "size≤\(maxSize) alphabet=\(alphabet) content=\(changesContent)" }
    }

    static let shapes: [Shape] = [
        Shape(maxSize: 20, alphabet: 0, changesContent: false),
        Shape(maxSize: 200, alphabet: 0, changesContent: true),
        Shape(maxSize: 2000, alphabet: 0, changesContent: true),
        Shape(maxSize: 30, alphabet: 4, changesContent: true),
        Shape(maxSize: 300, alphabet: 20, changesContent: false),
        Shape(maxSize: 2000, alphabet: 300, changesContent: true),
    ]

    /// An old list and a new list derived from it by random deletions, insertions, moves and
    /// content changes.
    static func randomCase(_ shape: Shape, using generator: inout SplitMix64) -> ([Item], [Item]) {
        let size = Int.random(in: 0...shape.maxSize, using: &generator)
        var nextID = 0
        func freshID(_ generator: inout SplitMix64) -> Int {
            if shape.alphabet == 0 {
                nextID += 1
                return nextID
            }
            return Int.random(in: 0..<shape.alphabet, using: &generator)
        }
        let old = (0..<size).map { _ in Item(id: freshID(&generator)) }
        var new = old
        let edits = Int.random(in: 0...max(1, size / 4 + 3), using: &generator)
        for _ in 0..<edits {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0 where !new.isEmpty:
                new.remove(at: Int.random(in: 0..<new.count, using: &generator))
            case 1:
                new.insert(Item(id: freshID(&generator)), at: Int.random(in: 0...new.count, using: &generator))
            case 2 where !new.isEmpty:
                let element = new.remove(at: Int.random(in: 0..<new.count, using: &generator))
                new.insert(element, at: Int.random(in: 0...new.count, using: &generator))
            case 3 where shape.changesContent && !new.isEmpty:
                new[Int.random(in: 0..<new.count, using: &generator)].content += 1
            default:
                break
            }
        }
        if Int.random(in: 0..<10, using: &generator) == 0 { new.shuffle(using: &generator) }
        return (old, new)
    }

    @Test("random cases satisfy every rule", arguments: [DiffAlgorithm.heckel, .myers], shapes)
    func randomCases(algorithm: DiffAlgorithm, shape: Shape) {
        var generator = SplitMix64(seed: UInt64(shape.maxSize * 31 + shape.alphabet))
        let cases = shape.maxSize >= 2000 ? 150 : 600
        for _ in 0..<cases {
            let (old, new) = Self.randomCase(shape, using: &generator)
            let changeset = Changeset(from: old, to: new, algorithm: algorithm)
            checkChangeset(changeset, old: old, new: new, id: \.id)
            if shape.alphabet == 0 {
                #expect(changeset.isMinimal, "unique ids always give a minimal changeset")
            }
            if algorithm == .heckel {
                let pairs = impliedPairs(changeset, oldCount: old.count, newCount: new.count)
                let expected = occurrencePairs(old.map(\.id), new.map(\.id))
                #expect(pairs.map(\.old) == expected.map(\.old) && pairs.map(\.new) == expected.map(\.new),
                        "Heckel matches the k-th occurrence with the k-th")
            }
        }
    }

    @Test("a terrible fingerprint (4 values) still gives correct, minimal-for-unique-ids results",
          arguments: [DiffAlgorithm.heckel, .myers], [0, 12])
    func terribleFingerprint(algorithm: DiffAlgorithm, alphabet: Int) {
        var generator = SplitMix64(seed: 7 + UInt64(alphabet))
        for _ in 0..<300 {
            let (plainOld, plainNew) = Self.randomCase(
                Shape(maxSize: 120, alphabet: alphabet, changesContent: true), using: &generator)
            let old = plainOld.map { ClumsyItem(id: ClumsyID(value: $0.id), content: $0.content) }
            let new = plainNew.map { ClumsyItem(id: ClumsyID(value: $0.id), content: $0.content) }
            let changeset = Changeset(from: old, to: new, algorithm: algorithm)
            checkChangeset(changeset, old: old, new: new, id: \.id)
            if alphabet == 0 {
                // Unique ids force the matching, so moves are minimal even after collisions.
                #expect(changeset.moves.count
                        == maximumMatchable(old.map(\.id), new.map(\.id)) - lcsOfIDs(old.map(\.id), new.map(\.id)))
            }
            if algorithm == .heckel {
                let pairs = impliedPairs(changeset, oldCount: old.count, newCount: new.count)
                let expected = occurrencePairs(old.map(\.id), new.map(\.id))
                #expect(pairs.map(\.old) == expected.map(\.old) && pairs.map(\.new) == expected.map(\.new))
            }
        }
    }

    @Test("collisions in large diffs (fingerprints recomputed for the repair) give correct results",
          arguments: [DiffAlgorithm.heckel, .myers])
    func collisionsInLargeDiffs(algorithm: DiffAlgorithm) {
        var generator = SplitMix64(seed: 2_024)
        for alphabet in [0, 40] {
            for _ in 0..<6 {
                let (plainOld, plainNew) = Self.randomCase(
                    Shape(maxSize: 4_000, alphabet: alphabet, changesContent: true), using: &generator)
                let old = plainOld.map { ClumsyItem(id: ClumsyID(value: $0.id), content: $0.content) }
                let new = plainNew.map { ClumsyItem(id: ClumsyID(value: $0.id), content: $0.content) }
                let changeset = Changeset(from: old, to: new, algorithm: algorithm)
                checkChangeset(changeset, old: old, new: new, id: \.id)
                let reference = Changeset(from: plainOld, to: plainNew, algorithm: algorithm)
                if alphabet == 0 || algorithm == .heckel {
                    // The matching is forced (unique ids) or occurrence order (Heckel): the same as
                    // with perfect fingerprints.
                    #expect(changeset.deletions == reference.deletions && changeset.insertions == reference.insertions
                            && changeset.moves == reference.moves && changeset.updates == reference.updates)
                }
            }
        }
    }

    @Test("the same changeset whatever the id's fingerprint, for unique ids")
    func fingerprintIndependence() {
        var generator = SplitMix64(seed: 99)
        for _ in 0..<200 {
            let (old, new) = Self.randomCase(Shape(maxSize: 150, alphabet: 0, changesContent: true), using: &generator)
            let good = Changeset(from: old, to: new)
            let clumsy = Changeset(
                from: old.map { ClumsyItem(id: ClumsyID(value: $0.id), content: $0.content) },
                to: new.map { ClumsyItem(id: ClumsyID(value: $0.id), content: $0.content) })
            let opaque = Changeset(
                from: old.map { OpaqueItem(id: OpaqueID(value: $0.id), content: $0.content) },
                to: new.map { OpaqueItem(id: OpaqueID(value: $0.id), content: $0.content) })
            #expect(good.deletions == clumsy.deletions && good.insertions == clumsy.insertions)
            #expect(good.moves == clumsy.moves && good.updates == clumsy.updates)
            #expect(good == opaque)
        }
    }
}
