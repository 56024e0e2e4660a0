/// Builds the fingerprint of a composite value from its parts, order-sensitively.
///
/// A hasher that is fed a single 64-bit value, or a single run of bytes, produces the same
/// fingerprint as the C core's `fd_fingerprint_u64` or `fd_fingerprint_bytes` of it: XXH3-64
/// with seed 0. Each further part is hashed with the running state as the seed.
@frozen
public struct FingerprintHasher: Sendable {
    @usableFromInline
    internal var state: UInt64

    /// A hasher in its initial state.
    @inlinable
    public init() {
        state = 0
    }

    /// Feeds a 64-bit value. O(1).
    @inlinable
    public mutating func combine(_ value: UInt64) {
        state = _SelectedXXH3.combine(state, value)
    }

    /// Feeds a run of bytes. O(count).
    @inlinable
    public mutating func combine(bytes: UnsafeRawBufferPointer) {
        state = _SelectedXXH3.fingerprint(bytes: bytes.baseAddress, count: bytes.count, seed: state)
    }

    /// Feeds a value that can fingerprint itself.
    @inlinable
    public mutating func combine<Value: Fingerprintable>(_ value: Value) {
        value.fingerprint(into: &self)
    }

    /// The fingerprint of everything fed so far.
    @inlinable
    public func finalize() -> Fingerprint {
        Fingerprint(rawValue: state)
    }
}
