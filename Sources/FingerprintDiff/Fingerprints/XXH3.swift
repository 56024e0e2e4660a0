#if MODELSTORAGE_SYSTEM_XXHASH && !canImport(Musl)
import CXXHash
#endif
import CFingerprintDiff

// Which XXH3-64 computes the fingerprints, decided once for every module of a build:
// `MODELSTORAGE_SYSTEM_XXHASH` is defined by Package.swift on Linux with the package trait
// `SystemXXHash` (a default trait). A static Linux SDK (musl) has no libxxhash and uses the
// package's own even then. Every fingerprint the package computes goes through
// `_SelectedXXH3`; the two implementations give the same values bit for bit.
#if MODELSTORAGE_SYSTEM_XXHASH && !canImport(Musl)
/// The XXH3-64 this build fingerprints with: libxxhash's.
@usableFromInline
internal typealias _SelectedXXH3 = _SystemXXH3
#else
/// The XXH3-64 this build fingerprints with: the package's own.
@usableFromInline
internal typealias _SelectedXXH3 = _PackagedXXH3
#endif

extension Fingerprint {
    /// Which XXH3-64 implementation computes fingerprints in this build.
    ///
    /// Both give the same fingerprints, bit for bit; this says which one the build compiled in.
    /// Linux builds with the package trait `SystemXXHash` (the default) use libxxhash from the
    /// system (Debian/Ubuntu `libxxhash-dev`), inlined from its header; every other platform,
    /// and Linux with `traits: []`, use the package's own XXH3, which needs nothing installed.
    public static var implementation: Implementation { _SelectedXXH3.implementation }

    /// An XXH3-64 implementation (see ``Fingerprint/implementation``).
    public enum Implementation: Hashable, Sendable, CustomStringConvertible {
        /// The package's own XXH3-64, written from xxHash's specification (portable C11, in
        /// `fd_xxh3.h`).
        case packaged
        /// XXH3-64 of the system's libxxhash of the given version ("0.8.1"), inlined from its
        /// header.
        case system(version: String)

        /// "the package's own XXH3" or "libxxhash 0.8.1".
        public var description: String {
            switch self {
            case .packaged: "the package's own XXH3"
            case .system(let version): "libxxhash \(version)"
            }
        }
    }
}

/// The four fingerprint functions of an XXH3-64 implementation (what `Fingerprint`,
/// `FingerprintHasher` and the `Fingerprintable` conformances call). Public so that inlined
/// fingerprints reach it, and for the tests and the benchmark, which compare the
/// implementations; not API (the underscore).
public protocol _XXH3Fingerprinting: Sendable {
    /// XXH3-64 (seed 0) of the 8 native-endian bytes of `value`.
    static func fingerprint(_ value: UInt64) -> UInt64
    /// XXH3-64 of `count` bytes at `bytes` (`nil` when `count` is 0) with `seed`.
    static func fingerprint(bytes: UnsafeRawPointer?, count: Int, seed: UInt64) -> UInt64
    /// XXH3-64 (seed 0) of the 16 bytes at `bytes`.
    static func fingerprint16(_ bytes: UnsafeRawPointer) -> UInt64
    /// XXH3-64 of the 8 bytes of `next` seeded with `running`.
    static func combine(_ running: UInt64, _ next: UInt64) -> UInt64
    /// Which implementation this is.
    static var implementation: Fingerprint.Implementation { get }
}

/// The package's own XXH3-64 (`fd_xxh3.h`), through the C core's fingerprint functions.
public enum _PackagedXXH3: _XXH3Fingerprinting {
    @inlinable @inline(__always)
    public static func fingerprint(_ value: UInt64) -> UInt64 { fd_fingerprint_u64(value) }

    @inlinable @inline(__always)
    public static func fingerprint(bytes: UnsafeRawPointer?, count: Int, seed: UInt64) -> UInt64 {
        fd_fingerprint_bytes(bytes, count, seed)
    }

    @inlinable @inline(__always)
    public static func fingerprint16(_ bytes: UnsafeRawPointer) -> UInt64 { fd_fingerprint_16_bytes(bytes) }

    @inlinable @inline(__always)
    public static func combine(_ running: UInt64, _ next: UInt64) -> UInt64 { fd_fingerprint_combine(running, next) }

    public static var implementation: Fingerprint.Implementation { .packaged }
}

#if MODELSTORAGE_SYSTEM_XXHASH && !canImport(Musl)
/// libxxhash's XXH3-64, inlined from the system's header (CSources/CXXHash).
public enum _SystemXXH3: _XXH3Fingerprinting {
    @inlinable @inline(__always)
    public static func fingerprint(_ value: UInt64) -> UInt64 { fd_system_fingerprint_u64(value) }

    @inlinable @inline(__always)
    public static func fingerprint(bytes: UnsafeRawPointer?, count: Int, seed: UInt64) -> UInt64 {
        fd_system_fingerprint_bytes(bytes, count, seed)
    }

    @inlinable @inline(__always)
    public static func fingerprint16(_ bytes: UnsafeRawPointer) -> UInt64 { fd_system_fingerprint_16_bytes(bytes) }

    @inlinable @inline(__always)
    public static func combine(_ running: UInt64, _ next: UInt64) -> UInt64 { fd_system_fingerprint_combine(running, next) }

    public static var implementation: Fingerprint.Implementation {
        let version = Int(fd_system_xxhash_version())
        return .system(version: "\(version / 10_000).\(version / 100 % 100).\(version % 100)")
    }
}
#endif

/// The implementations this build has: for tests that compare them. Not API.
public enum _XXH3Implementations {
    /// The package's own.
    public static var packaged: any _XXH3Fingerprinting.Type { _PackagedXXH3.self }

    /// libxxhash's, when the build uses it (Linux with the trait `SystemXXHash`); `nil`
    /// otherwise.
    public static var system: (any _XXH3Fingerprinting.Type)? {
        #if MODELSTORAGE_SYSTEM_XXHASH && !canImport(Musl)
        _SystemXXH3.self
        #else
        nil
        #endif
    }
}
