@testable import FingerprintDiff
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

    @Test("look-ups of a negative index answer nil")
    func negativeLookups() {
        let update = BatchUpdate(deletions: [1], insertions: [0], moves: [.init(from: 0, to: 2)])
        #expect(update.newIndex(ofOld: -5) == nil && update.oldIndex(ofNew: -1) == nil)
        #expect(update.newIndex(ofOld: 2) == 1 && update.oldIndex(ofNew: 1) == 2)
    }

    @Test("an update no list can take is told apart without counts, naming the problem")
    func wellFormedness() {
        let cases: [(BatchUpdate, String?)] = [
            (BatchUpdate(deletions: [5, 5, -1]), "deletion index 5 appears more than once"),
            (BatchUpdate(deletions: [-1]), "deletion index -1 is negative"),
            (BatchUpdate(deletions: [2], moves: [.init(from: 2, to: 0)]), "index 2 is both deleted and moved"),
            (BatchUpdate(insertions: [0], moves: [.init(from: 1, to: 0)]), "index 0 is both inserted and the destination of a move"),
            (BatchUpdate(moves: [.init(from: 1, to: 0)], reloads: [1]), "index 1 is both moved and reloaded in one stage"),
            (BatchUpdate(deletions: [Int.max], insertions: [Int.max]), nil),   // no allocation by size
            (BatchUpdate(deletions: [0, 3], insertions: [1], moves: [.init(from: 1, to: 0)], reloads: [2]), nil),
        ]
        for (update, problem) in cases {
            #expect(update._wellFormednessProblem == problem, "\(update)")
        }
        let sectioned = SectionedBatchUpdate(deletedItems: [[0, 1], [0, 1]])
        #expect(sectioned._wellFormednessProblem == "deletion index path [0, 1] appears more than once")
        #expect(SectionedBatchUpdate(insertedItems: [[3]])._wellFormednessProblem
                == "insertion index path [3] is not a (section, item) pair of non-negative indexes")
    }

    @Test("transforms and look-ups of an update no list can take trap with the reason, never answer wrong")
    func transformsOfIllFormedUpdatesTrap() async {
        await #expect(processExitsWith: .failure) { _ = BatchUpdate(deletions: [5, 5, -1]).inverted }
        await #expect(processExitsWith: .failure) { _ = BatchUpdate(insertions: [0, 0]).newIndex(ofOld: 1) }
        await #expect(processExitsWith: .failure) { _ = SectionedBatchUpdate(movedItems: [IndexPathMove(from: [0], to: [1, 1])]).inverted }
    }

    @Test("Changeset.validate names the changeset's own operations, never the batch update's")
    func changesetErrorsNameTheInput() {
        #expect(throws: BatchUpdateError.updateOutOfRange(old: 0, new: 0, oldCount: 1, newCount: 0)) {
            try Changeset(deletions: [0], updates: [.init(old: 0, new: 0)]).validate(oldCount: 1, newCount: 0)
        }
        #expect(throws: BatchUpdateError.updateNotMatched(old: 0, new: 0)) {
            try Changeset(deletions: [0], insertions: [0], updates: [.init(old: 0, new: 0)]).validate(oldCount: 1, newCount: 1)
        }
        #expect(throws: BatchUpdateError.duplicateIndex(.update, index: 1)) {
            try Changeset(updates: [.init(old: 1, new: 1), .init(old: 1, new: 1)]).validate(oldCount: 2, newCount: 2)
        }
        #expect(BatchUpdateError.updateOutOfRange(old: 0, new: 0, oldCount: 1, newCount: 0).description
                == "update 0~0 is out of range (old offsets 0..<1, new offsets 0..<0)")
    }
}
