// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ModelStorage",
    products: [
        .library(name: "FingerprintDiff", targets: ["FingerprintDiff"]),
        .library(name: "ModelStorage", targets: ["ModelStorage"]),
        .library(name: "ModelStorageGRDB", targets: ["ModelStorageGRDB"]),
        // The C core alone, for C targets and for the benchmark's per-step timings.
        .library(name: "CFingerprintDiff", targets: ["CFingerprintDiff"]),
    ],
    dependencies: [
        // Only ModelStorageGRDB uses it: the other products never build it.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // xxHash from the system: Debian/Ubuntu `libxxhash-dev`, macOS `brew install xxhash`.
        .systemLibrary(
            name: "CXXHash",
            path: "CSources/CXXHash",
            pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]
        ),
        // C11 core: fingerprints, Heckel, Myers, matching -> changeset.
        .target(
            name: "CFingerprintDiff",
            dependencies: ["CXXHash"],
            path: "CSources/CFingerprintDiff"
        ),
        // Swift facade: Fingerprint, Changeset, BatchUpdate, SectionedBatchUpdate.
        .target(
            name: "FingerprintDiff",
            dependencies: ["CFingerprintDiff"]
        ),
        // Storages: StorageUpdate, MemoryStorage, SingleSectionStorage, accumulation strategies.
        .target(
            name: "ModelStorage",
            dependencies: ["FingerprintDiff"]
        ),
        // DatabaseStorage: a storage that follows a GRDB request over SQLite.
        .target(
            name: "ModelStorageGRDB",
            dependencies: ["ModelStorage", "FingerprintDiff", .product(name: "GRDB", package: "GRDB.swift"),
                           // SQLite's C API, to read ids and fingerprints from column memory.
                           .product(name: "GRDBSQLite", package: "GRDB.swift")]
        ),
        // The seeded generator of the tests and the benchmarks.
        .target(
            name: "SeededRandom",
            path: "Tests/SeededRandom"
        ),
        // Invariant checks shared by the libFuzzer harnesses (Tests/Fuzz/run.sh) and the corpus
        // replay of the ordinary test run.
        .target(
            name: "CoreFuzzCheck",
            dependencies: ["CFingerprintDiff"],
            path: "Tests/Fuzz/CoreFuzzCheck"
        ),
        .target(
            name: "FacadeFuzzCheck",
            dependencies: ["FingerprintDiff"],
            path: "Tests/Fuzz/FacadeFuzzCheck"
        ),
        .testTarget(
            name: "FingerprintDiffTests",
            dependencies: ["FingerprintDiff", "CFingerprintDiff", "CoreFuzzCheck", "FacadeFuzzCheck", "SeededRandom"]
        ),
        .testTarget(
            name: "ModelStorageTests",
            dependencies: ["ModelStorage", "FingerprintDiff", "SeededRandom"]
        ),
        .testTarget(
            name: "ModelStorageGRDBTests",
            dependencies: ["ModelStorageGRDB", "ModelStorage", "FingerprintDiff", "SeededRandom",
                           .product(name: "GRDB", package: "GRDB.swift")]
        ),
    ],
    swiftLanguageModes: [.v6],
    cLanguageStandard: .c11
)
