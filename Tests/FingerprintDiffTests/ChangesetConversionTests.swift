import FingerprintDiff
import Testing
import SeededRandom

/// `Changeset.matchedOffsets` and the conversion from the standard library's difference.
@Suite struct ChangesetConversionTests {
    @Test func matchedOffsetsReproduceTheMatching() {
        var random = SplitMix64(seed: 5)
        for _ in 0..<500 {
            let old = Array(0..<Int.random(in: 0...30, using: &random)).shuffled(using: &random)
            let new = old.filter { _ in Int.random(in: 0...4, using: &random) > 0 } + (100..<(100 + Int.random(in: 0...5, using: &random)))
            let shuffled = new.shuffled(using: &random)
            let changeset = Changeset(from: old, to: shuffled, id: \.self)
            guard let matched = changeset.matchedOffsets(oldCount: old.count, newCount: shuffled.count) else {
                Issue.record("no matching for \(changeset)")
                continue
            }
            for (oldOffset, newOffset) in matched.enumerated() {
                if newOffset >= 0 {
                    #expect(shuffled[newOffset] == old[oldOffset])
                } else {
                    #expect(!shuffled.contains(old[oldOffset]))
                }
            }
        }
        #expect(Changeset(deletions: [0]).matchedOffsets(oldCount: 1, newCount: 1) == nil)
        #expect(Changeset(deletions: [3]).matchedOffsets(oldCount: 1, newCount: 0) == nil)
        #expect(Changeset(moves: [.init(from: 0, to: 0), .init(from: 0, to: 1)]).matchedOffsets(oldCount: 2, newCount: 2) == nil)
    }

    @Test func aStandardLibraryDifferenceBecomesAnExactChangeset() throws {
        var random = SplitMix64(seed: 6)
        for _ in 0..<500 {
            let old = (0..<Int.random(in: 0...20, using: &random)).map { Item(id: $0, content: Int.random(in: 0...1, using: &random)) }
            var new = old.filter { _ in Int.random(in: 0...4, using: &random) > 0 }.shuffled(using: &random)
            for index in new.indices where Int.random(in: 0...5, using: &random) == 0 { new[index].content += 1 }
            new.insert(Item(id: 99), at: Int.random(in: 0...new.count, using: &random))
            let difference = new.difference(from: old) { $0.id == $1.id }
            let changeset = try #require(Changeset(difference, from: old, to: new))
            #expect(try BatchUpdate(changeset).apply(to: old, with: new) == new)
            #expect(!changeset.isMinimal)
        }
        let other = [Item(id: 1)].difference(from: [Item(id: 2)]) { $0.id == $1.id }
        #expect(Changeset(other, from: [Item(id: 2), Item(id: 3)], to: []) == nil)
    }
}
