// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// What a collection view offers a ``CollectionViewAdapter``: `UICollectionView`'s batch
/// operations (`BatchUpdateOperations`, the vocabulary a `BatchUpdatingView` speaks) and the
/// batch that runs them, with closures a UIKit or AppKit call can take whatever attributes the
/// SDK gives them (the Apple conformances forward each operation to the view's method of that
/// name; `NSCollectionView`'s take sets of index paths and its reconfigure is a reload).
///
/// Conform a stand-in to test the calls a `ViewUpdater` makes through the adapter, as this
/// package's tests do.
@MainActor
public protocol CollectionViewOperations: BatchUpdateOperations {
    /// Runs `updates` as one animated batch and `completion` when its animations end
    /// (`performBatchUpdates(_:completion:)`).
    func performBatch(_ updates: @escaping @MainActor () -> Void, completion: @escaping @MainActor (Bool) -> Void)
}
#endif
