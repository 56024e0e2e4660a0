import FingerprintDiff
import Foundation
import ModelStorage
import ModelStorageTesting
import Testing

/// What a storage (or a content) shows, as values: the items of each section.
@MainActor
func shownItems(_ source: any Storage) -> [[AnyHashable?]] {
    (0..<source.numberOfSections).map { section in
        (0..<source.numberOfItems(inSection: section)).map { source.item(at: path(section, $0)) as? AnyHashable }
    }
}

/// Runs turns and animations until the updater has nothing left to send; returns the number of
/// rounds it took.
@MainActor
@discardableResult
func quiesce<Source>(_ updater: ViewUpdater<Source>, _ view: SimulatedView, _ scheduler: ManualScheduler,
                     sourceLocation: SourceLocation = #_sourceLocation) -> Int {
    var rounds = 0
    while !(updater.isIdle && scheduler.pendingCount == 0 && view.batchesInFlight == 0) {
        scheduler.runNextTurn()
        view.finishAnimations()
        rounds += 1
        if rounds > 1_000 {
            Issue.record("the updater never became idle", sourceLocation: sourceLocation)
            break
        }
    }
    view.layoutIfNeeded()
    return rounds
}

/// Checks that `view` shows exactly what `storage` holds: the updater's counts and items are the
/// storage's, the view's cached counts are too, and no visible cell is stale.
@MainActor
func expectShowsStorage<Source>(_ updater: ViewUpdater<Source>, _ view: SimulatedView, _ comment: String = "",
                                sourceLocation: SourceLocation = #_sourceLocation) {
    let expected = shownItems(updater.storage)
    #expect(shownItems(updater) == expected, "\(comment): the updater shows other content", sourceLocation: sourceLocation)
    #expect(view.cachedItemCounts == expected.map(\.count), "\(comment): the view's counts", sourceLocation: sourceLocation)
    #expect(view.staleCells.isEmpty, "\(comment): stale cells \(view.staleCells)", sourceLocation: sourceLocation)
    #expect(view.violations.isEmpty, "\(comment): \(view.violations)", sourceLocation: sourceLocation)
}
