import FingerprintDiff
import Foundation
import ModelStorage

/// `--instructions SCENARIO`: runs `runs` diffs of one scenario inside `instructionProbe`, so
/// that `valgrind --tool=callgrind --toggle-collect='*instructionProbe*'` counts the
/// instructions of exactly those diffs (input building and the warm-up diff excluded).
/// Instruction counts do not move with the machine's load, unlike times.
enum InstructionReport {
    static func run(scenario: String, algorithm name: String, runs: Int) throws {
        let algorithm: DiffAlgorithm
        switch name {
        case "heckel": algorithm = .heckel
        case "myers": algorithm = .myers
        default: throw ArgumentError("unknown algorithm \(name) (heckel or myers)")
        }
        if scenario == "sectioned" || scenario == "setSections" {
            let lists = sectionedScenario()
            if scenario == "sectioned" {
                let diff = { blackHole(SectionedChangeset(from: lists.old, to: lists.new, algorithm: algorithm)) }
                diff()
                instructionProbe(runs, diff)
            } else {
                let storages = (0...runs).map { _ in MemoryStorage() }
                for storage in storages { storage.setSections(lists.old) }
                var next = 0
                let diff = { storages[next].setSections(lists.new); next += 1 }
                diff()
                instructionProbe(runs, diff)
            }
        } else if scenario.hasPrefix("dk") {
            let count = scenarioCount(scenario, prefix: "dk")
            let lists = differenceKitScenario(count: count)
            let diff = { blackHole(Changeset(from: lists.source, to: lists.target, id: \.self, algorithm: algorithm)) }
            diff()   // warm-up: the scratch pool, lazy globals
            instructionProbe(runs, diff)
        } else {
            let lists: (old: [Row], new: [Row])
            if scenario == "feed-1k" {
                lists = feedScenario()
            } else if scenario.hasPrefix("mix-") {
                lists = mixScenario(count: scenarioCount(scenario, prefix: "mix-"))
            } else if let shape = Shape.allCases.first(where: { scenario.hasPrefix($0.rawValue + "-") }) {
                lists = shape.rows(count: scenarioCount(scenario, prefix: shape.rawValue + "-"))
            } else {
                throw ArgumentError("unknown scenario \(scenario) (feed-1k, mix-N, dkN, sectioned, setSections, SHAPE-N)")
            }
            let diff = { blackHole(Changeset(from: lists.old, to: lists.new, algorithm: algorithm)) }
            diff()
            instructionProbe(runs, diff)
        }
        print("ran \(runs) \(name) diffs of \(scenario) inside instructionProbe")
    }

    /// The element count of `mix-1M`, `dk5k`, `mix-100`.
    static func scenarioCount(_ scenario: String, prefix: String) -> Int {
        var digits = scenario.dropFirst(prefix.count)
        var multiplier = 1
        if digits.hasSuffix("k") { multiplier = 1_000; digits = digits.dropLast() }
        if digits.hasSuffix("M") { multiplier = 1_000_000; digits = digits.dropLast() }
        return (Int(digits) ?? 1_000) * multiplier
    }
}

/// The function callgrind collects in (see `InstructionReport`).
@inline(never)
func instructionProbe(_ runs: Int, _ diff: () -> Void) {
    for _ in 0..<runs { diff() }
}
