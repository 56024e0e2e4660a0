import CFingerprintDiff
import FingerprintDiff
import Foundation

/// glibc's malloc_trim, which the Glibc module does not export.
@_silgen_name("malloc_trim")
func mallocTrim(_ pad: Int) -> Int32

/// Peak extra memory of one diff per element, from the kernel's peak-RSS counter (VmHWM),
/// which `/proc/self/clear_refs` resets after the inputs are built. Linux only.
enum MemoryReport {
    static func kilobytes(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
        }
        return nil
    }

    static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// Measures `body`'s peak resident memory above the resident memory before it, in bytes.
    static func peakExtraBytes(_ body: () -> Void) -> Int? {
        // Memory kept by the diff's scratch pool or by malloc after an earlier diff would hide
        // growth: release both first.
        Changeset.releaseScratchMemory()
        _ = mallocTrim(0)
        resetPeak()
        guard let before = kilobytes("VmRSS") else { return nil }
        body()
        guard let peak = kilobytes("VmHWM") else { return nil }
        return (peak - before) * 1024
    }

    static func runBreakdown() {
        let rows = Shape.reversed.rows(count: 1_000_000)
        var oldFP: [UInt64] = []
        var newFP: [UInt64] = []
        let fps = peakExtraBytes { oldFP = rows.old.map { $0.id.fingerprint.rawValue }; newFP = rows.new.map { $0.id.fingerprint.rawValue } }!
        var o2n = [Int64](repeating: 0, count: oldFP.count), n2o = [Int64](repeating: 0, count: newFP.count)
        let heckel = peakExtraBytes { _ = fd_heckel(oldFP, oldFP.count, newFP, newFP.count, &o2n, &n2o, nil, nil) }!
        let changeset = peakExtraBytes {
            var result = fd_changeset()
            _ = fd_changeset_make(o2n, o2n.count, n2o, n2o.count, nil, nil, &result, nil)
            fd_changeset_free(&result, nil)
        }!
        oldFP = []; newFP = []
        let full = peakExtraBytes { _ = Changeset(from: rows.old, to: rows.new) }!
        Report.table("reversed-1M: peak extra memory per element, by step",
                     columns: ["step", "bytes/element"],
                     rows: [["fingerprints", "\(fps / 1_000_000)"], ["fd_heckel", "\(heckel / 1_000_000)"],
                            ["fd_changeset_make", "\(changeset / 1_000_000)"], ["Changeset end to end", "\(full / 1_000_000)"]])
    }

    static func run() {
        var rows: [[String]] = []
        let mix = mixScenario(count: 1_000_000)
        let shapes = [Shape.reversed, .shuffled, .allNew].map { ($0.rawValue, $0.rows(count: 1_000_000)) }
        let cases: [(String, [Row], [Row])] = [("mix-1M", mix.old, mix.new)] + shapes.map { ($0.0 + "-1M", $0.1.old, $0.1.new) }
        for (name, old, new) in cases {
            for algorithm in [DiffAlgorithm.heckel, .myers] {
                var changeset: Changeset?
                let bytes = peakExtraBytes { changeset = Changeset(from: old, to: new, algorithm: algorithm) }
                let perElement = bytes.map { String(format: "%.1f", Double($0) / Double(max(old.count, new.count))) } ?? "n/a"
                rows.append([name, algorithm.description, perElement])
                changeset = nil
                _ = changeset
            }
        }
        Report.table("Peak extra memory per element (1,000,000-element inputs, result included)",
                     columns: ["scenario", "algorithm", "bytes/element"], rows: rows)
    }
}
