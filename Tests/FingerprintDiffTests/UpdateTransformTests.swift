import FingerprintDiff
import Foundation
import Testing
import SeededRandom

/// `withoutMoves`, `inverted`, index mapping and `changeCount` on random updates: every
/// transformed update validates and applies, and inverting takes the new list back to the old.
@Suite("Update transforms")
struct UpdateTransformTests {
    @Test("BatchUpdate: withoutMoves applies, inverted round-trips, indexes map", arguments: ChangesetPropertyTests.shapes)
    func flat(shape: ChangesetPropertyTests.Shape) throws {
        var generator = SplitMix64(seed: UInt64(shape.maxSize * 7 + shape.alphabet + 1))
        for _ in 0..<(shape.maxSize >= 2000 ? 60 : 300) {
            let (old, new) = ChangesetPropertyTests.randomCase(shape, using: &generator)
            let update = BatchUpdate(Changeset(from: old, to: new))

            let flat = update.withoutMoves
            #expect(flat.moves.isEmpty && flat.reloadsAfterMoves.isEmpty)
            #expect(try flat.apply(to: old, with: new) == new, "\(flat)")
            #expect(flat.changeCount == update.changeCount + update.moves.count - update.reloadsAfterMoves.count)

            let inverse = update.inverted
            #expect(try inverse.apply(to: new, with: old) == old, "\(update) inverted is \(inverse)")
            #expect(inverse.inverted == update)
            #expect(inverse.changeCount == update.changeCount)

            // Index mapping agrees with where apply puts each element.
            let tagged = old.indices.map { Tagged(index: $0) }
            let placed = try update.apply(to: tagged, with: new.indices.map { _ in Tagged(index: -1) })
            // A sample of indexes: each look-up is O(n log n).
            for (newIndex, element) in placed.enumerated() where element.index >= 0 && newIndex % max(1, placed.count / 16) == 0 {
                #expect(update.newIndex(ofOld: element.index) == newIndex)
                #expect(update.oldIndex(ofNew: newIndex) == element.index)
            }
            for index in update.deletions.prefix(16) { #expect(update.newIndex(ofOld: index) == nil) }
            for index in update.insertions.prefix(16) { #expect(update.oldIndex(ofNew: index) == nil) }
        }
    }

    /// An element that remembers its old index (-1: inserted).
    struct Tagged: Equatable { var index: Int }

    @Test("SectionedBatchUpdate: withoutMoves applies, inverted round-trips", arguments: 0..<400)
    func sectioned(seed: UInt64) throws {
        let input = RandomSections(seed: seed, maxSections: 12, maxItems: 40, duplicates: false)
        let (old, new) = input.sections { Item(id: $0, content: $1) }
        let oldItems = old.map(\.items), newItems = new.map(\.items)
        let update = SectionedChangeset(from: old, to: new).batchUpdate

        let flat = update.withoutMoves
        #expect(flat.movedSections.isEmpty && flat.movedItems.isEmpty && flat.updatedItemsAfterMoves.isEmpty)
        try flat.validate(oldItemCounts: oldItems.map(\.count), newItemCounts: newItems.map(\.count))
        #expect(try flat.apply(to: oldItems, with: newItems) == newItems, "seed \(seed): \(flat)")
        #expect(try flat.applyToSections(old.map(\.model), with: new.map(\.model)) == new.map(\.model))

        let inverse = update.inverted
        try inverse.validate(oldItemCounts: newItems.map(\.count), newItemCounts: oldItems.map(\.count))
        #expect(try inverse.apply(to: newItems, with: oldItems) == oldItems, "seed \(seed): \(update) inverted is \(inverse)")
        #expect(try inverse.applyToSections(new.map(\.model), with: old.map(\.model)) == old.map(\.model))
        #expect(update.changeCount >= update.movedItems.count + update.deletedItems.count)
    }

    @Test("IndexLookup finds where an id was and where it went")
    func lookup() {
        let old = [Item(id: 1), Item(id: 2), Item(id: 3)]
        let new = [Item(id: 3), Item(id: 4), Item(id: 1)]
        let lookup = Changeset.IndexLookup(old: old, new: new)
        #expect(lookup.oldIndex(of: 3) == 2 && lookup.newIndex(of: 3) == 0)
        #expect(lookup.oldIndex(of: 4) == nil && lookup.newIndex(of: 4) == 1)
        #expect(lookup.newIndex(of: 2) == nil && lookup.oldIndex(of: 9) == nil)
    }
}
