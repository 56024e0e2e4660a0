// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// A collection view as a `BatchUpdatingView`: what a `ViewUpdater` drives.
///
/// ```swift
/// let updater = ViewUpdater(storage: storage, view: CollectionViewAdapter(collectionView))
/// ```
///
/// Each operation goes to the view as one call of the same name, in the order the updater makes
/// them (inside one updates block: section deletions, insertions, moves, then item deletions,
/// insertions, moves; reconfigures in a batch of their own). `UICollectionView` (iOS, tvOS,
/// visionOS, Mac Catalyst) and `NSCollectionView` (macOS, animated through its animator) have
/// initializers in this module; ``init(operations:)`` takes anything else spelled as
/// ``CollectionViewOperations``.
///
/// An adapter rather than a conformance of the view class itself: UIKit imports
/// `performBatchUpdates(_:completion:)`'s closures with SDK-dependent attributes (`@Sendable`
/// or not), which a protocol witness must match exactly; the adapter calls the method instead,
/// with closures that compile under either spelling.
@MainActor
public final class CollectionViewAdapter: BatchUpdatingView {
    /// The view the operations go to.
    public let operations: any CollectionViewOperations

    /// An adapter that sends each operation to `operations`.
    public init(operations: any CollectionViewOperations) {
        self.operations = operations
    }

    /// Runs the batch through the view's `performBatchUpdates`.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) {
        operations.performBatch({ updates?() }, completion: { completion?($0) })
    }

    /// `insertSections(_:)`.
    public func insertSections(_ sections: IndexSet) { operations.insertSections(sections) }
    /// `deleteSections(_:)`.
    public func deleteSections(_ sections: IndexSet) { operations.deleteSections(sections) }
    /// `reloadSections(_:)`.
    public func reloadSections(_ sections: IndexSet) { operations.reloadSections(sections) }
    /// `moveSection(_:toSection:)`.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        operations.moveSection(section, toSection: newSection)
    }
    /// `insertItems(at:)`.
    public func insertItems(at indexPaths: [IndexPath]) { operations.insertItems(at: indexPaths) }
    /// `deleteItems(at:)`.
    public func deleteItems(at indexPaths: [IndexPath]) { operations.deleteItems(at: indexPaths) }
    /// `reloadItems(at:)`.
    public func reloadItems(at indexPaths: [IndexPath]) { operations.reloadItems(at: indexPaths) }
    /// `reconfigureItems(at:)`.
    public func reconfigureItems(at indexPaths: [IndexPath]) { operations.reconfigureItems(at: indexPaths) }
    /// `moveItem(at:to:)`.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        operations.moveItem(at: indexPath, to: newIndexPath)
    }
    /// `reloadData()`.
    public func reloadData() { operations.reloadData() }
    /// Whether the view is in a window.
    public var isInWindow: Bool { operations.isInWindow }
}
#endif
