import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// A model with an identity and a version: replacing it bumps the version, so an update that
/// misses a reload leaves a stale version behind.
struct Cell: Hashable, Sendable, Identifiable, CustomStringConvertible {
    var id: Int
    var version = 0
    var description: String { version == 0 ? "\(id)" : "\(id)v\(version)" }
}

/// A section model for `setSections`: identity and a title.
struct Shelf: Identifiable, Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var title = 0
    var description: String { "S\(id)" + (title == 0 ? "" : "'\(title)") }
}

/// `IndexPath(indexes: [section, item])`, short.
func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(indexes: [section, item]) }

/// Records everything a storage delivers, through its delegate, a closure observer, or both.
final class UpdateRecorder: StorageUpdating {
    var updates: [StorageUpdate] = []
    var reloads = 0

    func storageDidPerformUpdate(_ update: StorageUpdate) { updates.append(update) }
    func storageNeedsReloading() { reloads += 1 }

    /// Takes and clears what was recorded.
    func take() -> (updates: [StorageUpdate], reloads: Int) {
        defer { updates = []; reloads = 0 }
        return (updates, reloads)
    }
}

/// The updates `storage` delivers to its delegate while `body` runs; a reload among them fails
/// the test (each of the callers' changes has an update of its own).
func updates(of storage: MemoryStorage, during body: () throws -> Void) rethrows -> [StorageUpdate] {
    let recorder = UpdateRecorder()
    storage.delegate = recorder
    defer { storage.delegate = nil }
    try body()
    #expect(recorder.reloads == 0)
    return recorder.updates
}

/// What a MemoryStorage of `Cell`s holds, as values: the items of each section and each
/// section's header.
struct StorageState: Equatable, CustomStringConvertible {
    var items: [[Cell]]
    /// Header models that are `Hashable` (`Int`s, `Shelf`s), `nil` for none.
    var headers: [AnyHashable?]

    init(_ storage: MemoryStorage) {
        items = (0..<storage.numberOfSections).map { section in
            storage.items(inSection: section)!.map { $0 as! Cell }
        }
        headers = (0..<storage.numberOfSections).map { storage.headerModel(forSection: $0) as? AnyHashable }
    }

    var description: String { "\(items) headers \(headers)" }
}

/// Checks `update` against the states before and after: legal for the counts, applying it to
/// `before` gives `after` (items and headers), its models are exactly those of its updates, and
/// no item that stays in the storage (outside deleted or inserted sections) is deleted and
/// inserted again instead of being moved. Items must have unique ids.
func checkUpdate(_ update: StorageUpdate, from before: StorageState, to after: StorageState,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!update.isEmpty, "an empty update was delivered", sourceLocation: sourceLocation)
    // Every delivered update survives JSON: the same index part, no models.
    do {
        let decoded = try JSONDecoder().decode(StorageUpdate.self, from: JSONEncoder().encode(update))
        #expect(decoded.changes == update.changes && decoded.requiresReload == update.requiresReload
                && decoded.updatedModels.isEmpty, "JSON of \(update)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("JSON of \(update): \(error)", sourceLocation: sourceLocation)
    }
    if update.requiresReload { return }
    do {
        try update.validate(oldItemCounts: before.items.map(\.count), newItemCounts: after.items.map(\.count))
        let applied = try update.apply(to: before.items, with: after.items)
        #expect(applied == after.items, "\(update) applied to \(before) gives \(applied), not \(after)",
                sourceLocation: sourceLocation)
        let headers = try update.changes.applyToSections(before.headers, with: after.headers)
        #expect(headers == after.headers, "headers: \(update)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("illegal update \(update) for \(before) -> \(after): \(error)", sourceLocation: sourceLocation)
        return
    }
    // Updated models: exactly the updated items, keyed by their new index path.
    var newPathOfID: [Int: IndexPath] = [:]
    for (section, items) in after.items.enumerated() {
        for (item, cell) in items.enumerated() { newPathOfID[cell.id] = path(section, item) }
    }
    var expectedModelPaths = Set(update.updatedIndexPathsAfterMoves)
    for old in update.updatedIndexPaths {
        if let new = newPathOfID[before.items[old[0]][old[1]].id] { expectedModelPaths.insert(new) }
    }
    #expect(Set(update.updatedModels.keys) == expectedModelPaths, "models of \(update)", sourceLocation: sourceLocation)
    for (modelPath, model) in update.updatedModels {
        #expect(model as? Cell == after.items[modelPath[0]][modelPath[1]], sourceLocation: sourceLocation)
    }
    // Moves are moves: an id deleted in a surviving section must not be inserted in one.
    let deletedSections = Set(update.deletedSectionIndexes)
    let insertedSections = Set(update.insertedSectionIndexes)
    let survivingOld = Set(before.items.enumerated().filter { !deletedSections.contains($0.offset) }
        .flatMap { $0.element.map(\.id) })
    let survivingNew = Set(after.items.enumerated().filter { !insertedSections.contains($0.offset) }
        .flatMap { $0.element.map(\.id) })
    for deleted in update.deletedIndexPaths {
        let id = before.items[deleted[0]][deleted[1]].id
        #expect(!survivingNew.contains(id), "\(id) deleted but still there: \(update)", sourceLocation: sourceLocation)
    }
    for inserted in update.insertedIndexPaths {
        let id = after.items[inserted[0]][inserted[1]].id
        #expect(!survivingOld.contains(id), "\(id) inserted but was there: \(update)", sourceLocation: sourceLocation)
    }
}

/// A storage of `Cell`s with a recorder as its delegate.
func makeStorage(_ sections: [[Int]], headers: [Int]? = nil) -> (MemoryStorage, UpdateRecorder) {
    let storage = MemoryStorage()
    try! storage.setItemsForAllSections(sections.map { $0.map { Cell(id: $0) } })
    if let headers { storage.setSectionHeaderModels(headers) }
    let recorder = UpdateRecorder()
    storage.delegate = recorder
    return (storage, recorder)
}

/// Runs `mutation` on `storage` and checks the one update it must deliver against the states
/// before and after; returns that update.
@discardableResult
func expectUpdate(_ storage: MemoryStorage, _ recorder: UpdateRecorder,
                  sourceLocation: SourceLocation = #_sourceLocation,
                  _ mutation: () throws -> Void) rethrows -> StorageUpdate? {
    let before = StorageState(storage)
    _ = recorder.take()
    try mutation()
    let after = StorageState(storage)
    let delivered = recorder.take()
    #expect(delivered.updates.count == 1 && delivered.reloads == 0,
            "expected one update, got \(delivered.updates) and \(delivered.reloads) reloads",
            sourceLocation: sourceLocation)
    guard let update = delivered.updates.first else { return nil }
    checkUpdate(update, from: before, to: after, sourceLocation: sourceLocation)
    return update
}

/// Runs `mutation`, which must throw `expected` and change and report nothing.
func expectRejected(_ storage: MemoryStorage, _ recorder: UpdateRecorder, _ expected: StorageError,
                    sourceLocation: SourceLocation = #_sourceLocation,
                    _ mutation: () throws -> Void) {
    let before = StorageState(storage)
    _ = recorder.take()
    do {
        try mutation()
        Issue.record("expected \(expected), nothing was thrown", sourceLocation: sourceLocation)
    } catch {
        #expect(error as? StorageError == expected, sourceLocation: sourceLocation)
    }
    #expect(StorageState(storage) == before, "a rejected call changed the storage", sourceLocation: sourceLocation)
    let delivered = recorder.take()
    #expect(delivered.updates.isEmpty && delivered.reloads == 0, "a rejected call reported \(delivered)",
            sourceLocation: sourceLocation)
}
