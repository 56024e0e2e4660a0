import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage

/// The delegate, closure observers and update streams.
@Suite struct StorageObservationTests {
    @Test func theDelegateIsWeak() throws {
        let storage = MemoryStorage()
        var recorder: UpdateRecorder? = UpdateRecorder()
        storage.delegate = recorder
        try storage.addItem(1)
        #expect(recorder?.updates.count == 1)
        weak let weakRecorder = recorder
        recorder = nil
        #expect(weakRecorder == nil && storage.delegate == nil)
        try storage.addItem(2)  // nobody listens: nothing is lost, the data changed
        #expect(storage.numberOfItems(inSection: 0) == 2)
    }

    @Test func closureObserversCanBeRemoved() throws {
        let storage = MemoryStorage()
        var first: [String] = []
        var second: [String] = []
        let token = storage.addObserver { first.append($0.description) }
        storage.addObserver { second.append($0.description) }
        try storage.addItem(1)
        storage.removeObserver(token)
        try storage.addItem(2)
        storage.updateWithoutAnimations { try? storage.addItem(3) }
        #expect(first == ["sections +[0]"])
        #expect(second == ["sections +[0]", "items +[[0, 1]]", "reload"])
    }

    @Test func emptyChangesDeliverNothing() throws {
        let storage = MemoryStorage()
        var count = 0
        storage.addObserver { _ in count += 1 }
        try storage.addItems([Int]())
        #expect(count == 1, "creating section 0 is a change")
        try storage.addItems([Int]())
        storage.performUpdates {}
        try storage.deleteSections([Int]())
        try storage.removeItems(at: [])
        #expect(count == 1)
    }

    @Test func streamsReceiveEveryUpdateInOrder() async throws {
        let storage = MemoryStorage()
        let stream = storage.updates
        try storage.addItem(1)
        try storage.addItem(2)
        try storage.moveItem(at: path(0, 0), to: path(0, 1))
        var received: [String] = []
        for await update in stream {
            received.append(update.description)
            if received.count == 3 { break }
        }
        #expect(received == ["sections +[0]", "items +[[0, 1]]", "item moves[[0, 0]->[0, 1]]"])
    }

    @Test func streamsFinishWhenTheStorageGoesAway() async throws {
        var storage: MemoryStorage? = MemoryStorage()
        let stream = storage!.updates
        try storage!.addItem(1)
        storage = nil
        var count = 0
        for await _ in stream { count += 1 }
        #expect(count == 1)
    }
}
