import CFingerprintDiff
import FingerprintDiff
import Foundation

/// Times each step of a Heckel and a Myers diff through the C API (median of repeated runs),
/// to show where the end-to-end time goes. `DiffBenchmarks --phases`.
enum PhaseReport {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    static func median(_ runs: Int, _ body: () -> Void) -> Double {
        var samples: [UInt64] = []
        for _ in 0..<runs {
            let start = now()
            body()
            samples.append(now() - start)
        }
        samples.sort()
        return Double(samples[samples.count / 2]) / 1e6
    }

    static func report(_ name: String, old oldFP: [UInt64], new newFP: [UInt64], endToEnd: () -> Void,
                       endToEndMyers: () -> Void) {
        let runs = 15
        var o2n = [Int64](repeating: -1, count: oldFP.count)
        var n2o = [Int64](repeating: -1, count: newFP.count)
        let heckel = median(runs) { _ = fd_heckel(oldFP, oldFP.count, newFP, newFP.count, &o2n, &n2o, nil, nil) }
        let changeset = median(runs) {
            var result = fd_changeset()
            _ = fd_changeset_make(o2n, o2n.count, n2o, n2o.count, nil, nil, &result, nil)
            fd_changeset_free(&result, nil)
        }
        let myers = median(3) { _ = fd_myers(oldFP, oldFP.count, newFP, newFP.count, &o2n, &n2o, 0, nil, nil) }
        let remaining = median(3) {
            var copyO2N = o2n, copyN2O = n2o
            _ = fd_match_remaining(oldFP, oldFP.count, newFP, newFP.count, &copyO2N, &copyN2O, nil, nil)
        }
        let total = median(runs, endToEnd)
        let totalMyers = median(5, endToEndMyers)
        print(String(format: "%@: fd_heckel %.2f ms, fd_changeset_make %.2f ms, fd_myers %.2f ms, fd_match_remaining %.2f ms (C core alone, malloc); end to end: Heckel %.2f ms, Myers %.2f ms",
                     name, heckel, changeset, myers, remaining, total, totalMyers))
    }

    static func run() {
        let dk = differenceKitScenario(count: 100_000)
        let fpTime = median(15) { _ = dk.source.map { $0.fingerprint.rawValue } }
        print(String(format: "fingerprint 100k UUIDs: %.2f ms", fpTime))
        report("dk100k", old: dk.source.map { $0.fingerprint.rawValue }, new: dk.target.map { $0.fingerprint.rawValue }) {
            _ = Changeset(from: dk.source, to: dk.target, id: \.self)
        } endToEndMyers: {
            _ = Changeset(from: dk.source, to: dk.target, id: \.self, algorithm: .myers)
        }
        let mix = mixScenario(count: 1_000_000)
        report("mix-1M", old: mix.old.map { $0.id.fingerprint.rawValue }, new: mix.new.map { $0.id.fingerprint.rawValue }) {
            _ = Changeset(from: mix.old, to: mix.new)
        } endToEndMyers: {
            _ = Changeset(from: mix.old, to: mix.new, algorithm: .myers)
        }
    }
}
