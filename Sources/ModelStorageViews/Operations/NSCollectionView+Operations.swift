#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import ModelStorage

/// `NSCollectionView`'s operations for a ``CollectionViewAdapter``: each forwards to the method
/// of the same name, index paths as the sets AppKit takes; batches run on the view's animator
/// (so that they animate); a reconfigure is a reload (AppKit has no reconfigure).
struct NSCollectionViewOperations: CollectionViewOperations {
    let collectionView: NSCollectionView

    func performBatch(_ updates: @escaping @MainActor () -> Void, completion: @escaping @MainActor (Bool) -> Void) {
        let batch = PendingBatch(updates: updates, completion: completion)
        collectionView.animator().performBatchUpdates({ MainActor.assumeIsolated { batch.runUpdates() } },
                                                      completionHandler: { finished in
                                                          MainActor.assumeIsolated { batch.complete(finished) }
                                                      })
    }
    func insertSections(_ sections: IndexSet) { collectionView.insertSections(sections) }
    func deleteSections(_ sections: IndexSet) { collectionView.deleteSections(sections) }
    func reloadSections(_ sections: IndexSet) { collectionView.reloadSections(sections) }
    func moveSection(_ section: Int, toSection newSection: Int) { collectionView.moveSection(section, toSection: newSection) }
    func insertItems(at indexPaths: [IndexPath]) { collectionView.insertItems(at: Set(indexPaths)) }
    func deleteItems(at indexPaths: [IndexPath]) { collectionView.deleteItems(at: Set(indexPaths)) }
    func reloadItems(at indexPaths: [IndexPath]) { collectionView.reloadItems(at: Set(indexPaths)) }
    func reconfigureItems(at indexPaths: [IndexPath]) { collectionView.reloadItems(at: Set(indexPaths)) }
    func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { collectionView.moveItem(at: indexPath, to: newIndexPath) }
    func reloadData() { collectionView.reloadData() }
    var isInWindow: Bool { collectionView.window != nil }
}

extension CollectionViewAdapter {
    /// An adapter that drives `collectionView`: batches through its animator's
    /// `performBatchUpdates(_:completionHandler:)`; reconfigures are reloads.
    public convenience init(_ collectionView: NSCollectionView) {
        self.init(operations: NSCollectionViewOperations(collectionView: collectionView))
    }
}
#endif
