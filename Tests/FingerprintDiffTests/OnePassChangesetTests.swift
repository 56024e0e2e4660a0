import FingerprintDiff
import Testing
import SeededRandom

/// `Changeset(from:to:)` confirms the core's pairs and builds its arrays in one pass
/// (`_computeInOnePass`); the path it replaced confirms them through `_withMatching` and then
/// reads the matching (`_computeByMatching`). Both run on the same random input, through every
/// identity the public initializers use: they must give the same changeset.
@Suite("Changeset in one pass")
struct OnePassChangesetTests {
    /// An element that is its own identity and only `Hashable` (fingerprinted from `hashValue`).
    struct Token: Hashable {
        var value: Int
    }

    /// Random cases: unique ids, repeated ids, equal ids with unequal contents, sizes on both
    /// sides of the small workspace's limit.
    static func cases(seed: UInt64, count: Int) -> [([Item], [Item])] {
        var generator = SplitMix64(seed: seed)
        let shapes: [ChangesetPropertyTests.Shape] = [
            .init(maxSize: 12, alphabet: 0, changesContent: true),
            .init(maxSize: 150, alphabet: 0, changesContent: true),
            .init(maxSize: 150, alphabet: 6, changesContent: true),
            .init(maxSize: 40, alphabet: 3, changesContent: false),
            .init(maxSize: 2_500, alphabet: 0, changesContent: true),
            .init(maxSize: 2_500, alphabet: 200, changesContent: true),
        ]
        return (0..<count).map { k in
            let shape = shapes[k % shapes.count]
            var (old, new) = ChangesetPropertyTests.randomCase(shape, using: &generator)
            // Often a common prefix (the part matched without fingerprints), sometimes with
            // changed contents in it.
            if k % 3 == 0, !old.isEmpty, !new.isEmpty {
                let length = Int.random(in: 0...min(old.count, new.count), using: &generator)
                new.replaceSubrange(0..<min(length, new.count), with: old.prefix(length))
                for position in 0..<length where Int.random(in: 0..<4, using: &generator) == 0 {
                    new[position].content += 1
                }
            }
            return (old, new)
        }
    }

    @Test("the same changeset as confirming the matching first", arguments: [DiffAlgorithm.heckel, .myers])
    func sameAsTheMatchingPath(algorithm: DiffAlgorithm) {
        for (old, new) in Self.cases(seed: 41, count: 90) {
            let expected = Changeset._computeByMatching(old, new, algorithm, identity: _IdentifiableIdentity<Item>())
            #expect(Changeset(from: old, to: new, algorithm: algorithm) == expected)
            #expect(Changeset(from: old, to: new, id: \.id, algorithm: algorithm) == expected)
            let opaqueOld = old.map { OpaqueItem(id: OpaqueID(value: $0.id), content: $0.content) }
            let opaqueNew = new.map { OpaqueItem(id: OpaqueID(value: $0.id), content: $0.content) }
            #expect(Changeset(from: opaqueOld, to: opaqueNew, algorithm: algorithm)
                    == Changeset._computeByMatching(opaqueOld, opaqueNew, algorithm,
                                                    identity: _HashedIdentifiableIdentity<OpaqueItem>()))
        }
    }

    @Test("the same changeset when elements are their own ids (no content comparison)",
          arguments: [DiffAlgorithm.heckel, .myers])
    func sameForSelfIdentity(algorithm: DiffAlgorithm) {
        for (old, new) in Self.cases(seed: 42, count: 60) {
            let oldIDs = old.map(\.id), newIDs = new.map(\.id)
            #expect(Changeset(from: oldIDs, to: newIDs, id: \.self, algorithm: algorithm)
                    == Changeset._computeByMatching(oldIDs, newIDs, algorithm, identity: _SelfIdentity<Int, Int>()))
            let oldTokens = old.map { Token(value: $0.id) }, newTokens = new.map { Token(value: $0.id) }
            #expect(Changeset(from: oldTokens, to: newTokens, id: \.self, algorithm: algorithm)
                    == Changeset._computeByMatching(oldTokens, newTokens, algorithm,
                                                    identity: _HashedSelfIdentity<Token, Token>()))
        }
    }

    @Test("the same changeset when fingerprints collide (the repair path)", arguments: [DiffAlgorithm.heckel, .myers])
    func sameWhenFingerprintsCollide(algorithm: DiffAlgorithm) {
        for (plainOld, plainNew) in Self.cases(seed: 43, count: 30) {
            let old = plainOld.map { ClumsyItem(id: ClumsyID(value: $0.id), content: $0.content) }
            let new = plainNew.map { ClumsyItem(id: ClumsyID(value: $0.id), content: $0.content) }
            #expect(Changeset(from: old, to: new, algorithm: algorithm)
                    == Changeset._computeByMatching(old, new, algorithm, identity: _IdentifiableIdentity<ClumsyItem>()))
            let oldIDs = old.map(\.id), newIDs = new.map(\.id)
            #expect(Changeset(from: oldIDs, to: newIDs, id: \.self, algorithm: algorithm)
                    == Changeset._computeByMatching(oldIDs, newIDs, algorithm,
                                                    identity: _SelfIdentity<ClumsyID, ClumsyID>()))
        }
    }
}
