// Foundation itself, not FoundationEssentials: `IndexSet`, the type UIKit's section
// operations take, is not in FoundationEssentials on Linux.
import Foundation

/// The operations of one batch, spelled as `UICollectionView` spells them: the vocabulary that
/// ``BatchUpdatingView`` (what a ``ViewUpdater`` drives) and the `ModelStorageViews` product's
/// `CollectionViewOperations` (what a collection view offers its adapter) share, declared once.
///
/// The semantics are UIKit's: inside a batch's updates block, deletions and reloads name old
/// index paths and sections, insertions new ones, moves old to new.
@MainActor
public protocol BatchUpdateOperations {
    /// Inserts sections (new indexes).
    func insertSections(_ sections: IndexSet)
    /// Deletes sections (old indexes).
    func deleteSections(_ sections: IndexSet)
    /// Reloads sections (old indexes), replacing their cells and supplementary views.
    func reloadSections(_ sections: IndexSet)
    /// Moves a section from its old index to its new one.
    func moveSection(_ section: Int, toSection newSection: Int)
    /// Inserts items (new index paths).
    func insertItems(at indexPaths: [IndexPath])
    /// Deletes items (old index paths).
    func deleteItems(at indexPaths: [IndexPath])
    /// Reloads items (old index paths), replacing their cells: what an item whose cell must
    /// change (another type, another registration) needs.
    func reloadItems(at indexPaths: [IndexPath])
    /// Configures the existing cells of items again, keeping the cells (`UICollectionView`'s
    /// `reconfigureItems(at:)`, iOS 15); a view without it reloads them. The updater calls it
    /// only in a batch of its own, where old and new index paths are the same.
    func reconfigureItems(at indexPaths: [IndexPath])
    /// Moves an item from its old index path to its new one.
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath)
    /// Drops everything cached and reads the data source again.
    func reloadData()
    /// Whether the view is in a window (on screen or about to be): off screen the updater does
    /// no animation work and reloads instead.
    var isInWindow: Bool { get }
}

/// What a table or collection view offers a ``ViewUpdater``: the ``BatchUpdateOperations``
/// and the batch that runs them, spelled as `UICollectionView` spells it. The
/// `ModelStorageViews` product's adapters make `UICollectionView`, `UITableView`,
/// `NSCollectionView` and `NSTableView` one, and a test double (the `ModelStorageTesting`
/// product's `SimulatedView`) can stand in for one.
///
/// The view reads its counts from its data source before the updates block (when it has none
/// cached) and checks them after; `completion` runs when the animations end.
@MainActor
public protocol BatchUpdatingView: AnyObject, BatchUpdateOperations {
    /// Runs `updates` (the insertions, deletions, moves and reloads of one animated batch) and
    /// calls `completion` when its animations end.
    func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?)
}
