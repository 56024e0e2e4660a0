import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage

/// An id whose every value has the same hash value: fingerprints cannot tell two apart, only `==`.
private struct CollidingID: Hashable, Sendable {
    var value: Int
    static func == (lhs: CollidingID, rhs: CollidingID) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) {}
}

private struct CollidingItem: Identifiable, Equatable, Sendable {
    var id: CollidingID
    var version = 0
}

/// The untyped `setItems` paths diff `Identifiable & Equatable` items of several types by type
/// and id, with no wrapper.
@Suite struct UntypedDiffingTests {
    func makeFeed(_ sections: [[FeedItem]]) -> (MemoryStorage, UpdateRecorder) {
        let storage = MemoryStorage()
        try! storage.setItemsForAllSections(sections.map { $0.map(\.model) })
        let recorder = UpdateRecorder()
        storage.delegate = recorder
        return (storage, recorder)
    }

    /// Runs `mutation`, checks its one update against the items before and after, returns it.
    func expectFeedUpdate(_ storage: MemoryStorage, _ recorder: UpdateRecorder,
                          sourceLocation: SourceLocation = #_sourceLocation,
                          _ mutation: () throws -> Void) rethrows -> StorageUpdate? {
        let before = feedItems(storage)
        _ = recorder.take()
        try mutation()
        let delivered = recorder.take()
        #expect(delivered.updates.count == 1 && delivered.reloads == 0, "\(delivered)", sourceLocation: sourceLocation)
        guard let update = delivered.updates.first else { return nil }
        checkFeedUpdate(update, from: before, to: feedItems(storage), sourceLocation: sourceLocation)
        return update
    }

    @Test func itemsOfTwoTypesWithTheSameIDAreTwoItemsMatchedByTypeAndID() throws {
        let (storage, recorder) = makeFeed([[.post(id: 1, version: 0), .comment(id: 1, version: 0), .tag(id: 2, version: 0)]])
        let update = try expectFeedUpdate(storage, recorder) {
            try storage.setItems([FeedComment(id: 1), FeedPost(id: 1, version: 1), FeedTag(id: 2)] as [any Sendable])
        }
        #expect(update?.deletedIndexPaths.isEmpty == true && update?.insertedIndexPaths.isEmpty == true)
        #expect(update?.movedIndexPaths.count == 1, "one move: the fewest")
        #expect(update.map { Set($0.updatedModels.keys) } == [path(0, 1)], "only the changed post")
    }

    @Test func equalItemsOfSeveralTypesSetAgainReportNothing() throws {
        let items: [FeedItem] = [.post(id: 1, version: 0), .comment(id: 1, version: 2), .tag(id: 1, version: 0)]
        let (storage, recorder) = makeFeed([items, [.post(id: 2, version: 0)]])
        try storage.setItems(items.map(\.model), forSection: 0)
        try storage.setItemsForAllSections([items.map(\.model), [FeedPost(id: 2)]])
        #expect(recorder.take().updates.isEmpty)
    }

    @Test func itemsWithoutIdentityAreDeletedAndInsertedAsBefore() throws {
        let (storage, recorder) = makeFeed([[.note(1), .post(id: 1, version: 0), .number(5)]])
        let update = try expectFeedUpdate(storage, recorder) {
            try storage.setItems([FeedPost(id: 1), FeedNote(text: 1), 5] as [any Sendable])
        }
        #expect(update?.changes == SectionedBatchUpdate(deletedItems: [path(0, 0), path(0, 2)],
                                                        insertedItems: [path(0, 1), path(0, 2)]))
        // Nothing identified on one side: everything replaced, as before.
        let replaced = try expectFeedUpdate(storage, recorder) { try storage.setItems([FeedNote(text: 1)], forSection: 0) }
        #expect(replaced?.changes == SectionedBatchUpdate(deletedItems: [path(0, 0), path(0, 1), path(0, 2)],
                                                          insertedItems: [path(0, 0)]))
    }

    @Test func anItemThatChangesSectionMovesAndChangedSectionsKeepTheirHeaders() throws {
        let (storage, recorder) = makeFeed([[.post(id: 1, version: 0), .comment(id: 1, version: 0)], [.tag(id: 1, version: 0)]])
        storage.setSectionHeaderModels([Shelf(id: 1), Shelf(id: 2)])
        let update = try expectFeedUpdate(storage, recorder) {
            try storage.setItemsForAllSections([[FeedPost(id: 1)], [FeedComment(id: 1, version: 1), FeedTag(id: 1)]] as [[any Sendable]])
        }
        #expect(update?.movedIndexPaths.map(\.from) == [path(0, 1)] && update?.deletedIndexPaths.isEmpty == true)
        #expect(update?.updatedModels.keys.map { $0 } == [path(1, 0)], "the moved comment changed: reloaded after the move")
        #expect(storage.headerModel(forSection: 1) as? Shelf == Shelf(id: 2))
    }

    @Test func idsWhoseHashValuesAllCollideAreStillMatchedByEquality() throws {
        let storage = MemoryStorage()
        try storage.addItems((0..<50).map { CollidingItem(id: CollidingID(value: $0)) as any Sendable } + [FeedPost(id: 0)])
        let recorder = UpdateRecorder()
        storage.delegate = recorder
        var new: [any Sendable] = (0..<50).reversed().map { CollidingItem(id: CollidingID(value: $0), version: $0 % 7 == 0 ? 1 : 0) }
        new.insert(FeedPost(id: 0), at: 10)
        try storage.setItems(new, forSection: 0)
        let update = try #require(recorder.take().updates.first)
        #expect(update.deletedIndexPaths.isEmpty && update.insertedIndexPaths.isEmpty, "\(update)")
        func describe(_ item: any Sendable) -> String {
            (item as? CollidingItem).map { "C\($0.id.value)v\($0.version)" } ?? "P\((item as! FeedPost).id)"
        }
        let before = (0..<50).map { "C\($0)v0" } + ["P0"], after = storage.items(inSection: 0)!.map(describe)
        #expect(try update.apply(to: [before], with: [after]) == [after])
        #expect(update.updatedModels.count == 8, "ids 0, 7, ..., 49 changed")
    }

    @Test func setSectionsWithItemsOfSeveralTypesMatchesSectionsByModelAndItemsByTypeAndID() throws {
        let storage = MemoryStorage()
        try storage.setHeterogeneousSections([(model: Shelf(id: 1), items: [FeedPost(id: 1), FeedComment(id: 1)] as [any Sendable]),
                                 (model: Shelf(id: 2), items: [FeedTag(id: 1), FeedNote(text: 3)] as [any Sendable])])
        let recorder = UpdateRecorder()
        storage.delegate = recorder
        // Shelf 1 retitled, the comment changed and moved to shelf 2, the note replaced.
        let newSections: [(model: Shelf, items: [any Sendable])] = [
            (model: Shelf(id: 1, title: 1), items: [FeedPost(id: 1)]),
            (model: Shelf(id: 2), items: [FeedTag(id: 1), FeedComment(id: 1, version: 1), FeedNote(text: 3)]),
        ]
        let update = try expectFeedUpdate(storage, recorder) { try storage.setHeterogeneousSections(newSections) }
        #expect(update?.deletedSectionIndexes.isEmpty == true && update?.insertedSectionIndexes.isEmpty == true)
        #expect(update?.updatedSectionIndexes == [0])
        #expect(update?.movedIndexPaths.map(\.from) == [path(0, 1)], "the comment moves: \(String(describing: update))")
        #expect(update?.deletedIndexPaths == [path(1, 1)] && update?.insertedIndexPaths == [path(1, 2)], "the note is replaced")
        #expect((0..<2).map { storage.headerModel(forSection: $0) as? Shelf } == [Shelf(id: 1, title: 1), Shelf(id: 2)])
        // Setting equal sections again reports nothing (the note aside, which has no identity).
        try storage.setHeterogeneousSections(newSections.map { ($0.model, $0.items.filter { !($0 is FeedNote) }) })
        #expect(recorder.take().updates.map(\.changes) == [SectionedBatchUpdate(deletedItems: [path(1, 2)])])
        #expect(throws: StorageError.nilItem(at: 1)) {
            try storage.setHeterogeneousSections([(model: Shelf(id: 2), items: [FeedTag(id: 1), Optional<Int>.none as any Sendable] as [any Sendable])])
        }
        #expect(feedItems(storage) == [[.post(id: 1, version: 0)], [.tag(id: 1, version: 0), .comment(id: 1, version: 1)]])
    }
}
