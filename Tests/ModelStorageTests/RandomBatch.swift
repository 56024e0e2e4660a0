import Foundation
@testable import ModelStorageTesting
import SeededRandom

/// Random batches that UIKit's rules accept: sections deleted, moved, reloaded and inserted,
/// rows deleted, moved (within and across sections), reloaded, reconfigured and inserted.
enum RandomBatch {
    /// A batch over sections of `before` rows and the rows per section after it.
    static func make(before: [Int], using random: inout SplitMix64) -> (batch: RecordedBatch, after: [Int]) {
        var batch = RecordedBatch()
        var movedSections: [Int] = []
        for section in before.indices {
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1: batch.deletedSections.append(section)
            case 2: movedSections.append(section)
            case 3: batch.reloadedSections.append(section)
            default: break
            }
        }
        let insertedCount = Int.random(in: 0...2, using: &random)
        let newCount = before.count - batch.deletedSections.count + insertedCount
        let taken = Array((0..<newCount).shuffled(using: &random).prefix(insertedCount + movedSections.count))
        batch.insertedSections = Array(taken.prefix(insertedCount))
        batch.movedSections = zip(movedSections, taken.dropFirst(insertedCount)).map { ($0, $1) }
        let newOfOld = batch.newSections(oldCount: before.count)
        let after = rows(of: &batch, before: before, newOfOld: newOfOld, newCount: newCount, using: &random)
        return (batch, after)
    }

    /// The batch's row operations, and the rows per new section they give.
    private static func rows(of batch: inout RecordedBatch, before: [Int], newOfOld: [Int?], newCount: Int,
                             using random: inout SplitMix64) -> [Int] {
        var staying = [Int](repeating: 0, count: newCount)
        let targets = newOfOld.compactMap { $0 }
        var moveSources: [(from: IndexPath, toSection: Int)] = []
        for (old, new) in newOfOld.enumerated() {
            guard let new else { continue }
            for row in 0..<before[old] {
                let path = IndexPath(indexes: [old, row])
                switch Int.random(in: 0..<12, using: &random) {
                case 0: batch.deletedItems.append(path)
                case 1: moveSources.append((path, targets.randomElement(using: &random)!))
                case 2: batch.reloadedItems.append(path); staying[new] += 1
                case 3: batch.reconfiguredItems.append(path); staying[new] += 1
                default: staying[new] += 1
                }
            }
        }
        var after = staying
        for section in 0..<newCount {
            let moving = moveSources.indices.filter { moveSources[$0].toSection == section }
            let inserted = Int.random(in: 0...3, using: &random)
            after[section] += moving.count + inserted
            var arriving = (0..<after[section]).shuffled(using: &random).prefix(moving.count + inserted).makeIterator()
            for move in moving { batch.movedItems.append((moveSources[move].from, IndexPath(indexes: [section, arriving.next()!]))) }
            while let row = arriving.next() { batch.insertedItems.append(IndexPath(indexes: [section, row])) }
        }
        batch.movedItems.shuffle(using: &random)
        batch.insertedItems.shuffle(using: &random)
        return after
    }
}
