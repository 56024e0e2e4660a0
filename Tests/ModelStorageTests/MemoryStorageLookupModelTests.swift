import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// `indexPath(forItem:)` and `removeItem(_:)` against a plain array model on random edits:
/// inserts (runs at one place too, so that labels are spread again), removals by index and by
/// value, moves and replacements by value across sections, sections added, changes inside
/// `performUpdates`; equal items repeat, so the first occurrence is what is found and removed,
/// and a removal of an item that is not there is refused with nothing changed. Sections grow
/// past 4,096 items in some runs, so their trees are three levels deep.
@Suite struct MemoryStorageLookupModelTests {
    typealias Tag = MemoryStorageIndexTests.Tag
    typealias Note = MemoryStorageIndexTests.Note

    /// The storage and the model it must match, changed alike.
    struct Pair {
        let storage = MemoryStorage()
        var model: [[any Sendable]] = []
        var random: SplitMix64

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

        mutating func anyItem() -> any Sendable {
            if int(0...2) == 0 { return Note(id: int(0...60), version: int(0...1)) }
            return Tag(value: int(0...400))
        }

        /// The first index path of an item of type `T` equal to `item` in the model.
        func expectedPath<T: Equatable>(of item: T) -> IndexPath? {
            for (section, items) in model.enumerated() {
                if let offset = items.firstIndex(where: { ($0 as? T) == item }) { return path(section, offset) }
            }
            return nil
        }

        /// A random item, found or not, as the storage's look-ups take it.
        mutating func probe() -> any Sendable {
            let filled = model.indices.filter { !model[$0].isEmpty }
            if int(0...3) > 0, !filled.isEmpty {
                let section = filled[int(0...filled.count - 1)]
                return model[section][int(0...model[section].count - 1)]
            }
            return int(0...1) == 0 ? Tag(value: int(401...410)) : anyItem()
        }

        mutating func insert(_ item: any Sendable, at target: IndexPath) throws {
            try storage.insertItem(item, to: target)
            if target[0] == model.count { model.append([]) }
            model[target[0]].insert(item, at: target[1])
        }

        /// Removes `item` by value from both; `false` when the storage refused it (not there).
        mutating func removeByValue<T: Equatable>(_ item: T) throws -> Bool {
            let expected = expectedPath(of: item)
            do {
                if let hashable = item as? Tag { try storage.removeItem(hashable) } else { try storage.removeItem(item) }
            } catch {
                guard case .itemNotFound = error else { throw error }
                #expect(expected == nil, "refused an item the model holds at \(expected!)")
                return false
            }
            guard let expected else {
                Issue.record("removed \(item), which the model does not hold")
                return false
            }
            model[expected[0]].remove(at: expected[1])
            return true
        }

        /// Replaces the first `old` by value with `new` in both.
        mutating func replaceByValue<T: Equatable>(_ old: T, with new: any Sendable) throws {
            guard let expected = expectedPath(of: old) else { return }
            if let hashable = old as? Tag { try storage.replaceItem(hashable, with: new) } else { try storage.replaceItem(old, with: new) }
            model[expected[0]][expected[1]] = new
        }

        mutating func randomPath(forInserting: Bool) -> IndexPath? {
            guard !model.isEmpty else { return forInserting ? path(0, 0) : nil }
            let section = int(0...model.count - 1)
            if forInserting { return path(section, int(0...model[section].count)) }
            return model[section].isEmpty ? nil : path(section, int(0...model[section].count - 1))
        }

        /// One random edit of both.
        mutating func edit() throws {
            switch int(0...11) {
            case 0, 1:
                if let target = randomPath(forInserting: true) { try insert(anyItem(), at: target) }
            case 2:
                // A run at one place: the labels there run out and are spread again.
                if let target = randomPath(forInserting: true) {
                    for _ in 0..<int(1...70) { try insert(anyItem(), at: target) }
                }
            case 3:
                if let at = randomPath(forInserting: false) {
                    try storage.removeItems(at: [at])
                    model[at[0]].remove(at: at[1])
                }
            case 4, 5:
                let item = probe()
                if let tag = item as? Tag { _ = try removeByValue(tag) } else { _ = try removeByValue(item as! Note) }
            case 6:
                // An item listed twice is removed once.
                if let tag = probe() as? Tag, expectedPath(of: tag) != nil {
                    try storage.removeItems([tag, tag])
                    let at = expectedPath(of: tag)!
                    model[at[0]].remove(at: at[1])
                }
            case 7, 8:
                guard let source = randomPath(forInserting: false) else { return }
                let section = int(0...model.count - 1)
                let destination = path(section, int(0...model[section].count - (section == source[0] ? 1 : 0)))
                try storage.moveItem(at: source, to: destination)
                model[destination[0]].insert(model[source[0]].remove(at: source[1]), at: destination[1])
            case 9:
                let item = probe(), new = anyItem()
                if let tag = item as? Tag { try replaceByValue(tag, with: new) } else { try replaceByValue(item as! Note, with: new) }
            case 10:
                let items = (0..<int(0...40)).map { _ in anyItem() }
                try storage.addItems(items, toSection: model.count)
                model.append(items)
            default:
                try storage.performUpdates { () throws(StorageError) in
                    for _ in 0..<int(1...6) {
                        do { try edit() } catch { throw error as! StorageError }
                    }
                }
            }
        }

        /// Every look-up of a few random probes, found or not, answers the model's.
        mutating func checkLookUps(_ context: String) {
            for _ in 0..<6 {
                let item = probe()
                if let tag = item as? Tag {
                    #expect(storage.indexPath(forItem: tag) == expectedPath(of: tag), "\(context): \(tag)")
                } else {
                    let note = item as! Note
                    #expect(storage.indexPath(forItem: note) == expectedPath(of: note), "\(context): \(note)")
                }
            }
        }

        /// The storage holds what the model holds.
        func checkContent(_ context: String) {
            #expect(storage.numberOfSections == model.count, "\(context): sections")
            for (section, items) in model.enumerated() {
                let stored = storage.items(inSection: section) ?? []
                #expect(stored.count == items.count && zip(stored, items).allSatisfy { same($0, $1) }, "\(context): section \(section)")
            }
        }

        func same(_ a: any Sendable, _ b: any Sendable) -> Bool {
            switch (a, b) {
            case let (a as Tag, b as Tag): a == b
            case let (a as Note, b as Note): a == b
            default: false
            }
        }
    }

    @Test("indexPath(forItem:) and removeItem(_:) answer what a plain array model answers after random edits",
          arguments: 0..<16)
    func lookUpsAgainstAnArrayModel(seed: UInt64) throws {
        var pair = Pair(random: SplitMix64(seed: seed))
        let large = seed.isMultiple(of: 4) ? 5_000 : (seed.isMultiple(of: 2) ? 300 : 30)
        let first = (0..<large).map { _ in pair.anyItem() }
        try pair.storage.addItems(first, toSection: 0)
        pair.model = [first]
        pair.checkLookUps("seed \(seed) start")   // the index is built here and then follows the edits
        for step in 0..<200 {
            try pair.edit()
            pair.checkLookUps("seed \(seed) step \(step)")
            if step % 20 == 0 { pair.checkContent("seed \(seed) step \(step)") }
        }
        // Items found by value are removed by value, in a random order: every one of a small
        // storage, down to nothing; 300 of a large one.
        var removals = pair.model.reduce(0) { $0 + $1.count }
        if removals > 1_000 { removals = 300 }
        for removal in 0..<removals {
            let filled = pair.model.indices.filter { !pair.model[$0].isEmpty }
            let section = filled[pair.int(0...filled.count - 1)]
            let item = pair.model[section][pair.int(0...pair.model[section].count - 1)]
            let removed = if let tag = item as? Tag { try pair.removeByValue(tag) } else { try pair.removeByValue(item as! Note) }
            #expect(removed, "seed \(seed) removal \(removal): an item the model holds was refused")
            if removal % 16 == 0 { pair.checkLookUps("seed \(seed) removal \(removal)") }
        }
        pair.checkContent("seed \(seed) after the removals")
    }
}
