// swift-tools-version: 6.2
// A new user's package, as the README tells them to write it: it depends on ModelStorage (this
// repository, by path) asking for no trait, as an app for iOS or a static Linux binary does.
// Tests/Consumer/check.sh builds it where libxxhash is not installed (CI runs it).
// CONSUMER_TRAITS=default asks for the default traits instead (the check expects the build to
// fail there with the message that names the trait).
import Foundation
import PackageDescription

let defaultTraits = ProcessInfo.processInfo.environment["CONSUMER_TRAITS"] == "default"
// CONSUMER_DATABASE=1 adds the README's database example (extracted into Generated/ by
// check.sh), built without the trait "GRDB": its first error must name the trait.
let databaseExample = ProcessInfo.processInfo.environment["CONSUMER_DATABASE"] == "1"

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        defaultTraits ? .package(name: "ModelStorage", path: "../..")
                      : .package(name: "ModelStorage", path: "../..", traits: []),
    ],
    targets: [
        .executableTarget(
            name: "Consumer",
            dependencies: [
                .product(name: "FingerprintDiff", package: "ModelStorage"),
                .product(name: "ModelStorage", package: "ModelStorage"),
                .product(name: "ModelStorageViews", package: "ModelStorage"),
            ]
        ),
    ] + (databaseExample ? [
        .executableTarget(
            name: "DatabaseExample",
            dependencies: [.product(name: "ModelStorageGRDB", package: "ModelStorage")],
            path: "Generated/DatabaseExample"
        ),
    ] : []),
    swiftLanguageModes: [.v6]
)
