import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// The `updates` streams of a storage: bounded memory for a reader that lags or stops, and a
/// reload (then the end) instead of an update that would not apply to what the reader saw.
@Suite struct UpdateStreamTests {
    private let capacity = BaseStorage.maximumPendingStreamUpdates

    @Test("a reader that never reads gets one reload, then the end; the storage goes on")
    func aStoppedReaderGetsOneReloadThenTheEnd() async throws {
        let storage = MemoryStorage()
        let stream = storage.updates
        for value in 0..<(capacity * 5 / 2) { try storage.addItem(value) }
        var received: [String] = []
        for await update in stream { received.append(update.description) }
        #expect(received == ["reload"])
        try storage.addItem(-1)
        #expect(storage.numberOfItems(inSection: 0) == capacity * 5 / 2 + 1)
    }

    @Test("a reader exactly the limit behind gets every update, and the stream goes on")
    func aReaderAtTheLimitGetsEverything() async throws {
        let storage = MemoryStorage()
        var iterator = storage.updates.makeAsyncIterator()
        for value in 0..<capacity { try storage.addItem(value) }
        var received: [String] = []
        for _ in 0..<capacity { received.append(await iterator.next()?.description ?? "end") }
        #expect(received.first == "sections +[0]" && received.last == "items +[[0, \(capacity - 1)]]")
        #expect(!received.contains("reload") && !received.contains("end"))
        try storage.addItem(-1)
        #expect(await iterator.next()?.description == "items +[[0, \(capacity)]]")
    }

    @Test("cancelling the reading task ends its stream")
    func cancellingEndsTheStream() async throws {
        let storage = MemoryStorage()
        let stream = storage.updates
        let reader = Task {
            var count = 0
            for await _ in stream { count += 1 }
            return count
        }
        reader.cancel()
        #expect(await reader.value == 0)
        try storage.addItem(1)  // posts into a closed stream: nothing happens
    }

    /// Random mutations; a reader takes what is pending after every `interval`-th update, checks
    /// each update against the state it led to (recorded by a closure observer), and reads the
    /// storage and subscribes again when it gets the reload that ends a stream.
    @Test("readers that read after every 1,000th or 1,500th update end equal to the storage",
          arguments: [(interval: 1_000, seed: 1), (interval: 1_500, seed: 2), (interval: 700, seed: 3)])
    func periodicReadersStayInStep(interval: Int, seed: UInt64) async {
        var mutator = MemoryStoragePropertyTests.Mutator(random: SplitMix64(seed: seed))
        mutator.allowsSilentMoves = false
        let (storage, _) = makeStorage([[1, 2, 3], [4]])
        var history: [StorageState] = []
        storage.addObserver { _ in history.append(StorageState(storage)) }

        var iterator = storage.updates.makeAsyncIterator()
        var copy = StorageState(storage)
        var subscribedAt = history.count
        var taken = 0
        var reloads = 0
        for _ in 0..<6 {
            while history.count - subscribedAt - taken < interval { _ = mutator.mutate(storage, allowBatches: true) }
            let pending = history.count - subscribedAt - taken
            if pending > capacity {
                #expect(await iterator.next()?.description == "reload", "seed \(seed): the reader fell behind")
                #expect(await iterator.next() == nil, "seed \(seed): a stream ends after its reload")
                reloads += 1
                iterator = storage.updates.makeAsyncIterator()  // subscribe, then read: nothing in between
                copy = StorageState(storage)
                subscribedAt = history.count
                taken = 0
            } else {
                for _ in 0..<pending {
                    guard let update = await iterator.next() else {
                        Issue.record("seed \(seed): the stream ended early")
                        return
                    }
                    let after = history[subscribedAt + taken]
                    checkUpdate(update, from: copy, to: after)
                    copy = after
                    taken += 1
                }
            }
            #expect(copy == StorageState(storage), "seed \(seed)")
        }
        #expect((reloads > 0) == (interval > capacity), "seed \(seed): \(reloads) reloads every \(interval)")
    }
}
