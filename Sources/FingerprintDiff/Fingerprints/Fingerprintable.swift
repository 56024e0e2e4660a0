/// A type that can feed bytes identifying its values to a `FingerprintHasher`, the same bytes
/// in every process.
///
/// Equal values must feed equal bytes (`a == b` implies equal fingerprints); unequal values
/// should feed different bytes, but a collision only costs speed, never correctness.
///
/// The standard library's integers, `Bool`, floating-point types, `String`, `Substring`,
/// Foundation's `UUID`, and arrays and optionals of fingerprintable values conform.
public protocol Fingerprintable {
    /// Feeds this value's identifying bytes to `hasher`.
    func fingerprint(into hasher: inout FingerprintHasher)

    /// This value's fingerprint. The default feeds a fresh hasher; fixed-size types override it
    /// with a single inlined XXH3 call.
    var fingerprint: Fingerprint { get }

    /// The 64 bits a diff matches this value by: two values' keys are equal exactly when their
    /// fingerprints are. The default is the fingerprint itself. Values fingerprinted as XXH3
    /// of 64 bits (integers, `Bool`, floating point: `_FingerprintableAsUInt64`) give those
    /// bits, since XXH3-64 maps 8 bytes to 64 bits one-to-one: the diff then matches exactly as
    /// it does by fingerprint, without hashing. `UUID` gives XXH3 of its 16 bytes before the
    /// final avalanche, which maps those values to the fingerprints one-to-one. Equal values
    /// must have equal keys; a type that overrides `fingerprint` and inherits such a key must
    /// override this too.
    var _diffKey: UInt64 { get }
}

extension Fingerprintable {
    /// Feeds a fresh hasher with `fingerprint(into:)` and finalizes it.
    @inlinable
    public var fingerprint: Fingerprint {
        var hasher = FingerprintHasher()
        fingerprint(into: &hasher)
        return hasher.finalize()
    }

    /// The fingerprint's 64 bits.
    @inlinable
    public var _diffKey: UInt64 { fingerprint.rawValue }
}
