import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage

/// What a `MemoryStorage` shows, as values: each section's items by description (a `Cell`'s and
/// a `Shelf`'s name every stored property) and by identity (type and id), and each section's
/// header model by description.
struct ShownState: Equatable, CustomStringConvertible {
    var items: [[String]]
    var keys: [[String]]
    var headers: [String?]

    init(_ storage: MemoryStorage) {
        let sections = 0..<storage.numberOfSections
        let models = sections.map { storage.items(inSection: $0)! }
        items = models.map { $0.map { String(describing: $0) } }
        keys = models.map { $0.map(Self.key) }
        headers = sections.map { section in
            storage.supplementaryModel(ofKind: storage.supplementaryHeaderKind, forSectionAt: section).map { String(describing: $0) }
        }
    }

    /// The identity of an item: its type and id (a `Cell` changed in place keeps it).
    static func key(_ item: any Sendable) -> String {
        switch item {
        case let cell as Cell: "C\(cell.id)"
        case let shelf as Shelf: "S\(shelf.id)"
        default: "?\(item)"
        }
    }

    /// Whether no identity occurs twice (in any sections).
    var hasUniqueKeys: Bool {
        let all = keys.joined()
        return Set(all).count == all.count
    }

    var description: String { "\(items) headers \(headers)" }
}

/// A view that applies every update a storage delivers, as UIKit does (`StorageUpdate.apply`),
/// onto what the updates before it left, starting from the storage's content when it was made:
/// each update must take the state the previous ones left to the state the storage shows while
/// it is delivered (the state it leads to), items and headers, with exactly the changed models
/// and no item that stays deleted and inserted again. An update that is legal and agrees with
/// another storage's but describes the wrong change fails here.
final class DeliveredReplay {
    /// What the updates delivered so far leave.
    private(set) var shown: ShownState
    /// The state each update led to, since the last ``take()``.
    private(set) var history: [ShownState] = []
    /// What was wrong with the updates delivered since the last ``take()``.
    private(set) var failures: [String] = []

    init(_ storage: MemoryStorage) {
        shown = ShownState(storage)
        storage.addObserver { [weak self, weak storage] update in
            guard let self, let storage else { return }
            self.receive(update, leadingTo: ShownState(storage))
        }
    }

    private func receive(_ update: StorageUpdate, leadingTo now: ShownState) {
        failures += Self.problems(update, from: shown, to: now).map { "update \(history.count): \($0)" }
        history.append(now)
        shown = now
    }

    /// Takes and clears the failures (and the history).
    func take() -> [String] {
        defer { (failures, history) = ([], []) }
        return failures
    }

    /// What is wrong with `update` as the change from `before` to `after`: empty (unless
    /// `emptyAllowed` and nothing changed), illegal, applied giving other items or headers, models
    /// not those of its updates, or (with `movesChecked`, when no identity repeats) an item that
    /// stays in a surviving section deleted and inserted instead of moved. A reload request is
    /// right for any change.
    static func problems(_ update: StorageUpdate, from before: ShownState, to after: ShownState,
                         emptyAllowed: Bool = false, movesChecked: Bool = true) -> [String] {
        if update.isEmpty { return emptyAllowed && before == after ? [] : ["empty: \(before) -> \(after)"] }
        if update.requiresReload { return [] }
        do {
            let items = try update.apply(to: before.items, with: after.items)
            let headers = try update.changes.applyToSections(before.headers, with: after.headers)
            guard items == after.items, headers == after.headers else {
                return ["\(update) applied to \(before) gives \(items) headers \(headers), not \(after)"]
            }
        } catch {
            return ["illegal \(update) for \(before) -> \(after): \(error)"]
        }
        var problems = modelProblems(update, after: after)
        if movesChecked && before.hasUniqueKeys && after.hasUniqueKeys {
            problems += reinsertions(update, from: before, to: after)
        }
        return problems.map { "\($0): \(update) for \(before) -> \(after)" }
    }

    /// The updated models: one per updated item (stage 1 and 2), each the new item at its key.
    private static func modelProblems(_ update: StorageUpdate, after: ShownState) -> [String] {
        var problems: [String] = []
        let paths = Set(update.updatedModels.keys)
        if paths.count != update.updatedIndexPaths.count + update.updatedIndexPathsAfterMoves.count
            || !paths.isSuperset(of: update.updatedIndexPathsAfterMoves) {
            problems.append("models at \(paths.sorted())")
        }
        for (path, model) in update.updatedModels {
            let item = path.count == 2 && after.items.indices.contains(path[0])
                && after.items[path[0]].indices.contains(path[1]) ? after.items[path[0]][path[1]] : nil
            if item != String(describing: model) { problems.append("model \(model) at \(path)") }
        }
        return problems
    }

    /// The identities deleted from a surviving section that are still in one, and those inserted
    /// in a surviving section that were in one.
    private static func reinsertions(_ update: StorageUpdate, from before: ShownState, to after: ShownState) -> [String] {
        func surviving(_ state: ShownState, excluding excluded: [Int]) -> Set<String> {
            Set(state.keys.enumerated().filter { !excluded.contains($0.offset) }.flatMap(\.element))
        }
        let survivingOld = surviving(before, excluding: update.deletedSectionIndexes)
        let survivingNew = surviving(after, excluding: update.insertedSectionIndexes)
        let deleted = update.deletedIndexPaths.map { before.keys[$0[0]][$0[1]] }.filter(survivingNew.contains)
        let inserted = update.insertedIndexPaths.map { after.keys[$0[0]][$0[1]] }.filter(survivingOld.contains)
        return (deleted.isEmpty ? [] : ["deleted but still there: \(deleted)"])
            + (inserted.isEmpty ? [] : ["inserted but was there: \(inserted)"])
    }
}
