import Foundation
import ModelStorage
import ModelStorageTesting
import Testing

/// `SimulatedView`: one test per UIKit rule, each showing that the view rejects what UIKit
/// rejects (with UIKit's wording) and accepts the legal form of the same batch.
@Suite struct SimulatedViewTests {
    /// A data source whose sections the test changes by hand.
    @MainActor
    final class Sections: @MainActor Storage {
        var items: [[Int]]
        init(_ items: [[Int]]) { self.items = items }
        var numberOfSections: Int { items.count }
        func numberOfItems(inSection section: Int) -> Int { items.indices.contains(section) ? items[section].count : 0 }
        func item(at indexPath: IndexPath) -> (any Sendable)? {
            guard items.indices.contains(indexPath[0]), items[indexPath[0]].indices.contains(indexPath[1]) else { return nil }
            return items[indexPath[0]][indexPath[1]]
        }
        func supplementaryModel(ofKind kind: String, forSectionAt section: Int) -> (any Sendable)? { nil }
    }

    /// A view laid out over `items`, and its data source.
    @MainActor
    func makeView(_ items: [[Int]]) -> (SimulatedView, Sections) {
        let source = Sections(items)
        let view = SimulatedView(dataSource: source)
        view.layoutIfNeeded()
        return (view, source)
    }

    /// Runs one batch that changes the data to `after` inside its block and sends `operations`;
    /// returns the violations it caused.
    @MainActor
    func batch(_ before: [[Int]], to after: [[Int]], _ operations: @escaping (SimulatedView) -> Void) -> [SimulatedViewError] {
        let (view, source) = makeView(before)
        view.performBatchUpdates({
            source.items = after
            operations(view)
        }, completion: nil)
        return view.violations
    }

    @Test @MainActor func countsAreCheckedAfterTheBlock() {
        #expect(batch([[0, 1]], to: [[0, 1, 2]]) { $0.insertItems(at: [path(0, 2)]) }.isEmpty)
        let violations = batch([[0, 1]], to: [[0, 1, 2]]) { _ in }
        #expect(violations == [.invalidNumberOfItems(section: 0, after: 3, before: 2, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0)])
        #expect(violations.first?.description == "Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (3) must be equal to the number of items contained in that section before the update (2), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).")
        #expect(batch([[0], [1]], to: [[0]]) { _ in } == [.invalidNumberOfSections(after: 1, before: 2, inserted: 0, deleted: 0)])
        #expect(batch([[0], [1]], to: [[0]]) { $0.deleteSections([1]) }.isEmpty)
    }

    @Test @MainActor func countsAreCachedUntilReloadData() {
        let (view, source) = makeView([[0, 1]])
        source.items = [[0, 1, 2]]   // changed without telling the view
        view.layoutIfNeeded()
        #expect(view.cachedItemCounts == [2], "the cache stands until reloadData")
        view.reloadData()
        #expect(view.cachedItemCounts == nil)
        view.layoutIfNeeded()
        #expect(view.cachedItemCounts == [3] && view.violations.isEmpty)
    }

    @Test("after reloadData a batch reads its 'before' counts lazily: data changed before the block is fatal (radar 28167779)")
    @MainActor func lazyBeforeCounts() {
        let (view, source) = makeView([[0, 1]])
        view.reloadData()
        source.items = [[0, 1, 2]]   // changed before the batch
        view.performBatchUpdates({ view.insertItems(at: [path(0, 2)]) }, completion: nil)
        #expect(view.violations == [.invalidNumberOfItems(section: 0, after: 3, before: 3, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0)])

        let (fine, fineSource) = makeView([[0, 1]])
        fine.reloadData()
        fine.performBatchUpdates({
            fineSource.items = [[0, 1, 2]]   // changed inside the block: what UIKit asks for
            fine.insertItems(at: [path(0, 2)])
        }, completion: nil)
        #expect(fine.violations.isEmpty)
    }

    @Test @MainActor func aDeleteAndAMoveOfTheSameIndexPath() {
        let violations = batch([[0, 1, 2]], to: [[1, 2]]) {
            $0.deleteItems(at: [path(0, 0)])
            $0.moveItem(at: path(0, 0), to: path(0, 1))
        }
        #expect(violations == [.conflict(.delete, .moveSource, index: "index path ({length = 2, path = 0 - 0})")])
        #expect(batch([[0, 1, 2]], to: [[2, 1]]) {
            $0.deleteItems(at: [path(0, 0)])
            $0.moveItem(at: path(0, 2), to: path(0, 0))
        }.isEmpty)
    }

    @Test @MainActor func aReloadOfAnItemThatMoves() {
        let violations = batch([[0, 1, 2]], to: [[1, 2, 0]]) {
            $0.moveItem(at: path(0, 0), to: path(0, 2))
            $0.reloadItems(at: [path(0, 0)])
        }
        #expect(violations == [.conflict(.moveSource, .reload, index: "index path ({length = 2, path = 0 - 0})")])
        #expect(batch([[0, 1, 2]], to: [[1, 2, 0]]) {
            $0.moveItem(at: path(0, 0), to: path(0, 2))
            $0.reloadItems(at: [path(0, 1)])
        }.isEmpty)
    }

    @Test @MainActor func aDeleteTwice() {
        let violations = batch([[0, 1, 2]], to: [[1, 2]]) { $0.deleteItems(at: [path(0, 0), path(0, 0)]) }
        #expect(violations == [.conflict(.delete, .delete, index: "index path ({length = 2, path = 0 - 0})")])
        #expect(violations.first?.description == "attempt to delete index path ({length = 2, path = 0 - 0}) twice")
        #expect(batch([[0, 1, 2]], to: [[2]]) { $0.deleteItems(at: [path(0, 0), path(0, 1)]) }.isEmpty)
    }

    @Test @MainActor func aMoveOutOfADeletedSectionOrIntoAnInsertedOne() {
        #expect(batch([[0, 1], [2]], to: [[2, 0]]) {
            $0.deleteSections([0])
            $0.moveItem(at: path(0, 0), to: path(0, 1))
        } == [.moveOutOfDeletedSection(from: path(0, 0), to: path(0, 1))])
        #expect(batch([[0, 1]], to: [[1], [0]]) {
            $0.insertSections([1])
            $0.moveItem(at: path(0, 0), to: path(1, 0))
        } == [.moveIntoInsertedSection(from: path(0, 0), to: path(1, 0))])
        #expect(batch([[0, 1], [2]], to: [[1], [0, 2]]) { $0.moveItem(at: path(0, 0), to: path(1, 0)) }.isEmpty)
    }

    @Test @MainActor func indexesOutOfRange() {
        #expect(batch([[0, 1]], to: [[0]]) { $0.deleteItems(at: [path(0, 2)]) }
                == [.itemOutOfRange(operation: .delete, indexPath: path(0, 2), itemCount: 2)])
        #expect(batch([[0, 1]], to: [[0, 1, 2]]) { $0.insertItems(at: [path(0, 3)]) }
                == [.itemOutOfRange(operation: .insert, indexPath: path(0, 3), itemCount: 3)])
        #expect(batch([[0]], to: []) { $0.deleteSections([1]) }
                == [.sectionOutOfRange(operation: .delete, section: 1, sectionCount: 1)])
        #expect(batch([[0]], to: [[0], []]) { $0.insertSections([2]) }
                == [.sectionOutOfRange(operation: .insert, section: 2, sectionCount: 2)])
        #expect(batch([[0]], to: [[0], []]) { $0.insertSections([1]) }.isEmpty)
    }

    @Test @MainActor func sectionOperationsConflict() {
        #expect(batch([[0], [1]], to: [[1]]) {
            $0.deleteSections([0])
            $0.reloadSections([0])
        } == [.conflict(.delete, .reload, index: "section 0")])
        #expect(batch([[0], [1]], to: [[1], [0]]) { $0.moveSection(0, toSection: 1) }.isEmpty)
    }

    @Test @MainActor func reloadDataInsideABatch() {
        let (view, source) = makeView([[0]])
        view.performBatchUpdates({
            source.items = [[0, 1]]
            view.reloadData()
        }, completion: nil)
        #expect(view.violations.first == .reloadDataInsideBatch)
        let (fine, _) = makeView([[0]])
        fine.reloadData()
        #expect(fine.violations.isEmpty)
    }

    @Test @MainActor func aSecondBatchBeforeTheFirstsCompletionIsAllowedAndCounted() {
        let (view, source) = makeView([[0]])
        var completed: [Int] = []
        view.performBatchUpdates({ source.items = [[0, 1]]; view.insertItems(at: [path(0, 1)]) }, completion: { _ in completed.append(1) })
        view.performBatchUpdates({ source.items = [[0, 1, 2]]; view.insertItems(at: [path(0, 2)]) }, completion: { _ in completed.append(2) })
        #expect(view.violations.isEmpty && view.overlappingBatchCount == 1 && view.maximumBatchesInFlight == 2)
        view.advance(by: .milliseconds(299))
        #expect(completed.isEmpty, "completions run when the animation ends")
        view.advance(by: .milliseconds(1))
        #expect(completed == [1, 2])
    }

    @Test @MainActor func cellsKeepWhatTheyWereConfiguredWith() {
        let (view, source) = makeView([[10, 11, 12, 13]])
        view.visibleItemCount = 3
        view.layoutIfNeeded()
        #expect(view.indexPathsForVisibleItems == [path(0, 0), path(0, 1), path(0, 2)])
        let moved = view.cellID(at: path(0, 0))
        view.performBatchUpdates({
            source.items = [[11, 12, 20, 13]]   // 10 moved and became 20
            view.moveItem(at: path(0, 0), to: path(0, 2))
        }, completion: nil)
        #expect(view.cellID(at: path(0, 2)) == moved && view.staleCells == [path(0, 2)], "a moved cell is not refreshed")
        view.performBatchUpdates({ view.reconfigureItems(at: [path(0, 2)]) }, completion: nil)
        #expect(view.cellID(at: path(0, 2)) == moved && view.staleCells.isEmpty, "reconfigured: same cell, new item")
        view.performBatchUpdates({ view.reloadItems(at: [path(0, 2)]) }, completion: nil)
        #expect(view.cellID(at: path(0, 2)) != moved, "reloaded: a new cell")
        #expect(view.violations.isEmpty)
    }

    @Test @MainActor func anOperationOutsideABatchIsABatchOfItsOwn() {
        let (view, source) = makeView([[0]])
        source.items = [[0, 1]]
        view.insertItems(at: [path(0, 1)])
        #expect(view.violations.isEmpty && view.cachedItemCounts == [2])
        view.insertItems(at: [path(0, 2)])
        #expect(view.violations.count == 1)
    }
}
