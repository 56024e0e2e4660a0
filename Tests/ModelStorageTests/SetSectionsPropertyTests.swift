import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// `setSections` (and `setHeterogeneousSections`, which installs through the same code) against
/// a reference written the plain way, on equal storages: the old items read one at a time, the
/// old identities and revisions gathered per section, the new ones taken from an array of the
/// matching's offsets, each tree built from an array of all its items. Random sectioned
/// changes: sections moved, inserted, deleted and retitled, items moved between sections,
/// changed, deleted and inserted, ids repeated, items of other types and optionals among the
/// stored items, footers and other supplementary models, sections without a header, calls
/// inside `performUpdates`. Both must deliver the same updates and leave the same storage: the
/// sections' identities, revisions and supplementary models, and every item's model, identity,
/// revision and label, and the same counters for the identities and revisions to come.
@Suite struct SetSectionsPropertyTests {
    struct Item: Identifiable, Equatable, Sendable, CustomStringConvertible {
        var id: Int
        var value = 0
        var description: String { "I\(id).\(value)" }
    }
    struct Other: Equatable, Sendable, CustomStringConvertible {
        var id: Int
        var description: String { "O\(id)" }
    }
    struct Group: Identifiable, Equatable, Sendable, CustomStringConvertible {
        var id: Int
        var title = 0
        var description: String { "G\(id).\(title)" }
    }

    struct Generator {
        var random: SplitMix64
        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

        /// Sections of random items (up to `maxItems` each: trees of several leaves when it is
        /// large), ids from a range small enough to repeat sometimes.
        mutating func sections(count: Int, maxItems: Int, idRange: ClosedRange<Int>) -> [ArraySection<Group, Item>] {
            (0..<count).map { _ in
                ArraySection(model: Group(id: int(0...count + 3), title: int(0...1)),
                             items: (0..<int(0...maxItems)).map { _ in Item(id: int(idRange)) })
            }
        }

        /// `old` edited: sections moved, dropped, inserted, retitled; items dropped, changed,
        /// moved to other sections, inserted.
        mutating func edit(_ old: [ArraySection<Group, Item>], idRange: ClosedRange<Int>) -> [ArraySection<Group, Item>] {
            var new = old.filter { _ in !chance(15) }
            for _ in 0..<int(0...2) where !new.isEmpty {
                let section = new.remove(at: int(0...new.count - 1))
                new.insert(section, at: int(0...new.count))
            }
            for _ in 0..<int(0...2) {
                new.insert(ArraySection(model: Group(id: int(0...old.count + 5)), items: []), at: int(0...new.count))
            }
            var moving: [Item] = []
            for index in new.indices {
                if chance(20) { new[index].model.title += 1 }
                new[index].items = new[index].items.compactMap { item in
                    if chance(10) { return nil }
                    if chance(15) { moving.append(item); return nil }
                    return chance(15) ? Item(id: item.id, value: item.value + 1) : item
                }
            }
            moving += (0..<int(0...5)).map { _ in Item(id: int(idRange)) }
            if !new.isEmpty {
                for item in moving {
                    let section = int(0...new.count - 1)
                    new[section].items.insert(item, at: int(0...new[section].items.count))
                }
            }
            return new
        }
    }

    /// Everything a storage holds that the two paths could set differently.
    static func state(of storage: MemoryStorage) -> [String] {
        var lines = ["counters \(storage.core.freshCounters)"]
        for section in storage.sections {
            let supplementaries = section.supplementaryModels.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            lines.append("section \(section.id) revision \(section.revision) \(supplementaries)")
            for item in section.entries {
                lines.append("  \(type(of: item.model)) \(item.model) slot \(item.slot) revision \(item.revision) label \(item.label)")
            }
        }
        return lines
    }

    /// An update as text: its changes and its updated models.
    static func text(_ update: StorageUpdate) -> String {
        "\(update.changes) " + update.updatedModels.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }

    /// A storage with random content: `setSections(initial)` or the same items added by hand,
    /// items of another type and optionals mixed in, footers, sections without a header.
    static func makeStorage(_ initial: [ArraySection<Group, Item>], _ generator: inout Generator) throws -> [(MemoryStorage) throws -> Void] {
        var steps: [(MemoryStorage) throws -> Void] = []
        if generator.chance(50) {
            steps.append { $0.setSections(initial) }
        } else {
            for (index, section) in initial.enumerated() {
                let optional = generator.chance(30)
                let items = section.items
                steps.append { storage in
                    if optional {
                        try storage.addItems(items.map { Optional($0) }, toSection: index)
                    } else {
                        try storage.addItems(items, toSection: index)
                    }
                }
                let header: (any Sendable)? = generator.chance(80) ? section.model : (generator.chance(50) ? "header" : nil)
                steps.append { try $0.setSupplementaryModel(header, forKind: $0.supplementaryHeaderKind, atSectionIndex: index) }
            }
        }
        for index in initial.indices where generator.chance(20) {
            let other = Other(id: generator.int(0...5))
            let at = generator.int(0...initial[index].items.count)
            steps.append { try $0.insertItem(other, to: IndexPath(indexes: [index, at])) }
        }
        for index in initial.indices where generator.chance(30) {
            let footer = generator.int(0...3)
            steps.append { try $0.setSupplementaryModel(footer, forKind: $0.supplementaryFooterKind, atSectionIndex: index) }
        }
        return steps
    }

    @Test("setSections equals the plain reference: updates, identities, revisions, labels", arguments: 0..<300)
    func setSectionsEqualsReference(seed: UInt64) throws {
        var generator = Generator(random: SplitMix64(seed: seed))
        let idRange = 0...(seed % 3 == 0 ? 8 : 200)
        var sections = generator.sections(count: generator.int(0...6), maxItems: seed % 10 == 1 ? 300 : 12, idRange: idRange)
        let steps = try Self.makeStorage(sections, &generator)
        let (fast, reference) = (MemoryStorage(), MemoryStorage())
        for storage in [fast, reference] {
            for step in steps { try step(storage) }
        }
        var delivered: [[String]] = [[], []]
        let tokens = [fast, reference].enumerated().map { index, storage in
            storage.addObserver { delivered[index].append(Self.text($0)) }
        }
        defer { _ = tokens }
        for round in 0..<generator.int(1...4) {
            let new = generator.edit(sections, idRange: idRange)
            if generator.chance(25) {
                fast.performUpdates { fast.setSections(new) }
                reference.performUpdates { reference.referenceSetSections(new) }
            } else {
                fast.setSections(new)
                reference.referenceSetSections(new)
            }
            #expect(Self.state(of: fast) == Self.state(of: reference), "seed \(seed), round \(round)")
            #expect(delivered[0] == delivered[1], "seed \(seed), round \(round)")
            sections = new
        }
    }

    @Test("setHeterogeneousSections equals the plain reference", arguments: 0..<150)
    func heterogeneousSectionsEqualsReference(seed: UInt64) throws {
        var generator = Generator(random: SplitMix64(seed: seed))
        let idRange = 0...(seed % 3 == 0 ? 8 : 200)
        let sections = generator.sections(count: generator.int(0...6), maxItems: seed % 10 == 1 ? 300 : 12, idRange: idRange)
        let steps = try Self.makeStorage(sections, &generator)
        let (fast, reference) = (MemoryStorage(), MemoryStorage())
        for storage in [fast, reference] {
            for step in steps { try step(storage) }
        }
        let new = generator.edit(sections, idRange: idRange).map { section in
            (model: section.model, items: section.items.map { generator.chance(20) ? Other(id: $0.id % 6) as any Sendable : $0 })
        }
        var delivered: [[String]] = [[], []]
        let tokens = [fast, reference].enumerated().map { index, storage in
            storage.addObserver { delivered[index].append(Self.text($0)) }
        }
        defer { _ = tokens }
        try fast.setHeterogeneousSections(new)
        try reference.referenceSetHeterogeneousSections(new)
        #expect(Self.state(of: fast) == Self.state(of: reference), "seed \(seed)")
        #expect(delivered[0] == delivered[1], "seed \(seed)")
    }
}

extension MemoryStorage {
    /// `setSections` the plain way (see ``SetSectionsPropertyTests``).
    func referenceSetSections<Model: Identifiable & Equatable & Sendable, Item: Identifiable & Equatable & Sendable>(
        _ newSections: [ArraySection<Model, Item>]
    ) {
        let sectionChanges = _sectionChanges(to: newSections.map(\.model))
        let newItems = newSections.flatMap(\.items)
        var oldTyped: [Item?] = []
        _forEachItemModel(inSection: nil) { oldTyped.append($0.pointee as? Item) }
        Self._itemMatching(oldTyped: oldTyped, new: newItems, id: { $0.id }, moves: false, changed: !=) { matching in
            referenceReplaceSections(headers: newSections.map { $0.model as any Sendable }, models: newItems.map { $0 as any Sendable },
                                     itemCounts: newSections.map(\.items.count), sectionChanges: sectionChanges.changes,
                                     sectionNewOfOld: sectionChanges.newOfOld, matching: matching)
        }
    }

    /// `setHeterogeneousSections` the plain way: its matching, then the plain install.
    func referenceSetHeterogeneousSections<Model: Identifiable & Equatable & Sendable>(
        _ newSections: [(model: Model, items: [any Sendable])]
    ) throws {
        var items: [[any Sendable]] = []
        for section in newSections { items.append(try storedItems(section.items)) }
        let sectionChanges = _sectionChanges(to: newSections.map(\.model))
        let models = items.flatMap { $0 }
        withTypedItemMatching(old: sections, new: models, moves: false, evenWithoutIdentities: true) { matching in
            referenceReplaceSections(headers: newSections.map { $0.model as any Sendable }, models: models,
                                     itemCounts: items.map(\.count), sectionChanges: sectionChanges.changes,
                                     sectionNewOfOld: sectionChanges.newOfOld, matching: matching)
        }
    }

    /// The install of `setSections` the plain way: identities and revisions gathered per
    /// section, new ones from the matching's array of offsets, fresh identities and the new
    /// revision in the same order as the storage takes them, each tree from an array of all
    /// its items.
    func referenceReplaceSections(headers: [any Sendable], models: [any Sendable], itemCounts: [Int],
                                  sectionChanges: Changeset, sectionNewOfOld: [Int], matching: _Matching) {
        let oldSlots = sections.flatMap(\.slots), oldRevisions = sections.flatMap(\.revisions)
        let oldOfNew = matching.oldOffsetsOfNew
        var slots = oldOfNew.map { $0 >= 0 ? oldSlots[$0] : 0 }
        var revisions = oldOfNew.map { $0 >= 0 ? oldRevisions[$0] : 0 }
        let unmatched = oldOfNew.indices.filter { oldOfNew[$0] < 0 }
        let sectioned = SectionedChangeset(sectionChanges: sectionChanges, sectionNewOfOld: sectionNewOfOld, items: matching,
                                           oldItemCounts: sections.map(\.count), newItemCounts: itemCounts)
        var starts = [0]
        for count in itemCounts { starts.append(starts.last! + count) }
        let update = StorageUpdate(sectioned) { path in models[starts[path[0]] + path[1]] }
        let fresh = makeIdentities(unmatched.count), revision = makeRevision()
        for (offset, identity) in zip(unmatched, fresh) {
            slots[offset] = identity
            revisions[offset] = revision
        }
        for update in matching.updates { revisions[update.new] = revision }
        let sectionOldOfNew = inverseMatching(sectionNewOfOld, newCount: headers.count)
        let updatedSections = Set(sectionChanges.updates.map(\.new))
        let sectionRevision = updatedSections.isEmpty ? nil : makeRevision()
        var result: [StoredSection] = []
        for (index, header) in headers.enumerated() {
            var stored = sectionOldOfNew[index] >= 0 ? sections[sectionOldOfNew[index]] : makeSection()
            let range = starts[index]..<starts[index + 1]
            let labels = Labels.between(0, .max, count: range.count)!
            let all = range.map {
                StoredItem(model: models[$0], slot: slots[$0], revision: revisions[$0], label: labels[$0 - range.lowerBound])
            }
            stored.replaceEntries(with: CountedTree(all))
            stored.setSupplementaryModel(header, forKind: supplementaryHeaderKind,
                                         revision: updatedSections.contains(index) ? sectionRevision : nil)
            result.append(stored)
        }
        let delivered = isBatching ? StorageUpdate() : update
        commit { $0.installDiffedSections(result, update: delivered) }
    }
}
