/// A 64-bit fingerprint of a value's identity, computed with XXH3 (see ``implementation``).
///
/// Fingerprints are a fast filter for the diff engine, never the truth: two different values
/// may share a fingerprint, and every pair the engine matches by fingerprint is confirmed with
/// `==` before it is reported.
@frozen
public struct Fingerprint: Hashable, Sendable, CustomStringConvertible {
    /// The 64-bit value.
    public var rawValue: UInt64

    /// Wraps a raw 64-bit value.
    @inlinable
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// The fingerprint of a value that can feed stable bytes (the same in every process).
    @inlinable
    public init<Value: Fingerprintable>(of value: Value) {
        self = value.fingerprint
    }

    /// The fingerprint of any `Hashable` value, derived from its `hashValue` mixed through XXH3.
    ///
    /// Swift seeds `hashValue` per process, so this fingerprint is only meaningful within one
    /// process, which is all a diff needs.
    @inlinable
    public init<Value: Hashable>(hashing value: Value) {
        self.rawValue = _SelectedXXH3.fingerprint(UInt64(UInt(bitPattern: value.hashValue)))
    }

    /// The value in hexadecimal.
    public var description: String {
        let digits = String(rawValue, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
