// swift-tools-version: 6.2
// The benchmark executable of ModelStorage, in a package of its own so that building and
// testing the library never builds it (nor google/swift-benchmark). `make bench` runs it.
// Linux-first: the memory reports read /proc and call glibc's malloc_trim, and the fingerprint
// table compares with libxxhash (libxxhash-dev); the library itself needs none of this.
import Foundation
import PackageDescription

// Linux-first: with the trait SystemXXHash the fingerprint table compares libxxhash's XXH3 with
// the package's own in one run. MODELSTORAGE_XXH3=packaged builds without it (what a consumer
// with `traits: []` gets), for `Benchmarks/instructions.sh`, which counts both.
let systemXXHash = ProcessInfo.processInfo.environment["MODELSTORAGE_XXH3"] != "packaged"

let package = Package(
    name: "ModelStorageBenchmarks",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [
        // The traits named here replace the package's defaults.
        .package(name: "ModelStorage", path: "..", traits: systemXXHash ? ["SystemXXHash", "GRDB"] : ["GRDB"]),
        .package(url: "https://github.com/google/swift-benchmark", from: "0.1.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "DiffBenchmarks",
            dependencies: [
                .product(name: "FingerprintDiff", package: "ModelStorage"),
                .product(name: "CFingerprintDiff", package: "ModelStorage"),
                .product(name: "ModelStorage", package: "ModelStorage"),
                .product(name: "ModelStorageGRDB", package: "ModelStorage"),
                .product(name: "ModelStorageViews", package: "ModelStorage"),
                .product(name: "ModelStorageTesting", package: "ModelStorage"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Benchmark", package: "swift-benchmark"),
                "SeededRandom",
                "MallocStatistics",
            ],
            path: "DiffBenchmarks",
            swiftSettings: systemXXHash ? [.define("SYSTEM_XXHASH")] : []
        ),
        // Documentation/Performance.md and the README's table, from the JSON of the benchmark's
        // modes (make performance); Foundation only.
        .executableTarget(name: "PerformanceDocument", path: "PerformanceDocument"),
        // The tests' seeded generator (a link to Tests/SeededRandom), so that benchmark
        // inputs are the ones the published figures were measured on.
        .target(name: "SeededRandom", path: "SeededRandom"),
        // glibc's malloc statistics, for the view updater's memory figures.
        .target(name: "MallocStatistics", path: "MallocStatistics"),
    ],
    swiftLanguageModes: [.v6]
)
