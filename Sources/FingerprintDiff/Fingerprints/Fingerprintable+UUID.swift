#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
}
