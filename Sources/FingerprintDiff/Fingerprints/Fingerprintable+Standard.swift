// Fingerprints of the standard library's types.

/// Integers feed their value as 64 bits (sign-extended for signed types).
///
/// A diff matches such values by `_fingerprintBits` itself (`_diffKey`): equal values must
/// have equal bits, and a conformer that overrides `fingerprint` must override `_diffKey` too.
public protocol _FingerprintableAsUInt64: Fingerprintable {
    /// The 64 bits that identify this value.
    var _fingerprintBits: UInt64 { get }
}

extension _FingerprintableAsUInt64 {
    /// Feeds `_fingerprintBits`.
    @inlinable
    public func fingerprint(into hasher: inout FingerprintHasher) {
        hasher.combine(_fingerprintBits)
    }

    /// XXH3-64 of `_fingerprintBits`, inlined.
    @inlinable
    public var fingerprint: Fingerprint {
        Fingerprint(rawValue: _SelectedXXH3.fingerprint(_fingerprintBits))
    }

    /// `_fingerprintBits` itself: XXH3-64 of 8 bytes is a bijection of the 64-bit values (its
    /// steps are a permutation of the two halves, an xor with a constant, then invertible mixing:
    /// xors of rotations and shifts, multiplications by odd constants), so keys are equal
    /// exactly when fingerprints are, and a diff matches by them without hashing.
    @inlinable
    public var _diffKey: UInt64 { _fingerprintBits }
}

extension FixedWidthInteger where Self: _FingerprintableAsUInt64 {
    /// The value, sign-extended or truncated to 64 bits.
    @inlinable
    public var _fingerprintBits: UInt64 { UInt64(truncatingIfNeeded: self) }
}

extension Int: _FingerprintableAsUInt64 {}
extension Int8: _FingerprintableAsUInt64 {}
extension Int16: _FingerprintableAsUInt64 {}
extension Int32: _FingerprintableAsUInt64 {}
extension Int64: _FingerprintableAsUInt64 {}
extension UInt: _FingerprintableAsUInt64 {}
extension UInt8: _FingerprintableAsUInt64 {}
extension UInt16: _FingerprintableAsUInt64 {}
extension UInt32: _FingerprintableAsUInt64 {}
extension UInt64: _FingerprintableAsUInt64 {}

extension Bool: _FingerprintableAsUInt64 {
    /// 1 for `true`, 0 for `false`.
    @inlinable
    public var _fingerprintBits: UInt64 { self ? 1 : 0 }
}

extension Double: _FingerprintableAsUInt64 {
    /// The bit pattern, with -0.0 folded into 0.0 so that equal values agree.
    @inlinable
    public var _fingerprintBits: UInt64 { self == 0 ? 0 : bitPattern }
}

extension Float: _FingerprintableAsUInt64 {
    /// The bit pattern, with -0.0 folded into 0.0 so that equal values agree.
    @inlinable
    public var _fingerprintBits: UInt64 { self == 0 ? 0 : UInt64(bitPattern) }
}

extension String: Fingerprintable {
    /// Feeds the UTF-8 bytes of the string's canonical composition (NFC), so that strings that
    /// are `==` (canonically equivalent) feed the same bytes. ASCII and other NFC strings are
    /// hashed in place without copying. O(count).
    @inlinable
    public func fingerprint(into hasher: inout FingerprintHasher) {
        _fingerprintUTF8(utf8, into: &hasher)
    }
}

extension Substring: Fingerprintable {
    /// Feeds the same bytes as the equal `String`. O(count).
    @inlinable
    public func fingerprint(into hasher: inout FingerprintHasher) {
        _fingerprintUTF8(utf8, into: &hasher)
    }
}

/// Hashes UTF-8 in place when it is ASCII (always NFC), else its NFC form.
@inlinable
internal func _fingerprintUTF8<View: Collection>(_ utf8: View, into hasher: inout FingerprintHasher)
where View.Element == UInt8 {
    let hashedInPlace: Bool? = utf8.withContiguousStorageIfAvailable { buffer in
        var isASCII = true
        for byte in buffer where byte >= 0x80 {
            isASCII = false
            break
        }
        if isASCII { hasher.combine(bytes: UnsafeRawBufferPointer(buffer)) }
        return isASCII
    }
    if hashedInPlace == true { return }
    let normalized = String(decoding: Array(utf8), as: UTF8.self)._nfcCodeUnits
    normalized.withUnsafeBytes { hasher.combine(bytes: $0) }
}

extension Optional: Fingerprintable where Wrapped: Fingerprintable {
    /// Feeds a tag (0 for `nil`, 1 otherwise) and then the wrapped value.
    @inlinable
    public func fingerprint(into hasher: inout FingerprintHasher) {
        switch self {
        case .none:
            hasher.combine(0 as UInt64)
        case .some(let wrapped):
            hasher.combine(1 as UInt64)
            wrapped.fingerprint(into: &hasher)
        }
    }
}

extension Array: Fingerprintable where Element: Fingerprintable {
    /// Feeds the count and then every element in order. O(count).
    @inlinable
    public func fingerprint(into hasher: inout FingerprintHasher) {
        hasher.combine(UInt64(count))
        for element in self { element.fingerprint(into: &hasher) }
    }
}
