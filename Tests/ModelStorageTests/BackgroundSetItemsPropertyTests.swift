import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// The background `setItems` against the synchronous one on long random runs: two equal
/// storages of several sections (items of another type among them) take the same random edits,
/// then one sets a section's items in the background and the other synchronously, with the same
/// random changes made while the diff runs (zero, one, or one at every round, which ends in the
/// synchronous fallback). After every step the two hold the same items with the same identities,
/// revisions and labels (the tree built off the actor is the one the synchronous call builds),
/// delivered the same updates, answer the same `update(since:)` from the content before the step,
/// and find the same items. The interleaving runs (``BackgroundInterleaving``) add overlapping
/// calls, `setSectionsInBackground`, observers' changes, invalid calls, cancellation and release,
/// and replay every update onto what the updates before it left (``DeliveredReplay``).
@MainActor @Suite struct BackgroundSetItemsPropertyTests {
    typealias Fixture = BackgroundSetItemsTests

    /// Each item of each section as its identity, revision and label.
    static func entries(_ storage: MemoryStorage) -> [[[UInt64]]] {
        storage.sections.map { section in section.entries.map { [$0.slot, $0.revision, $0.label] } }
    }

    /// The items of each section as descriptions (`Cell`s and the `Shelf`s put among them).
    static func descriptions(_ storage: MemoryStorage) -> [[String]] {
        (0..<storage.numberOfSections).map { storage.items(inSection: $0)!.map { String(describing: $0) } }
    }

    /// The `Cell`s of `section`, or none when it does not exist.
    static func cells(_ storage: MemoryStorage, section: Int) -> [Cell] {
        (storage.items(inSection: section) ?? []).compactMap { $0 as? Cell }
    }

    /// One random change of `storage`, decided from its content and `random`: two storages with
    /// equal content and equal generators make the same change.
    static func randomEdit(_ storage: MemoryStorage, _ random: inout SplitMix64, nextID: inout Int) throws {
        let sections = storage.numberOfSections
        let section = Int.random(in: 0..<max(sections, 1), using: &random)
        let count = storage.numberOfItems(inSection: section)
        nextID += 1
        switch Int.random(in: 0..<9, using: &random) {
        case 0:
            try storage.insertItem(Cell(id: nextID), to: IndexPath(section, Int.random(in: 0...count, using: &random)))
        case 1 where count > 0:
            try storage.removeItems(at: [IndexPath(section, Int.random(in: 0..<count, using: &random))])
        case 2 where count > 0:
            let path = IndexPath(section, Int.random(in: 0..<count, using: &random))
            if var cell = storage.item(at: path) as? Cell {
                cell.version += 1
                try storage.replaceItem(storage.item(at: path) as! Cell, with: cell)
            }
        case 3 where count > 1:
            try storage.moveItem(at: IndexPath(section, Int.random(in: 0..<count, using: &random)),
                                 to: IndexPath(section, Int.random(in: 0..<count, using: &random)))
        case 4:
            try storage.addItems([Cell(id: nextID), Cell(id: nextID + 1)], toSection: min(sections, section + 1))
            nextID += 1
        case 5:
            try storage.setItems(Fixture.edit(cells(storage, section: section), &random, nextID: &nextID), forSection: section)
        case 6:
            // An item of another type: the next diff of the section matches by key, not by typed id.
            try storage.addItem(Shelf(id: nextID), toSection: section)
        case 7 where sections > 1:
            try storage.deleteSections([Int.random(in: 0..<sections, using: &random)])
        case 8:
            try storage.performUpdates {
                try storage.addItem(Cell(id: nextID), toSection: section)
                if count > 0 { try storage.removeItems(at: [IndexPath(section, 0)]) }
            }
        default:
            try storage.setSupplementaryModel(Shelf(id: nextID), forKind: "header", atSectionIndex: section)
        }
    }

    /// ``randomEdit(_:_:nextID:)``, or (one time in six) a call that cannot be done, or a new
    /// header model of a section (what `setSections` matches sections by).
    static func randomChange(_ storage: MemoryStorage, _ random: inout SplitMix64, nextID: inout Int) throws {
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            invalidCall(storage, &random)
        case 1 where Int.random(in: 0..<2, using: &random) == 0:
            nextID += 1
            let section = Int.random(in: 0...storage.numberOfSections, using: &random)
            try storage.setSupplementaryModel(Shelf(id: nextID), forKind: storage.supplementaryHeaderKind, atSectionIndex: section)
        default:
            try randomEdit(storage, &random, nextID: &nextID)
        }
    }

    /// A random call that cannot be done (a section or index path out of range, a `nil` model,
    /// an item not there): it throws its typed error and changes nothing, not even the mutation
    /// count a background call checks.
    static func invalidCall(_ storage: MemoryStorage, _ random: inout SplitMix64) {
        let before = storage.content, mutations = storage.mutationCount
        let sections = before.numberOfSections, far = sections + MemoryStorage.maximumSectionsCreatedPerCall
        let section = Int.random(in: 0..<max(sections, 1), using: &random)
        let count = before.numberOfItems(inSection: section)
        let none: Cell? = nil
        typealias Call = () throws(StorageError) -> Void
        let (call, expected): (Call, StorageError?) = switch Int.random(in: 0..<8, using: &random) {
        case 0: ({ () throws(StorageError) in try storage.setItems([Cell(id: 1)], forSection: -1) },
                 .sectionOutOfRange(-1, sectionCount: sections))
        case 1: ({ () throws(StorageError) in try storage.addItems([Cell(id: 1), none], toSection: section) }, .nilItem(at: 1))
        case 2: ({ () throws(StorageError) in try storage.setItems([none, Cell(id: 2)], forSection: section) }, .nilItem(at: 0))
        case 3: ({ () throws(StorageError) in try storage.insertItem(none, to: IndexPath(section, 0)) }, .nilItem(at: 0))
        case 4: ({ () throws(StorageError) in try storage.insertItem(Cell(id: 1), to: IndexPath(section, count + 1)) }, nil)
        case 5: ({ () throws(StorageError) in try storage.removeItems(at: [IndexPath(sections + 2, 0)]) }, nil)
        case 6: ({ () throws(StorageError) in try storage.replaceItem(Cell(id: -7), with: Cell(id: -8)) }, nil)
        default: ({ () throws(StorageError) in try storage.setSupplementaryModel(Shelf(id: 1), forKind: "header", atSectionIndex: far) },
                  .sectionOutOfRange(far, sectionCount: sections))
        }
        do {
            try call()
            Issue.record("an invalid call did not throw")
        } catch {
            if let expected { #expect(error == expected) }
        }
        #expect(storage.update(since: before).isEmpty && storage.mutationCount == mutations, "an invalid call changed the storage")
    }

    @Test("MemoryStorage.setItemsInBackground equals setItems on random runs, changes made while it diffs included",
          arguments: 0..<24)
    func memoryStorageRuns(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let synchronous = MemoryStorage(), background = MemoryStorage()
        for section in 0..<Int.random(in: 1...4, using: &random) {
            let items = (0..<Int.random(in: 0...80, using: &random)).map { Cell(id: section * 1_000 + $0) }
            for storage in [synchronous, background] { try storage.addItems(items, toSection: section) }
        }
        let syncRecorder = Fixture.record(synchronous), backgroundRecorder = Fixture.record(background)
        var nextID = 100_000
        for step in 0..<12 {
            let context = "seed \(seed), step \(step)"
            // Random edits of both, alike.
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                var (syncRandom, backgroundRandom) = (random, random)
                var (syncID, backgroundID) = (nextID, nextID)
                try Self.randomEdit(synchronous, &syncRandom, nextID: &syncID)
                try Self.randomEdit(background, &backgroundRandom, nextID: &backgroundID)
                (random, nextID) = (syncRandom, syncID)
            }
            let before = (synchronous.content, background.content)
            let section = Int.random(in: 0...synchronous.numberOfSections, using: &random)
            let new = Fixture.edit(Self.cells(synchronous, section: section), &random, nextID: &nextID)
            // Changes made while the diff runs: one at each of the first `changed` rounds.
            let changed = [0, 0, 1, 1, 2, backgroundDiffRounds][Int.random(in: 0..<6, using: &random)]
            let seeds = (0..<changed).map { _ in random.next() }
            let meanwhileID = nextID
            nextID += 10 * changed + 10
            var rounds = 0
            // Weak: the storage keeps the hook, which would keep the storage.
            background.backgroundDiffDidFinish = { [weak background] in
                rounds += 1
                guard rounds <= changed, let background else { return }
                var editRandom = SplitMix64(seed: seeds[rounds - 1]), id = meanwhileID + 10 * rounds
                try! Self.randomEdit(background, &editRandom, nextID: &id)
            }
            try await background.setItemsInBackground(new, forSection: section)
            background.backgroundDiffDidFinish = nil
            // The same changes before the synchronous call: as many as were made (fewer when one
            // of them removed the section, or when it did not exist: nothing to diff from).
            for round in 0..<min(rounds, changed) {
                var editRandom = SplitMix64(seed: seeds[round]), id = meanwhileID + 10 * (round + 1)
                try Self.randomEdit(synchronous, &editRandom, nextID: &id)
            }
            try synchronous.setItems(new, forSection: section)
            #expect(rounds <= backgroundDiffRounds, "\(context): \(rounds) rounds")

            #expect(Self.descriptions(background) == Self.descriptions(synchronous), "\(context)")
            #expect(Self.entries(background) == Self.entries(synchronous), "\(context): identities, revisions, labels")
            #expect(background.core.freshCounters == synchronous.core.freshCounters, "\(context)")
            #expect(backgroundRecorder.take() == syncRecorder.take(), "\(context): updates")
            #expect(Fixture.Delivered(background.update(since: before.1)) == Fixture.Delivered(synchronous.update(since: before.0)),
                    "\(context): update(since:)")
            for section in background.sections { section.entries._checkInvariants() }
            for cell in new.prefix(3) {
                #expect(background.indexPath(forItem: cell) == synchronous.indexPath(forItem: cell), "\(context): \(cell)")
            }
        }
    }

    /// The seeds of ``interleavings(seed:)``: `MODELSTORAGE_BACKGROUND_SEEDS` of them (default 12).
    nonisolated static var interleavingSeeds: [UInt64] {
        let count = ProcessInfo.processInfo.environment["MODELSTORAGE_BACKGROUND_SEEDS"].flatMap(Int.init) ?? 12
        return (0..<UInt64(max(1, count))).map { 5_400 + $0 }
    }

    @Test("MemoryStorage's background calls interleaved with synchronous changes, changes made while they diff, an observer's changes, invalid calls, cancellation and release: every update replays, as the synchronous calls",
          arguments: interleavingSeeds)
    func interleavings(seed: UInt64) async throws {
        let run = try BackgroundInterleaving(seed: seed)
        let steps = 8
        // One run in three ends with the storage let go while its last calls diff.
        for step in 0..<steps { try await run.step(step, releasing: seed % 3 == 0 && step == steps - 1) }
    }

    @Test("SingleSectionStorage.setItemsInBackground equals setItems on random runs", arguments: 0..<12)
    func singleSectionRuns(seed: UInt64) async {
        var random = SplitMix64(seed: seed)
        var nextID = 1_000
        let start = (0..<Int.random(in: 0...60, using: &random)).map { Cell(id: $0) }
        let synchronous = SingleSectionHashableStorage(items: start), background = SingleSectionHashableStorage(items: start)
        let syncRecorder = Fixture.record(synchronous), backgroundRecorder = Fixture.record(background)
        for step in 0..<10 {
            let before = (synchronous.content, background.content)
            let new = Fixture.edit(synchronous.items, &random, nextID: &nextID)
            let meanwhile = Int.random(in: 0..<3, using: &random) == 0
                ? Fixture.edit(synchronous.items, &random, nextID: &nextID) : nil
            var rounds = 0
            background.backgroundDiffDidFinish = { [weak background] in
                rounds += 1
                if rounds == 1, let meanwhile { background?.setItems(meanwhile) }
            }
            if let meanwhile { synchronous.setItems(meanwhile) }
            synchronous.setItems(new)
            await background.setItemsInBackground(new)
            #expect(background.items == synchronous.items, "seed \(seed), step \(step)")
            #expect(backgroundRecorder.take() == syncRecorder.take(), "seed \(seed), step \(step)")
            // The update kept for the view's next flush is the one delivered, from the content before.
            #expect(Fixture.Delivered(background.update(since: before.1)) == Fixture.Delivered(synchronous.update(since: before.0)),
                    "seed \(seed), step \(step): update(since:)")
            #expect(rounds == (meanwhile == nil ? 1 : 2), "seed \(seed), step \(step)")
        }
    }
}
