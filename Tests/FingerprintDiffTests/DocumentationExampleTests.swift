import Foundation
import Testing

/// Every Swift example of the README and of the DocC articles is compiled and run by a test
/// file: this test checks that each example appears there line for line (indentation aside),
/// so that an example edited in the text and not in the test (or the other way) fails. The
/// examples that import UIKit, AppKit or SwiftUI cannot run here: `make apple-check`
/// (Tests/AppleStubs/check.sh) type-checks each of them, from the text itself, against the
/// interface stubs.
@Suite("Documentation examples are the tested code")
struct DocumentationExampleTests {
    /// The package root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Each document with its examples, and the test files that hold them.
    static let documents: [(document: String, tests: [String])] = [
        ("README.md", ["Tests/FingerprintDiffTests/ReadmeExampleTests.swift",
                       "Tests/ModelStorageTests/ReadmeExampleTests.swift",
                       "Tests/ModelStorageTests/ReadmeViewExampleTests.swift",
                       "Tests/ModelStorageGRDBTests/ReadmeExampleTests.swift"]),
        ("Sources/FingerprintDiff/FingerprintDiff.docc/GettingStarted.md",
         ["Tests/FingerprintDiffTests/ArticleExampleTests.swift"]),
        ("Sources/FingerprintDiff/FingerprintDiff.docc/ChoosingHeckelOrMyers.md",
         ["Tests/FingerprintDiffTests/ArticleExampleTests.swift"]),
        ("Sources/FingerprintDiff/FingerprintDiff.docc/BatchUpdateRules.md",
         ["Tests/FingerprintDiffTests/ArticleExampleTests.swift"]),
        ("Sources/FingerprintDiff/FingerprintDiff.docc/SendingUpdatesAsJSON.md",
         ["Tests/FingerprintDiffTests/JSONArticleExampleTests.swift"]),
        ("Sources/ModelStorage/ModelStorage.docc/GettingStartedWithStorages.md",
         ["Tests/ModelStorageTests/ArticleExampleTests.swift"]),
        ("Sources/ModelStorage/ModelStorage.docc/ShowingAStorageInAView.md",
         ["Tests/ModelStorageTests/ReadmeExampleTests.swift", "Tests/ModelStorageTests/ReadmeViewExampleTests.swift"]),
        ("Sources/ModelStorage/ModelStorage.docc/ChoosingAStorage.md",
         ["Tests/ModelStorageTests/ReadmeExampleTests.swift"]),
        ("Sources/ModelStorage/ModelStorage.docc/WhatTheStoragesGuarantee.md",
         ["Tests/ModelStorageTests/ReadmeExampleTests.swift"]),
        ("Sources/ModelStorage/ModelStorage.docc/MigratingFromDTModelStorage.md",
         ["Tests/ModelStorageTests/ArticleExampleTests.swift"]),
        ("Sources/ModelStorage/ModelStorage.docc/ShowingATree.md",
         ["Tests/ModelStorageTests/ArticleExampleTests.swift"]),
        ("Sources/ModelStorageGRDB/ModelStorageGRDB.docc/FollowingADatabase.md",
         ["Tests/ModelStorageGRDBTests/ArticleExampleTests.swift"]),
        ("Sources/ModelStorageTesting/ModelStorageTesting.docc/TestingWithSimulatedView.md",
         ["Tests/ModelStorageTests/ReadmeViewExampleTests.swift"]),
        ("Sources/ModelStorageGRDB/ModelStorageGRDB.docc/ShowingADatabaseInAView.md", []),
        ("Sources/ModelStorageViews/ModelStorageViews.docc/ShowingAStorageInUIKitAndAppKit.md", []),
        ("Sources/ModelStorageViews/ModelStorageViews.docc/ShowingAStorageInSwiftUI.md", []),
        ("Sources/ModelStorageViews/ModelStorageViews.docc/FollowingWhatAListShows.md", []),
        ("Sources/ModelStorageViews/ModelStorageViews.docc/RespondingToTheUsersActions.md", []),
    ]

    /// Whether a block is an Apple-platform example (it imports UIKit, AppKit or SwiftUI), which
    /// `make apple-check` type-checks from the text instead of a test file.
    static func isAppleExample(_ block: [String]) -> Bool {
        block.contains { $0 == "import UIKit" || $0 == "import AppKit" || $0 == "import SwiftUI" }
    }

    /// Blocks that are set-up text, not code to compile (package manifests lines, a
    /// loop written with placeholders).
    static func isSetUpText(_ block: [String]) -> Bool {
        block.contains { $0.hasPrefix(".package(") || $0.contains("// target dependency:") }
    }

    /// The ```swift blocks of a Markdown text, each as its paragraphs (runs of lines between
    /// blank lines), lines trimmed.
    static func swiftBlocks(of text: String) -> [[[String]]] {
        var blocks: [[[String]]] = [], current: [[String]]?
        for line in text.components(separatedBy: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
                current = [[]]
            } else if current != nil, trimmed == "```" {
                blocks.append(current!.filter { !$0.isEmpty })
                current = nil
            } else if current != nil {
                if trimmed.isEmpty { current!.append([]) } else { current![current!.count - 1].append(trimmed) }
            }
        }
        return blocks
    }

    static func contains(_ lines: [String], _ paragraph: [String]) -> Bool {
        guard paragraph.count <= lines.count else { return false }
        return (0...(lines.count - paragraph.count)).contains { start in
            lines[start..<(start + paragraph.count)].elementsEqual(paragraph)
        }
    }

    /// The modules a test file imports, apart from the test frameworks and test helpers.
    static func imports(of lines: [String]) -> Set<String> {
        Set(lines.filter { $0.hasPrefix("import ") }.map { String($0.dropFirst("import ".count)) }
            .filter { !["Testing", "SeededRandom"].contains($0) })
    }

    @Test("each Swift example appears verbatim in its test file", arguments: documents.map(\.document))
    func examplesAreTested(document: String) throws {
        let entry = Self.documents.first { $0.document == document }!
        let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
        let tested = try entry.tests.map { path in
            try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
                .components(separatedBy: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
        let blocks = Self.swiftBlocks(of: text).filter { !Self.isSetUpText($0.flatMap { $0 }) }
        #expect(!blocks.isEmpty, "\(document) has no Swift example")
        for block in blocks where !Self.isAppleExample(block.flatMap { $0 }) {
            // The code: every paragraph, line for line, in one of the test files.
            let code = block.map { $0.filter { !$0.hasPrefix("import ") } }.filter { !$0.isEmpty }
            guard let file = tested.firstIndex(where: { lines in code.allSatisfy { Self.contains(lines, $0) } }) else {
                Issue.record("an example of \(document) is not in \(entry.tests):\n\(block.flatMap { $0 }.joined(separator: "\n"))")
                continue
            }
            // The imports: a block that shows imports is tested by a file with exactly those.
            let shown = Self.imports(of: block.flatMap { $0 })
            if !shown.isEmpty {
                #expect(Self.imports(of: tested[file]) == shown,
                        "\(entry.tests[file]) imports \(Self.imports(of: tested[file])), \(document) shows \(shown)")
            }
        }
    }
}
