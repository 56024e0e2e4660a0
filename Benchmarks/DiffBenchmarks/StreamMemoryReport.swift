import Foundation
import ModelStorage

/// glibc's malloc_trim, which the Glibc module does not export.
@_silgen_name("malloc_trim")
private func releaseFreeMemory(_ pad: Int) -> Int32

/// What an `updates` stream costs when its reader keeps up, lags or never reads: resident
/// memory (VmRSS) before and after 200,000 mutations of a 1,000-item storage (moves, so the
/// storage itself does not grow). Linux only.
enum StreamMemoryReport {
    static let mutations = 200_000

    /// RSS growth in bytes over `mutations` moves, with `subscribe` run on the storage first.
    static func growth(_ subscribe: (MemoryStorage) -> Any?) -> Int? {
        let storage = MemoryStorage()
        try! storage.addItems(Array(0..<1_000))
        let subscription = subscribe(storage)
        _ = releaseFreeMemory(0)
        guard let before = MemoryReport.kilobytes("VmRSS") else { return nil }
        for step in 0..<mutations {
            try! storage.moveItem(at: IndexPath(indexes: [0, step % 1_000]), to: IndexPath(indexes: [0, (step * 7) % 1_000]))
        }
        guard let after = MemoryReport.kilobytes("VmRSS") else { return nil }
        withExtendedLifetime(subscription) {}
        return (after - before) * 1024
    }

    static func run() {
        var rows: [[String]] = []
        let cases: [(String, (MemoryStorage) -> Any?)] = [
            ("none", { _ in nil }),
            ("a closure observer", { storage in storage.addObserver { _ in } }),
            ("an updates stream never read", { storage in storage.updates }),
        ]
        for (name, subscribe) in cases {
            let figure = growth(subscribe).map { String(format: "%.2f MB", Double($0) / 1_048_576) } ?? "n/a"
            rows.append([name, figure])
        }
        Report.table("Resident memory added by \(mutations.formatted()) mutations (moves in 1,000 items), by subscriber",
                     columns: ["subscriber", "RSS growth"], rows: rows)
    }
}
