import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// The labels that find an item's offset in its section's tree: random insertions (crowded at a
/// few places, so that labels run out and are spread again), moves and removals on a section,
/// against an array of identities.
@Suite struct StoredSectionLabelTests {
    @Test("labels grow with the offsets and find every item, through crowded insertions, moves and removals",
          arguments: 0..<40)
    func labelsFindEveryItem(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let initial = Int.random(in: 0...(seed % 4 == 0 ? 3_000 : 200), using: &random)
        var section = StoredSection(id: 0, model: SectionModel(items: Array(0..<initial)),
                                    slots: (0..<UInt64(initial)).map { $0 }, revision: 0)
        var model = (0..<UInt64(initial)).map { $0 }
        var nextSlot = UInt64(initial)
        // A few places that receive most insertions: each takes the middle of the gap left.
        let crowded = (0..<3).map { _ in Int.random(in: 0...max(0, initial), using: &random) }
        for _ in 0..<Int.random(in: 100...400, using: &random) {
            let roll = Int.random(in: 0..<10, using: &random)
            if roll < 6 || model.isEmpty {
                let place = Int.random(in: 0..<4, using: &random)
                let offset = min(model.count, place < 3 ? crowded[place] : Int.random(in: 0...model.count, using: &random))
                let count = Int.random(in: 0...2, using: &random) == 0 ? Int.random(in: 1...80, using: &random) : 1
                let slots = (0..<UInt64(count)).map { nextSlot + $0 }
                nextSlot += UInt64(count)
                section.insert(slots.map { StoredItem(model: Int($0), slot: $0, revision: 1) }, at: offset)
                model.insert(contentsOf: slots, at: offset)
            } else if roll < 8 {
                let source = Int.random(in: 0..<model.count, using: &random)
                let destination = Int.random(in: 0..<model.count, using: &random)
                section.moveItem(from: source, to: destination)
                model.insert(model.remove(at: source), at: destination)
            } else {
                let offset = Int.random(in: 0..<model.count, using: &random)
                _ = section.remove(at: offset)
                model.remove(at: offset)
            }
            #expect(section.slots == model, "seed \(seed): the section's identities differ from the array's")
            let labels = section.entries.map(\.label)
            #expect(zip(labels, labels.dropFirst()).allSatisfy { $0 < $1 }, "seed \(seed): labels out of order")
            for _ in 0..<min(8, model.count) {
                let offset = Int.random(in: 0..<model.count, using: &random)
                let item = section.entries[offset]
                #expect(section.offset(ofLabel: item.label, slot: item.slot) == offset, "seed \(seed): item \(offset) not found")
                #expect(section.offset(ofLabel: item.label, slot: item.slot &+ 1_000_000) == nil)
            }
        }
    }

    @Test("indexPath(forItem:) after hundreds of insertions at one place, and removeItem of each found item")
    func lookUpAfterCrowdedInsertions() throws {
        let storage = MemoryStorage()
        try storage.addItems(Array(0..<500), toSection: 0)
        var expected = Array(0..<500)
        _ = storage.indexPath(forItem: 0)   // builds the index, which then follows every change
        for value in 1_000..<1_600 {
            try storage.insertItem(value, to: path(0, 250))
            expected.insert(value, at: 250)
        }
        for (offset, value) in expected.enumerated() where offset % 7 == 0 {
            #expect(storage.indexPath(forItem: value) == path(0, offset))
        }
        var random = SplitMix64(seed: 54)
        for value in expected.shuffled(using: &random).prefix(300) {
            try storage.removeItem(value)
            expected.removeAll { $0 == value }
        }
        #expect(storage.items(inSection: 0)?.map { $0 as! Int } == expected)
        for (offset, value) in expected.enumerated() {
            #expect(storage.indexPath(forItem: value) == path(0, offset))
        }
    }
}
