import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// `MemoryStorage.content` and `update(since:)`: the update from any content the storage
/// handed out to the live content is legal and takes the one to the other; its faster paths (one
/// section; the same sections on both sides) give exactly what the general sectioned path gives.
@Suite struct MemoryStorageContentTests {
    /// The cells and headers of a content, as values.
    static func state(_ content: MemoryStorage.Content) -> StorageState {
        let storage = MemoryStorage()
        try! storage.setItemsForAllSections((0..<content.numberOfSections).map { content.items(inSection: $0)!.map { $0 as! Cell } })
        for section in 0..<content.numberOfSections {
            try! storage.setSupplementaryModel(content.supplementaryModel(ofKind: SupplementaryKind.header, forSectionAt: section),
                                               forKind: SupplementaryKind.header, atSectionIndex: section)
        }
        return StorageState(storage)
    }

    @Test("update(since:) from an earlier content: legal, reproduces the storage, and the fast paths equal the general one",
          arguments: 0..<150)
    func updateSinceEarlierContent(seed: UInt64) {
        var mutator = MemoryStoragePropertyTests.Mutator(random: SplitMix64(seed: seed))
        mutator.allowsSilentMoves = false   // a silent move is shown already: not part of "since"
        // A third of the seeds keep one section, a third several whose set never changes.
        let shape = seed % 3
        let sectionCount = shape == 0 ? 1 : mutator.int(2...5)
        let sections = (0..<sectionCount).map { _ in mutator.freshCells(mutator.int(0...12)).map(\.id) }
        let (storage, _) = makeStorage(sections, headers: mutator.chance(50) ? Array(0..<sectionCount) : nil)
        storage.delegate = nil
        var shown = storage.content
        for step in 0..<30 {
            for _ in 0..<mutator.int(1...6) {
                if shape == 2 || mutator.chance(5) {
                    _ = mutator.mutate(storage, allowBatches: true)
                } else {
                    // Changes that keep the sections: items moved (also across), replaced, inserted, removed; headers.
                    Self.itemChange(&mutator, storage)
                }
            }
            let update = storage.update(since: shown)
            let general = netChange(from: shown.sections, to: storage.core.sections, since: shown.revision, generalPathOnly: true)
            Self.checkCatchUp(update, from: shown, to: storage, against: general, "seed \(seed) step \(step)")
            if mutator.chance(60) { shown = storage.content }
        }
    }

    @Test("update(since:) when items were only replaced or reloaded: the kept replacement and the in-place path equal the matching and the general path",
          arguments: 0..<100)
    func inPlaceChangesEqualTheMatching(seed: UInt64) {
        var mutator = MemoryStoragePropertyTests.Mutator(random: SplitMix64(seed: seed))
        let sectionCount = seed % 2 == 0 ? 1 : mutator.int(2...4)
        let sections = (0..<sectionCount).map { _ in mutator.freshCells(mutator.int(1...20)).map(\.id) }
        let (storage, _) = makeStorage(sections, headers: mutator.chance(50) ? Array(0..<sectionCount) : nil)
        storage.delegate = nil
        var shown = storage.content
        var inPlaceSteps = 0, keptSteps = 0
        for step in 0..<40 {
            for _ in 0..<(mutator.chance(50) ? 1 : mutator.int(2...3)) {
                // Mostly changes in place (replace, reload, header), now and then one that moves
                // items, or the user's move in the kept content.
                if mutator.chance(8) {
                    Self.itemChange(&mutator, storage)
                } else if mutator.chance(5), let source = Self.anyPath(in: shown, &mutator) {
                    let destination = path(source[0], mutator.int(0...shown.numberOfItems(inSection: source[0]) - 1))
                    #expect(storage.moveItem(in: &shown, at: source, to: destination))
                } else {
                    Self.inPlaceChange(&mutator, storage)
                }
            }
            let current = storage.core.sections
            if zip(shown.sections, current).allSatisfy({ $0.slots == $1.slots }) && shown.sections.count == current.count {
                inPlaceSteps += 1
            }
            if let kept = storage.lastReplacement, shown.mutationCount == kept.from { keptSteps += 1 }
            let update = storage.update(since: shown)
            for other in [storage.update(since: shown, reusingLastReplacement: false),
                          netChange(from: shown.sections, to: current, since: shown.revision, inPlacePath: false),
                          netChange(from: shown.sections, to: current, since: shown.revision, generalPathOnly: true)] {
                Self.checkCatchUp(update, from: shown, to: storage, against: other, "seed \(seed) step \(step)")
                for (path, model) in update.updatedModels { #expect(model as? Cell == other.updatedModels[path] as? Cell) }
            }
            if mutator.chance(50) { shown = storage.content }
        }
        #expect(inPlaceSteps > 0, "seed \(seed): the in-place path never ran")
        #expect(keptSteps > 0, "seed \(seed): the kept replacement was never reused")
    }

    /// A random index path of an item `content` holds, or `nil` when it holds none.
    static func anyPath(in content: MemoryStorage.Content, _ mutator: inout MemoryStoragePropertyTests.Mutator) -> IndexPath? {
        let all = (0..<content.numberOfSections).flatMap { section in
            (0..<content.numberOfItems(inSection: section)).map { path(section, $0) }
        }
        return all.randomElement(using: &mutator.random)
    }

    /// Checks `update` (from `shown` to the storage's content) against `other`, computed another
    /// way (same changes, models at the same index paths), and that it takes `shown` to the
    /// storage (an empty one only between equal contents).
    static func checkCatchUp(_ update: StorageUpdate, from shown: MemoryStorage.Content, to storage: MemoryStorage,
                             against other: StorageUpdate, _ context: String) {
        #expect(update.changes == other.changes, "\(context): \(update) against \(other)")
        #expect(Set(update.updatedModels.keys) == Set(other.updatedModels.keys), "\(context): models")
        let before = state(shown), after = StorageState(storage)
        if update.isEmpty {
            #expect(before == after, "\(context): an empty update between different contents")
        } else {
            checkUpdate(update, from: before, to: after)
        }
    }

    /// One change in place: an item replaced or reloaded, or a header set.
    static func inPlaceChange(_ mutator: inout MemoryStoragePropertyTests.Mutator, _ storage: MemoryStorage) {
        let sections = storage.numberOfSections
        let all = (0..<sections).flatMap { section in (0..<storage.numberOfItems(inSection: section)).map { path(section, $0) } }
        guard let victim = all.randomElement(using: &mutator.random), !mutator.chance(15) else {
            if sections > 0 {
                try! storage.setSupplementaryModel(mutator.int(0...1_000), forKind: SupplementaryKind.header,
                                                   atSectionIndex: mutator.int(0...sections - 1))
            }
            return
        }
        let cell = storage.item(at: victim) as! Cell
        if mutator.chance(20) {
            try! storage.reloadItem(cell)
        } else if mutator.chance(10) {
            storage.performUpdates { try! storage.replaceItem(cell, with: Cell(id: cell.id, version: cell.version + 1)) }
        } else {
            try! storage.replaceItem(cell, with: Cell(id: cell.id, version: cell.version + 1))
        }
    }

    /// One change that keeps the storage's sections.
    static func itemChange(_ mutator: inout MemoryStoragePropertyTests.Mutator, _ storage: MemoryStorage) {
        let sections = storage.numberOfSections
        guard sections > 0 else { return }
        let all = (0..<sections).flatMap { section in (0..<storage.numberOfItems(inSection: section)).map { path(section, $0) } }
        switch mutator.int(0...5) {
        case 0:
            let section = mutator.int(0...sections - 1)
            try! storage.insertItem(mutator.freshCells(1)[0], to: path(section, mutator.int(0...storage.numberOfItems(inSection: section))))
        case 1:
            if let victim = all.randomElement(using: &mutator.random) { try! storage.removeItems(at: [victim]) }
        case 2, 3:
            if let victim = all.randomElement(using: &mutator.random) {
                var cell = storage.item(at: victim) as! Cell
                let old = cell
                cell.version += 1
                try! storage.replaceItem(old, with: cell)
            }
        case 4:
            if let source = all.randomElement(using: &mutator.random) {
                let section = mutator.int(0...sections - 1)
                let count = storage.numberOfItems(inSection: section) - (section == source[0] ? 1 : 0)
                try! storage.moveItem(at: source, to: path(section, mutator.int(0...count)))
            }
        default:
            try! storage.setSupplementaryModel(mutator.int(0...1_000), forKind: SupplementaryKind.header,
                                               atSectionIndex: mutator.int(0...sections - 1))
        }
    }

    @Test func aContentOfAnotherStorageIsAReload() throws {
        let (first, _) = makeStorage([[1, 2]])
        let (second, _) = makeStorage([[1, 2]])
        #expect(first.update(since: second.content).requiresReload)
        #expect(first.update(since: first.content).isEmpty)
    }

    @Test func aContentIsAValueTheStorageDoesNotChange() throws {
        let (storage, _) = makeStorage([[1, 2, 3]], headers: [7])
        let content = storage.content
        try storage.removeItem(Cell(id: 2))
        try storage.replaceItem(Cell(id: 1), with: Cell(id: 1, version: 1))
        storage.setSectionHeaderModels([8])
        #expect(content.items(inSection: 0)!.map { $0 as! Cell } == [Cell(id: 1), Cell(id: 2), Cell(id: 3)])
        #expect(content.supplementaryModel(ofKind: SupplementaryKind.header, forSectionAt: 0) as? Int == 7)
        let update = storage.update(since: content)
        #expect(update.deletedIndexPaths == [path(0, 1)] && update.updatedIndexPaths == [path(0, 0)]
                && update.updatedSectionIndexes == [0])
        #expect(update.updatedModels[path(0, 0)] as? Cell == Cell(id: 1, version: 1))
    }
}
