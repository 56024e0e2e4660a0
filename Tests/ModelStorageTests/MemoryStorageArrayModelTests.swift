import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

extension StorageState {
    /// A state given as arrays.
    init(items: [[Cell]], headers: [AnyHashable?]) {
        self.items = items
        self.headers = headers
    }

    /// What `content` holds (its items and header models).
    init(_ content: MemoryStorage.Content) {
        items = (0..<content.numberOfSections).map { section in
            content.items(inSection: section)!.map { $0 as! Cell }
        }
        headers = (0..<content.numberOfSections).map {
            content.supplementaryModel(ofKind: SupplementaryKind.header, forSectionAt: $0) as? AnyHashable
        }
    }
}

/// What a ``MemoryStorage`` of `Cell`s must hold after each public call, computed on plain
/// arrays: the oracle the tree-backed storage runs against. Each call answers whether it is
/// valid (the storage must throw when it is not) and, when it is, changes the arrays as the
/// call's documentation says.
struct ArrayModel {
    var state: StorageState

    var sectionCount: Int { state.items.count }

    func exists(_ section: Int) -> Bool { section >= 0 && section < sectionCount }

    func creatable(_ section: Int) -> Bool {
        section >= 0 && section < sectionCount + MemoryStorage.maximumSectionsCreatedPerCall
    }

    func holdsItem(at path: IndexPath) -> Bool {
        path.count == 2 && exists(path[0]) && path[1] >= 0 && path[1] < state.items[path[0]].count
    }

    /// Whether an item may be inserted at `path` into sections of `counts` items.
    func canInsert(at path: IndexPath, counts: [Int]) -> Bool {
        guard path.count == 2, path[0] >= 0, path[1] >= 0 else { return false }
        if path[0] < counts.count { return path[1] <= counts[path[0]] }
        return path[1] == 0 && path[0] < counts.count + MemoryStorage.maximumSectionsCreatedPerCall
    }

    mutating func createSections(through section: Int) {
        while sectionCount <= section {
            state.items.append([])
            state.headers.append(nil)
        }
    }

    /// The first index path holding `cell` (first section, then first offset).
    func firstPath(of cell: Cell) -> IndexPath? {
        for (section, items) in state.items.enumerated() {
            if let item = items.firstIndex(of: cell) { return path(section, item) }
        }
        return nil
    }

    mutating func insert(_ cell: Cell, at path: IndexPath) {
        createSections(through: path[0])
        state.items[path[0]].insert(cell, at: path[1])
    }

    /// Removes the items at `paths` (valid), each once.
    mutating func remove(at paths: [IndexPath]) {
        for path in Set(paths).sorted().reversed() { state.items[path[0]].remove(at: path[1]) }
    }

    /// The move of `moveItem(at:to:)`: `nil` when invalid, else whether it moved.
    mutating func move(from source: IndexPath, to destination: IndexPath) -> Bool? {
        guard holdsItem(at: source) else { return nil }
        var counts = state.items.map(\.count)
        counts[source[0]] -= 1
        guard canInsert(at: destination, counts: counts) else { return nil }
        guard source != destination else { return false }
        let cell = state.items[source[0]].remove(at: source[1])
        insert(cell, at: destination)
        return true
    }
}

/// Random public calls on a `MemoryStorage` and on an `ArrayModel`, side by side: sections
/// large enough for the storage's trees to have several levels, every public mutating call,
/// valid and invalid, inside and outside `performUpdates` (nested too), and an observer that
/// sometimes changes the storage when an update arrives.
struct ArrayModelRun {
    var random: SplitMix64
    var model: ArrayModel
    let storage: MemoryStorage
    var nextID = 1_000_000
    /// Whether the calls run inside `performUpdates` now.
    var batchDepth = 0

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

    mutating func fresh(_ count: Int) -> [Cell] {
        defer { nextID += count }
        return (0..<count).map { Cell(id: nextID + $0) }
    }

    mutating func anySection() -> Int {
        chance(8) ? int(-1...model.sectionCount + 2) : int(0...max(0, model.sectionCount - 1))
    }

    /// An index path, usually valid for reading (or inserting, with `end`), sometimes not.
    mutating func anyPath(end: Bool = false) -> IndexPath {
        if chance(8) { return [int(-1...model.sectionCount + 1), int(-1...3)] }
        if chance(2) { return [0] }
        let section = int(0...max(0, model.sectionCount - 1))
        let count = (model.exists(section) ? model.state.items[section].count : 0) + (end ? 1 : 0)
        return path(section, count == 0 ? int(0...1) : int(0...count - 1))
    }

    /// A stored cell most of the time, a missing one otherwise.
    mutating func anyCell() -> Cell {
        let sections = model.state.items.indices.filter { !model.state.items[$0].isEmpty }
        if sections.isEmpty || chance(8) { return Cell(id: -int(1...100)) }
        let items = model.state.items[sections[int(0...sections.count - 1)]]
        return items[int(0...items.count - 1)]
    }

    /// Runs `call` on the storage; `expected` is the model's state after it, `nil` when the call
    /// is invalid (the storage must then throw and keep its state).
    mutating func expect(_ expected: StorageState?, _ what: String, _ call: () throws -> Void) {
        do {
            try call()
            #expect(expected != nil, "\(what) did not throw")
        } catch {
            #expect(expected == nil, "\(what) threw \(error)")
        }
        if let expected { model.state = expected }
    }

    /// One random call, on both sides.
    mutating func step() {
        var next = model
        let storage = self.storage
        switch int(0...23) {
        case 0:
            let cells = fresh(int(0...40)), section = anySection()
            let valid = next.creatable(section)
            if valid {
                next.createSections(through: section)
                next.state.items[section] += cells
            }
            expect(valid ? next.state : nil, "addItems") { try storage.addItems(cells, toSection: section) }
        case 1:
            let cell = fresh(1)[0], at = anyPath(end: true)
            let valid = next.canInsert(at: at, counts: next.state.items.map(\.count))
            if valid { next.insert(cell, at: at) }
            expect(valid ? next.state : nil, "insertItem") { try storage.insertItem(cell, to: at) }
        case 2:
            let cells = fresh(int(0...30)), at = anyPath(end: true)
            let valid = next.canInsert(at: at, counts: next.state.items.map(\.count))
            if valid && !cells.isEmpty {
                next.createSections(through: at[0])
                next.state.items[at[0]].insert(contentsOf: cells, at: at[1])
            }
            expect(valid ? next.state : nil, "insertItems(at:)") { try storage.insertItems(cells, at: at) }
        case 3:
            let count = int(0...4)
            let cells = fresh(count)
            var paths = (0..<count).map { _ in anyPath(end: true) }
            if chance(10) { paths.append(path(0, 0)) }
            var counts = next.state.items.map(\.count), valid = cells.count == paths.count
            for at in paths where valid {
                valid = next.canInsert(at: at, counts: counts)
                guard valid else { break }
                while counts.count <= at[0] { counts.append(0) }
                counts[at[0]] += 1
            }
            if valid { for (cell, at) in zip(cells, paths) { next.insert(cell, at: at) } }
            expect(valid ? next.state : nil, "insertItems(to:)") { try storage.insertItems(cells, to: paths) }
        case 4:
            let cell = anyCell()
            let found = next.firstPath(of: cell)
            if let found { next.remove(at: [found]) }
            expect(found != nil ? next.state : nil, "removeItem") { try storage.removeItem(cell) }
        case 5:
            var cells = (0..<int(0...5)).map { _ in anyCell() }
            if let first = cells.first, chance(30) { cells.append(first) }
            let found = cells.map { next.firstPath(of: $0) }
            let valid = !found.contains(nil)
            if valid { next.remove(at: found.map { $0! }) }
            expect(valid ? next.state : nil, "removeItems") { try storage.removeItems(cells) }
        case 6:
            var paths = (0..<int(0...6)).map { _ in anyPath() }
            if let first = paths.first, chance(30) { paths.append(first) }
            let valid = paths.allSatisfy { next.holdsItem(at: $0) }
            if valid { next.remove(at: paths) }
            expect(valid ? next.state : nil, "removeItems(at:)") { try storage.removeItems(at: paths) }
        case 7:
            let section = anySection()
            let valid = next.exists(section)
            if valid { next.state.items[section] = [] }
            expect(valid ? next.state : nil, "removeItems(fromSection:)") { try storage.removeItems(fromSection: section) }
        case 8:
            guard chance(10) else { return }
            for section in next.state.items.indices { next.state.items[section] = [] }
            expect(next.state, "removeAllItems") { storage.removeAllItems() }
        case 9:
            let old = anyCell()
            var new = old
            new.version += 1 + int(0...3)
            let found = next.firstPath(of: old)
            if let found { next.state.items[found[0]][found[1]] = new }
            expect(found != nil ? next.state : nil, "replaceItem") { try storage.replaceItem(old, with: new) }
        case 10:
            let cell = anyCell()
            expect(next.firstPath(of: cell) != nil ? next.state : nil, "reloadItem") { try storage.reloadItem(cell) }
        case 11:
            let source = anyPath(), destination = anyPath(end: true)
            let valid = next.move(from: source, to: destination) != nil
            expect(valid ? next.state : nil, "moveItem") { try storage.moveItem(at: source, to: destination) }
        case 12:
            let source = anyPath(), destination = anyPath(end: true)
            let valid = batchDepth == 0 && next.exists(destination.count == 2 ? destination[0] : -1)
                && next.move(from: source, to: destination) != nil
            expect(valid ? next.state : nil, "moveItemWithoutAnimation") {
                try storage.moveItemWithoutAnimation(from: source, to: destination)
            }
        case 13:
            let deleted = (0..<int(0...2)).map { _ in int(-1...model.sectionCount) }
            let valid = deleted.allSatisfy { next.exists($0) }
            if valid {
                for section in Set(deleted).sorted().reversed() {
                    next.state.items.remove(at: section)
                    next.state.headers.remove(at: section)
                }
            }
            expect(valid ? next.state : nil, "deleteSections") { try storage.deleteSections(deleted) }
        case 14:
            let cells = fresh(int(0...20)), index = int(-1...model.sectionCount + 1), header = chance(50) ? nextID : nil
            nextID += 1
            var section = SectionModel(items: cells)
            section.setSupplementaryModel(header, forKind: SupplementaryKind.header)
            let valid = index >= 0 && index <= next.sectionCount
            if valid {
                next.state.items.insert(cells, at: index)
                next.state.headers.insert(header.map(AnyHashable.init), at: index)
            }
            expect(valid ? next.state : nil, "insertSection") { try storage.insertSection(section, atIndex: index) }
        case 15:
            let source = anySection(), destination = anySection()
            let valid = next.exists(source) && next.exists(destination)
            if valid {
                next.state.items.insert(next.state.items.remove(at: source), at: destination)
                next.state.headers.insert(next.state.headers.remove(at: source), at: destination)
            }
            expect(valid ? next.state : nil, "moveSection") { try storage.moveSection(source, toSection: destination) }
        case 16:
            let section = anySection()
            let cells = reshuffled(section)
            let valid = next.creatable(section)
            if valid {
                next.createSections(through: section)
                next.state.items[section] = cells
            }
            if chance(50) {
                expect(valid ? next.state : nil, "setItems") { try storage.setItems(cells, forSection: section) }
            } else {
                expect(valid ? next.state : nil, "setItems(any)") {
                    try storage.setItems(cells.map { $0 as any Sendable }, forSection: section)
                }
            }
        case 17:
            guard chance(30) else { return }
            let items = (0..<int(0...4)).map { reshuffled($0) }
            next.state.headers = (0..<items.count).map { $0 < next.sectionCount ? next.state.headers[$0] : nil }
            next.state.items = items
            expect(next.state, "setItemsForAllSections") { try storage.setItemsForAllSections(items) }
        case 18:
            let cells = fresh(int(0...20)), index = anySection(), header = chance(50) ? nextID : nil
            nextID += 1
            var section = SectionModel(items: cells)
            section.setSupplementaryModel(header, forKind: SupplementaryKind.header)
            let valid = next.creatable(index)
            if valid {
                next.createSections(through: index)
                next.state.items[index] = cells
                next.state.headers[index] = header.map(AnyHashable.init)
            }
            expect(valid ? next.state : nil, "setSection") { try storage.setSection(section, forSection: index) }
        case 19:
            let headers = (0..<int(0...3)).map { $0 + nextID }
            nextID += 3
            if !headers.isEmpty { next.createSections(through: headers.count - 1) }
            for (section, header) in headers.enumerated() { next.state.headers[section] = header }
            expect(next.state, "setSectionHeaderModels") { storage.setSectionHeaderModels(headers) }
        case 20:
            let section = anySection(), header = chance(70) ? nextID : nil
            nextID += 1
            let valid = next.creatable(section)
            if valid {
                next.createSections(through: section)
                next.state.headers[section] = header.map(AnyHashable.init)
            }
            expect(valid ? next.state : nil, "setSupplementaryModel") {
                try storage.setSupplementaryModel(header, forKind: SupplementaryKind.header, atSectionIndex: section)
            }
        case 21:
            guard chance(40) else { return }
            let sections = newShelves()
            next.state = StorageState(items: sections.map(\.items), headers: sections.map { AnyHashable($0.model) })
            expect(next.state, "setSections") { storage.setSections(sections) }
        case 22:
            guard batchDepth < 3 else { return }
            batchDepth += 1
            let count = int(1...8)
            storage.performUpdates { for _ in 0..<count { step() } }
            batchDepth -= 1
        default:
            let source = anyPath()
            let valid = next.move(from: source, to: source) != nil
            expect(valid ? next.state : nil, "moveItem in place") { try storage.moveItem(at: source, to: source) }
        }
    }

    /// The cells of `section` (none when it does not exist), some dropped, some changed,
    /// perhaps reordered, with a few new ones: what a diffing `setItems` receives.
    mutating func reshuffled(_ section: Int) -> [Cell] {
        var cells = (model.exists(section) ? model.state.items[section] : []).filter { _ in !chance(15) }
        for index in cells.indices where chance(10) { cells[index].version += 1 }
        if chance(30) {
            cells.shuffle(using: &random)
        } else if cells.count > 1 && chance(50) {
            cells.swapAt(int(0...cells.count - 1), int(0...cells.count - 1))
        }
        for cell in fresh(int(0...5)) { cells.insert(cell, at: int(0...cells.count)) }
        return cells
    }

    /// Sections of shelves (kept, retitled, new, reordered) over the stored cells (some dropped,
    /// changed) and new ones: what `setSections` receives.
    mutating func newShelves() -> [ArraySection<Shelf, Cell>] {
        var shelves = model.state.headers.compactMap { $0?.base as? Shelf }.filter { _ in !chance(15) }
            .map { Shelf(id: $0.id, title: $0.title + (chance(15) ? 1 : 0)) }
        for _ in 0..<int(0...2) {
            shelves.insert(Shelf(id: nextID), at: int(0...shelves.count))
            nextID += 1
        }
        if chance(40) { shelves.shuffle(using: &random) }
        guard !shelves.isEmpty else { return [] }
        var cells = model.state.items.flatMap { $0 }.filter { _ in !chance(10) } + fresh(int(0...5))
        for index in cells.indices where chance(10) { cells[index].version += 1 }
        var sections = shelves.map { ArraySection<Shelf, Cell>(model: $0, items: []) }
        var target = 0
        for cell in cells {
            if chance(5) { target = int(0...sections.count - 1) }
            sections[target].items.append(cell)
        }
        return sections
    }
}

/// Notes what it did when armed: on the next update it receives, it adds a cell to section 0.
final class MutatingObserver {
    var armed: Cell?
    var added: [Cell] = []
}

@Suite struct MemoryStorageArrayModelTests {
    /// A storage and its model holding the same random sections; large ones for some seeds, so
    /// that the trees are two or three levels deep.
    static func start(seed: UInt64) -> ArrayModelRun {
        var random = SplitMix64(seed: seed)
        let large = Int.random(in: 0...2, using: &random) == 0
        let counts = (0..<Int.random(in: 1...4, using: &random)).map { _ in
            Int.random(in: 0...(large ? 5_000 : 300), using: &random)
        }
        var next = 1
        let items = counts.map { count in
            defer { next += count }
            return (next..<next + count).map { Cell(id: $0) }
        }
        let storage = MemoryStorage()
        try! storage.setItemsForAllSections(items)
        let model = ArrayModel(state: StorageState(items: items, headers: items.map { _ in nil }))
        return ArrayModelRun(random: random, model: model, storage: storage)
    }

    @Test("random public calls: the storage holds what plain arrays hold, a content taken before a call keeps what it showed, and the update since it reproduces the change",
          arguments: 0..<60)
    func againstArrays(seed: UInt64) {
        var run = Self.start(seed: seed)
        let storage = run.storage
        let observer = MutatingObserver()
        let token = storage.addObserver { [unowned storage] _ in
            guard let cell = observer.armed else { return }
            observer.armed = nil
            observer.added.append(cell)
            try! storage.addItem(cell, toSection: 0)
        }
        defer { storage.removeObserver(token) }
        for _ in 0..<run.int(20...80) {
            let before = run.model.state, kept = storage.content
            if run.chance(15) { observer.armed = run.fresh(1)[0] }
            run.step()
            observer.armed = nil
            for cell in observer.added {
                run.model.createSections(through: 0)
                run.model.state.items[0].append(cell)
            }
            observer.added = []
            let after = StorageState(storage)
            guard after == run.model.state else {
                Issue.record("seed \(seed): the storage holds \(after.items.map(\.count)) items, the arrays \(run.model.state.items.map(\.count))")
                return
            }
            #expect(StorageState(kept) == before, "seed \(seed): a content taken before the call changed")
            let update = storage.update(since: kept)
            if update.isEmpty { #expect(after.items == before.items) } else { checkUpdate(update, from: before, to: after) }
            let general = netChange(from: kept.sections, to: storage.core.sections, since: kept.revision, generalPathOnly: true)
            #expect(update.changes == general.changes, "seed \(seed): \(update) against the general path's \(general)")
            #expect(Set(update.updatedModels.keys) == Set(general.updatedModels.keys), "seed \(seed): models")
            checkReads(&run, seed: seed)
        }
    }

    /// Counts, items at random index paths and the look-up of random cells against the model.
    func checkReads(_ run: inout ArrayModelRun, seed: UInt64) {
        let storage = run.storage, state = run.model.state
        #expect(storage.numberOfSections == state.items.count)
        for (section, items) in state.items.enumerated() {
            #expect(storage.numberOfItems(inSection: section) == items.count)
            guard !items.isEmpty else { continue }
            let offset = run.int(0...items.count - 1)
            #expect(storage.item(at: path(section, offset)) as? Cell == items[offset])
        }
        for _ in 0..<3 {
            let cell = run.anyCell()
            #expect(storage.indexPath(forItem: cell) == run.model.firstPath(of: cell), "seed \(seed): look-up of \(cell)")
        }
    }
}
