import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// The whole-list calls of `MemoryStorage` (the untyped `setItems(_:forSection:)`, `setSections`
/// and `setHeterogeneousSections`) against a straightforward reference on random lists: the
/// typed diff of the same items, each identified by its type and id in one `Identifiable` value
/// (`OracleItem`), items without identity given ids nothing shares. The update the storage
/// reports must be exactly the reference's, and the storage must hold the new items, unwrapped.
@Suite struct WholeListDiffOracleTests {
    /// A feed item as one typed value: identified by its type and id, compared by its content.
    struct OracleItem: Identifiable, Equatable {
        let id: String
        let item: FeedItem
    }

    /// A section's header model.
    struct Group: Identifiable, Equatable, Sendable {
        var id: Int
        var title = 0
    }

    /// A section as the test draws it.
    struct Draft: CustomStringConvertible {
        var model: Group
        var items: [FeedItem]
        var description: String { "\(model): \(items)" }
    }

    /// `items` as the reference diffs them; `side` keeps the items without identity of the two
    /// lists apart (they never match).
    static func oracleItems(_ items: [FeedItem], side: String) -> [OracleItem] {
        items.enumerated().map { offset, item in OracleItem(id: item.key ?? "\(side) \(offset)", item: item) }
    }

    /// `item`'s model, wrapped in one or two optionals now and then (the storage stores the
    /// model itself).
    static func model(_ item: FeedItem, _ random: inout SplitMix64) -> any Sendable {
        let wrapping = Int.random(in: 0..<6, using: &random)
        switch (item, wrapping) {
        case let (.post(id, version), 0): return FeedPost(id: id, version: version) as FeedPost?
        case let (.comment(id, version), 0): return FeedComment(id: id, version: version) as FeedComment??
        case let (.tag(id, version), 0): return FeedTag(id: id, version: version) as FeedTag?
        default: return item.model
        }
    }

    @Test("untyped setItems of two or three types, optionals among them: the update is the typed diff's", arguments: 0..<150)
    func untypedSetItemsIsTheTypedDiff(seed: UInt64) throws {
        var generator = UntypedDiffingPropertyTests.FeedGenerator(random: SplitMix64(seed: seed))
        let storage = MemoryStorage()
        var old = (0..<generator.int(1...40)).map { _ in generator.freshItem() }
        try storage.setItems(old.map { Self.model($0, &generator.random) }, forSection: 0)
        for step in 0..<3 {
            let new = generator.edit(old)
            let delivered = try updates(of: storage) {
                try storage.setItems(new.map { Self.model($0, &generator.random) }, forSection: 0)
            }
            #expect(feedItems(storage) == [new], "seed \(seed) step \(step)")
            let reference = Changeset(from: Self.oracleItems(old, side: "old"), to: Self.oracleItems(new, side: "new"))
            let anyIdentified = old.contains { $0.key != nil } && new.contains { $0.key != nil }
            if anyIdentified {
                let expected = try SectionedBatchUpdate(BatchUpdate(reference), inSection: 0)
                #expect(delivered.map(\.changes) == (expected.isEmpty ? [] : [expected]),
                        "seed \(seed) step \(step): \(old) to \(new)")
            }
            old = new
        }
    }

    @Test("setSections and setHeterogeneousSections: sections moved, items moving section, the update is the sectioned typed diff's",
          arguments: 0..<150)
    func setSectionsIsTheSectionedDiff(seed: UInt64) throws {
        var generator = UntypedDiffingPropertyTests.FeedGenerator(random: SplitMix64(seed: seed))
        let heterogeneous = seed % 2 == 1
        var nextGroup = 0
        func freshSection(_ generator: inout UntypedDiffingPropertyTests.FeedGenerator) -> Draft {
            defer { nextGroup += 1 }
            return Draft(model: Group(id: nextGroup), items: (0..<generator.int(0...8)).map { _ in generator.freshItem() })
        }
        /// For `setSections` (one item type): every item as a post, ids kept apart by kind.
        func typed(_ sections: [Draft]) -> [Draft] {
            heterogeneous ? sections : sections.map { section in
                Draft(model: section.model, items: section.items.map { item in
                    switch item {
                    case .post: item
                    case let .comment(id, version): .post(id: 1_000_000 + id, version: version)
                    case let .tag(id, version): .post(id: 2_000_000 + id, version: version)
                    case let .note(text): .post(id: 3_000_000 + text, version: 0)
                    case let .number(value): .post(id: 4_000_000 + value, version: 0)
                    }
                })
            }
        }
        func set(_ sections: [Draft]) throws {
            if heterogeneous {
                try storage.setHeterogeneousSections(sections.map { section in
                    (model: section.model, items: section.items.map { Self.model($0, &generator.random) })
                })
            } else {
                storage.setSections(sections.map { section in
                    ArraySection(model: section.model, items: section.items.map { item -> FeedPost in
                        guard case let .post(id, version) = item else { preconditionFailure() }
                        return FeedPost(id: id, version: version)
                    })
                })
            }
        }
        let storage = MemoryStorage()
        var old = typed((0..<generator.int(0...5)).map { _ in freshSection(&generator) })
        try set(old)
        for step in 0..<3 {
            let new = typed(edit(old, &generator, fresh: freshSection))
            let delivered = try updates(of: storage) { try set(new) }
            #expect(feedItems(storage) == new.map(\.items), "seed \(seed) step \(step)")
            let reference = SectionedChangeset(
                from: old.map { ArraySection(model: $0.model, items: Self.oracleItems($0.items, side: "old \($0.model.id)")) },
                to: new.map { ArraySection(model: $0.model, items: Self.oracleItems($0.items, side: "new \($0.model.id)")) })
            let expected = reference.batchUpdate
            #expect(delivered.map(\.changes) == (expected.isEmpty ? [] : [expected]),
                    "seed \(seed) step \(step): \(old) to \(new)")
            old = new
        }
    }

    /// `sections` with some moved, dropped, retitled and fresh, their items edited and some moved
    /// to another section.
    private func edit(_ sections: [Draft], _ generator: inout UntypedDiffingPropertyTests.FeedGenerator,
                      fresh: (inout UntypedDiffingPropertyTests.FeedGenerator) -> Draft) -> [Draft] {
        var edited = sections.filter { _ in !generator.chance(15) }
        for index in edited.indices {
            if generator.chance(20) { edited[index].model.title += 1 }
            edited[index].items = generator.chance(50) ? generator.edit(edited[index].items) : edited[index].items
        }
        if edited.count > 1 && generator.chance(50) {
            let moved = edited.remove(at: generator.int(0...edited.count - 1))
            edited.insert(moved, at: generator.int(0...edited.count))
        }
        if generator.chance(40) { edited.insert(fresh(&generator), at: generator.int(0...edited.count)) }
        // Items that change section.
        for _ in 0..<generator.int(0...3) where edited.count > 1 {
            let from = generator.int(0...edited.count - 1), to = generator.int(0...edited.count - 1)
            guard !edited[from].items.isEmpty else { continue }
            let item = edited[from].items.remove(at: generator.int(0...edited[from].items.count - 1))
            edited[to].items.insert(item, at: generator.int(0...edited[to].items.count))
        }
        return edited
    }
}
