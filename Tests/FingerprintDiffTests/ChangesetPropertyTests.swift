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
                expectRepeatedIDContract(pairs, old: old.map(\.id), new: new.map(\.id))
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
                expectRepeatedIDContract(pairs, old: old.map(\.id), new: new.map(\.id))
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
                    // The matching is forced (unique ids), or Heckel's repair re-fingerprints the
                    // collided ids and diffs again: the same as with perfect fingerprints.
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

    /// Adversarial shapes of repeated ids: how `old` is built, before random edits.
    enum RepeatShape: String, CaseIterable, CustomStringConvertible {
        case allEqual, alternating, longRuns, separators, separatorsAndBlocks
        var description: String { rawValue }

        func old(count: Int, _ generator: inout SplitMix64) -> [Item] {
            var nextID = 1_000
            return (0..<count).map { k in
                switch self {
                case .allEqual: return Item(id: 7)
                case .alternating: return Item(id: k % 2)
                case .longRuns: return Item(id: k / (1 + k % 13) % 5)
                case .separators, .separatorsAndBlocks:
                    if k % 10 == 0 { return Item(id: 0) }
                    if Int.random(in: 0..<30, using: &generator) == 0 { return Item(id: Int.random(in: 1...3, using: &generator)) }
                    nextID += 1
                    return Item(id: nextID)
                }
            }
        }
    }

    @Test("repeated ids, adversarial shapes: legal, every id paired, never more moves than occurrence order",
          arguments: RepeatShape.allCases)
    func repeatedIDs(shape: RepeatShape) {
        var generator = SplitMix64(seed: 25 + UInt64(shape.rawValue.count))
        for round in 0..<200 {
            let old = shape.old(count: Int.random(in: 0...(round % 4 == 0 ? 600 : 80), using: &generator), &generator)
            var new = old
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                switch Int.random(in: 0..<5, using: &generator) {
                case 0 where !new.isEmpty: new.remove(at: Int.random(in: 0..<new.count, using: &generator))
                case 1: new.insert(Item(id: Int.random(in: 0...3, using: &generator)), at: Int.random(in: 0...new.count, using: &generator))
                case 2 where !new.isEmpty:
                    new[Int.random(in: 0..<new.count, using: &generator)].content += 1
                case 3 where new.count > 4:
                    // A block moved: the repeats inside it cross the ones around.
                    let start = Int.random(in: 0..<(new.count - 2), using: &generator)
                    let end = min(new.count, start + Int.random(in: 1...40, using: &generator))
                    let block = Array(new[start..<end])
                    new.removeSubrange(start..<end)
                    new.insert(contentsOf: block, at: Int.random(in: 0...new.count, using: &generator))
                case 4 where shape == .separatorsAndBlocks && !new.isEmpty:
                    let row = new.remove(at: Int.random(in: 0..<new.count, using: &generator))
                    new.insert(row, at: Int.random(in: 0...new.count, using: &generator))
                default: break
                }
            }
            let changeset = Changeset(from: old, to: new)
            checkChangeset(changeset, old: old, new: new, id: \.id)
            let pairs = impliedPairs(changeset, oldCount: old.count, newCount: new.count)
            expectRepeatedIDContract(pairs, old: old.map(\.id), new: new.map(\.id), "\(shape) round \(round)")
        }
    }
}
