import FingerprintDiff
import Foundation
import Testing
import SeededRandom

/// The batch-update form, its validation (every combination UIKit rejects) and `apply`.
@Suite("BatchUpdate")
struct BatchUpdateTests {
    typealias Move = Changeset.Move

    @Test("a legal update validates and applies")
    func legalUpdate() throws {
        // old: a b c d e  -> new: e a x c D   (b deleted, x inserted, e moved, d reloaded)
        let old = ["a", "b", "c", "d", "e"], new = ["e", "a", "x", "c", "D"]
        let update = BatchUpdate(deletions: [1], insertions: [2], moves: [Move(from: 4, to: 0)], reloads: [3])
        try update.validate(oldCount: 5, newCount: 5)
        #expect(try update.apply(to: old, with: new) == new)
        #expect(update.stageCount == 1)
    }

    @Test("apply keeps old values of elements that are not reloaded")
    func applyKeepsOldValues() throws {
        let update = BatchUpdate(moves: [Move(from: 0, to: 1)])
        #expect(try update.apply(to: ["a", "b"], with: ["B", "A"]) == ["b", "a"])
    }

    static let illegal: [(String, BatchUpdate, Int, Int, BatchUpdateError)] = [
        ("deletion out of range", BatchUpdate(deletions: [3]), 3, 2, .indexOutOfRange(.deletion, index: 3, count: 3)),
        ("negative deletion", BatchUpdate(deletions: [-1]), 3, 2, .indexOutOfRange(.deletion, index: -1, count: 3)),
        ("insertion out of range", BatchUpdate(insertions: [3]), 2, 3, .indexOutOfRange(.insertion, index: 3, count: 3)),
        ("move source out of range", BatchUpdate(moves: [Move(from: 2, to: 0)]), 2, 2, .indexOutOfRange(.moveSource, index: 2, count: 2)),
        ("move destination out of range", BatchUpdate(moves: [Move(from: 0, to: 2)]), 2, 2, .indexOutOfRange(.moveDestination, index: 2, count: 2)),
        ("reload out of range", BatchUpdate(reloads: [2]), 2, 2, .indexOutOfRange(.reload, index: 2, count: 2)),
        ("stage-2 reload out of range", BatchUpdate(reloadsAfterMoves: [5]), 2, 2, .indexOutOfRange(.reloadAfterMoves, index: 5, count: 2)),
        ("deleted twice", BatchUpdate(deletions: [1, 1]), 3, 1, .duplicateIndex(.deletion, index: 1)),
        ("inserted twice", BatchUpdate(insertions: [0, 0]), 0, 2, .duplicateIndex(.insertion, index: 0)),
        ("moved twice from one index", BatchUpdate(moves: [Move(from: 0, to: 1), Move(from: 0, to: 0)]), 2, 2, .duplicateIndex(.moveSource, index: 0)),
        ("two moves to one index", BatchUpdate(moves: [Move(from: 0, to: 1), Move(from: 1, to: 1)]), 2, 2, .duplicateIndex(.moveDestination, index: 1)),
        ("reloaded twice", BatchUpdate(reloads: [0, 0]), 1, 1, .duplicateIndex(.reload, index: 0)),
        ("deleted and moved", BatchUpdate(deletions: [0], insertions: [0], moves: [Move(from: 0, to: 1)]), 2, 2, .deletedAndMoved(index: 0)),
        ("deleted and reloaded", BatchUpdate(deletions: [0], reloads: [0]), 2, 1, .deletedAndReloaded(index: 0)),
        ("moved and reloaded", BatchUpdate(moves: [Move(from: 0, to: 1)], reloads: [0]), 2, 2, .movedAndReloaded(index: 0)),
        ("inserted and moved to", BatchUpdate(deletions: [1], insertions: [0], moves: [Move(from: 0, to: 0)]), 2, 2, .insertedAndMovedTo(index: 0)),
        ("counts do not add up", BatchUpdate(deletions: [0]), 3, 3, .invalidCount(oldCount: 3, deletions: 1, insertions: 0, newCount: 3)),
    ]

    @Test("every combination UIKit rejects is rejected with its reason", arguments: 0..<illegal.count)
    func rejects(index: Int) {
        let (name, update, oldCount, newCount, expected) = Self.illegal[index]
        #expect(throws: expected, "\(name)") { try update.validate(oldCount: oldCount, newCount: newCount) }
        #expect(!expected.description.isEmpty)
    }

    @Test("apply refuses arrays whose counts the update does not describe")
    func applyChecksCounts() {
        #expect(throws: BatchUpdateError.invalidCount(oldCount: 2, deletions: 0, insertions: 1, newCount: 2)) {
            try BatchUpdate(insertions: [0]).apply(to: [1, 2], with: [3, 1])
        }
    }

    @Test("index paths in a section, ArrayUpdater style")
    func indexPaths() throws {
        let update = BatchUpdate(deletions: [1], insertions: [0], moves: [Move(from: 2, to: 1)], reloads: [0], reloadsAfterMoves: [1])
        let paths = try update.indexPaths(inSection: 3)
        #expect(paths.deletions == [IndexPath(item: 1, section: 3)])
        #expect(paths.insertions == [IndexPath(item: 0, section: 3)])
        #expect(paths.moves == [IndexPathMove(from: IndexPath(item: 2, section: 3), to: IndexPath(item: 1, section: 3))])
        #expect(paths.reloads == [IndexPath(item: 0, section: 3)])
        #expect(paths.reloadsAfterMoves == [IndexPath(item: 1, section: 3)])
        #expect(paths.moves[0].from.section == 3 && paths.moves[0].from.item == 2)
    }

    @Test("negative counts and sections are typed errors, not a pass or an answer")
    func negativeCountsAndSections() {
        #expect(throws: BatchUpdateError.negativeCount(-1)) { try BatchUpdate().validate(oldCount: -1, newCount: -1) }
        #expect(throws: BatchUpdateError.negativeCount(-2)) { try BatchUpdate().validate(oldCount: 0, newCount: -2) }
        #expect(throws: BatchUpdateError.negativeSection(-5)) { try BatchUpdate(insertions: [0]).indexPaths(inSection: -5) }
        #expect(throws: BatchUpdateError.negativeSection(-1)) { try SectionedBatchUpdate(BatchUpdate(), inSection: -1) }
        #expect(throws: SectionedBatchUpdateError.sections(.negativeCount(-3))) {
            try SectionedBatchUpdate().validate(oldItemCounts: [1, -3], newItemCounts: [1, -3])
        }
        #expect(BatchUpdateError.negativeSection(-5).description == "the section -5 is negative")
    }

    @Test("stage count: 0 when empty, 2 only when moved elements also changed")
    func stageCount() {
        #expect(BatchUpdate().stageCount == 0)
        #expect(BatchUpdate().isEmpty)
        #expect(BatchUpdate(reloads: [0]).stageCount == 1)
        #expect(BatchUpdate(reloadsAfterMoves: [0]).stageCount == 1)
        #expect(BatchUpdate(moves: [Move(from: 0, to: 1)], reloadsAfterMoves: [1]).stageCount == 2)
    }

    @Test("random illegal updates never apply silently: validate and apply agree")
    func randomUpdates() {
        var generator = SplitMix64(seed: 11)
        var legal = 0
        for _ in 0..<3000 {
            let oldCount = Int.random(in: 0...6, using: &generator)
            let newCount = Int.random(in: 0...6, using: &generator)
            func some(_ bound: Int) -> [Int] {
                (0..<Int.random(in: 0...2, using: &generator)).map { _ in Int.random(in: -1...bound, using: &generator) }
            }
            let update = BatchUpdate(
                deletions: some(oldCount), insertions: some(newCount),
                moves: (0..<Int.random(in: 0...2, using: &generator)).map { _ in
                    Move(from: Int.random(in: 0...oldCount, using: &generator), to: Int.random(in: 0...newCount, using: &generator))
                },
                reloads: some(oldCount), reloadsAfterMoves: some(newCount))
            let old = (0..<oldCount).map { "o\($0)" }
            let new = (0..<newCount).map { "n\($0)" }
            do {
                try update.validate(oldCount: oldCount, newCount: newCount)
                legal += 1
                let result = try update.apply(to: old, with: new)
                #expect(result.count == newCount)
                // Inserted and reloaded slots hold new values; the others hold each kept old value once.
                let kept = result.filter { $0.hasPrefix("o") }.map { Int($0.dropFirst())! }
                #expect(Set(kept).count == kept.count, "no old element twice")
                #expect(Set(kept).isDisjoint(with: update.deletions + update.reloads), "deleted and reloaded are gone")
                #expect(kept.count >= oldCount - update.deletions.count - update.reloads.count - update.reloadsAfterMoves.count)
                #expect(kept.count <= oldCount - update.deletions.count - update.reloads.count)
                let moved = Set(update.moves.map(\.from))
                let unmoved = kept.filter { !moved.contains($0) }
                #expect(unmoved == unmoved.sorted(), "unmoved elements keep their order")
            } catch {
                #expect(throws: error) { try update.apply(to: old, with: new) }
            }
        }
        #expect(legal > 10, "the generator produces legal updates too")
    }
}
