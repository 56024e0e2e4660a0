// swift-tools-version: 6.2
import PackageDescription

// GRDB (and SQLite) only for those who ask: `ModelStorageGRDB` needs the package trait "GRDB",
// off by default, so that a package using `FingerprintDiff` or `ModelStorage` resolves nothing
// else. Turn it on with
//     .package(url: "…/ModelStorage", from: "…", traits: ["GRDB"])
// and, in this package, `swift build --traits GRDB` / `swift test --traits GRDB` (`make test`).
let grdb = TargetDependencyCondition.when(traits: ["GRDB"])

// Which XXH3 computes the fingerprints, decided here and nowhere else: on Linux with the trait
// "SystemXXHash" (a default trait), XXH3 from Debian's libxxhash-dev, inlined from its header;
// everywhere else (macOS, iOS, tvOS, watchOS, visionOS, and Linux with `traits: []`) the
// package's own XXH3 (CSources/CFingerprintDiff/include/fd_xxh3.h), which needs nothing
// installed. The two give the same fingerprints bit for bit (FingerprintDiffTests/XXH3Tests).
// The define reaches FingerprintDiff's Swift code, which picks the implementation once
// (Sources/FingerprintDiff/Fingerprints/XXH3.swift), so every module of a build uses the same one.
let systemXXHashPlatforms: [Platform] = [.linux]
let systemXXHashTraits: Set<String> = ["SystemXXHash"]
let systemXXHash = TargetDependencyCondition.when(platforms: systemXXHashPlatforms, traits: systemXXHashTraits)
let systemXXHashDefine = SwiftSetting.define("MODELSTORAGE_SYSTEM_XXHASH",
                                             .when(platforms: systemXXHashPlatforms, traits: systemXXHashTraits))

let package = Package(
    name: "ModelStorage",
    // `Duration` (observation intervals) and `AsyncStream` in the public API; Mac Catalyst
    // named too (its default would be 13.0, below `Duration` and UIKit's `reconfigureItems`).
    platforms: [.macOS(.v13), .iOS(.v16), .macCatalyst(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "FingerprintDiff", targets: ["FingerprintDiff"]),
        .library(name: "ModelStorage", targets: ["ModelStorage"]),
        .library(name: "ModelStorageGRDB", targets: ["ModelStorageGRDB"]),
        // For test targets: a view that holds UIKit's batch-update rules (SimulatedView).
        .library(name: "ModelStorageTesting", targets: ["ModelStorageTesting"]),
        // Table and collection views through a ViewUpdater: adapters (everywhere) and, on Apple
        // platforms, UIKit's and AppKit's views and data sources with cell providers.
        .library(name: "ModelStorageViews", targets: ["ModelStorageViews"]),
        // The C core alone, for C targets and for the benchmark's per-step timings.
        .library(name: "CFingerprintDiff", targets: ["CFingerprintDiff"]),
    ],
    traits: [
        .trait(name: "SystemXXHash",
               description: "On Linux, fingerprints use XXH3 from the system's libxxhash (Debian/Ubuntu: libxxhash-dev), inlined from its header, instead of the package's own XXH3, which gives the same values. On by default; no effect on other platforms. Leave it out (traits: []) where libxxhash-dev is not installed: a static Linux binary, a machine without the package."),
        .trait(name: "GRDB", description: "DatabaseStorage (the ModelStorageGRDB product), which follows a GRDB request over SQLite."),
        .trait(name: "InternalChecks",
               description: "The package's own consistency checks after every change of a storage's sections (O(items)); for the package's test runs, not for apps."),
        .default(enabledTraits: ["SystemXXHash"]),
    ],
    dependencies: [
        // Only ModelStorageGRDB uses it, and only with the trait: resolved only then.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // `swift package generate-documentation` (make docs). Used by no target, so a package
        // that depends on this one does not resolve it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // XXH3 from the system's libxxhash (Debian/Ubuntu `libxxhash-dev`), for the trait
        // SystemXXHash on Linux: the header only (in /usr/include), inlined, so nothing is linked
        // (pkg-config would add -lxxhash). Without the header, shim.h's compile error says what
        // to install and which trait to leave out.
        .systemLibrary(
            name: "CXXHash",
            path: "CSources/CXXHash"
        ),
        // C11 core: fingerprints (the package's own XXH3), Heckel, Myers, matching -> changeset.
        .target(
            name: "CFingerprintDiff",
            path: "CSources/CFingerprintDiff"
        ),
        // Swift facade: Fingerprint, Changeset, BatchUpdate, SectionedBatchUpdate.
        .target(
            name: "FingerprintDiff",
            dependencies: ["CFingerprintDiff", .target(name: "CXXHash", condition: systemXXHash)],
            swiftSettings: [systemXXHashDefine]
        ),
        // Storages: StorageUpdate, MemoryStorage, SingleSectionStorage, accumulation strategies.
        .target(
            name: "ModelStorage",
            dependencies: ["FingerprintDiff"]
        ),
        // SimulatedView: a BatchUpdatingView with UIKit's documented rules, for tests.
        .target(
            name: "ModelStorageTesting",
            dependencies: ["ModelStorage"]
        ),
        // Adapters from UITableView, UICollectionView, NSCollectionView and NSTableView to
        // BatchUpdatingView, data sources with cell providers, and SwiftUI's StorageList (the files
        // named +UIKit, +AppKit or after an Apple view compile only where that framework is; they
        // are type-checked here by `make apple-check` against Tests/AppleStubs).
        .target(
            name: "ModelStorageViews",
            dependencies: ["ModelStorage", "FingerprintDiff"]
        ),
        // DatabaseStorage: a storage that follows a GRDB request over SQLite.
        .target(
            name: "ModelStorageGRDB",
            dependencies: ["ModelStorage", "FingerprintDiff",
                           .product(name: "GRDB", package: "GRDB.swift", condition: grdb),
                           // SQLite's C API, to read ids and fingerprints from column memory.
                           .product(name: "GRDBSQLite", package: "GRDB.swift", condition: grdb)]
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
            dependencies: ["ModelStorage", "ModelStorageTesting", "FingerprintDiff", "SeededRandom"]
        ),
        .testTarget(
            name: "ModelStorageViewsTests",
            dependencies: ["ModelStorageViews", "ModelStorage", "ModelStorageTesting", "FingerprintDiff", "SeededRandom"]
        ),
        .testTarget(
            name: "ModelStorageGRDBTests",
            dependencies: ["ModelStorageGRDB", "ModelStorage", "ModelStorageTesting", "ModelStorageViews", "FingerprintDiff",
                           "SeededRandom", .product(name: "GRDB", package: "GRDB.swift", condition: grdb)]
        ),
    ],
    swiftLanguageModes: [.v6],
    cLanguageStandard: .c11
)
