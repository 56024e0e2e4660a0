import Foundation
import ModelStorage
import ModelStorageTesting
import ModelStorageViews
import SeededRandom
import Testing

/// Random storages of tracks and playlists whose ids overlap, changed at random moments; the app
/// setting selections that hold vanished keys and keys of the other type; users swiping, dragging
/// and tapping, with handlers that throw at random; one or several selected items. The view ends
/// equal to the storage, the selection holds only keys of items the list shows, every thrown
/// error is reported once, and no item is touched but the one the user acted on.
@MainActor
@Suite struct ListHostKeyedPropertyTests {
    @Test("random changes, selections with vanished keys, throwing handlers and user actions end with the view equal to the storage")
    func randomScreens() throws {
        var random = SplitMix64(seed: 0x1737_C0DE)
        var totals = (actions: 0, thrown: 0, vanished: 0)
        for _ in 0..<80 {
            let counts = try run(steps: 60, random: &random)
            totals.actions += counts.actions
            totals.thrown += counts.thrown
            totals.vanished += counts.vanished
        }
        #expect(totals.actions > 1_000 && totals.thrown > 100 && totals.vanished > 100)
    }

    private func run(steps: Int, random: inout SplitMix64) throws -> (actions: Int, thrown: Int, vanished: Int) {
        let storage = MemoryStorage()
        try storage.setItemsForAllSections(mixedSections([Array(0..<8), Array(8..<12)]))
        let screen = KeyedHostScreen(storage, visible: 8)
        screen.host.allowsMultipleSelection = Bool.random(using: &random)
        var actions = 0, vanished = 0, nextID = 40
        let handlers = ThrowingHandlers()
        screen.host.didDeleteItem = { try handlers.run($0) }
        screen.host.didMoveItem = { item, _ in try handlers.run(item) }
        for _ in 0..<steps {
            handlers.throwsNow = Int.random(in: 0..<3, using: &random) == 0
            switch Int.random(in: 0..<12, using: &random) {
            case 0, 1:                                     // the app changes the storage
                let ids = storage.numberOfSections == 0 ? [] : (0..<storage.numberOfSections).flatMap { section in
                    (0..<storage.numberOfItems(inSection: section)).compactMap { item -> Int? in
                        switch storage.item(at: path(section, item)) {
                        case let track as Track: track.id * 2
                        case let playlist as Playlist: playlist.id * 2 + 1
                        default: nil
                        }
                    }
                }
                var kept = ids.filter { _ in Int.random(in: 0..<4, using: &random) > 0 }
                for _ in 0..<Int.random(in: 0..<3, using: &random) {
                    nextID += 1
                    kept.insert(nextID, at: Int.random(in: 0...kept.count, using: &random))
                }
                kept.shuffle(using: &random)
                let split = Int.random(in: 0...kept.count, using: &random)
                try storage.setItemsForAllSections(mixedSections([Array(kept[..<split]), Array(kept[split...])]))
            case 2:                                        // the app sets the selection's binding
                var keys = Set(screen.keys(of: screen.host).flatMap { $0 }.filter { _ in Bool.random(using: &random) }.prefix(2))
                let gone = Int.random(in: 1000..<1010, using: &random)
                keys.insert(Bool.random(using: &random) ? ItemKey(Track(id: gone)) : ItemKey(Playlist(id: gone)))
                vanished += 1
                screen.host.setSelection(keys)
                #expect(screen.host.selection.isSubset(of: Set(screen.keys(of: screen.host).flatMap { $0 })))
            case 3..<6:
                actions += 1
                userAction(on: screen, random: &random)
            case 6..<9: screen.scheduler.runNextTurn()
            case 9, 10: screen.view.advance(by: .milliseconds(Int.random(in: 0..<400, using: &random)))
            default: screen.view.layoutIfNeeded()
            }
            #expect(screen.host.selection.isSubset(of: Set(screen.keys(of: screen.host).flatMap { $0 })))
        }
        screen.settle()
        #expect(screen.showsStorage, "\(screen.mismatch)")
        #expect(screen.host.selection.isSubset(of: Set(screen.keys(of: storage).flatMap { $0 })))
        #expect(screen.failures.filter { $0 is HandlerFailure }.count == handlers.thrown)
        return (actions, handlers.thrown, vanished)
    }

    /// A swipe, a drag or a tap on a random row the view shows; the item swiped or dragged is the
    /// one that leaves or moves.
    private func userAction(on screen: KeyedHostScreen, random: inout SplitMix64) {
        screen.view.layoutIfNeeded()
        let counts = screen.view.cachedItemCounts ?? []
        let sections = counts.indices.filter { counts[$0] > 0 }
        guard let section = sections.randomElement(using: &random) else { return }
        let source = path(section, Int.random(in: 0..<counts[section], using: &random))
        let touched = screen.host.item(at: source).flatMap(ItemKey.init(item:))
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            let before = screen.keys(of: screen.host.storage).flatMap { $0 }
            let left = screen.host.userDidSwipeToDelete(at: source)
            let after = screen.keys(of: screen.host.storage).flatMap { $0 }
            if left, let touched {                               // only the touched item left
                #expect(!after.contains(touched) && before.filter { $0 != touched } == after)
            } else {
                #expect(before == after)
            }
        case 1:                                            // the view moves the row, then tells the host
            let target = sections.randomElement(using: &random)!
            let limit = counts[target] - (target == section ? 1 : 0)
            let destination = path(target, Int.random(in: 0...max(0, limit), using: &random))
            do {
                try screen.view.simulateUserMove(from: source, to: destination)
                if let touched { #expect(screen.host.item(at: destination).flatMap(ItemKey.init(item:)) == touched) }
            } catch {
                screen.failures.append(error)
            }
        default:
            screen.host.userDidSelectItem(at: source, extending: Bool.random(using: &random))
            if let touched {
                #expect(screen.host.selection.contains(touched))
                if !screen.host.allowsMultipleSelection { #expect(screen.host.selection.count == 1) }
            }
        }
    }
}

/// App handlers that throw when told to, counting what they threw.
@MainActor
private final class ThrowingHandlers {
    var throwsNow = false
    var thrown = 0

    func run(_ item: any Sendable) throws {
        guard throwsNow else { return }
        thrown += 1
        throw HandlerFailure(item: "\(item)")
    }
}
