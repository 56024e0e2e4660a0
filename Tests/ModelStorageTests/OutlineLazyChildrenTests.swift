import FingerprintDiff
import Foundation
@testable import ModelStorage
import ModelStorageTesting
import SeededRandom
import Testing

/// The loader of the lazy-children tests: each call waits until the test ends it (the test's
/// time, never a clock), recorded in call order.
final class LoadGate {
    struct Request {
        let id: Int
        let continuation: CheckedContinuation<[TreeItem], any Error>
    }

    /// A loader's error, described as the failure's reason.
    struct DiskError: Error, CustomStringConvertible {
        let id: Int
        var description: String { "disk error \(id)" }
    }

    /// Every call of the loader, in order.
    var requests: [Request] = []

    /// A loader whose calls wait in ``requests``.
    var loader: OutlineStorage<TreeItem>.ChildrenLoader {
        { [self] id in
            try await withCheckedThrowingContinuation { requests.append(Request(id: id, continuation: $0)) }
        }
    }

    /// Lets the tasks of the loads started run until the loader has been called `count` times.
    @MainActor func waitForRequests(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        await waitUntil(sourceLocation) { requests.count >= count }
        #expect(requests.count == count, "loader calls", sourceLocation: sourceLocation)
    }

    /// Puts the last `ids.count` requests in the order of `ids` when they hold the same ids: the
    /// loads one call starts reach the loader in an order the outline does not promise (each
    /// load's task is scheduled on its own). Other differences are left for the caller's check.
    func orderLastRequests(as ids: [Int]) {
        let tail = Array(requests.suffix(ids.count))
        guard tail.count == ids.count, tail.map(\.id).sorted() == ids.sorted(), Set(ids).count == ids.count else { return }
        requests.removeLast(ids.count)
        requests += ids.map { id in tail.first { $0.id == id }! }
    }

    /// The outline the loads are for, to see when it has handled a result.
    weak var outline: OutlineStorage<TreeItem>?

    /// Ends request `index` with `result`, and returns once the outline has applied, dropped or
    /// reported it (its internal count of loads ended).
    @MainActor func end(_ index: Int, with result: Result<[TreeItem], DiskError>, sourceLocation: SourceLocation = #_sourceLocation) async {
        let target = (outline?.lazyChildren.endedCount ?? 0) + 1
        requests[index].continuation.resume(with: result.mapError { $0 as any Error })
        await waitUntil(sourceLocation) { (outline?.lazyChildren.endedCount ?? target) >= target }
    }

    /// Yields the main actor until `condition` holds (a bounded number of times).
    @MainActor private func waitUntil(_ sourceLocation: SourceLocation, _ condition: () -> Bool) async {
        for _ in 0..<10_000 where !condition() { await Task.yield() }
        if !condition() { Issue.record("the loads never got there", sourceLocation: sourceLocation) }
    }
}

extension OutlineModel {
    /// How a load ended, as the contract states.
    enum LoadEnd: Equatable {
        case applied, dropped
        case failed(OutlineError)
    }

    /// A load `loadChildren(of:)` starts: `id` expanded, its children unloaded, loading.
    mutating func beginLoad(of id: Int) -> Int {
        loadCount += 1
        expanded.insert(id)
        unloaded.insert(id)
        loads[id] = loadCount
        return loadCount
    }

    /// Ends load `number` of `id` with `result`: applied as `setChildren` when it is still the
    /// item's latest load; dropped otherwise; a failure (or items `setChildren` refuses)
    /// collapses the item, its children still unloaded.
    mutating func endLoad(_ number: Int, of id: Int, with result: Result<[TreeItem], LoadGate.DiskError>) -> LoadEnd {
        guard loads[id] == number else { return .dropped }
        var error: OutlineError
        switch result {
        case let .success(items):
            guard let refused = apply(.setChildren(items, of: id)) else {
                unloaded.remove(id)
                loads[id] = nil
                return .applied
            }
            error = refused
        case let .failure(failure):
            error = .childrenLoadFailed("\(id)", reason: failure.description)
        }
        expanded.remove(id)
        loads[id] = nil
        return .failed(error)
    }
}

/// Lazy children (`childrenLoader`): expanding an item whose children are not loaded shows it
/// loading, then its children; a collapse, a removal or a newer load meanwhile drops the result;
/// a failure collapses the item and is reported. Loads end when the test ends them.
@Suite @MainActor struct OutlineLazyChildrenTests {
    /// Every update and every failure the outline reports.
    final class Heard {
        var updates: [StorageUpdate] = []
        var failures: [String] = []
    }

    /// Roots 1, 2, 3 with children not loaded (2 and 3 lazy), and 4 a leaf.
    func makeOutline() throws -> (OutlineStorage<TreeItem>, LoadGate, Heard) {
        let gate = LoadGate()
        let outline = try OutlineStorage(roots: [1, 2, 3, 4].map { TreeItem(id: $0) }, loadsChildrenLazily: { $0.id < 4 },
                                         childrenLoader: gate.loader)
        gate.outline = outline
        let heard = Heard()
        outline.addObserver { heard.updates.append($0) }
        outline.onChildrenLoadFailure = { id, error in heard.failures.append("\(id): \(error)") }
        return (outline, gate, heard)
    }

    func rows(_ outline: OutlineStorage<TreeItem>) -> String { shownRows(outline).map(\.description).joined(separator: " ") }

    /// Runs `body`, then checks the one update (or none) it delivered takes the rows there.
    func expectChange(_ outline: OutlineStorage<TreeItem>, _ heard: Heard, _ comment: String = "",
                      sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void) async rethrows {
        let before = shownRows(outline)
        heard.updates = []
        try await body()
        expectDelivered(heard.updates, from: before, to: shownRows(outline), comment, sourceLocation: sourceLocation)
    }

    func children(_ ids: Int...) -> [TreeItem] { ids.map { TreeItem(id: $0) } }

    @Test("expanding an item whose children are not loaded shows it loading, then its children in one update")
    func expandLoads() async throws {
        let (outline, gate, heard) = try makeOutline()
        #expect(rows(outline) == "1@0> 2@0> 3@0> 4@0")
        #expect(outline.rowState(forItemWithID: 1) == OutlineRowState(level: 0, isExpanded: false, hasChildren: true))
        try await expectChange(outline, heard) { try outline.expand([1]) }
        #expect(heard.updates.count == 1 && heard.updates[0].updatedIndexPaths == [path(0, 0)])
        #expect(rows(outline) == "1@0v~ 2@0> 3@0> 4@0" && outline.isLoadingChildren(1))
        await gate.waitForRequests(1)
        #expect(gate.requests[0].id == 1)
        await expectChange(outline, heard) { await gate.end(0, with: .success(children(11, 12))) }
        #expect(heard.updates.count == 1)
        #expect(rows(outline) == "1@0v 11@1 12@1 2@0> 3@0> 4@0")
        #expect(!outline.hasUnloadedChildren(1) && !outline.isLoadingChildren(1) && heard.failures.isEmpty)
        // Loaded: collapsing and expanding again loads nothing.
        try outline.collapse([1])
        try outline.expand([1])
        await Task.yield()
        #expect(gate.requests.count == 1 && rows(outline) == "1@0v 11@1 12@1 2@0> 3@0> 4@0")
    }

    @Test("a load that ends after its item was collapsed is dropped: nothing changes, nothing is reported")
    func lateAfterCollapse() async throws {
        let (outline, gate, heard) = try makeOutline()
        try outline.expand([1])
        await gate.waitForRequests(1)
        try await expectChange(outline, heard) { try outline.collapse([1]) }
        #expect(rows(outline) == "1@0> 2@0> 3@0> 4@0" && !outline.isLoadingChildren(1))
        await expectChange(outline, heard) { await gate.end(0, with: .success(children(11))) }
        #expect(heard.updates.isEmpty && rows(outline) == "1@0> 2@0> 3@0> 4@0" && outline.hasUnloadedChildren(1))
        #expect(outline.children(of: 1) == [])
    }

    @Test("a load that ends after its item was removed is dropped, also when an item of that id came back")
    func lateAfterRemoval() async throws {
        let (outline, gate, heard) = try makeOutline()
        try outline.expand([2])
        await gate.waitForRequests(1)
        try outline.remove([2])
        try outline.append([TreeItem(id: 2)], to: nil)
        try outline.expand([2])  // the new item 2 starts its own load
        await gate.waitForRequests(2)
        await expectChange(outline, heard) { await gate.end(0, with: .success(children(21))) }
        #expect(heard.updates.isEmpty && outline.children(of: 2) == [] && outline.isLoadingChildren(2))
        await expectChange(outline, heard) { await gate.end(1, with: .success(children(22))) }
        #expect(rows(outline) == "1@0> 3@0> 4@0 2@0v 22@1")
    }

    @Test("after a collapse and an expansion, the first load's result is stale whichever ends first")
    func staleGeneration() async throws {
        for firstEnds in [0, 1] {
            let (outline, gate, heard) = try makeOutline()
            try outline.expand([1])
            try outline.collapse([1])
            try outline.expand([1])
            await gate.waitForRequests(2)
            let results = [children(11), children(12, 13)]
            await gate.end(firstEnds, with: .success(results[firstEnds]))
            await gate.end(1 - firstEnds, with: .success(results[1 - firstEnds]))
            #expect(rows(outline) == "1@0v 12@1 13@1 2@0> 3@0> 4@0", "first ends: \(firstEnds)")
            #expect(heard.failures.isEmpty)
        }
    }

    @Test("a failed load collapses its item again, keeps its children unloaded, reports a typed error; the next expansion retries")
    func failureThenRetry() async throws {
        let (outline, gate, heard) = try makeOutline()
        try outline.expand([3])
        await gate.waitForRequests(1)
        await expectChange(outline, heard) { await gate.end(0, with: .failure(LoadGate.DiskError(id: 3))) }
        #expect(heard.updates.count == 1 && rows(outline) == "1@0> 2@0> 3@0> 4@0")
        #expect(outline.hasUnloadedChildren(3) && !outline.isExpanded(3))
        #expect(heard.failures == ["3: \(OutlineError.childrenLoadFailed("3", reason: "disk error 3"))"])
        try outline.expand([3])
        await gate.waitForRequests(2)
        await gate.end(1, with: .success(children(31)))
        #expect(rows(outline) == "1@0> 2@0> 3@0v 31@1 4@0" && heard.failures.count == 1)
    }

    @Test("children the tree refuses (an id it holds elsewhere) fail the load with setChildren's error")
    func refusedResult() async throws {
        let (outline, gate, heard) = try makeOutline()
        try outline.expand([1])
        await gate.waitForRequests(1)
        await expectChange(outline, heard) { await gate.end(0, with: .success(children(11, 4))) }
        #expect(rows(outline) == "1@0> 2@0> 3@0> 4@0" && heard.failures == ["1: \(OutlineError.duplicateID("4"))"])
    }

    @Test("two loads at once end in any order, each applied under its own item")
    func concurrentLoads() async throws {
        let (outline, gate, heard) = try makeOutline()
        try outline.expand([1, 2])
        #expect(rows(outline) == "1@0v~ 2@0v~ 3@0> 4@0" && heard.updates.count == 1)
        await gate.waitForRequests(2)
        let second = gate.requests[0].id == 2 ? 0 : 1
        await gate.end(second, with: .success(children(21)))
        #expect(rows(outline) == "1@0v~ 2@0v 21@1 3@0> 4@0")
        await gate.end(1 - second, with: .success(children(11)))
        #expect(rows(outline) == "1@0v 11@1 2@0v 21@1 3@0> 4@0")
    }

    @Test("loadChildren(of:) expands, loads (also children loaded before) and returns whether the result applied")
    func awaitedLoads() async throws {
        let (outline, gate, heard) = try makeOutline()
        let applied = Task { try await outline.loadChildren(of: 4) }  // a leaf, loaded again: a refresh
        await gate.waitForRequests(1)
        #expect(rows(outline) == "1@0> 2@0> 3@0> 4@0v~")
        await gate.end(0, with: .success(children(41)))
        #expect(try await applied.value == true)
        #expect(rows(outline) == "1@0> 2@0> 3@0> 4@0v 41@1")
        let dropped = Task { try await outline.loadChildren(of: 4) }
        await gate.waitForRequests(2)
        try outline.collapse([4])
        await gate.end(1, with: .success([]))
        #expect(try await dropped.value == false)
        #expect(rows(outline) == "1@0> 2@0> 3@0> 4@0>" && heard.failures.isEmpty)
        await #expect(throws: OutlineError.itemNotFound("9")) { try await outline.loadChildren(of: 9) }
        outline.childrenLoader = nil
        await #expect(throws: OutlineError.childrenLoadFailed("1", reason: "the outline has no childrenLoader")) {
            try await outline.loadChildren(of: 1)
        }
        try outline.expand([1])  // no loader: recorded, nothing loads
        #expect(rows(outline) == "1@0v 2@0> 3@0> 4@0>" && gate.requests.count == 2)
    }

    @Test("markChildrenUnloaded shows a disclosure and loads at the next expansion; an unknown id is refused")
    func marking() async throws {
        let (outline, gate, heard) = try makeOutline()
        try await expectChange(outline, heard) { try outline.markChildrenUnloaded([4, 4]) }
        #expect(heard.updates.count == 1 && rows(outline) == "1@0> 2@0> 3@0> 4@0>")
        heard.updates = []
        #expect(throws: OutlineError.itemNotFound("9")) { try outline.markChildrenUnloaded([1, 9]) }
        #expect(heard.updates.isEmpty && !outline.hasUnloadedChildren(9))
        try outline.expand([4])
        await gate.waitForRequests(1)
        await gate.end(0, with: .success(children(0, 5)))
        #expect(rows(outline) == "1@0> 2@0> 3@0> 4@0v 0@1> 5@1", "0 is lazy too, 5 a leaf")
    }

    @Test("expanding from no actor starts no load")
    nonisolated func noActor() throws {
        let outline = try OutlineStorage(roots: [TreeItem(id: 1)]) { _ in [TreeItem(id: 2)] }
        try outline.expand([1])
        #expect(outline.isExpanded(1) && !outline.isLoadingChildren(1) && outline.hasUnloadedChildren(1))
    }

    @Test("through a ViewUpdater: the loading row, then the children, reach the view as legal batches")
    func throughTheView() async throws {
        let (outline, gate, _) = try makeOutline()
        let scheduler = ManualScheduler()
        let view = SimulatedView(visibleItemCount: 20)
        let updater = ViewUpdater(storage: outline, view: view, schedule: scheduler.schedule)
        view.dataSource = updater
        view.layoutIfNeeded()
        try outline.expand([1, 2])
        await gate.waitForRequests(2)
        let one = gate.requests[0].id == 1 ? 0 : 1
        await gate.end(one, with: .success(children(11, 12)))
        view.layoutIfNeeded()  // mid-animation or not: the view shows what the updater sent
        scheduler.runNextTurn()
        try outline.collapse([2])  // while the first batch may animate
        await gate.end(1 - one, with: .success(children(21)))
        quiesce(updater, view, scheduler)
        expectShowsStorage(updater, view, "after both loads")
        #expect(shownItems(updater) == [outline.visibleItems.map { AnyHashable($0) }])
        #expect(rows(outline) == "1@0v 11@1 12@1 2@0> 3@0> 4@0")
    }

    @Test("random calls and loads ending late or failing at random moments, behind a ViewUpdater: every read agrees with the model",
          arguments: 0..<20)
    func randomLoads(seed: UInt64) async {
        var caller = OutlineCaller(seed: seed)
        var (outline, model) = OutlineStoragePropertyTests.randomOutline(&caller, "seed \(seed)")
        let gate = LoadGate()
        gate.outline = outline
        outline.childrenLoader = gate.loader
        let lazy: (TreeItem) -> Bool = { $0.id % 3 == 0 }
        outline.loadsChildrenLazily = lazy
        (model.marksUnloaded, model.startsLoads) = (lazy, true)
        let heard = Heard()
        outline.addObserver { heard.updates.append($0) }
        outline.onChildrenLoadFailure = { id, error in heard.failures.append("\(id): \(error)") }
        let scheduler = ManualScheduler()
        let view = SimulatedView(visibleItemCount: caller.int(1...30))
        let updater = ViewUpdater(storage: outline, view: view, schedule: scheduler.schedule)
        view.dataSource = updater
        view.layoutIfNeeded()
        var pending: [(number: Int, id: Int)] = []  // the loads started, in order (the loader's calls)
        var ended = Set<Int>()  // their indexes, once ended
        func end(_ index: Int, _ comment: String) async {
            let load = pending[index]
            var result: Result<[TreeItem], LoadGate.DiskError> = .success(caller.fresh(caller.int(0...3)))
            if caller.chance(20) { result = .failure(LoadGate.DiskError(id: load.id)) }
            if caller.chance(5), let taken = model.allIDs.randomElement(using: &caller.random) { result = .success([TreeItem(id: taken)]) }
            let expected = model.endLoad(load.number, of: load.id, with: result)
            heard.failures = []
            await gate.end(index, with: result)
            ended.insert(index)
            if case let .failed(error) = expected {
                #expect(heard.failures == ["\(load.id): \(error)"], "\(comment)")
            } else {
                #expect(heard.failures.isEmpty, "\(comment): \(expected)")
            }
        }
        for step in 0..<40 {
            let before = model.rows
            heard.updates = []
            let open = pending.indices.filter { !ended.contains($0) }
            var comment = "seed \(seed) step \(step)"
            if !open.isEmpty && caller.chance(35) {
                let index = caller.pick(open)
                comment += ": end load \(pending[index])"
                await end(index, comment)
            } else if caller.chance(10) {
                let ids = caller.anyIDs(model)
                comment += ": markChildrenUnloaded(\(ids))"
                let missing = ids.first { !model.contains($0) }
                if missing == nil { model.unloaded.formUnion(ids) }
                do throws(OutlineError) {
                    try outline.markChildrenUnloaded(ids)
                    if let missing { Issue.record("\(comment) accepted the missing \(missing)") }
                } catch {
                    #expect(error == missing.map { .itemNotFound("\($0)") }, "\(comment)")
                }
            } else {
                let unloaded = model.unloaded.sorted()
                // Collapsing an item whose load is in flight, then expanding it again, starts a
                // newer load: the older one's result must then be dropped whichever ends first.
                let loading = model.loads.keys.sorted()
                let call = !loading.isEmpty && caller.chance(25) ? OutlineCall.collapse([caller.pick(loading)], recursively: false)
                    : !unloaded.isEmpty && caller.chance(30)
                    ? OutlineCall.expand([caller.pick(unloaded)], recursively: caller.chance(20)) : caller.call(for: model)
                comment += ": \(call)"
                let expected = model.apply(call)
                do throws(OutlineError) {
                    try call.perform(on: outline)
                    if let expected { Issue.record("\(comment) did not throw \(expected)") }
                } catch {
                    #expect(error == expected, "\(comment)")
                }
            }
            let started = model.loads.filter { $0.value > (pending.last?.number ?? 0) }.sorted { $0.value < $1.value }
            pending += started.map { (number: $0.value, id: $0.key) }
            await gate.waitForRequests(pending.count)
            gate.orderLastRequests(as: started.map(\.key))
            #expect(gate.requests.map(\.id) == pending.map(\.id), "\(comment): the loader's calls")
            expectOutline(outline, matches: model, comment)
            expectDelivered(heard.updates, from: before, to: model.rows, comment)
            if caller.chance(40) { scheduler.runNextTurn() }
            if caller.chance(30) { view.finishAnimations() }
            if model.allIDs.count > 80 { break }
        }
        for index in pending.indices where !ended.contains(index) { await end(index, "seed \(seed): draining") }
        expectOutline(outline, matches: model, "seed \(seed) at the end")
        quiesce(updater, view, scheduler)
        expectShowsStorage(updater, view, "seed \(seed)")
        #expect(shownItems(updater) == [model.rows.map { AnyHashable($0.item) }], "seed \(seed): the view's rows")
    }
}
