import FingerprintDiff
import Foundation
import ModelStorage
import SeededRandom

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
        if scenario == "sectioned" || scenario == "setSections" || scenario == "sectioned-flat" {
            let lists = sectionedScenario()
            if scenario == "sectioned-flat" {
                // The flat Changeset of the same rows: the baseline of setSections' scale row.
                let rows = (old: lists.old.flatMap(\.items), new: lists.new.flatMap(\.items))
                let diff = { blackHole(Changeset(from: rows.old, to: rows.new, algorithm: algorithm)) }
                diff()
                instructionProbe(runs, diff)
            } else if scenario == "sectioned" {
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
        } else if scenario.hasPrefix("setItems-two-types-") {
            let lists = mixScenario(count: scenarioCount(scenario, prefix: "setItems-two-types-"))
            let old = twoTypes(lists.old), new = twoTypes(lists.new)
            let storages = (0...runs).map { _ in MemoryStorage() }
            for storage in storages { try! storage.addItems(old) }
            var next = 0
            let diff = { try! storages[next].setItems(new, forSection: 0); next += 1 }
            diff()
            instructionProbe(runs, diff)
        } else if scenario.hasPrefix("release-two-types-") {
            // The release of a filled storage's section (what setItems and setSections pay for
            // the tree they replace): storages of N items of two types, one released per run.
            let items = twoTypes(mixScenario(count: scenarioCount(scenario, prefix: "release-two-types-")).old)
            var storages: [MemoryStorage?] = (0...runs).map { _ in MemoryStorage() }
            for storage in storages { try! storage!.addItems(items) }
            var next = 0
            let release = { storages[next] = nil; next += 1 }
            release()
            instructionProbe(runs, release)
        } else if scenario.hasPrefix("outline-view-") {
            // The outline of outline-LEVELS through OutlineViewUpdater and an outline view that
            // does nothing: the same changes.
            let levels = scenarioCount(scenario, prefix: "outline-view-")
            MainActor.assumeIsolated {
                let shown = ShownOutline(levels: levels, viewOfParents: true)
                instructionProbe(runs) {
                    shown.setSubject(expanded: false)
                    shown.setSubject(expanded: true)
                    shown.replaceMiddle()
                }
                instructionProbe(1) { shown.swapBulkChildren() }
            }
        } else if scenario.hasPrefix("outline-") {
            // An outline of ten children per node over 5 levels (outline-5) or 6, every node
            // expanded, through ViewUpdater: one collapse and one expand of a node with 1,110
            // visible descendants per run, a replace, and a setChildren of 10,000 children.
            let levels = scenarioCount(scenario, prefix: "outline-")
            MainActor.assumeIsolated {
                let shown = ShownOutline(levels: levels)
                instructionProbe(runs) {
                    shown.setSubject(expanded: false)
                    shown.setSubject(expanded: true)
                    shown.replaceMiddle()
                }
                instructionProbe(1) { shown.swapBulkChildren() }
                instructionProbe(1) { for probe in shown.probes { blackHole(shown.outline.indexPath(forItemWithID: probe)) } }
            }
        } else if scenario.hasPrefix("storagelist-prepared-") {
            // The benchmark's first-change row as it runs: each change on a host made just before
            // it (outside the probe), so that a cache simulation (callgrind --cache-sim=yes) sees
            // the caches the making of a 100,000-item storage leaves.
            let list = ScaleList(count: scenarioCount(scenario, prefix: "storagelist-prepared-"))
            MainActor.assumeIsolated {
                _ = HostedScaleList(list, simulated: false).replaceMiddle()
                for _ in 0..<runs {
                    let host = HostedScaleList(list, simulated: false)
                    instructionProbe(1) { _ = host.replaceMiddle() }
                }
            }
        } else if scenario.hasPrefix("storagelist-first-") || scenario.hasPrefix("storagelist-steady-") {
            // StorageList's coordinator over a MemoryStorage: one replaceItem shown, on a fresh
            // host each time (first) or change after change on one host (steady). The two count
            // the same instructions: what a fresh host's first change costs more is cold caches.
            let first = scenario.hasPrefix("storagelist-first-")
            let list = ScaleList(count: scenarioCount(scenario, prefix: first ? "storagelist-first-" : "storagelist-steady-"))
            MainActor.assumeIsolated {
                let hosts = (0...(first ? runs : 0)).map { _ in HostedScaleList(list, simulated: false) }
                var next = 0
                let change = { _ = hosts[next].replaceMiddle(); if first { next += 1 } }
                change()
                instructionProbe(runs, change)
            }
        } else if scenario.hasPrefix("update-since-") {
            let (storage, content) = updateSinceScenario(count: scenarioCount(scenario, prefix: "update-since-"))
            let diff = { blackHole(storage.update(since: content)) }
            diff()
            instructionProbe(runs, diff)
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
                throw ArgumentError("unknown scenario \(scenario) (feed-1k, mix-N, dkN, sectioned, sectioned-flat, setSections, setItems-two-types-N, release-two-types-N, update-since-N, storagelist-first-N, storagelist-steady-N, storagelist-prepared-N, outline-LEVELS, outline-view-LEVELS, SHAPE-N)")
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

/// A MemoryStorage of `count` items in one section, the content it had then, and 1% of the
/// items since removed, inserted and moved (one of each at random places, count / 100 times):
/// `update(since:)` diffs the identities of the two.
func updateSinceScenario(count: Int) -> (MemoryStorage, MemoryStorage.Content) {
    let storage = MemoryStorage()
    try! storage.addItems(Array(0..<count))
    let content = storage.content
    var generator = SplitMix64(seed: 41)
    let range = 0..<(count - count / 100)
    for _ in 0..<(count / 100) {
        try! storage.removeItem(at: IndexPath(indexes: [0, Int.random(in: range, using: &generator)]))
        try! storage.insertItem(count + Int.random(in: 0..<count, using: &generator),
                                to: IndexPath(indexes: [0, Int.random(in: range, using: &generator)]))
        try! storage.moveItem(at: IndexPath(indexes: [0, Int.random(in: range, using: &generator)]),
                              to: IndexPath(indexes: [0, Int.random(in: range, using: &generator)]))
    }
    return (storage, content)
}

/// The function callgrind collects in (see `InstructionReport`).
@inline(never)
func instructionProbe(_ runs: Int, _ diff: () -> Void) {
    for _ in 0..<runs { diff() }
}
