import CFingerprintDiff
import FingerprintDiff
import Foundation
import Testing

/// Fingerprints: stable, equal for equal values, and consistent with the hasher.
@Suite("Fingerprints")
struct FingerprintTests {
    @Test("integers fingerprint as XXH3 of their 64-bit value, stable across processes")
    func integers() {
        // XXH3-64 of the 8 little-endian bytes of 0, as published by xxHash's test vectors.
        #expect(Fingerprint(of: 0 as Int) == Fingerprint(of: UInt64(0)))
        #expect(Fingerprint(of: 42 as Int).rawValue == fd_fingerprint_u64(42))
        #expect(Fingerprint(of: -1 as Int8) == Fingerprint(of: -1 as Int))
        #expect(Fingerprint(of: 1 as Int) != Fingerprint(of: 2 as Int))
        #expect(Fingerprint(of: true) == Fingerprint(of: 1 as Int))
    }

    @Test("a hasher fed one value gives that value's fingerprint")
    func hasherConsistency() {
        var hasher = FingerprintHasher()
        hasher.combine(12345 as Int)
        #expect(hasher.finalize() == Fingerprint(of: 12345 as Int))
        let uuid = UUID()
        var uuidHasher = FingerprintHasher()
        uuidHasher.combine(uuid)
        #expect(uuidHasher.finalize() == uuid.fingerprint)
        #expect(UUID().fingerprint != uuid.fingerprint)
    }

    @Test("canonically equivalent strings (==) have equal fingerprints")
    func strings() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(composed == decomposed)
        #expect(Fingerprint(of: composed) == Fingerprint(of: decomposed))
        #expect(Fingerprint(of: "abc") != Fingerprint(of: "abd"))
        #expect(Fingerprint(of: "abc"[...]) == Fingerprint(of: "abc"))
        #expect(Fingerprint(of: "xabcx".dropFirst().dropLast()) == Fingerprint(of: "abc"))
    }

    @Test("0.0 and -0.0 are equal and fingerprint alike")
    func floatingPoint() {
        #expect(Fingerprint(of: 0.0) == Fingerprint(of: -0.0))
        #expect(Fingerprint(of: Float(0)) == Fingerprint(of: Float(-0.0)))
        #expect(Fingerprint(of: 1.5) != Fingerprint(of: 2.5))
    }

    @Test("arrays and optionals are order- and presence-sensitive")
    func composites() {
        #expect(Fingerprint(of: [1, 2]) != Fingerprint(of: [2, 1]))
        #expect(Fingerprint(of: [1, 2]) == Fingerprint(of: [1, 2]))
        #expect(Fingerprint(of: [[1], [2, 3]]) != Fingerprint(of: [[1, 2], [3]]))
        #expect(Fingerprint(of: Int?.none) != Fingerprint(of: Int?.some(0)))
        #expect(Fingerprint(of: Int?.some(5)) == Fingerprint(of: Int?.some(5)))
    }

    @Test("any Hashable value has an in-process fingerprint")
    func hashableFallback() {
        #expect(Fingerprint(hashing: OpaqueID(value: 3)) == Fingerprint(hashing: OpaqueID(value: 3)))
        #expect(Fingerprint(hashing: OpaqueID(value: 3)) != Fingerprint(hashing: OpaqueID(value: 4)))
        #expect(Fingerprint(rawValue: 255).description == "00000000000000ff")
    }
}
