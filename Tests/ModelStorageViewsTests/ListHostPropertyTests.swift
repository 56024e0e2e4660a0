import Foundation
import ModelStorage
import ModelStorageTesting
import ModelStorageViews
import SeededRandom
import Testing

/// Random parents re-rendering, storages changing, users swiping, dragging and selecting, storages
/// swapped: the view always ends equal to the storage shown, with no rule of UIKit broken.
@MainActor
@Suite struct ListHostPropertyTests {
    @Test("random re-renders, storage changes, swaps and user actions end with the view equal to the storage")
    func randomLifeCycles() throws {
        var random = SplitMix64(seed: 0x5717_F00D)
        var swaps = 0, actions = 0
        for _ in 0..<120 {
            let counts = try run(steps: 80, random: &random)
            swaps += counts.swaps
            actions += counts.actions
        }
        #expect(swaps > 100 && actions > 1_000)
    }

    private func run(steps: Int, random: inout SplitMix64) throws -> (swaps: Int, actions: Int) {
        let storages = [RowStorage(items: rows(1...8)), RowStorage(items: rows(50...53))]
        var shown = 0, nextID = 100, version = 0, swaps = 0, actions = 0
        let screen = HostScreen(storages[0], visible: 6)
        for _ in 0..<steps {
            let storage = storages[shown]
            switch Int.random(in: 0..<12, using: &random) {
            case 0..<2:                                    // the app changes the storage
                var items = storage.items.filter { _ in Int.random(in: 0..<5, using: &random) > 0 }
                items.shuffle(using: &random)
                for _ in 0..<Int.random(in: 0..<3, using: &random) {
                    nextID += 1
                    items.insert(Row(id: nextID), at: Int.random(in: 0...items.count, using: &random))
                }
                if let index = items.indices.randomElement(using: &random) { items[index].version += 1 }
                storage.setItems(items)
            case 2:                                        // a parent re-renders
                if Bool.random(using: &random) { version += 1 }
                screen.host.update(storage: storage, rowContent: "v\(version)", contentVersion: version)
            case 3:                                        // another storage
                shown = 1 - shown
                swaps += 1
                screen.host.update(storage: storages[shown], rowContent: "v\(version)", contentVersion: version)
            case 4, 5:
                actions += 1
                try? userAction(on: screen, random: &random)
            case 6..<9: screen.scheduler.runNextTurn()
            case 9, 10: screen.view.advance(by: .milliseconds(Int.random(in: 0..<400, using: &random)))
            default: screen.view.layoutIfNeeded()
            }
            if let selected = screen.host.selectedIndexPaths.first {   // the selection names what it shows
                #expect(screen.host.selection.contains((screen.host.item(at: selected) as! Row).id))
            }
        }
        screen.settle()
        #expect(screen.view.violations.isEmpty)
        #expect(screen.view.staleCells.isEmpty)
        #expect(screen.host.storage === storages[shown])
        #expect(screen.visibleTexts == screen.expectedTexts)
        let ids = Set(storages[shown].items.map(\.id))
        #expect(screen.host.selection.isSubset(of: ids))
        return (swaps, actions)
    }

    /// A swipe, a drag or a tap on a random row the view shows.
    private func userAction(on screen: HostScreen, random: inout SplitMix64) throws(UserActionError) {
        screen.view.layoutIfNeeded()
        let count = screen.view.cachedItemCounts?.first ?? 0
        guard count > 0 else { return }
        let source = path(0, Int.random(in: 0..<count, using: &random))
        switch Int.random(in: 0..<3, using: &random) {
        case 0: try screen.view.simulateSwipeToDelete(at: source)
        case 1: try screen.view.simulateUserMove(from: source, to: path(0, Int.random(in: 0..<count, using: &random)))
        default:
            try screen.view.simulateSelection(at: source)
            screen.host.userDidSelectItem(at: source, extending: Bool.random(using: &random))
        }
    }
}
