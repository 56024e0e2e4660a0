#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a storage refused a mutation. A call that throws leaves the storage exactly as it was
/// and reports nothing.
public enum StorageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An index path that does not consist of two non-negative indexes (section, item).
    case invalidIndexPath(IndexPath)
    /// A section index outside `0..<sectionCount` (or a negative one where sections are
    /// created on demand).
    case sectionOutOfRange(Int, sectionCount: Int)
    /// An index path whose section exists but whose item index is outside the valid range,
    /// `0..<itemCount` to read or remove, `0...itemCount` to insert.
    case itemOutOfRange(IndexPath, itemCount: Int)
    /// No item equal to the given one is in the storage; the payload describes the item.
    case itemNotFound(String)
    /// `insertItems(_:to:)` got a different number of items and index paths.
    case countMismatch(items: Int, indexPaths: Int)
    /// A model that is `nil` (an optional holding nothing) where an item is required; the
    /// payload is its offset in the call's input.
    case nilItem(at: Int)
    /// `moveItemWithoutAnimation(from:to:)` inside `performUpdates`: the move already happened
    /// on screen, so it cannot be part of a batch whose update has not been delivered yet.
    case moveWithoutAnimationInsideBatch
    /// An ``OutlineStorage`` refused a change made through the storage's index paths (a user's
    /// drop into the dragged item's own subtree); the payload says why.
    case outlineRefused(OutlineError)

    /// A sentence that names the offending input.
    public var description: String {
        switch self {
        case let .invalidIndexPath(path):
            return "index path \(Array(path)) is not a (section, item) pair of non-negative indexes"
        case let .sectionOutOfRange(section, count):
            return "section \(section) is out of range (the storage has \(counted(count, "section")))"
        case let .itemOutOfRange(path, count):
            return "index path \(Array(path)) is out of range (section \(path[0]) has \(counted(count, "item")))"
        case let .itemNotFound(item):
            return "item \(item) is not in the storage"
        case let .countMismatch(items, indexPaths):
            return "\(counted(items, "item")) but \(counted(indexPaths, "index path"))"
        case let .nilItem(offset):
            return "the model at offset \(offset) is nil"
        case .moveWithoutAnimationInsideBatch:
            return "moveItemWithoutAnimation(from:to:) cannot be called inside performUpdates"
        case let .outlineRefused(error):
            return "the outline refused the change: \(error)"
        }
    }
}

/// "1 section", "0 sections", "2 sections".
private func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
