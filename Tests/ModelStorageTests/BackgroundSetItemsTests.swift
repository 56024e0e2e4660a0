import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// The background calls (`setItemsInBackground`, `setSectionsInBackground`) against the
/// synchronous ones: the same updates and the same content, also when the storage changes
/// while the diff runs (from the test, or from an observer), when calls overlap (call order),
/// when a task is cancelled (nothing changes), and when the storage's last owner lets go while
/// a diff runs.
@MainActor @Suite struct BackgroundSetItemsTests {
    /// An update as values: its index part and its models by description (a `Cell`'s and a
    /// `Shelf`'s name every stored property, so equal descriptions are equal models).
    struct Delivered: Equatable {
        var changes: SectionedBatchUpdate
        var models: [IndexPath: String]
        var reload: Bool

        init(_ update: StorageUpdate) {
            changes = update.changes
            models = update.updatedModels.mapValues { String(describing: $0) }
            reload = update.requiresReload
        }
    }

    /// Records every update of a storage as values.
    final class Recorder {
        var updates: [Delivered] = []
        func take() -> [Delivered] {
            defer { updates = [] }
            return updates
        }
    }

    static func record(_ storage: BaseStorage) -> Recorder {
        let recorder = Recorder()
        storage.addObserver { recorder.updates.append(Delivered($0)) }
        return recorder
    }

    /// `items` edited: some dropped, some changed, one moved, fresh ones inserted.
    static func edit(_ items: [Cell], _ random: inout SplitMix64, nextID: inout Int) -> [Cell] {
        var edited = items.filter { _ in Int.random(in: 0..<10, using: &random) != 0 }
        for index in edited.indices where Int.random(in: 0..<8, using: &random) == 0 { edited[index].version += 1 }
        if edited.count > 1 {
            let moved = edited.remove(at: Int.random(in: 0..<edited.count, using: &random))
            edited.insert(moved, at: Int.random(in: 0...edited.count, using: &random))
        }
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            nextID += 1
            edited.insert(Cell(id: nextID), at: Int.random(in: 0...edited.count, using: &random))
        }
        return edited
    }

    static func cells(_ storage: MemoryStorage) -> [[Cell]] {
        (0..<storage.numberOfSections).map { storage.items(inSection: $0)!.map { $0 as! Cell } }
    }

    static func headers(_ storage: MemoryStorage) -> [Shelf?] {
        (0..<storage.numberOfSections).map { storage.headerModel(forSection: $0) as? Shelf }
    }

    // MARK: Equal to the synchronous calls

    @Test("MemoryStorage.setItemsInBackground gives what setItems gives, a change made while it diffs included",
          arguments: 0..<40)
    func memoryStorageItems(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        var nextID = 1_000
        let start = (0..<Int.random(in: 0...60, using: &random)).map { Cell(id: $0) }
        let synchronous = MemoryStorage(), background = MemoryStorage()
        for storage in [synchronous, background] {
            try storage.addItems(start, toSection: 0)
            try storage.addItems([Cell(id: 999)], toSection: 1)
        }
        let syncRecorder = Self.record(synchronous), backgroundRecorder = Self.record(background)
        let section = Int.random(in: 0...2, using: &random)
        let new = Self.edit(section == 0 ? start : [], &random, nextID: &nextID)
        // Sometimes the storage changes while the diff runs: the commit is then from the new content.
        // (A section that does not exist yet has nothing to diff from: the call is synchronous.)
        let meanwhile = section < 2 && Int.random(in: 0..<3, using: &random) == 0 ? Cell(id: 5_000 + Int(seed)) : nil
        var rounds = 0
        // Weak: the storage keeps the hook, which would keep the storage.
        background.backgroundDiffDidFinish = { [weak background] in
            rounds += 1
            if rounds == 1, let meanwhile { try! background?.insertItem(meanwhile, to: IndexPath(indexes: [0, 0])) }
        }
        if let meanwhile { try synchronous.insertItem(meanwhile, to: IndexPath(indexes: [0, 0])) }
        try synchronous.setItems(new, forSection: section)
        try await background.setItemsInBackground(new, forSection: section)
        #expect(Self.cells(background) == Self.cells(synchronous), "seed \(seed)")
        #expect(backgroundRecorder.take() == syncRecorder.take(), "seed \(seed)")
        #expect(rounds == (section == 2 ? 0 : meanwhile == nil ? 1 : 2), "seed \(seed): \(rounds) rounds")
        // Both storages go on alike: their identities agree too.
        try synchronous.setItems(start, forSection: 0)
        try await background.setItemsInBackground(start, forSection: 0)
        #expect(backgroundRecorder.take() == syncRecorder.take(), "seed \(seed): the next call")
    }

    @Test("MemoryStorage.setSectionsInBackground gives what setSections gives", arguments: 0..<40)
    func memoryStorageSections(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        var nextID = 1_000
        func sections(_ count: Int) -> [ArraySection<Shelf, Cell>] {
            (0..<count).map { shelf in
                ArraySection(model: Shelf(id: shelf), items: Self.edit([], &random, nextID: &nextID))
            }
        }
        let synchronous = MemoryStorage(), background = MemoryStorage()
        let first = sections(Int.random(in: 0...4, using: &random))
        synchronous.setSections(first)
        background.setSections(first)
        let syncRecorder = Self.record(synchronous), backgroundRecorder = Self.record(background)
        var next = first.shuffled(using: &random).filter { _ in Int.random(in: 0..<5, using: &random) != 0 }
        for index in next.indices {
            next[index].items = Self.edit(next[index].items, &random, nextID: &nextID)
            if Int.random(in: 0..<4, using: &random) == 0 { next[index].model.title += 1 }
        }
        next += sections(Int.random(in: 0...2, using: &random)).map { ArraySection(model: Shelf(id: $0.model.id + 10), items: $0.items) }
        synchronous.setSections(next)
        await background.setSectionsInBackground(next)
        #expect(Self.cells(background) == Self.cells(synchronous) && Self.headers(background) == Self.headers(synchronous),
                "seed \(seed)")
        #expect(backgroundRecorder.take() == syncRecorder.take(), "seed \(seed)")
    }

    @Test("SingleSectionStorage.setItemsInBackground gives what setItems gives", arguments: 0..<30)
    func singleSection(seed: UInt64) async {
        var random = SplitMix64(seed: seed)
        var nextID = 1_000
        let start = (0..<Int.random(in: 0...60, using: &random)).map { Cell(id: $0) }
        // Both differs, built in; a custom one is checked, and diffs off the actor too (below).
        let differ = seed % 2 == 0 ? FingerprintDiffer.heckel : FingerprintDiffer.myers
        let synchronous = SingleSectionEquatableStorage(items: start, differ: differ)
        let background = SingleSectionEquatableStorage(items: start, differ: differ)
        let syncRecorder = Self.record(synchronous), backgroundRecorder = Self.record(background)
        let new = Self.edit(start, &random, nextID: &nextID)
        synchronous.setItems(new)
        await background.setItemsInBackground(new)
        #expect(background.items == synchronous.items, "seed \(seed)")
        #expect(backgroundRecorder.take() == syncRecorder.take(), "seed \(seed)")
    }

    @Test("the differ runs while the caller's actor is free: a job sent to it from the differ runs before the differ returns")
    func differRunsOffTheCallersActor() async {
        let record = ActorFreedom()
        let storage = SingleSectionEquatableStorage(items: [Cell(id: 1)], differ: ProbingDiffer(record: record))
        await storage.setItemsInBackground([Cell(id: 2), Cell(id: 1)])
        #expect(record.results == [true], "the main actor was busy while the differ ran")
        #expect(storage.items == [Cell(id: 2), Cell(id: 1)])
    }

    // MARK: Changes meanwhile, order, cancellation, release

    @Test("a change made from an observer while the diff runs: the commit is from the content it left")
    func observerChangesWhileDiffing() async throws {
        let storage = MemoryStorage(), synchronous = MemoryStorage()
        for target in [storage, synchronous] { try target.addItems((0..<20).map { Cell(id: $0) }) }
        // An observer that answers every insertion of cell 100 with cell 101 at the end.
        for target in [storage, synchronous] {
            target.addObserver { [unowned target] update in
                if update.insertedIndexPaths.contains(where: { (target.item(at: $0) as? Cell)?.id == 100 }) {
                    try! target.addItem(Cell(id: 101))
                }
            }
        }
        let recorder = Self.record(storage), syncRecorder = Self.record(synchronous)
        var rounds = 0
        storage.backgroundDiffDidFinish = { [weak storage] in
            rounds += 1
            if rounds == 1 { try! storage?.insertItem(Cell(id: 100), to: IndexPath(indexes: [0, 3])) }
        }
        let new = [Cell(id: 7), Cell(id: 3, version: 1), Cell(id: 101), Cell(id: 50)]
        try synchronous.insertItem(Cell(id: 100), to: IndexPath(indexes: [0, 3]))
        try synchronous.setItems(new)
        try await storage.setItemsInBackground(new)
        #expect(rounds == 2 && Self.cells(storage) == [new])
        #expect(recorder.take() == syncRecorder.take())
    }

    @Test("a storage that changes at every round is committed on its actor after the bounded rounds")
    func boundedRounds() async throws {
        let storage = MemoryStorage(), synchronous = MemoryStorage()
        try storage.addItem(Cell(id: 1))
        try synchronous.addItem(Cell(id: 1))
        var rounds = 0
        storage.backgroundDiffDidFinish = { [weak storage] in
            rounds += 1
            try! storage?.addItem(Cell(id: 100 + rounds))
        }
        let recorder = Self.record(storage), syncRecorder = Self.record(synchronous)
        for id in 1...backgroundDiffRounds { try synchronous.addItem(Cell(id: 100 + id)) }
        try synchronous.setItems([Cell(id: 102), Cell(id: 1)])
        try await storage.setItemsInBackground([Cell(id: 102), Cell(id: 1)])
        #expect(rounds == backgroundDiffRounds && Self.cells(storage) == [[Cell(id: 102), Cell(id: 1)]], "\(rounds) rounds")
        #expect(recorder.take() == syncRecorder.take())
    }

    @Test("overlapping calls commit in call order, a cancelled one drops its change")
    func overlappingCallsCommitInOrder() async throws {
        let storage = MemoryStorage(), synchronous = MemoryStorage()
        let first = [Cell(id: 1), Cell(id: 2)], second = [Cell(id: 2), Cell(id: 3)], third = [Cell(id: 3, version: 1), Cell(id: 4)]
        let recorder = Self.record(storage), syncRecorder = Self.record(synchronous)
        let one = Task { try await storage.setItemsInBackground(first) }
        let two = Task { try await storage.setItemsInBackground(second) }
        let three = Task { try await storage.setItemsInBackground(third) }
        two.cancel()
        try await one.value
        try await two.value
        try await three.value
        try synchronous.setItems(first)
        try synchronous.setItems(third)
        #expect(Self.cells(storage) == [third])
        #expect(recorder.take() == syncRecorder.take())
    }

    @Test("cancellation while the diff runs, or before it starts, changes and reports nothing")
    func cancellationDropsTheChange() async throws {
        let storage = MemoryStorage()
        try storage.addItems([Cell(id: 1)])
        let single = SingleSectionEquatableStorage(items: [Cell(id: 1)])
        let recorder = Self.record(storage), singleRecorder = Self.record(single)
        storage.backgroundDiffDidFinish = { withUnsafeCurrentTask { $0?.cancel() } }
        single.backgroundDiffDidFinish = { withUnsafeCurrentTask { $0?.cancel() } }
        try await Task { try await storage.setItemsInBackground([Cell(id: 2)]) }.value
        await Task { await single.setItemsInBackground([Cell(id: 2)]) }.value
        await Task { await storage.setSectionsInBackground([ArraySection(model: Shelf(id: 1), items: [Cell(id: 3)])]) }.value
        storage.backgroundDiffDidFinish = nil
        let early = Task { try await storage.setItemsInBackground([Cell(id: 4)]) }
        early.cancel()
        try await early.value
        #expect(Self.cells(storage) == [[Cell(id: 1)]] && single.items == [Cell(id: 1)])
        #expect(recorder.take().isEmpty && singleRecorder.take().isEmpty)
        // The storage goes on: the next call commits.
        try await storage.setItemsInBackground([Cell(id: 5)])
        #expect(Self.cells(storage) == [[Cell(id: 5)]] && recorder.take().count == 1)
    }

    @Test("a storage released while its diff runs commits, delivers once and is freed afterwards")
    func releasedWhileDiffing() async throws {
        weak var released: MemoryStorage?
        let recorder = Recorder()
        var task: Task<Void, any Error>?
        do {
            let storage = MemoryStorage()
            try storage.addItems([Cell(id: 1), Cell(id: 2)])
            storage.addObserver { recorder.updates.append(Delivered($0)) }
            released = storage
            task = Task { [storage] in try await storage.setItemsInBackground([Cell(id: 2), Cell(id: 3)]) }
        }
        try await task!.value
        task = nil
        #expect(released == nil, "the storage outlived its last call")
        let expected = MemoryStorage()
        try expected.addItems([Cell(id: 1), Cell(id: 2)])
        let expectedRecorder = Self.record(expected)
        try expected.setItems([Cell(id: 2), Cell(id: 3)])
        #expect(recorder.take() == expectedRecorder.take())
    }

    @Test("bad input at the moment of the commit: the synchronous call's error, nothing changed")
    func badSection() async throws {
        let storage = MemoryStorage()
        let recorder = Self.record(storage)
        await #expect(throws: StorageError.sectionOutOfRange(-1, sectionCount: 0)) {
            try await storage.setItemsInBackground([Cell(id: 1)], forSection: -1)
        }
        #expect(storage.numberOfSections == 0 && recorder.take().isEmpty)
    }
}

/// Whether the main actor ran a job while a differ waited for it.
final class ActorFreedom: @unchecked Sendable {
    private let lock = NSLock()
    private var record: [Bool] = []
    func add(_ ran: Bool) { lock.withLock { record.append(ran) } }
    var results: [Bool] { lock.withLock { record } }
}

/// The built-in differ, which first sends a job to the main actor and waits for it: it runs at
/// once when the differ runs off the main actor (which is then free, its caller suspended), and
/// cannot run before the timeout when the differ runs on it.
struct ProbingDiffer: EquatableDiffer {
    let record: ActorFreedom
    func changeset<Item: Identifiable & Equatable>(from old: [Item], to new: [Item]) -> Changeset {
        let ran = DispatchSemaphore(value: 0)
        Task { @MainActor in ran.signal() }
        record.add(ran.wait(timeout: .now() + 30) == .success)
        return Changeset(from: old, to: new)
    }
}
