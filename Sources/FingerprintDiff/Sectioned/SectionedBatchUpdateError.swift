#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a ``SectionedBatchUpdate`` is not legal for `performBatchUpdates`, in the terms UIKit
/// uses when it rejects one.
public enum SectionedBatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The section-level operations are not legal on their own (indexes are section indexes).
    case sections(BatchUpdateError)
    /// An index path that does not have exactly two indexes, or whose section or item is out
    /// of range of the space the operation uses (old or new).
    case indexPathOutOfRange(BatchUpdateError.Operation, IndexPath)
    /// The same index path twice in one kind of operation.
    case duplicateIndexPath(BatchUpdateError.Operation, IndexPath)
    /// One index path in two operations UIKit cannot combine in one batch (deleted and moved,
    /// deleted and reloaded, moved and reloaded, or inserted and moved to).
    case conflictingOperations(BatchUpdateError.Operation, BatchUpdateError.Operation, IndexPath)
    /// An item of a deleted section listed on its own (deletion, move source or reload).
    case itemInDeletedSection(BatchUpdateError.Operation, IndexPath)
    /// An item of an inserted section listed on its own (insertion or move destination).
    case itemInInsertedSection(BatchUpdateError.Operation, IndexPath)
    /// An item operation in a section that moves in the same batch (an old index path in a
    /// section that moves away, or a new one in a section that a move brings): UIKit rejects
    /// or miscounts these (a reload or a move out of a moved section, an insertion into one).
    case itemInMovedSection(BatchUpdateError.Operation, IndexPath)
    /// A stage-2 item reload inside a section that stage 2 reloads: a section reload replaces
    /// all its items, and UIKit rejects reloading an item of a section it reloads.
    case itemInReloadedSection(BatchUpdateError.Operation, IndexPath)
    /// "Invalid update: invalid number of items in section": the new section `section`, which
    /// comes from old section `oldSection`, would hold `expected` items after the update but
    /// has `actual`.
    case invalidItemCount(section: Int, oldSection: Int, expected: Int, actual: Int)

    /// A sentence that names the offending index path or section.
    public var description: String {
        switch self {
        case let .sections(error):
            return "sections: \(error)"
        case let .indexPathOutOfRange(operation, path):
            return "\(operation.rawValue) index path \(Array(path)) is out of range"
        case let .duplicateIndexPath(operation, path):
            return "\(operation.rawValue) index path \(Array(path)) appears more than once"
        case let .conflictingOperations(first, second, path):
            return "index path \(Array(path)) is both \(first.rawValue) and \(second.rawValue)"
        case let .itemInDeletedSection(operation, path):
            return "\(operation.rawValue) index path \(Array(path)) is in a deleted section"
        case let .itemInInsertedSection(operation, path):
            return "\(operation.rawValue) index path \(Array(path)) is in an inserted section"
        case let .itemInMovedSection(operation, path):
            return "\(operation.rawValue) index path \(Array(path)) is in a section that moves in the same batch"
        case let .itemInReloadedSection(operation, path):
            return "\(operation.rawValue) index path \(Array(path)) is in a section reloaded in the same batch"
        case let .invalidItemCount(section, oldSection, expected, actual):
            return "invalid number of items in section \(section) (old section \(oldSection)): "
                + "the update leaves \(expected), the section has \(actual)"
        }
    }
}
