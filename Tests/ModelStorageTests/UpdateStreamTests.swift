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

    @Test("a reload the storage delivers ends every stream after the updates before it")
    func aDeliveredReloadEndsTheStream() async throws {
        let storage = MemoryStorage()
        let waiting = storage.updates                 // its reader waits when the reload comes
        var waitingIterator = waiting.makeAsyncIterator()
        let lagging = storage.updates                 // its reader reads afterwards
        try storage.addItem(1)
        #expect(await waitingIterator.next()?.description == "sections +[0]")
        let taking = Task { await waitingIterator.next()?.description }
        try await Task.sleep(for: .milliseconds(20))  // let the reader wait
        storage.updateWithoutAnimations { try? storage.addItems([2, 3]) }
        #expect(await taking.value == "reload")
        try storage.addItem(4)                        // belongs to the next subscription
        var received: [String] = []
        for await update in lagging { received.append(update.description) }
        #expect(received == ["sections +[0]", "reload"])

        // A new subscription, made right after reading the storage, goes on from there.
        var next = storage.updates.makeAsyncIterator()
        try storage.addItem(5)
        #expect(await next.next()?.description == "items +[[0, 4]]")
    }

    @Test("an update over the reload threshold arrives as a reload, everywhere")
    func reloadThreshold() throws {
        let (storage, recorder) = makeStorage([[1, 2, 3]])
        var observed: [Bool] = []
        storage.addObserver { observed.append($0.requiresReload) }
        storage.reloadThreshold = 3
        try storage.setItems((1...3).map { Cell(id: $0, version: 1) } + [Cell(id: 4)], forSection: 0)  // 3 reloads + 1 insertion
        #expect(recorder.take().reloads == 1 && observed == [true])
        try storage.setItems([Cell(id: 4), Cell(id: 9)], forSection: 0)    // 3 deletions + 1 insertion
        #expect(recorder.take().reloads == 1 && observed == [true, true])
        try storage.setItems([Cell(id: 9), Cell(id: 4)], forSection: 0)    // 1 move
        let moved = recorder.take()
        #expect(moved.updates.count == 1 && moved.reloads == 0 && observed.last == false)
        try storage.addItem(Cell(id: 10))                                  // exactly 1 operation
        #expect(recorder.take().updates.count == 1)
        storage.reloadThreshold = nil
        try storage.setItems((20..<40).map { Cell(id: $0) }, forSection: 0)
        #expect(recorder.take().updates.count == 1 && observed.last == false)
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
        // Unowned: the storage keeps its observers, and the test keeps the storage.
        storage.addObserver { [unowned storage] _ in history.append(StorageState(storage)) }

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
