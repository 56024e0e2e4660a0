import CFingerprintDiff
import CoreFuzzCheck
import FingerprintDiff
import Foundation
import SeededRandom
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The package's own XXH3-64 (`fd_xxh3.h`) is libxxhash's XXH3-64, bit for bit, and every build
/// fingerprints with exactly one of the two.
///
/// libxxhash is reached two ways: the build's own inlined copy when the build uses it (Linux
/// with the trait `SystemXXHash`), and the shared library `libxxhash.so.0` itself, loaded at
/// run time, in every Linux build: so the build without the trait (`traits: []`, which CI runs
/// too) is compared with libxxhash as well.
@Suite("XXH3: the package's own equals libxxhash")
struct XXH3Tests {
    typealias Hash = @Sendable (UnsafeRawPointer?, Int, UInt64) -> UInt64

    /// The package's own XXH3.
    static let packaged: Hash = { _XXH3Implementations.packaged.fingerprint(bytes: $0, count: $1, seed: $2) }

    /// libxxhash's `XXH3_64bits_withSeed` in every form this machine has, by name.
    static let references: [(name: String, hash: Hash)] = {
        var references: [(String, Hash)] = []
        if let system = _XXH3Implementations.system {
            references.append(("libxxhash inlined in this build", { system.fingerprint(bytes: $0, count: $1, seed: $2) }))
        }
        if let library = LibXXHash.function {
            references.append(("libxxhash.so.0", { library($0, $1, $2) }))
        }
        return references
    }()

    /// The seeds the issue asks for: 0, 1, random, and with the high bits set.
    static let seeds: [UInt64] = [0, 1, 0x2545_F491_4F6C_DD1D, 0xFFFF_FFFF_0000_0000, 1 << 63]

    static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }

    @Test("libxxhash is there to compare with on Linux (the shared library, loaded at run time)")
    func referenceIsAvailable() {
        #if os(Linux)
        #expect(LibXXHash.function != nil, "libxxhash.so.0 did not load: install libxxhash0 (make deps installs libxxhash-dev)")
        #endif
        #expect(Self.references.count == (_XXH3Implementations.system == nil ? 0 : 1) + (LibXXHash.function == nil ? 0 : 1))
    }

    @Test("every length 0-4,096, five seeds, four start alignments: equal to libxxhash")
    func everyShortLength() {
        let bytes = Self.randomBytes(4_096 + 8, seed: 1)
        var mismatches: [String] = []
        bytes.withUnsafeBytes { buffer in
            for (name, reference) in Self.references {
                for seed in Self.seeds {
                    for length in 0...4_096 {
                        for offset in 0..<4 {
                            let start = buffer.baseAddress! + offset
                            let expected = reference(start, length, seed)
                            if Self.packaged(start, length, seed) != expected, mismatches.count < 10 {
                                mismatches.append("\(name): length \(length), seed \(seed), offset \(offset)")
                            }
                        }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test("random lengths up to 1 MiB, random seeds and offsets: equal to libxxhash")
    func randomLongLengths() {
        let bytes = Self.randomBytes((1 << 20) + 64, seed: 2)
        var generator = SplitMix64(seed: 3)
        bytes.withUnsafeBytes { buffer in
            for _ in 0..<24 {
                let length = Int(generator.next() % UInt64((1 << 20) + 1))
                let offset = Int(generator.next() % 64)
                let seed = generator.next() % 4 == 0 ? 0 : generator.next()
                let start = buffer.baseAddress! + offset
                for (name, reference) in Self.references {
                    #expect(Self.packaged(start, length, seed) == reference(start, length, seed),
                            "\(name): length \(length), seed \(seed), offset \(offset)")
                }
            }
        }
    }

    @Test("no bytes at a nil address is XXH3 of the empty input, with any seed")
    func emptyInput() {
        for seed in Self.seeds {
            let packaged = fd_fingerprint_bytes(nil, 0, seed)
            #expect(packaged == fd_xxh3_64bits_with_seed([UInt8](), 0, seed))
            for (name, reference) in Self.references {
                #expect(packaged == reference(nil, 0, seed), "\(name), seed \(seed)")
            }
        }
        // xxHash's published value for the empty input, seed 0.
        #expect(fd_fingerprint_bytes(nil, 0, 0) == 0x2D06_8005_38D3_94C2)
        var hasher = FingerprintHasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(start: nil, count: 0))
        #expect(hasher.finalize().rawValue == 0x2D06_8005_38D3_94C2)
    }

    @Test("the paths of compilers without a 128-bit multiply and of big-endian machines give the same hashes")
    func portablePaths() {
        #expect(core_fuzz_xxh3_portable_is_portable() == 1, "xxh3_portable.c was built with the fast paths")
        let bytes = Self.randomBytes(2_048 + 4, seed: 4)
        bytes.withUnsafeBytes { buffer in
            for seed in Self.seeds {
                for length in 0...2_048 {
                    let start = buffer.baseAddress! + length % 4
                    if core_fuzz_xxh3_portable(start, length, seed) != Self.packaged(start, length, seed) {
                        Issue.record("length \(length), seed \(seed)")
                        return
                    }
                }
            }
        }
    }

    /// Fingerprints of every kind of id, folded with FNV-1a: the digest is what libxxhash 0.8.1
    /// gives (recorded from the build with the trait `SystemXXHash`, Debian 12). Every build,
    /// on every platform, in every process, must give exactly these values.
    @Test("Fingerprint(of:) of Int, UUID, String (ASCII and not), arrays: the same values in every build")
    func fingerprintsOfIDs() {
        var digest: UInt64 = 0xCBF2_9CE4_8422_2325
        func fold(_ fingerprint: Fingerprint) {
            var value = fingerprint.rawValue
            for _ in 0..<8 {
                digest = (digest ^ (value & 0xFF)) &* 0x0000_0100_0000_01B3
                value >>= 8
            }
        }
        var generator = SplitMix64(seed: 5)
        for value in [0, 1, -1, 42, Int.min, Int.max] + (0..<1_000).map({ _ in Int(truncatingIfNeeded: generator.next()) }) {
            fold(Fingerprint(of: value))
        }
        for _ in 0..<500 {
            fold(Fingerprint(of: UUID(first: generator.next(), last: generator.next())))
        }
        for string in ["", "a", "row-123456", "Ünïcödé", "cafe\u{301}", "café", "日本語のテキスト", "👩‍👩‍👧‍👦",
                       String(repeating: "long ASCII text ", count: 40), String(repeating: "é", count: 300)] {
            fold(Fingerprint(of: string))
        }
        fold(Fingerprint(of: Array(0..<100)))
        fold(Fingerprint(of: ["a", "b", "ç"]))
        fold(Fingerprint(of: [Optional(1), nil]))
        #expect(Fingerprint(of: "cafe\u{301}") == Fingerprint(of: "café"))
        #expect(digest == 0xFDB8_7AEC_2EF6_9F09, "digest \(String(digest, radix: 16))")
    }

    @Test("a build uses exactly one implementation, and says which")
    func implementationOfThisBuild() {
        let implementation = Fingerprint.implementation
        print("fingerprints in this build: \(implementation)")
        switch implementation {
        case .packaged: #expect(_XXH3Implementations.system == nil)
        case .system(let version):
            #expect(_XXH3Implementations.system != nil)
            #expect(version.hasPrefix("0.8") || !version.hasPrefix("0."), "XXH3 is stable from 0.8.0: \(version)")
        }
        #if !os(Linux)
        #expect(implementation == .packaged, "only Linux builds use the system's libxxhash")
        #endif
        // CI runs the suite in both builds and says which it expects.
        if let expected = ProcessInfo.processInfo.environment["MODELSTORAGE_EXPECTED_XXH3"] {
            switch (expected, implementation) {
            case ("packaged", .packaged), ("system", .system): break
            default: Issue.record("expected the \(expected) XXH3, the build uses \(implementation)")
            }
        }
    }

    @Test("the 64x64-bit multiply of compilers without a 128-bit type equals the 128-bit one")
    func portableMultiply() {
        var generator = SplitMix64(seed: 6)
        let edges: [UInt64] = [0, 1, 0xFFFF_FFFF, 0x1_0000_0000, .max, .max - 1, 1 << 63]
        var pairs = edges.flatMap { a in edges.map { (a, $0) } }
        pairs += (0..<10_000).map { _ in (generator.next(), generator.next()) }
        for (a, b) in pairs {
            let full = a.multipliedFullWidth(by: b)
            #expect(fd_xxh3_i_mul128_fold64_portable(a, b) == full.low ^ full.high, "\(a) * \(b)")
        }
    }
}

/// `XXH3_64bits_withSeed` of the system's shared libxxhash, loaded at run time (Linux), so
/// that every build of the tests can compare with the library itself.
enum LibXXHash {
    typealias Function = @convention(c) (UnsafeRawPointer?, Int, UInt64) -> UInt64

    static let function: Function? = {
        #if canImport(Glibc)
        for name in ["libxxhash.so.0", "libxxhash.so"] {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL),
                  let symbol = dlsym(handle, "XXH3_64bits_withSeed") else { continue }
            return unsafeBitCast(symbol, to: Function.self)
        }
        #endif
        return nil
    }()
}
