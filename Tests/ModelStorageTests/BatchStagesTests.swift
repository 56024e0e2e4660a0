import FingerprintDiff
import Foundation
@testable import ModelStorage
import SeededRandom
import Testing

/// `BatchStages` of an update that deletes, inserts and moves nothing takes its changed items'
/// new index paths to be their old ones, without computing staying places: on random updates of
/// that kind, the fast path gives exactly what the path through `SectionedStayingPlaces` gives,
/// pair for pair, and the stages built on it are those the general path builds.
@Suite struct BatchStagesTests {
    /// A random update of up to 5 sections that only changes things in place: items changed
    /// (in place, and some listed as changed after a move that did not happen), sections whose
    /// own models changed.
    static func inPlaceUpdate(_ random: inout SplitMix64) -> SectionedBatchUpdate {
        let sections = Int.random(in: 1...5, using: &random)
        var updated: [IndexPath] = [], afterMoves: [IndexPath] = []
        for section in 0..<sections {
            for item in 0..<Int.random(in: 0...12, using: &random) {
                switch Int.random(in: 0..<6, using: &random) {
                case 0, 1: updated.append(IndexPath(item: item, section: section))
                case 2: afterMoves.append(IndexPath(item: item, section: section))
                default: break
                }
            }
        }
        let reloaded = (0..<sections).filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
        return SectionedBatchUpdate(updatedSections: reloaded, updatedItems: updated, updatedItemsAfterMoves: afterMoves)
    }

    @Test func inPlacePathsAreThoseOfTheStayingPlaces() {
        var random = SplitMix64(seed: 54)
        for _ in 0..<500 {
            let update = Self.inPlaceUpdate(&random)
            #expect(!update.hasStructuralChange)
            let fast = BatchStages.changedItemsInPlace(update), general = BatchStages.changedItems(update)
            #expect(fast.map(\.old) == general.map(\.old), "\(update)")
            #expect(fast.map(\.new) == general.map(\.new), "\(update)")
        }
    }

    @Test func inPlaceStagesAreThoseOfTheGeneralPath() {
        var random = SplitMix64(seed: 55)
        for _ in 0..<500 {
            let update = Self.inPlaceUpdate(&random)
            // Some changed items need another kind of cell (a fixed rule of their index paths).
            let needsNewCell: (IndexPath, IndexPath) -> Bool = { ($0[1] + $1[1] + $0[0]) % 3 == 0 }
            let stages = BatchStages(update, needsNewCell: needsNewCell)
            var reconfigured: [IndexPath] = [], reloaded: [IndexPath] = []
            for (old, new) in BatchStages.changedItems(update) where !update.updatedSections.contains(new[0]) {
                if needsNewCell(old, new) { reloaded.append(new) } else { reconfigured.append(new) }
            }
            #expect(stages.structure == nil)
            #expect(stages.reconfiguredItems == reconfigured.sorted(), "\(update)")
            #expect(stages.reloadedItems == reloaded.sorted(), "\(update)")
            #expect(stages.reloadedSections == update.updatedSections)
        }
    }
}
