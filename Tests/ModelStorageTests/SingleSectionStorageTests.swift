import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// A row for single-section storages.
struct Row: Identifiable, Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var title = ""
    var description: String { title.isEmpty ? "\(id)" : "\(id)\(title)" }
}

/// A differ built on the standard library's `CollectionDifference`: the README's example.
/// (`inferringMoves()` pairs removals and insertions of equal values, so a moved item that
/// also changed comes out as a deletion and an insertion: still exact, just not minimal.)
struct StandardLibraryDiffer: HashableDiffer {
    func changeset<Item: Identifiable & Hashable>(from old: [Item], to new: [Item]) -> Changeset {
        let difference = new.difference(from: old) { $0.id == $1.id }.inferringMoves()
        return Changeset(difference, from: old, to: new)!
    }
}

/// A differ that lies: it always says "nothing changed".
struct LyingDiffer: EquatableDiffer {
    func changeset<Item: Identifiable & Equatable>(from old: [Item], to new: [Item]) -> Changeset {
        Changeset(deletions: old.isEmpty ? [] : [0, 0])
    }
}

/// SingleSectionStorage: automatic diffing, updates with models, pluggable differs.
@Suite struct SingleSectionStorageTests {
    func rows(_ ids: [Int]) -> [Row] { ids.map { Row(id: $0) } }

    /// Sets `new` and checks the delivered update with the oracle; returns it.
    func set<S: SingleSectionStorage<Row>>(_ storage: S, _ new: [Row]) -> StorageUpdate? {
        var delivered: [StorageUpdate] = []
        let token = storage.addObserver { delivered.append($0) }
        defer { storage.removeObserver(token) }
        let old = storage.items
        storage.setItems(new)
        #expect(storage.items == new)
        #expect(delivered.count == (old == new ? 0 : 1))
        guard let update = delivered.first else { return nil }
        if update.requiresReload { return update }
        #expect((try? update.apply(to: [old], with: [new])) == [new], "\(update) for \(old) -> \(new)")
        for (modelPath, model) in update.updatedModels { #expect(model as? Row == new[modelPath[1]]) }
        return update
    }

    @Test func setItemsDeliversTheMinimalChangeWithNewModels() {
        let storage = SingleSectionEquatableStorage(items: rows([1, 2, 3, 4]))
        var new = rows([4, 1, 2, 5])
        new[1].title = "!"
        let update = set(storage, new)
        #expect(update?.changes == SectionedBatchUpdate(
            deletedItems: [path(0, 2)], insertedItems: [path(0, 3)],
            movedItems: [IndexPathMove(from: path(0, 3), to: path(0, 0))], updatedItems: [path(0, 0)]))
        #expect(update?.updatedModels[path(0, 1)] as? Row == new[1])
        #expect(set(storage, new) == nil, "the same items again must deliver nothing")
    }

    @Test func bothVariantsAndBothAlgorithmsAgreeWithTheOracle() {
        var random = SplitMix64(seed: 11)
        let storages: [SingleSectionStorage<Row>] = [
            SingleSectionEquatableStorage(items: [Row]()),
            SingleSectionEquatableStorage(items: [Row](), differ: .myers),
            SingleSectionHashableStorage(items: [Row]()),
            SingleSectionHashableStorage(items: [Row](), differ: .myers),
            SingleSectionHashableStorage(items: [Row](), differ: StandardLibraryDiffer()),
        ]
        for _ in 0..<200 {
            // Ids may repeat: the diff matches them by occurrence.
            let new = (0..<Int.random(in: 0...30, using: &random)).map { _ in
                Row(id: Int.random(in: 0...25, using: &random), title: Bool.random(using: &random) ? "" : "x")
            }
            for storage in storages { _ = set(storage, new) }
        }
    }

    @Test func aDifferWhoseResultIsIllegalBecomesAReload() {
        let storage = SingleSectionEquatableStorage(items: rows([1, 2]), differ: LyingDiffer())
        let update = set(storage, rows([3]))
        #expect(update?.requiresReload == true)
    }

    @Test func addItemsUsesTheStrategy() {
        let storage = SingleSectionHashableStorage(items: rows([1, 2]))
        storage.addItems(rows([3]))
        #expect(storage.items.map(\.id) == [1, 2, 3])
        storage.addItems([Row(id: 1, title: "new"), Row(id: 4)], UpdateOldValuesAccumulationStrategy())
        #expect(storage.items == [Row(id: 1, title: "new"), Row(id: 2), Row(id: 3), Row(id: 4)])
        storage.addItems([Row(id: 2, title: "moved")], DeleteOldValuesAccumulationStrategy())
        #expect(storage.items.map(\.id) == [1, 3, 4, 2])
    }

    @Test func readingAndLookups() {
        let storage = SingleSectionHashableStorage(items: rows([5, 6, 5]))
        #expect(storage.numberOfSections == 1 && storage.numberOfItems(inSection: 0) == 3 && storage.numberOfItems(inSection: 1) == 0)
        #expect(storage.item(at: path(0, 1)) as? Row == Row(id: 6) && storage.item(at: path(1, 0)) == nil)
        #expect(storage.indexPath(forItemWithID: 5) == path(0, 0) && storage.indexPath(forItemWithID: 7) == nil)
        storage.setItems(rows([7, 5]))
        #expect(storage.indexPath(forItemWithID: 5) == path(0, 1))
        #expect(storage.indexPath(forItem: Row(id: 5)) == path(0, 1) && storage.indexPath(forItem: Row(id: 5, title: "?")) == nil)
    }

    @Test func supplementaryModelsAreStageTwoReloadsOfTheSection() {
        let storage = SingleSectionEquatableStorage(items: rows([1]))
        var delivered: [StorageUpdate] = []
        storage.addObserver { delivered.append($0) }
        storage.setSectionHeaderModel("Title")
        storage.setSectionFooterModel(3)
        #expect(storage.headerModel as? String == "Title" && storage.footerModel(forSection: 0) as? Int == 3)
        #expect(storage.headerModel(forSection: 1) == nil)
        let none: String? = nil
        storage.setSectionHeaderModel(none)
        #expect(storage.headerModel == nil)
        #expect(delivered.map(\.changes) == Array(repeating: SectionedBatchUpdate(updatedSections: [0]), count: 3))
    }
}
