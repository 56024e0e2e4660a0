import Foundation
import GRDB
import ModelStorage
import SeededRandom
import ModelStorageGRDB

/// `--database`, on a `DatabaseQueue`: what the contents a view holds cost, and what
/// `DatabaseStorage.readAhead` buys. Eight times: a screen of 20 rows read at a new place (the
/// cells configured), a commit of 100 changed rows read while that content is still held (a
/// batch animating), then the user scrolls the held content 200 rows either side of its screen
/// (rows nobody read there answer `nil` when they changed since); then the content is let go.
/// Reported per read-ahead: the median time to read a screen at a new place, the rows of the
/// scrolls that answered `nil`, and the most records the storage kept (`keptRecordCount`).
@MainActor
enum DatabaseReadAheadReport {
    static func report(queue: DatabaseQueue, rows count: Int, generator: inout SplitMix64, nextID: inout Int64) async throws {
        var rows: [[String]] = []
        for readAhead in [0, 100, 400] {
            let storage = try DatabaseStorage(writer: queue, request: DatabaseReport.request, sectionColumn: "genre")
            storage.externalChangePollInterval = nil
            storage.readAhead = readAhead
            let observing = Task { try await storage.observe() }
            while !storage.isObserving { try await Task.sleep(for: .milliseconds(1)) }
            try await storage.catchUp()
            let clock = ContinuousClock()
            var screens: [Duration] = [], nils = 0, scrolled = 0, mostKept = 0
            for step in 0..<8 {
                var held: DatabaseStorage<BenchBook>.Content? = storage.content
                let section = (step * 7) % held!.numberOfSections
                let first = min(300 + step * 37, max(0, held!.numberOfItems(inSection: section) - 20))
                let start = clock.now
                for item in first..<(first + 20) { blackHole(held!.item(at: IndexPath(item: item, section: section))) }
                screens.append(clock.now - start)
                try await queue.write(DatabaseReport.randomChange(&generator, nextID: &nextID))
                try await storage.catchUp()
                let count = held!.numberOfItems(inSection: section)
                for item in max(0, first - 200)..<min(count, first + 220) {
                    scrolled += 1
                    if held!.item(at: IndexPath(item: item, section: section)) == nil { nils += 1 }
                }
                mostKept = max(mostKept, storage.keptRecordCount)
                held = nil
                blackHole(held)
            }
            observing.cancel()
            _ = await observing.result
            rows.append(["\(readAhead)", DatabaseReport.format(DatabaseReport.median(screens)),
                         "\(nils) of \(scrolled)", "\(mostKept)"])
        }
        Report.table("DatabaseQueue, \(count.formatted()) rows, read-ahead: a held content scrolled 200 rows either side of its screen after a commit of 100 rows (8 times)",
                     columns: ["read-ahead", "a screen at a new place", "scrolled rows nil", "most records kept"], rows: rows)
    }
}
