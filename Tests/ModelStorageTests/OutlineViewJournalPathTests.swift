import Foundation
@testable import ModelStorage
import ModelStorageTesting
import SeededRandom
import Testing

/// The flush that examines only what the outline's journal names against the flush that
/// compares the whole tree (what the first flush and a reload do): two views of one random
/// outline, one through each path, after random calls and user actions at random moments. After
/// each flush both views broke no rule and show exactly the storage's visible tree, and so each
/// other.
@MainActor
@Suite struct OutlineViewJournalPathTests {
    @Test("the journal's flush and the whole tree's flush show the same tree", arguments: 0..<120)
    func bothPaths(seed: UInt64) throws {
        var caller = OutlineCaller(seed: seed)
        let roots = caller.forest() + caller.forest()
        let expanded = Set(OutlineModel(roots: roots).allIDs.filter { _ in caller.chance(70) })
        let storage = try OutlineStorage(roots: roots, children: \.children)
        let journal = OutlineViewHarness(storage, expanded: expanded)
        let whole = OutlineViewHarness(storage, expanded: expanded)
        func settle(_ comment: String) {
            journal.settle()
            whole.updater.journalPosition = -1
            whole.settle()
            journal.expectShowsStorage("\(comment): the journal's flush")
            whole.expectShowsStorage("\(comment): the whole tree's flush")
            #expect(journal.viewRows == whole.viewRows, "\(comment)")
        }
        settle("seed \(seed): first flush")
        var log: [String] = []
        for step in 0..<40 {
            switch caller.int(0...99) {
            case 0..<55:
                let call = caller.call(for: OutlineViewUpdaterPropertyTests.model(of: storage))
                log.append("\(call)")
                try? call.perform(on: storage)
            case 55..<62:
                let parent = caller.chance(20) ? nil : storage.visibleItems.map(\.id).randomElement(using: &caller.random)
                let items = caller.fresh(caller.int(1...4))
                log.append("append \(items) to \(parent.map(String.init) ?? "nil")")
                try? storage.append(items, to: parent)
            case 62..<80: log.append(OutlineViewUpdaterPropertyTests.userAction(&caller, journal))
            default: settle("seed \(seed) step \(step) after \(log.suffix(6))")
            }
        }
        settle("seed \(seed): at the end, after \(log.suffix(8))")
    }
}
