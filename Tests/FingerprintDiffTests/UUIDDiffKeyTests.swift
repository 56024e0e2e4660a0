import CFingerprintDiff
import FingerprintDiff
import Foundation
import SeededRandom
import Testing

/// A UUID's diff key (`_diffKey`, `fd_diff_key_16_bytes`) is XXH3-64 of its 16 bytes before the
/// final avalanche: the avalanche of the key is the UUID's fingerprint in every implementation
/// this build has, and the avalanche has an inverse, so two keys are equal exactly when the two
/// fingerprints are.
@Suite("UUID diff keys: XXH3 before its avalanche")
struct UUIDDiffKeyTests {
    /// XXH3's final avalanche, written from the specification.
    static func avalanche(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 37
        x &*= 0x1656_6791_9E37_79F9
        return x ^ (x >> 32)
    }

    /// The avalanche's inverse: each xorshift by at least 32 is its own inverse, and the
    /// multiplier's inverse modulo 2^64 comes from Newton's iteration.
    static func inverseAvalanche(_ value: UInt64) -> UInt64 {
        let multiplier: UInt64 = 0x1656_6791_9E37_79F9
        var inverse = multiplier
        for _ in 0..<5 { inverse &*= 2 &- multiplier &* inverse }
        var x = value ^ (value >> 32)
        x &*= inverse
        return x ^ (x >> 37)
    }

    @Test("the avalanche of the key is the fingerprint, in the build's XXH3 and in the package's own")
    func keyIsFingerprintBeforeAvalanche() {
        var generator = SplitMix64(seed: 4_200)
        var uuids = (0..<20_000).map { _ in UUID(first: generator.next(), last: generator.next()) }
        uuids += [UUID(first: 0, last: 0), UUID(first: .max, last: .max)]
        let implementations = [_XXH3Implementations.packaged] + (_XXH3Implementations.system.map { [$0] } ?? [])
        for uuid in uuids {
            let key = uuid._diffKey
            #expect(Self.avalanche(key) == uuid.fingerprint.rawValue, "\(uuid)")
            withUnsafeBytes(of: uuid.uuid) { bytes in
                #expect(fd_diff_key_16_bytes(bytes.baseAddress!) == key)
                for implementation in implementations {
                    #expect(Self.avalanche(key) == implementation.fingerprint16(bytes.baseAddress!), "\(implementation)")
                }
            }
        }
    }

    @Test("the avalanche has an inverse: equal keys exactly when equal fingerprints")
    func avalancheIsABijection() {
        var generator = SplitMix64(seed: 4_201)
        let edges: [UInt64] = [0, 1, 1 << 31, 1 << 32, 1 << 37, 1 << 63, .max, .max >> 27]
        for value in edges + (0..<100_000).map({ _ in generator.next() }) {
            #expect(Self.inverseAvalanche(Self.avalanche(value)) == value, "\(value)")
            #expect(Self.avalanche(Self.inverseAvalanche(value)) == value, "\(value)")
        }
    }
}
