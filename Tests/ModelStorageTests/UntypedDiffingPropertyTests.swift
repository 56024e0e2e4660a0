import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// Random heterogeneous lists (three `Identifiable & Equatable` types whose ids collide, plus
/// items without identity), random edits, then the untyped `setItems` and
/// `setItemsForAllSections`, mixed with header refreshes that change nothing or something:
/// every update, replayed on a copy, leaves the copy equal to the storage, matches every shared
/// (type, id), and equal headers report nothing.
@Suite struct UntypedDiffingPropertyTests {
    /// Makes random feed items (keys unique within a storage) and edits of them.
    struct FeedGenerator {
        var random: SplitMix64
        /// Ids per type: small, so that the three types share most ids.
        var nextIDs = [0, 0, 0]
        var nextText = 0

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

        /// A fresh item: usually identified (a key never used before), sometimes without identity.
        mutating func freshItem() -> FeedItem {
            nextText += 1
            switch int(0...9) {
            case 0: return .note(nextText)
            case 1: return .number(nextText)
            case let kind:
                let type = kind % 3
                defer { nextIDs[type] += 1 }
                let id = nextIDs[type]
                return [FeedItem.post(id: id, version: 0), .comment(id: id, version: 0), .tag(id: id, version: 0)][type]
            }
        }

        /// `items` with some dropped, some changed, maybe reordered, and fresh ones inserted.
        mutating func edit(_ items: [FeedItem]) -> [FeedItem] {
            let dropRate = int(0...40)
            var edited = items.filter { _ in !chance(dropRate) }
            let changeRate = int(0...30)
            for index in edited.indices where chance(changeRate) { edited[index] = edited[index].changed }
            if chance(40) { edited.shuffle(using: &random) } else if edited.count > 1 && chance(50) {
                let moved = edited.remove(at: int(0...edited.count - 1))
                edited.insert(moved, at: int(0...edited.count))
            }
            for _ in 0..<int(0...4) { edited.insert(freshItem(), at: int(0...edited.count)) }
            return edited
        }
    }

    @Test("untyped setItems and setItemsForAllSections: replayed updates reproduce the storage, shared (type, id) always matched; equal headers report nothing",
          arguments: 0..<300)
    func randomHeterogeneousRefreshes(seed: UInt64) throws {
        var generator = FeedGenerator(random: SplitMix64(seed: seed))
        let storage = MemoryStorage()
        try storage.setItemsForAllSections((0..<generator.int(1...3)).map { _ in
            (0..<generator.int(0...8)).map { _ in generator.freshItem().model }
        })
        var replica = feedItems(storage)
        for step in 0..<generator.int(1...25) {
            let context = "seed \(seed) step \(step)"
            giveEverySectionAHeader(storage)
            if generator.chance(50) { try refreshHeaders(storage, &generator, context) }
            let before = feedItems(storage)
            // The items replaced: those without identity are always deleted and inserted, so
            // only identified items can be set again without a change.
            var replaced: [FeedItem] = []
            let delivered = try updates(of: storage) {
                if generator.chance(50) || before.isEmpty {
                    replaced = before.flatMap { $0 }
                    let sections = deal(generator.edit(replaced), into: generator.int(0...4), &generator)
                    try storage.setItemsForAllSections(sections.map { $0.map(\.model) })
                } else {
                    let section = generator.int(0...before.count - 1)
                    replaced = before[section]
                    try storage.setItems(generator.edit(replaced).map(\.model), forSection: section)
                }
            }
            let after = feedItems(storage)
            let changed = before != after || replaced.contains { $0.key == nil }
            #expect(delivered.count == (changed ? 1 : 0), "\(context): \(delivered) from \(before) to \(after)")
            for update in delivered {
                checkFeedUpdate(update, from: before, to: after)
                replica = try update.apply(to: replica, with: after)
            }
            #expect(replica == after, "\(context): the replayed copy is \(replica), the storage \(after)")
        }
    }

    /// Sets the headers again, equal, or with one retitled: only a retitled one is reported,
    /// as a reload of its section, and the items stay.
    private func refreshHeaders(_ storage: MemoryStorage, _ generator: inout FeedGenerator, _ context: String) throws {
        var headers = (0..<storage.numberOfSections).map { storage.headerModel(forSection: $0) as! Shelf }
        let retitled = !headers.isEmpty && generator.chance(30) ? generator.int(0...headers.count - 1) : nil
        if let retitled { headers[retitled].title += 1 }
        let items = feedItems(storage)
        let delivered = updates(of: storage) { storage.setSectionHeaderModels(headers) }
        #expect(delivered.map(\.changes) == (retitled.map { [SectionedBatchUpdate(updatedSections: [$0])] } ?? []),
                "\(context): header refresh \(headers) delivered \(delivered)")
        #expect(feedItems(storage) == items)
        #expect((0..<storage.numberOfSections).map { storage.headerModel(forSection: $0) as? Shelf } == headers)
    }

    /// Gives sections without a header one (unrecorded: the set-up of the next step).
    private func giveEverySectionAHeader(_ storage: MemoryStorage) {
        for section in 0..<storage.numberOfSections where storage.headerModel(forSection: section) == nil {
            try! storage.setSupplementaryModel(Shelf(id: section), forKind: storage.supplementaryHeaderKind,
                                               atSectionIndex: section)
        }
    }

    /// `items` dealt in order into `count` sections, neighbours mostly together.
    private func deal(_ items: [FeedItem], into count: Int, _ generator: inout FeedGenerator) -> [[FeedItem]] {
        var sections = [[FeedItem]](repeating: [], count: count)
        guard count > 0 else { return sections }
        var target = 0
        for item in items {
            if generator.chance(20) { target = generator.int(0...count - 1) }
            sections[target].append(item)
        }
        return sections
    }
}
