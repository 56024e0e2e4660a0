import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// Observers that change the storage while an update is being delivered: every observer still
/// gets every update once, in order, each legal on what it saw before. Each observer captures
/// its storage unowned: the storage keeps its observers, and the test keeps the storage.
@Suite struct ReentrantDeliveryTests {
    /// The items of section 0 as `Int`s.
    private func ints(_ storage: MemoryStorage) -> [[Int]] {
        (0..<storage.numberOfSections).map { storage.items(inSection: $0)!.map { $0 as! Int } }
    }

    @Test("an observer that adds an item on a removal: the next observer gets the removal first")
    func issueReproduction() throws {
        let storage = MemoryStorage()
        try storage.addItems([0, 1, 2, 3])
        var once = false
        storage.addObserver { [unowned storage] _ in
            if !once {
                once = true
                try? storage.addItem(99)
            }
        }
        var copy = ints(storage)
        var received: [String] = []
        storage.addObserver { [unowned storage] update in
            received.append(update.description)
            do {
                // What the storage shows while this update is delivered is what it leads to.
                let shown = self.ints(storage)
                try update.validate(oldItemCounts: copy.map(\.count), newItemCounts: shown.map(\.count))
                copy = try update.apply(to: copy, with: shown)
                #expect(copy == shown)
            } catch {
                Issue.record("illegal update \(update) on \(copy): \(error)")
            }
        }
        try storage.removeItems(at: [path(0, 0)])
        #expect(received == ["items -[[0, 0]]", "items +[[0, 3]]"])
        #expect(copy == [[1, 2, 3, 99]] && ints(storage) == copy)
    }

    @Test("reads during a delivery show the state the update being delivered leads to")
    func readsShowTheDeliveredState() throws {
        let storage = MemoryStorage()
        try storage.addItems([1, 2])
        var counts: [Int] = []
        var lookups: [IndexPath?] = []
        storage.addObserver { [unowned storage] _ in
            if storage.numberOfItems(inSection: 0) == 3 { try? storage.insertItem(0, to: path(0, 0)) }
        }
        storage.addObserver { [unowned storage] _ in
            counts.append(storage.numberOfItems(inSection: 0))
            lookups.append(storage.indexPath(forItem: 3))
        }
        try storage.addItem(3)
        #expect(counts == [3, 4], "the second observer saw the live count during the first update")
        #expect(lookups == [path(0, 2), path(0, 3)])
        #expect(ints(storage) == [[0, 1, 2, 3]] && storage.indexPath(forItem: 3) == path(0, 3))
    }

    @Test("an observer removed during a delivery is not called with it; one added gets the next")
    func observersRemovedOrAddedDuringADelivery() throws {
        let storage = MemoryStorage()
        var late: ObserverToken?
        var calledLate = 0
        var calledAdded = 0
        storage.addObserver { [unowned storage] _ in
            if let token = late {
                storage.removeObserver(token)
                late = nil
                storage.addObserver { _ in calledAdded += 1 }
            }
        }
        late = storage.addObserver { _ in calledLate += 1 }
        try storage.addItem(1)
        #expect(calledLate == 0, "removed by an earlier observer of the same update")
        #expect(calledAdded == 0, "added during the update: gets only the next ones")
        try storage.addItem(2)
        #expect(calledLate == 0 && calledAdded == 1)
    }

    @Test("the delegate changing the storage: observers still get legal updates in order")
    func aDelegateThatMutates() throws {
        final class Filler: StorageUpdating {
            weak var storage: MemoryStorage?
            var seen: [String] = []
            func storageDidPerformUpdate(_ update: StorageUpdate) {
                seen.append(update.description)
                // Keep at least three items: a placeholder for every removal.
                if let storage, storage.numberOfItems(inSection: 0) < 3 { try? storage.addItem(-seen.count) }
            }
            func storageNeedsReloading() {}
        }
        let storage = MemoryStorage()
        try storage.addItems([1, 2, 3])
        let filler = Filler()
        filler.storage = storage
        storage.delegate = filler
        var copy = ints(storage)
        storage.addObserver { [unowned storage] update in
            copy = (try? update.apply(to: copy, with: self.ints(storage))) ?? [[-999]]
        }
        try storage.removeItems(at: [path(0, 0), path(0, 1)])
        // The removal leaves 1 item: a placeholder (2 items, still < 3), then another.
        #expect(filler.seen == ["items -[[0, 0], [0, 1]]", "items +[[0, 1]]", "items +[[0, 2]]"])
        #expect(copy == ints(storage) && copy == [[3, -1, -2]])
    }

    @Test("a SingleSectionStorage observer that sets items during a delivery", arguments: 0..<50)
    func singleSectionReentrancy(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let storage = SingleSectionHashableStorage(items: (0..<5).map { Cell(id: $0) })
        var budget = 20
        var nextID = 100
        let randomItems = { [unowned storage] () -> [Cell] in
            var cells = storage.items.filter { _ in Int.random(in: 0..<5, using: &random) != 0 }
            cells.shuffle(using: &random)
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                cells.insert(Cell(id: nextID), at: Int.random(in: 0...cells.count, using: &random))
                nextID += 1
            }
            return cells
        }
        var copies = [storage.items, storage.items, storage.items]
        for observer in copies.indices {
            storage.addObserver { [unowned storage] update in
                do {
                    let shown = [storage.items]
                    copies[observer] = try update.apply(to: [copies[observer]], with: shown)[0]
                } catch {
                    Issue.record("seed \(seed): observer \(observer): \(error)")
                }
                if budget > 0, Int.random(in: 0..<3, using: &random) == 0 {
                    budget -= 1
                    storage.setItems(randomItems())
                }
            }
        }
        while budget > 0 {
            budget -= 1
            storage.setItems(randomItems())
        }
        for copy in copies { #expect(copy == storage.items, "seed \(seed)") }
    }

    @Test("random observers that change the storage: each replays its updates to the storage's content",
          arguments: 0..<200)
    func randomReentrantObservers(seed: UInt64) {
        var mutator = MemoryStoragePropertyTests.Mutator(random: SplitMix64(seed: seed))
        mutator.allowsSilentMoves = false
        let sections = (0..<mutator.int(0...3)).map { _ in mutator.freshCells(mutator.int(0...5)).map(\.id) }
        let (storage, recorder) = makeStorage(sections, headers: mutator.chance(50) ? [1, 2] : nil)
        let observerCount = mutator.int(1...4)
        var copies = Array(repeating: StorageState(storage), count: observerCount)
        var budget = 40
        var deliveries = 0
        for observer in 0..<observerCount {
            let percent = mutator.int(0...40)
            // Its own generator (the caller's is busy while it runs), its own range of ids.
            var own = MemoryStoragePropertyTests.Mutator(random: SplitMix64(seed: seed &* 31 &+ UInt64(observer)),
                                                          nextID: 1_000_000 * (observer + 1))
            own.allowsSilentMoves = false
            storage.addObserver { [unowned storage] update in
                deliveries += 1
                let shown = StorageState(storage)
                checkUpdate(update, from: copies[observer], to: shown)
                copies[observer] = shown
                if budget > 0 && own.chance(percent) {
                    budget -= 1
                    // In a block, so that what it reads to decide is what the change applies to.
                    storage.performUpdates { _ = own.mutate(storage, allowBatches: true) }
                }
            }
        }
        // The delegate (told first) counts what it is told.
        var delegateSeen = 0
        while budget > 0 {
            budget -= 1
            _ = mutator.mutate(storage, allowBatches: true)
            let told = recorder.take()
            delegateSeen += told.updates.count + told.reloads
        }
        let final = StorageState(storage)
        for (observer, copy) in copies.enumerated() {
            #expect(copy == final, "seed \(seed): observer \(observer) ended at \(copy), the storage at \(final)")
        }
        #expect(deliveries == delegateSeen * observerCount, "seed \(seed): every observer sees every update once")
    }
}
