import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage

/// Three item types whose ids collide (`FeedPost(id: 1)`, `FeedComment(id: 1)` and
/// `FeedTag(id: 1)` are three items; `Hashable` only so that `SimulatedView` can compare
/// cells) and two without identity (`FeedNote` is only `Equatable`,
/// `Int` only `Hashable`): what the untyped `setItems` paths must diff by type and id, or never
/// match.
struct FeedPost: Identifiable, Hashable, Sendable {
    var id: Int
    var version = 0
}

struct FeedComment: Identifiable, Hashable, Sendable {
    var id: Int
    var version = 0
}

struct FeedTag: Identifiable, Hashable, Sendable {
    var id: Int
    var version = 0
}

struct FeedNote: Equatable, Sendable {
    var text: Int
}

/// An item of a heterogeneous storage as a comparable value, and back.
enum FeedItem: Hashable, CustomStringConvertible {
    case post(id: Int, version: Int)
    case comment(id: Int, version: Int)
    case tag(id: Int, version: Int)
    case note(Int)
    case number(Int)

    /// The value of a stored item (which must be one of the five types).
    init(_ item: any Sendable) {
        switch item {
        case let post as FeedPost: self = .post(id: post.id, version: post.version)
        case let comment as FeedComment: self = .comment(id: comment.id, version: comment.version)
        case let tag as FeedTag: self = .tag(id: tag.id, version: tag.version)
        case let note as FeedNote: self = .note(note.text)
        case let number as Int: self = .number(number)
        default: preconditionFailure("not a feed item: \(item)")
        }
    }

    /// The item to store.
    var model: any Sendable {
        switch self {
        case let .post(id, version): FeedPost(id: id, version: version)
        case let .comment(id, version): FeedComment(id: id, version: version)
        case let .tag(id, version): FeedTag(id: id, version: version)
        case let .note(text): FeedNote(text: text)
        case let .number(value): value
        }
    }

    /// The identity the storage must match by (type and id), `nil` for items without one.
    var key: String? {
        switch self {
        case let .post(id, _): "post \(id)"
        case let .comment(id, _): "comment \(id)"
        case let .tag(id, _): "tag \(id)"
        case .note, .number: nil
        }
    }

    /// The same item with its content changed.
    var changed: FeedItem {
        switch self {
        case let .post(id, version): .post(id: id, version: version + 1)
        case let .comment(id, version): .comment(id: id, version: version + 1)
        case let .tag(id, version): .tag(id: id, version: version + 1)
        case let .note(text): .note(text + 1)
        case let .number(value): .number(value + 1)
        }
    }

    var description: String {
        switch self {
        case let .post(id, version): "P\(id)v\(version)"
        case let .comment(id, version): "C\(id)v\(version)"
        case let .tag(id, version): "T\(id)v\(version)"
        case let .note(text): "N\(text)"
        case let .number(value): "#\(value)"
        }
    }
}

/// The items of every section of `storage` as values.
func feedItems(_ storage: MemoryStorage) -> [[FeedItem]] {
    (0..<storage.numberOfSections).map { storage.items(inSection: $0)!.map(FeedItem.init) }
}

/// Checks `update` from `before` to `after` (items with unique keys): legal, applying it to
/// `before` gives `after`, it carries exactly the models of the items it updates, it updates only
/// matched items whose content changed, and every key present in a surviving section on both
/// sides is matched (never deleted and inserted).
func checkFeedUpdate(_ update: StorageUpdate, from before: [[FeedItem]], to after: [[FeedItem]],
                     sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!update.isEmpty && !update.requiresReload, "\(update)", sourceLocation: sourceLocation)
    do {
        try update.validate(oldItemCounts: before.map(\.count), newItemCounts: after.map(\.count))
        let applied = try update.apply(to: before, with: after)
        #expect(applied == after, "\(update) applied to \(before) gives \(applied), not \(after)",
                sourceLocation: sourceLocation)
    } catch {
        Issue.record("illegal update \(update) for \(before) -> \(after): \(error)", sourceLocation: sourceLocation)
        return
    }
    var newPathOfKey: [String: IndexPath] = [:]
    for (section, items) in after.enumerated() {
        for (offset, item) in items.enumerated() { if let key = item.key { newPathOfKey[key] = path(section, offset) } }
    }
    var expectedModelPaths = Set(update.updatedIndexPathsAfterMoves)
    for old in update.updatedIndexPaths {
        let item = before[old[0]][old[1]]
        guard let key = item.key, let new = newPathOfKey[key] else {
            Issue.record("\(item) updated without a partner: \(update)", sourceLocation: sourceLocation)
            continue
        }
        #expect(after[new[0]][new[1]] != item, "\(item) updated but unchanged: \(update)", sourceLocation: sourceLocation)
        expectedModelPaths.insert(new)
    }
    #expect(Set(update.updatedModels.keys) == expectedModelPaths, "models of \(update)", sourceLocation: sourceLocation)
    for (modelPath, model) in update.updatedModels {
        #expect(FeedItem(model) == after[modelPath[0]][modelPath[1]], sourceLocation: sourceLocation)
    }
    let deletedSections = Set(update.deletedSectionIndexes), insertedSections = Set(update.insertedSectionIndexes)
    func survivingKeys(_ sections: [[FeedItem]], skipping skipped: Set<Int>) -> Set<String> {
        Set(sections.enumerated().filter { !skipped.contains($0.offset) }.flatMap { $0.element.compactMap(\.key) })
    }
    let survivingOld = survivingKeys(before, skipping: deletedSections)
    let survivingNew = survivingKeys(after, skipping: insertedSections)
    for deleted in update.deletedIndexPaths {
        if let key = before[deleted[0]][deleted[1]].key {
            #expect(!survivingNew.contains(key), "\(key) deleted but still there: \(update)", sourceLocation: sourceLocation)
        }
    }
    for inserted in update.insertedIndexPaths {
        if let key = after[inserted[0]][inserted[1]].key {
            #expect(!survivingOld.contains(key), "\(key) inserted but was there: \(update)", sourceLocation: sourceLocation)
        }
    }
}
