import Foundation

/// A rule of UIKit's batch updates that a ``SimulatedView`` saw broken: what
/// `UICollectionView` and `UITableView` raise as `NSInternalInconsistencyException` (fatal since
/// iOS 16.4: "Invalid batch updates detected"), with UIKit's own wording in ``description``.
public enum SimulatedViewError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The number of sections after the batch is not the number before it plus the inserted
    /// minus the deleted ones.
    case invalidNumberOfSections(after: Int, before: Int, inserted: Int, deleted: Int)
    /// The number of items of a section that stays is not its number before the batch plus or
    /// minus what was inserted, deleted and moved in or out.
    case invalidNumberOfItems(section: Int, after: Int, before: Int, inserted: Int, deleted: Int,
                              movedIn: Int, movedOut: Int)
    /// An operation names a section that does not exist in its index space (`before` for
    /// deletions, reloads and move sources, `after` for insertions and move destinations).
    case sectionOutOfRange(operation: Operation, section: Int, sectionCount: Int)
    /// An operation names an item that does not exist in its index space.
    case itemOutOfRange(operation: Operation, indexPath: IndexPath, itemCount: Int)
    /// Two operations of one batch name the same section or index path where UIKit accepts
    /// only one of them (a delete and a move, a reload of something deleted or moved, the
    /// same insertion twice, ...).
    case conflict(Operation, Operation, index: String)
    /// An item moves out of a section that the batch deletes.
    case moveOutOfDeletedSection(from: IndexPath, to: IndexPath)
    /// An item moves into a section that the batch inserts.
    case moveIntoInsertedSection(from: IndexPath, to: IndexPath)
    /// `reloadData()` inside a batch's updates block.
    case reloadDataInsideBatch
    /// `performBatchUpdates` inside another batch's updates block.
    case nestedBatch
    /// A reconfigured item now needs another kind of cell than the one it has
    /// (`reconfigureItems(at:)` keeps the cell: its item must be reloaded instead).
    case reconfiguredWithAnotherKindOfCell(IndexPath)
    /// The view read its data source after it had been released (the view holds it weakly, as
    /// UIKit does): nothing else kept it.
    case dataSourceReleased

    /// The kind of operation a rule names.
    public enum Operation: String, Sendable {
        /// An insertion (`insertItems(at:)`, `insertSections(_:)`).
        case insert
        /// A deletion (`deleteItems(at:)`, `deleteSections(_:)`).
        case delete
        /// A reload (`reloadItems(at:)`, `reloadSections(_:)`).
        case reload
        /// A reconfiguration (`reconfigureItems(at:)`).
        case reconfigure
        /// A move (`moveItem(at:to:)`, `moveSection(_:toSection:)`).
        case move
        /// The place a move starts from.
        case moveSource = "move from"
        /// The place a move goes to.
        case moveDestination = "move to"
    }

    /// UIKit's message for the rule.
    public var description: String {
        switch self {
        case let .invalidNumberOfSections(after, before, inserted, deleted):
            return "Invalid update: invalid number of sections. The number of sections contained in the collection view after the update (\(after)) must be equal to the number of sections contained in the collection view before the update (\(before)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
        case let .invalidNumberOfItems(section, after, before, inserted, deleted, movedIn, movedOut):
            return "Invalid update: invalid number of items in section \(section). The number of items contained in an existing section after the update (\(after)) must be equal to the number of items contained in that section before the update (\(before)), plus or minus the number of items inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
        case let .sectionOutOfRange(operation, section, count):
            switch operation {
            case .insert, .moveDestination:
                return "attempt to \(operation.rawValue) section \(section), but there are only \(count) sections after the update"
            default:
                return "attempt to \(operation.rawValue) section \(section), but there are only \(count) sections before the update"
            }
        case let .itemOutOfRange(operation, path, count):
            switch operation {
            case .insert, .moveDestination:
                return "attempt to \(operation.rawValue) item \(path[1]) into section \(path[0]), but there are only \(count) items in section \(path[0]) after the update"
            default:
                return "attempt to \(operation.rawValue) item \(path[1]) from section \(path[0]) which only contains \(count) items before the update"
            }
        case let .conflict(first, second, index):
            if first == second { return "attempt to \(first.rawValue) \(index) twice" }
            return "attempt to perform a \(first.rawValue) and a \(second.rawValue) of the same \(index)"
        case let .moveOutOfDeletedSection(from, to):
            return "attempt to move index path (\(Self.describe(from))) to index path (\(Self.describe(to))) out of section \(from[0]), which is being deleted"
        case let .moveIntoInsertedSection(from, to):
            return "cannot move an item into a newly inserted section (\(to[0])): from index path (\(Self.describe(from)))"
        case .reloadDataInsideBatch:
            return "reloadData must not be called inside a batch's updates block (while updates are uncommitted)"
        case .nestedBatch:
            return "performBatchUpdates called inside another batch's updates block"
        case let .reconfiguredWithAnotherKindOfCell(path):
            return "reconfigureItems(at:) for index path (\(Self.describe(path))): the cell provider must dequeue the same type of cell for the provided index path, and must return the same existing cell for that index path"
        case .dataSourceReleased:
            return "the view's data source was released while the view still reads it (UIKit holds its data source weakly: keep it, as a view controller does)"
        }
    }

    /// An index path as UIKit prints one: `{length = 2, path = 0 - 3}`.
    static func describe(_ path: IndexPath) -> String {
        "{length = \(path.count), path = \(path.map(String.init).joined(separator: " - "))}"
    }
}
