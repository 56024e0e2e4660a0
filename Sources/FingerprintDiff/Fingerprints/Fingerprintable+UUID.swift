#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CFingerprintDiff

extension UUID: Fingerprintable {
    /// Feeds the 16 bytes of the UUID.
    @inlinable
    public func fingerprint(into hasher: inout FingerprintHasher) {
        withUnsafeBytes(of: uuid) { hasher.combine(bytes: $0) }
    }

    /// XXH3-64 of the 16 bytes, inlined.
    @inlinable
    public var fingerprint: Fingerprint {
        withUnsafeBytes(of: uuid) { Fingerprint(rawValue: _SelectedXXH3.fingerprint16($0.baseAddress!)) }
    }

    /// XXH3-64 of the 16 bytes before its final avalanche, a bijection of the 64-bit values:
    /// two UUIDs' keys are equal exactly when their fingerprints are, and the diff matches the
    /// same elements by either (`fd_diff_key_16_bytes`, the package's own XXH3 in every build).
    @inlinable
    public var _diffKey: UInt64 {
        withUnsafeBytes(of: uuid) { fd_diff_key_16_bytes($0.baseAddress!) }
    }
}
