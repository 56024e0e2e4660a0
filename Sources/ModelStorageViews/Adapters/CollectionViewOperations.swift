// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// What a collection view offers a ``CollectionViewAdapter``: `UICollectionView`'s batch
/// operations, spelled as `UICollectionView` spells them (the Apple conformances forward each
/// to the view's method of that name; `NSCollectionView`'s take sets of index paths and its
/// reconfigure is a reload).
///
/// Conform a stand-in to test the calls a `ViewUpdater` makes through the adapter, as this
/// package's tests do.
@MainActor
public protocol CollectionViewOperations {
    /// Runs `updates` as one animated batch and `completion` when its animations end
    /// (`performBatchUpdates(_:completion:)`).
    func performBatch(_ updates: @escaping @MainActor () -> Void, completion: @escaping @MainActor (Bool) -> Void)
    /// Inserts sections (new indexes).
    func insertSections(_ sections: IndexSet)
    /// Deletes sections (old indexes).
    func deleteSections(_ sections: IndexSet)
    /// Reloads sections (old indexes).
    func reloadSections(_ sections: IndexSet)
    /// Moves a section.
    func moveSection(_ section: Int, toSection newSection: Int)
    /// Inserts items (new index paths).
    func insertItems(at indexPaths: [IndexPath])
    /// Deletes items (old index paths).
    func deleteItems(at indexPaths: [IndexPath])
    /// Reloads items (old index paths).
    func reloadItems(at indexPaths: [IndexPath])
    /// Configures the cells of items again, keeping the cells.
    func reconfigureItems(at indexPaths: [IndexPath])
    /// Moves an item.
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath)
    /// Drops every cell and reads the data source again.
    func reloadData()
    /// The index paths of the visible items.
    var indexPathsForVisibleItems: [IndexPath] { get }
    /// Whether the view is in a window.
    var isInWindow: Bool { get }
}
#endif
