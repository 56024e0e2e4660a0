import SeededRandom
import Testing

@testable import ModelStorage

/// `PositionTable` against a `Dictionary`: random keys (sequential identities, aligned
/// addresses, any bits, repeated keys), positions inserted and replaced, keys looked up whether
/// present or not.
@Suite struct PositionTableTests {
    @Test("a position table answers what a dictionary of the same insertions answers", arguments: 0..<60)
    func answersAsADictionary(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let count = Int.random(in: 0...600, using: &random)
        let base = UInt64.random(in: 0...UInt64.max / 2, using: &random)
        func key() -> UInt64 {
            switch seed % 3 {
            case 0: base &+ UInt64.random(in: 0...UInt64(2 * count + 1), using: &random)
            case 1: base & ~0xF &+ 16 &* UInt64.random(in: 0...UInt64(2 * count + 1), using: &random)
            default: UInt64.random(in: 0...UInt64.max, using: &random)
            }
        }
        var table = PositionTable(capacity: count)
        var expected: [UInt64: Int] = [:]
        while expected.count < count {
            let (k, position) = (key(), Int.random(in: 0...Int(Int32.max), using: &random))
            table.insert(k, at: position)
            expected[k] = position
        }
        for (k, position) in expected { #expect(table.position(of: k) == position, "seed \(seed): \(k)") }
        for _ in 0..<count {
            let k = key()
            #expect(table.position(of: k) == expected[k], "seed \(seed): \(k)")
        }
    }
}
