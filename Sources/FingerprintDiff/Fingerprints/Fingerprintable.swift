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
}

extension Fingerprintable {
    /// Feeds a fresh hasher with `fingerprint(into:)` and finalizes it.
    @inlinable
    public var fingerprint: Fingerprint {
        var hasher = FingerprintHasher()
        fingerprint(into: &hasher)
        return hasher.finalize()
    }
}
