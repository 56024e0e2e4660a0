import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// Random sequences of mutations, valid and invalid, inside and outside `performUpdates`, on
/// random storages: after each call, the delivered update applied to the previous state
/// reproduces the storage exactly, and a call that threw changed and reported nothing.
@Suite struct MemoryStoragePropertyTests {
    /// Generates random calls against a storage of `Cell`s with unique ids.
    struct Mutator {
        var random: SplitMix64
        var nextID = 10_000
        /// Whether `moveItemWithoutAnimation` (which reports nothing) may be called.
        var allowsSilentMoves = true

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }
        mutating func freshCells(_ count: Int) -> [Cell] {
            defer { nextID += count }
            return (0..<count).map { Cell(id: nextID + $0) }
        }

        /// An index path, usually valid for reading (or inserting when `end`), sometimes not.
        mutating func anyPath(in storage: MemoryStorage, end: Bool = false) -> IndexPath {
            if chance(10) { return [int(-1...storage.numberOfSections + 1), int(-1...3)] }
            if chance(3) { return [0] }
            let section = int(0...max(0, storage.numberOfSections - 1))
            let count = storage.numberOfItems(inSection: section) + (end ? 1 : 0)
            return path(section, count == 0 ? int(0...1) : int(0...count - 1))
        }

        /// An existing cell most of the time, a missing one otherwise.
        mutating func anyCell(in storage: MemoryStorage) -> Cell {
            let all = (0..<storage.numberOfSections).flatMap { storage.items(inSection: $0)! }.map { $0 as! Cell }
            if all.isEmpty || chance(10) { return Cell(id: -int(1...100)) }
            return all[int(0...all.count - 1)]
        }

        mutating func anySection(in storage: MemoryStorage) -> Int {
            chance(10) ? int(-1...storage.numberOfSections + 2) : int(0...max(0, storage.numberOfSections - 1))
        }

        /// Performs one random call; returns whether it threw.
        mutating func mutate(_ storage: MemoryStorage, allowBatches: Bool) -> Bool {
            do {
                switch int(0...24) {
                case 0: try storage.addItem(freshCells(1)[0], toSection: anySection(in: storage))
                case 1: try storage.addItems(freshCells(int(0...4)), toSection: anySection(in: storage))
                case 2:
                    if chance(30) {
                        try storage.insertItems(freshCells(int(0...3)), at: anyPath(in: storage, end: true))
                    } else {
                        try storage.insertItem(freshCells(1)[0], to: anyPath(in: storage, end: true))
                    }
                case 3:
                    let count = int(0...3)
                    var paths = (0..<count).map { _ in anyPath(in: storage, end: true) }
                    if chance(10) { paths.append(path(0, 0)) }
                    try storage.insertItems(freshCells(count), to: paths)
                case 4: try storage.removeItem(anyCell(in: storage))
                case 5:
                    var cells = (0..<int(0...4)).map { _ in anyCell(in: storage) }
                    if let first = cells.first, chance(30) { cells.append(first) }
                    try storage.removeItems(cells)
                case 6:
                    var paths = (0..<int(0...4)).map { _ in anyPath(in: storage) }
                    if let first = paths.first, chance(30) { paths.append(first) }
                    try storage.removeItems(at: paths)
                case 7: try storage.removeItems(fromSection: anySection(in: storage))
                case 8: if chance(20) { storage.removeAllItems() }
                case 9:
                    var cell = anyCell(in: storage)
                    let old = cell
                    cell.version += 1
                    try storage.replaceItem(old, with: cell)
                case 10: try storage.reloadItem(anyCell(in: storage))
                case 11: try storage.moveItem(at: anyPath(in: storage), to: anyPath(in: storage, end: true))
                case 12:
                    let count = storage.numberOfSections
                    try storage.deleteSections((0..<int(0...2)).map { _ in int(-1...count) })
                case 13:
                    var section = SectionModel(items: freshCells(int(0...3)))
                    section.setSupplementaryModel(chance(50) ? nextID : nil, forKind: SupplementaryKind.header)
                    nextID += 1
                    try storage.insertSection(section, atIndex: int(-1...storage.numberOfSections + 1))
                case 14: try storage.moveSection(anySection(in: storage), toSection: anySection(in: storage))
                case 15: try storage.setItems(freshCells(int(0...4)), forSection: anySection(in: storage))
                case 16:
                    if chance(30) {
                        try storage.setItemsForAllSections((0..<int(0...4)).map { _ in freshCells(int(0...3)) })
                    }
                case 17: try storage.setSection(SectionModel(items: freshCells(int(0...3))),
                                                forSection: anySection(in: storage))
                case 18:
                    defer { nextID += 3 }
                    storage.setSectionHeaderModels((0..<int(0...3)).map { $0 + nextID })
                case 19:
                    defer { nextID += 1 }
                    try storage.setSupplementaryModel(chance(70) ? nextID : nil, forKind: SupplementaryKind.header,
                                                      atSectionIndex: anySection(in: storage))
                case 20:
                    // Put an item back where it came from, inside or outside a batch.
                    let from = anyPath(in: storage)
                    try storage.moveItem(at: from, to: anyPath(in: storage, end: false))
                case 21 where allowBatches:
                    // A (possibly nested) batch whose block may throw after changing things:
                    // what it changed is still reported, so this is not a rejected call.
                    do {
                        try storage.performUpdates { () throws(StorageError) in
                            for _ in 0..<int(1...6) { _ = mutate(storage, allowBatches: chance(30)) }
                            if chance(20) { try storage.removeItem(Cell(id: -1)) }
                        }
                    } catch {}
                case 22 where allowsSilentMoves: try storage.moveItemWithoutAnimation(from: anyPath(in: storage), to: anyPath(in: storage, end: true))
                case 23:
                    // The section's own cells (some dropped, some changed, reordered) and new ones:
                    // diffed by id.
                    let section = anySection(in: storage)
                    var cells = (storage.items(inSection: section) ?? []).map { $0 as! Cell }.filter { _ in !chance(20) }
                    for index in cells.indices where chance(20) { cells[index].version += 1 }
                    if chance(60) { cells.shuffle(using: &random) }
                    for cell in freshCells(int(0...3)) { cells.insert(cell, at: int(0...cells.count)) }
                    try storage.setItems(cells, forSection: section)
                case 24:
                    // All cells, some dropped or changed, dealt into sections that keep, drop, add,
                    // reorder and retitle shelves: diffed by shelf id and cell id.
                    let shelves = (0..<storage.numberOfSections).compactMap { storage.headerModel(forSection: $0) as? Shelf }
                    var newShelves = shelves.filter { _ in !chance(20) }.map { shelf in
                        Shelf(id: shelf.id, title: shelf.title + (chance(15) ? 1 : 0))
                    }
                    for _ in 0..<int(0...2) {
                        newShelves.insert(Shelf(id: nextID), at: int(0...newShelves.count))
                        nextID += 1
                    }
                    if chance(50) { newShelves.shuffle(using: &random) }
                    var cells = (0..<storage.numberOfSections).flatMap { storage.items(inSection: $0)! }.map { $0 as! Cell }
                        .filter { _ in !chance(10) } + freshCells(int(0...3))
                    for index in cells.indices where chance(10) { cells[index].version += 1 }
                    var sections = newShelves.map { ArraySection<Shelf, Cell>(model: $0, items: []) }
                    if !sections.isEmpty {
                        // Mostly keep neighbours together, sometimes scatter.
                        var target = 0
                        for cell in cells {
                            if chance(25) { target = int(0...sections.count - 1) }
                            sections[target].items.append(cell)
                        }
                    }
                    storage.setSections(sections)
                default: break
                }
                return false
            } catch {
                return true
            }
        }
    }

    /// `moveItem` into a section that does not exist yet is one primitive whose own update (the
    /// item deleted, the sections inserted) replaces the net change the same call used to fold:
    /// both paths run here on equal storages and must deliver the same update.
    @Test("a move into sections it creates: its own update equals the net change of the same move", arguments: 0..<100)
    func moveIntoCreatedSections(seed: UInt64) throws {
        var mutator = Mutator(random: SplitMix64(seed: seed))
        let sections = (0..<mutator.int(1...4)).map { _ in mutator.freshCells(mutator.int(1...6)).map(\.id) }
        let headers: [Int]? = mutator.chance(50) ? [7] : nil
        let (direct, directRecorder) = makeStorage(sections, headers: headers)
        let (folded, foldedRecorder) = makeStorage(sections, headers: headers)
        _ = (directRecorder.take(), foldedRecorder.take())
        let section = mutator.int(0...sections.count - 1)
        let source = path(section, mutator.int(0...sections[section].count - 1))
        let destination = path(sections.count + mutator.int(0...3), 0)
        let before = StorageState(direct)
        try direct.moveItem(at: source, to: destination)
        try folded.performUpdates { () throws(StorageError) in try folded.moveItem(at: source, to: destination) }
        let own = directRecorder.take(), net = foldedRecorder.take()
        #expect(StorageState(direct) == StorageState(folded))
        #expect(own.updates.map(\.changes) == net.updates.map(\.changes), "seed \(seed): \(own.updates) against \(net.updates)")
        #expect(own.updates.count == 1 && own.reloads == 0 && net.reloads == 0)
        if let update = own.updates.first { checkUpdate(update, from: before, to: StorageState(direct)) }
    }

    @Test("insertItems(_:at:) in one step equals insertItems(_:to:) with the consecutive index paths",
          arguments: 0..<60)
    func contiguousInsertionInOneStep(seed: UInt64) {
        var mutator = Mutator(random: SplitMix64(seed: seed))
        let sections = (0..<mutator.int(0...3)).map { _ in mutator.freshCells(mutator.int(0...40)).map(\.id) }
        let (oneStep, oneStepUpdates) = makeStorage(sections)
        let (itemByItem, itemByItemUpdates) = makeStorage(sections)
        for _ in 0..<mutator.int(1...12) {
            let path = mutator.anyPath(in: oneStep, end: true)
            let cells = mutator.freshCells(mutator.int(0...70))
            let inBatch = mutator.chance(30)
            let removal = mutator.chance(50) ? mutator.anyPath(in: oneStep) : nil
            func run(_ storage: MemoryStorage, _ insert: (MemoryStorage) throws(StorageError) -> Void) -> StorageError? {
                do {
                    if inBatch {
                        try storage.performUpdates { () throws(StorageError) in
                            if let removal { try? storage.removeItem(at: removal) }
                            try insert(storage)
                        }
                    } else {
                        try insert(storage)
                    }
                    return nil
                } catch { return error }
            }
            let first = run(oneStep) { storage throws(StorageError) in try storage.insertItems(cells, at: path) }
            let second = run(itemByItem) { storage throws(StorageError) in
                guard path.count == 2 else { throw .invalidIndexPath(path) }
                try storage.insertItems(cells, to: cells.indices.map { IndexPath(indexes: [path[0], path[1] + $0]) })
            }
            #expect(first == second, "seed \(seed): \(path) +\(cells.count)")
            #expect(StorageState(oneStep) == StorageState(itemByItem), "seed \(seed)")
            let (a, b) = (oneStepUpdates.take(), itemByItemUpdates.take())
            #expect(a.updates.map(\.description) == b.updates.map(\.description), "seed \(seed): \(path) +\(cells.count)")
            #expect(a.reloads == b.reloads)
        }
    }

    @Test("random mutations: each update reproduces the storage; rejected calls change nothing",
          arguments: 0..<300)
    func randomMutations(seed: UInt64) {
        var mutator = Mutator(random: SplitMix64(seed: seed))
        let sections = (0..<mutator.int(0...4)).map { _ in mutator.freshCells(mutator.int(0...6)).map(\.id) }
        let (storage, recorder) = makeStorage(sections, headers: mutator.chance(50) ? [1, 2] : nil)
        if mutator.chance(40) {
            // Shelves as headers, so that `setSections` matches sections from its first call.
            storage.setSectionHeaderModels((0..<storage.numberOfSections).map { Shelf(id: $0 + 1) })
            _ = recorder.take()
        }
        for _ in 0..<mutator.int(1...50) {
            let before = StorageState(storage)
            _ = recorder.take()
            let inBatch = mutator.chance(30)
            var threw = false
            var silentMove = false
            if inBatch {
                // Several calls folded into one update; errors inside are part of the test.
                storage.performUpdates {
                    for _ in 0..<mutator.int(1...8) { _ = mutator.mutate(storage, allowBatches: true) }
                }
            } else {
                let probe = mutator.random
                var peek = Mutator(random: probe, nextID: mutator.nextID)
                silentMove = peek.int(0...24) == 22
                threw = mutator.mutate(storage, allowBatches: true)
            }
            let after = StorageState(storage)
            let delivered = recorder.take()
            #expect(delivered.reloads == 0)
            if threw {
                #expect(after == before, "seed \(seed): a rejected call changed the storage")
                #expect(delivered.updates.isEmpty, "seed \(seed): a rejected call reported")
            } else if silentMove {
                #expect(delivered.updates.isEmpty, "seed \(seed): moveItemWithoutAnimation reported")
            } else if after == before && delivered.updates.isEmpty {
                continue  // nothing changed, nothing reported (or only a no-op)
            } else {
                #expect(delivered.updates.count == 1, "seed \(seed): \(delivered.updates.count) updates for one call")
                for update in delivered.updates { checkUpdate(update, from: before, to: after) }
            }
        }
    }
}
