import CFingerprintDiff
import FingerprintDiff
import Foundation

/// `DiffBenchmarks --phases`: where the time of one Heckel diff goes, per scenario from 100 to
/// 1,000,000 elements, as medians of repeated runs in the same process:
///
/// - floor: fingerprinting both lists' ids (summed, as in the diff table);
/// - fingerprints stored: the same into arrays, as the diff does;
/// - fd_diff: the C core's one call on those fingerprints (matching with the walk, duplicate
///   check, the table for what is left, moves), with malloc;
/// - table only: the same call without the walk (the reference path);
/// - LIS: the moves alone (`fd_longest_increasing_subsequence` on the matching);
/// - end to end: `Changeset(from:to:)`; "Swift" is end to end minus stored fingerprints and
///   fd_diff: confirming every pair with `==`, the updates, building the arrays.
enum PhaseReport {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Median of `runs` timings of `body`, in nanoseconds.
    static func median(_ runs: Int, _ body: () -> Void) -> Double {
        var samples: [UInt64] = []
        for _ in 0..<runs {
            let start = now()
            body()
            samples.append(now() - start)
        }
        samples.sort()
        return Double(samples[samples.count / 2])
    }

    /// One scenario's row. `fingerprints` fingerprints both lists into arrays (a loop specialized
    /// for the element type); the floor sums the same fingerprints without storing them.
    static func row<Element>(_ name: String, old: [Element], new: [Element], runs: Int,
                             floor floorBody: @escaping () -> UInt64,
                             fingerprints: @escaping () -> ([UInt64], [UInt64]),
                             changeset: @escaping ([Element], [Element]) -> Changeset) -> [String] {
        let floor = median(runs) { blackHole(floorBody()) }
        var oldFP: [UInt64] = [], newFP: [UInt64] = []
        let stored = median(runs) { (oldFP, newFP) = fingerprints() }
        var oldToNew = [Int64](repeating: 0, count: old.count), newToOld = [Int64](repeating: 0, count: new.count)
        var inLIS = [UInt8](repeating: 0, count: new.count)
        var result = fd_diff_result()
        func diff(_ flags: UInt32) -> Double {
            var options = fd_diff_options(algorithm: FD_ALGORITHM_HECKEL, flags: flags, cost_limit: 0)
            return median(runs) {
                _ = fd_diff(oldFP, oldFP.count, newFP, newFP.count, &options, &oldToNew, &newToOld, &inLIS, &result, nil)
            }
        }
        let walk = diff(0), tableOnly = diff(FD_DIFF_TABLE_ONLY)
        let lis = median(runs) { _ = fd_longest_increasing_subsequence(newToOld, newToOld.count, &inLIS, nil, nil) }
        let endToEnd = median(runs) { blackHole(changeset(old, new)) }
        let swift = max(0, endToEnd - stored - walk)
        return [name, floor, stored, walk, tableOnly, lis, swift, endToEnd].enumerated().map { index, value in
            index == 0 ? name : Formatting.duration(nanoseconds: value as! Double)
        } + [Formatting.ratio(endToEnd / floor)]
    }

    static func run() {
        let columns = ["scenario", "floor", "fingerprints stored", "fd_diff", "table only", "LIS", "Swift",
                       "end to end", "× floor"]
        var table: [[String]] = []
        func rowOf(_ name: String, _ lists: (old: [Row], new: [Row]), runs: Int) -> [String] {
            row(name, old: lists.old, new: lists.new, runs: runs, floor: {
                var sum: UInt64 = 0
                for row in lists.old { sum &+= row.id.fingerprint.rawValue }
                for row in lists.new { sum &+= row.id.fingerprint.rawValue }
                return sum
            }, fingerprints: { (lists.old.map { $0.id.fingerprint.rawValue }, lists.new.map { $0.id.fingerprint.rawValue }) },
            changeset: { Changeset(from: $0, to: $1) })
        }
        func uuids(_ name: String, _ lists: (source: [UUID], target: [UUID]), runs: Int) -> [String] {
            row(name, old: lists.source, new: lists.target, runs: runs, floor: {
                var sum: UInt64 = 0
                for uuid in lists.source { sum &+= uuid.fingerprint.rawValue }
                for uuid in lists.target { sum &+= uuid.fingerprint.rawValue }
                return sum
            }, fingerprints: { (lists.source.map { $0.fingerprint.rawValue }, lists.target.map { $0.fingerprint.rawValue }) },
            changeset: { Changeset(from: $0, to: $1, id: \.self) })
        }
        FileHandle.standardError.write(Data("measuring phases...\n".utf8))
        table.append(rowOf("mix-100", mixScenario(count: 100), runs: 2_001))
        table.append(rowOf("mix-1k", mixScenario(count: 1_000), runs: 501))
        table.append(rowOf("feed-1k", feedScenario(), runs: 501))
        table.append(uuids("dk5k", differenceKitScenario(count: 5_000), runs: 201))
        table.append(rowOf("mix-10k", mixScenario(count: 10_000), runs: 101))
        table.append(uuids("dk100k", differenceKitScenario(count: 100_000), runs: 31))
        table.append(rowOf("mix-1M", mixScenario(count: 1_000_000), runs: 11))
        Report.table("Where one Heckel diff's time goes (medians; fd_diff and LIS on the C core alone, with malloc)",
                     columns: columns, rows: table)
    }
}
