/// Why a ``BatchUpdate`` (or a sectioned stage) is not legal for one `performBatchUpdates`
/// call, in the terms UIKit uses when it rejects one.
public enum BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of operation an error is about.
    public enum Operation: String, Hashable, Sendable {
        /// A deletion (old index).
        case deletion
        /// An insertion (new index).
        case insertion
        /// The source of a move (old index).
        case moveSource
        /// The destination of a move (new index).
        case moveDestination
        /// A stage-1 reload (old index).
        case reload
        /// A stage-2 reload (new index).
        case reloadAfterMoves
        /// A ``Changeset`` update (its old offset).
        case update
    }

    /// An index outside `0..<count` of the space the operation uses (old or new).
    case indexOutOfRange(Operation, index: Int, count: Int)
    /// The same index twice in one kind of operation.
    case duplicateIndex(Operation, index: Int)
    /// An old index both deleted and moved away.
    case deletedAndMoved(index: Int)
    /// An old index both deleted and reloaded.
    case deletedAndReloaded(index: Int)
    /// An old index both moved and reloaded in the same stage.
    case movedAndReloaded(index: Int)
    /// A new index both inserted and the destination of a move.
    case insertedAndMovedTo(index: Int)
    /// old count − deletions + insertions ≠ new count
    /// ("Invalid update: invalid number of items").
    case invalidCount(oldCount: Int, deletions: Int, insertions: Int, newCount: Int)
    /// A ``Changeset`` update whose old and new offsets are not a pair the changeset matches
    /// (the element at `old` does not end up at `new`).
    case updateNotMatched(old: Int, new: Int)
    /// A ``Changeset`` update whose old offset is outside `0..<oldCount` or whose new offset is
    /// outside `0..<newCount`.
    case updateOutOfRange(old: Int, new: Int, oldCount: Int, newCount: Int)
    /// A count that is negative: no list holds fewer than no elements.
    case negativeCount(Int)
    /// A section index that is negative.
    case negativeSection(Int)

    /// A sentence that names the offending index.
    public var description: String {
        switch self {
        case let .indexOutOfRange(operation, index, count):
            return "\(operation.rawValue) index \(index) is out of range 0..<\(count)"
        case let .duplicateIndex(operation, index):
            return "\(operation.rawValue) index \(index) appears more than once"
        case let .deletedAndMoved(index):
            return "index \(index) is both deleted and moved"
        case let .deletedAndReloaded(index):
            return "index \(index) is both deleted and reloaded"
        case let .movedAndReloaded(index):
            return "index \(index) is both moved and reloaded in one stage"
        case let .insertedAndMovedTo(index):
            return "index \(index) is both inserted and the destination of a move"
        case let .invalidCount(oldCount, deletions, insertions, newCount):
            return "invalid number of items: \(oldCount) - \(deletions) + \(insertions) != \(newCount)"
        case let .negativeCount(count):
            return "the count \(count) is negative"
        case let .negativeSection(section):
            return "the section \(section) is negative"
        case let .updateNotMatched(old, new):
            return "update \(old)~\(new) does not name a matched pair (old \(old) does not end up at \(new))"
        case let .updateOutOfRange(old, new, oldCount, newCount):
            return "update \(old)~\(new) is out of range (old offsets 0..<\(oldCount), new offsets 0..<\(newCount))"
        }
    }
}
