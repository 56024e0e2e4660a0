import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// The look-up index that follows changes (`SectionIndex`, `ItemLookup`, `KeyedEntries`): after
/// every random change, every look-up answers what a linear scan answers, for `Hashable` items,
/// `Identifiable`-only items found by id, repeated items and items of other types in the same
/// sections; and the table under it behaves as a multimap.
@Suite struct MemoryStorageIndexTests {
    /// `Hashable`, drawn from a small range so that equal values repeat.
    struct Tag: Hashable, Sendable, CustomStringConvertible {
        var value: Int
        var description: String { "t\(value)" }
    }

    /// `Identifiable & Equatable`, not `Hashable`: found through its id. Ids repeat (with other
    /// versions), so the id's entries hold several items and `==` picks among them.
    struct Note: Identifiable, Equatable, Sendable, CustomStringConvertible {
        var id: Int
        var version: Int
        var description: String { "n\(id).\(version)" }
    }

    /// The first item of type `T` equal to `probe`, by a scan of what the storage shows: the
    /// answer every look-up must give.
    static func scan<T: Equatable>(_ storage: MemoryStorage, for probe: T) -> IndexPath? {
        for section in 0..<storage.numberOfSections {
            if let item = storage.items(inSection: section)!.firstIndex(where: { ($0 as? T) == probe }) {
                return path(section, item)
            }
        }
        return nil
    }

    struct Changer {
        var random: SplitMix64
        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

        mutating func anyItem() -> any Sendable {
            switch int(0...9) {
            case 0...4: return Tag(value: int(0...40))
            case 5...8: return Note(id: int(0...30), version: int(0...2))
            default: return "s\(int(0...5))"
            }
        }

        /// A path to an existing item of `storage`, if it has one.
        mutating func existingPath(_ storage: MemoryStorage) -> IndexPath? {
            let sections = (0..<storage.numberOfSections).filter { storage.numberOfItems(inSection: $0) > 0 }
            guard !sections.isEmpty else { return nil }
            let section = sections[int(0...sections.count - 1)]
            return path(section, int(0...storage.numberOfItems(inSection: section) - 1))
        }

        /// One random change; one section is kept large so that middle insertions and removals
        /// drift the recorded positions past the rebuild bound.
        mutating func change(_ storage: MemoryStorage) throws {
            switch int(0...13) {
            case 0, 1:
                let section = int(0...max(0, storage.numberOfSections - 1))
                try storage.insertItem(anyItem(), to: path(section, int(0...storage.numberOfItems(inSection: section))))
            case 2: try storage.addItem(anyItem(), toSection: int(0...storage.numberOfSections))
            case 3: if let at = existingPath(storage) { try storage.removeItems(at: [at]) }
            case 4:
                // Removal by value of an item that is there (so repeated values lose their first).
                if let at = existingPath(storage) {
                    switch storage.item(at: at) {
                    case let tag as Tag: try storage.removeItem(tag)
                    case let note as Note: try storage.removeItem(note)
                    case let string as String: try storage.removeItem(string)
                    default: Issue.record("unexpected item")
                    }
                }
            case 5:
                if let at = existingPath(storage) {
                    switch storage.item(at: at) {
                    case let tag as Tag: try storage.replaceItem(tag, with: anyItem())
                    case let note as Note: try storage.replaceItem(note, with: Note(id: note.id, version: note.version + 1))
                    default: try storage.reloadItem(storage.item(at: at) as! String)
                    }
                }
            case 6:
                if let from = existingPath(storage) {
                    let section = int(0...storage.numberOfSections - 1)
                    let count = storage.numberOfItems(inSection: section) - (section == from[0] ? 1 : 0)
                    try storage.moveItem(at: from, to: path(section, int(0...count)))
                }
            case 7:
                // Several removals at once, spread through a section.
                let section = int(0...max(0, storage.numberOfSections - 1))
                let count = storage.numberOfItems(inSection: section)
                if count > 0 { try storage.removeItems(at: (0..<int(1...4)).map { _ in path(section, int(0...count - 1)) }) }
            case 8:
                try storage.performUpdates { () throws(StorageError) in
                    for _ in 0..<int(1...5) {
                        do { try change(storage) } catch { throw error as! StorageError }
                    }
                }
            case 9 where chance(20):
                try storage.insertSection(SectionModel(items: (0..<int(0...5)).map { _ in anyItem() }),
                                          atIndex: int(0...storage.numberOfSections))
            case 10 where chance(20) && storage.numberOfSections > 1:
                try storage.moveSection(int(0...storage.numberOfSections - 1), toSection: int(0...storage.numberOfSections - 1))
            case 11 where chance(5) && storage.numberOfSections > 1:
                try storage.deleteSections([int(1...storage.numberOfSections - 1)])
            case 12 where chance(5):
                let section = int(1...max(1, storage.numberOfSections))
                try storage.setItems((0..<int(0...8)).map { _ in anyItem() }, forSection: section)
            case 13:
                // Removals by value of several items, some listed twice.
                let tags = (0..<int(1...3)).map { _ in Tag(value: int(0...40)) }
                if tags.allSatisfy({ scan(storage, for: $0) != nil }) { try storage.removeItems(tags + [tags[0]]) }
            default: break
            }
        }
    }

    @Test("the index and a linear scan agree after every random change (repeats, ids, other types)",
          arguments: 0..<24)
    func indexAgreesWithScan(seed: UInt64) throws {
        var changer = Changer(random: SplitMix64(seed: seed))
        let storage = MemoryStorage()
        // One large section (past the index's drift bound of 64) and a few small ones.
        try storage.addItems((0..<(seed.isMultiple(of: 2) ? 150 : 20)).map { _ in changer.anyItem() }, toSection: 0)
        for section in 1...changer.int(1...3) {
            try storage.addItems((0..<changer.int(0...6)).map { _ in changer.anyItem() }, toSection: section)
        }
        for step in 0..<250 {
            do { try changer.change(storage) } catch {
                Issue.record("seed \(seed) step \(step): \(error)")
            }
            for _ in 0..<4 {
                let tag = Tag(value: changer.int(0...42))
                #expect(storage.indexPath(forItem: tag) == Self.scan(storage, for: tag), "seed \(seed) step \(step): \(tag)")
                let note = Note(id: changer.int(0...32), version: changer.int(0...3))
                #expect(storage.indexPath(forItem: note) == Self.scan(storage, for: note), "seed \(seed) step \(step): \(note)")
            }
            let string = "s\(changer.int(0...6))"
            #expect(storage.indexPath(forItem: string) == Self.scan(storage, for: string), "seed \(seed) step \(step)")
        }
    }

    /// A section of more than 64 × 16 items is a tree of three levels or more (at most 64 items
    /// a leaf, 16 children an inner node), so a look-up walks from the root through inner nodes of two heights to
    /// the leaf that holds the item's label. After each random batch of positional changes
    /// anywhere in it, every look-up answers what a scan answers (the first offset of each
    /// value, from one pass over the items): items that are there (drawn from all of it,
    /// repeats included) and values that may not be.
    @Test("a section three levels deep: look-ups after random edits agree with a scan", arguments: 0..<4)
    func deepSectionAgreesWithScan(seed: UInt64) throws {
        var random = SplitMix64(seed: 1_000 + seed)
        func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        func item() -> any Sendable {
            int(0...9) < 7 ? Tag(value: int(0...7_000)) : Note(id: int(0...1_500), version: int(0...1))
        }
        let storage = MemoryStorage()
        try storage.addItems((0..<5_000).map { _ in item() }, toSection: 0)
        for step in 0..<60 {
            let edits = { () throws(StorageError) in
                for _ in 0..<int(1...20) {
                    let count = storage.numberOfItems(inSection: 0)
                    switch int(0...9) {
                    case 0...3: try storage.insertItem(item(), to: path(0, int(0...count)))
                    case 4...6: try storage.removeItems(at: [path(0, int(0...count - 1))])
                    default: try storage.moveItem(at: path(0, int(0...count - 1)), to: path(0, int(0...count - 1)))
                    }
                }
            }
            if int(0...1) == 0 { try storage.performUpdates(edits) } else { try edits() }
            // The scan: the first offset of every tag value and of every note (id and version).
            let items = storage.items(inSection: 0)!
            var firstTag: [Int: Int] = [:], firstNote: [Int: Int] = [:]
            for (offset, item) in items.enumerated() {
                if let tag = item as? Tag, firstTag[tag.value] == nil { firstTag[tag.value] = offset }
                if let note = item as? Note, firstNote[note.id * 8 + note.version] == nil {
                    firstNote[note.id * 8 + note.version] = offset
                }
            }
            func expectFound(_ tag: Tag) {
                #expect(storage.indexPath(forItem: tag) == firstTag[tag.value].map { path(0, $0) }, "seed \(seed) step \(step): \(tag)")
            }
            func expectFound(_ note: Note) {
                #expect(storage.indexPath(forItem: note) == firstNote[note.id * 8 + note.version].map { path(0, $0) },
                        "seed \(seed) step \(step): \(note)")
            }
            for _ in 0..<8 {
                switch items[int(0...items.count - 1)] {
                case let tag as Tag: expectFound(tag)
                case let note as Note: expectFound(note)
                default: Issue.record("unexpected item")
                }
            }
            expectFound(Tag(value: int(0...7_200)))
            expectFound(Note(id: int(0...1_600), version: int(0...2)))
        }
        // Still past two full levels: every look-up above walked three.
        #expect(storage.numberOfItems(inSection: 0) > 64 * 64)
    }

    @Test func identifiableItemsAreFoundByIDAmongEqualIDs() throws {
        let storage = MemoryStorage()
        try storage.addItems([Note(id: 1, version: 0), Note(id: 2, version: 0), Note(id: 1, version: 1)])
        try storage.addItem(Note(id: 1, version: 1), toSection: 1)
        #expect(storage.indexPath(forItem: Note(id: 1, version: 1)) == path(0, 2))
        try storage.replaceItem(Note(id: 1, version: 1), with: Note(id: 1, version: 2))
        #expect(storage.indexPath(forItem: Note(id: 1, version: 1)) == path(1, 0))
        try storage.removeItem(Note(id: 1, version: 0))
        #expect(storage.indexPath(forItem: Note(id: 1, version: 2)) == path(0, 1))
        #expect(throws: StorageError.itemNotFound("n1.0")) { try storage.reloadItem(Note(id: 1, version: 0)) }
    }

    /// `as? T` semantics, kept by the exact-type fast path: an `AnyHashable` look-up finds the
    /// value it wraps, a base class finds its subclass.
    @Test func lookUpsKeepDynamicCastSemantics() throws {
        class Base: Hashable, @unchecked Sendable {
            let value: Int
            init(_ value: Int) { self.value = value }
            static func == (a: Base, b: Base) -> Bool { a.value == b.value }
            func hash(into hasher: inout Hasher) { hasher.combine(value) }
        }
        final class Derived: Base, @unchecked Sendable {}
        let storage = MemoryStorage()
        try storage.addItems([1, 2, 3])
        try storage.addItem(Derived(5))
        #expect(storage.indexPath(forItem: AnyHashable(2)) == path(0, 1))
        #expect(storage.indexPath(forItem: Base(5)) == path(0, 3))
        try storage.insertItem(Derived(6), to: path(0, 0))
        #expect(storage.indexPath(forItem: Base(5)) == path(0, 4))
        #expect(storage.indexPath(forItem: 3) == path(0, 3))
    }

    @Test("the keyed table is a multimap: random inserts and removals against a model", arguments: 0..<20)
    func keyedEntriesAgainstAModel(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var table = KeyedEntries(capacity: Int.random(in: 0...8, using: &random))
        var model: [Int: [UInt64]] = [:]
        var nextSlot: UInt64 = 0
        // Keys sharing their low bits collide in any table size: removals must shift back.
        let keys = (0..<12).map { $0 << 20 } + (0..<12).map { $0 * 7 - 40 }
        for _ in 0..<600 {
            let key = keys[Int.random(in: 0..<keys.count, using: &random)]
            if Bool.random(using: &random) || model[key, default: []].isEmpty {
                table.insert(ItemLookup.Entry(slot: nextSlot, label: 0), key: key)
                model[key, default: []].append(nextSlot)
                nextSlot += 1
            } else {
                let slots = model[key]!
                let slot = slots[Int.random(in: 0..<slots.count, using: &random)]
                table.remove(slot: slot, key: key)
                model[key]!.removeAll { $0 == slot }
                if model[key]!.isEmpty { model[key] = nil }
            }
            table.remove(slot: .max, key: key)  // absent: nothing happens
            for key in keys {
                var held: [UInt64] = []
                table.forEach(key: key) { held.append($0.slot); return true }
                #expect(held.sorted() == (model[key] ?? []).sorted(), "seed \(seed): key \(key)")
            }
            #expect(table.allEntries.count == model.count)
        }
    }
}
