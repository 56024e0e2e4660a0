import Foundation
import ModelStorage
import ModelStorageTesting
@testable import ModelStorageViews
import SeededRandom
import Testing

/// `StorageList(outline)` on macOS under random storage edits, the user's expansions and
/// collapses, drops, deletions and selections, and the app's selections, at random moments
/// between flushes: the simulated outline view breaks no rule and ends showing exactly the
/// storage's tree, the binding equals the view's selection at every step (the selected ids, but
/// for those the view no longer shows), and each notice came after its change.
@MainActor
@Suite struct OutlineListHostPropertyTests {
    typealias Node = OutlineListHostTests.Node
    typealias Harness = OutlineListHostTests.Harness

    @Test("random edits, clicks, drops, deletions and selections keep the view, the storage and the binding in step",
          arguments: 0..<60)
    func randomActions(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 7)
        let harness = Harness([])
        let single = seed % 4 == 3
        if single { harness.host.allowsMultipleSelection = false }
        var nextID = 1
        var expected = Set<Int>()
        for _ in 0..<Int.random(in: 5...12, using: &random) {
            try harness.storage.append([Node(id: nextID, name: "n\(nextID)", children: nil)], to: nil)
            nextID += 1
        }
        harness.settle()
        for step in 0..<120 {
            try act(harness, step: step, nextID: &nextID, expected: &expected, single: single, random: &random)
            // The model: the ids selected, but for those the view no longer shows. A row whose
            // item left the outline (its removal not shown yet) cannot be selected.
            expected = expected.filter { harness.row(of: $0) >= 0 }
            #expect(harness.binding.isSubset(of: harness.viewSelection), "seed \(seed) step \(step)")
            #expect(harness.binding == expected, "seed \(seed) step \(step)")
        }
        harness.settle()
        expected = expected.filter { harness.row(of: $0) >= 0 }
        let storage = harness.host.updater!.storage
        #expect(harness.shownIDs == storage.visibleItems.map(\.id), "seed \(seed)")
        #expect(harness.view.simulated.rows.map(\.level) == storage.visibleItems.map { storage.level(of: $0.id)! }, "seed \(seed)")
        #expect(harness.view.simulated.rows.map(\.isExpanded)
                == storage.visibleItems.map { storage.isExpanded($0.id) && !(storage.children(of: $0.id) ?? []).isEmpty },
                "seed \(seed)")
        #expect(harness.binding == harness.viewSelection && harness.binding == expected, "seed \(seed)")
        #expect(harness.host.numberOfItems(inSection: 0) == storage.visibleItems.count, "seed \(seed)")
        #expect(harness.view.simulated.violations.isEmpty, "seed \(seed): \(harness.view.simulated.violations.prefix(3))")
        #expect(harness.problems.isEmpty, "seed \(seed): \(harness.problems.prefix(3))")
    }

    /// One random action.
    private func act(_ harness: Harness, step: Int, nextID: inout Int, expected: inout Set<Int>, single: Bool,
                     random: inout SplitMix64) throws {
        let storage = harness.storage
        let ids = Array(storage.expandedIDs) + allIDs(storage)
        let anyID = { (random: inout SplitMix64) -> Int? in ids.randomElement(using: &random) }
        let rows = harness.view.numberOfRows
        switch Int.random(in: 0..<13, using: &random) {
        case 0:   // the storage adds an item
            let parent = Bool.random(using: &random) ? anyID(&random) : nil
            try? storage.append([Node(id: nextID, name: "n\(nextID)", children: nil)], to: parent)
            nextID += 1
        case 1:   // the storage removes one
            if let id = anyID(&random) { try? storage.remove([id]) }
        case 2:   // the storage moves one
            if let id = anyID(&random) {
                let parent = Bool.random(using: &random) ? anyID(&random) : nil
                let count = storage.children(of: parent)?.count ?? 0
                try? storage.move(id, to: parent, at: Int.random(in: 0...count, using: &random))
            }
        case 3:   // the storage renames or expands or collapses one
            if let id = anyID(&random), let item = storage.item(withID: id) {
                switch Int.random(in: 0..<3, using: &random) {
                case 0: try? storage.replace(Node(id: id, name: item.name + "'", children: item.children))
                case 1: try? storage.expand([id], recursively: Bool.random(using: &random))
                default: try? storage.collapse([id])
                }
            }
        case 4, 5:   // the user clicks a disclosure
            if rows > 0 {
                try? harness.view.userClicksDisclosure(row: Int.random(in: 0..<rows, using: &random),
                                                        option: Int.random(in: 0..<8, using: &random) == 0)
            }
        case 6:   // the user drops a row
            if rows > 0 {
                let dragged = Int.random(in: 0..<rows, using: &random)
                let parentRow: Int? = Bool.random(using: &random) ? Int.random(in: 0..<rows, using: &random) : nil
                let parent = parentRow.flatMap { harness.view.item(atRow: $0) }
                let shown = harness.view.simulated.children(ofItem: parent)?.count
                let index = shown.map { Int.random(in: -1...$0, using: &random) } ?? -1
                try? harness.view.simulated.simulateDrop(row: dragged, onto: parentRow, childIndex: parentRow == nil ? max(index, 0) : index)
            }
        case 7:   // the user deletes a row (the Delete key on the selection, or on one row)
            if Bool.random(using: &random) {
                harness.host.userDidPressDelete()
            } else if rows > 0 {
                try? harness.view.simulated.simulateDelete(row: Int.random(in: 0..<rows, using: &random))
            }
        case 8, 9:   // the user selects rows
            let chosen = IndexSet((0..<rows).filter { _ in Int.random(in: 0..<4, using: &random) == 0 })
            harness.view.userSelects(chosen)
            expected = harness.viewSelection.filter { storage.item(withID: $0) != nil }
        case 10:   // the app sets the binding: ids shown, hidden, gone
            var chosen = Set(ids.filter { _ in Int.random(in: 0..<4, using: &random) == 0 })
            if Bool.random(using: &random) { chosen.insert(-1) }
            harness.render(chosen)
            let shown = chosen.filter { harness.row(of: $0) >= 0 && storage.item(withID: $0) != nil }
            expected = single ? Set(shown.min { harness.row(of: $0) < harness.row(of: $1) }.map { [$0] } ?? []) : shown
        case 11:   // a turn ends
            harness.scheduler.runNextTurn()
        default:   // a render, the rows' version changed now and then
            harness.host.update(storage: harness.host.updater!.storage, contentVersion: step % 3 == 0 ? step : nil)
        }
    }

    private func allIDs(_ storage: OutlineStorage<Node>) -> [Int] {
        var result: [Int] = [], pending = storage.children(of: nil)?.map(\.id) ?? []
        while let next = pending.popLast() {
            result.append(next)
            pending += storage.children(of: next)?.map(\.id) ?? []
        }
        return result
    }
}
