#if canImport(UIKit) && !os(watchOS)
import UIKit
import ModelStorage

/// `UICollectionView`'s operations for a ``CollectionViewAdapter``: each forwards to the method
/// of the same name.
struct UICollectionViewOperations: CollectionViewOperations {
    let collectionView: UICollectionView

    func performBatch(_ updates: @escaping @MainActor () -> Void, completion: @escaping @MainActor (Bool) -> Void) {
        let batch = PendingBatch(updates: updates, completion: completion)
        collectionView.performBatchUpdates({ MainActor.assumeIsolated { batch.runUpdates() } },
                                           completion: { finished in MainActor.assumeIsolated { batch.complete(finished) } })
    }
    func insertSections(_ sections: IndexSet) { collectionView.insertSections(sections) }
    func deleteSections(_ sections: IndexSet) { collectionView.deleteSections(sections) }
    func reloadSections(_ sections: IndexSet) { collectionView.reloadSections(sections) }
    func moveSection(_ section: Int, toSection newSection: Int) { collectionView.moveSection(section, toSection: newSection) }
    func insertItems(at indexPaths: [IndexPath]) { collectionView.insertItems(at: indexPaths) }
    func deleteItems(at indexPaths: [IndexPath]) { collectionView.deleteItems(at: indexPaths) }
    func reloadItems(at indexPaths: [IndexPath]) { collectionView.reloadItems(at: indexPaths) }
    func reconfigureItems(at indexPaths: [IndexPath]) { collectionView.reconfigureItems(at: indexPaths) }
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { collectionView.moveItem(at: indexPath, to: newIndexPath) }
    func reloadData() { collectionView.reloadData() }
    var isInWindow: Bool { collectionView.window != nil }
}

extension CollectionViewAdapter {
    /// An adapter that drives `collectionView`: batches through its
    /// `performBatchUpdates(_:completion:)`, reconfigures through `reconfigureItems(at:)`.
    public convenience init(_ collectionView: UICollectionView) {
        self.init(operations: UICollectionViewOperations(collectionView: collectionView))
    }
}
#endif
