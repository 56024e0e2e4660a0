#if canImport(UIKit) && !os(watchOS)
import UIKit
import ModelStorage

/// A `UICollectionView` data source that answers from what a `ViewUpdater` shows (never from
/// the live storage, whose counts may have moved on), with a cell provider, as
/// `UICollectionViewDiffableDataSource` does.
///
/// ```swift
/// let updater = ViewUpdater(storage: storage, view: CollectionViewAdapter(collectionView))
/// dataSource = CollectionViewDataSource(updater: updater) { collectionView, indexPath, item in
///     collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item as? Song)
/// }
/// collectionView.dataSource = dataSource
/// ```
///
/// The collection view holds its data source weakly: keep this object (a view controller's
/// property).
@MainActor
public final class CollectionViewDataSource: NSObject {
    /// Makes the cell of an item: the collection view, the item's index path, and the item
    /// shown there.
    public typealias CellProvider = @MainActor (UICollectionView, IndexPath, any Sendable) -> UICollectionViewCell
    /// Makes a supplementary view: the collection view, its kind, its index path, and the
    /// supplementary model the storage holds for that kind and section (`nil` when none).
    public typealias SupplementaryViewProvider =
        @MainActor (UICollectionView, String, IndexPath, (any Sendable)?) -> UICollectionReusableView

    /// Makes the supplementary views (headers, footers) the layout asks for; set it when the
    /// layout has any (as with `UICollectionViewDiffableDataSource`, the view asks only then).
    public var supplementaryViewProvider: SupplementaryViewProvider?
    private let cellProvider: CellProvider
    private let content: DisplayedContent

    /// A data source that shows what `updater` shows, making each cell with `cellProvider`. It
    /// keeps the updater.
    public init<Source: ContentStorage>(updater: ViewUpdater<Source>, cellProvider: @escaping CellProvider) {
        content = DisplayedContent(updater)
        self.cellProvider = cellProvider
        super.init()
    }
}

extension CollectionViewDataSource: UICollectionViewDataSource {
    /// The number of sections the updater shows.
    public func numberOfSections(in collectionView: UICollectionView) -> Int {
        content.numberOfSections()
    }

    /// The number of items the updater shows in `section`.
    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        content.numberOfItems(section)
    }

    /// The cell of the item the updater shows at `indexPath`, from the cell provider.
    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        cellProvider(collectionView, indexPath, content.itemOrMissing(at: indexPath))
    }

    /// The supplementary view of `kind` at `indexPath`, from the supplementary view provider.
    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> UICollectionReusableView {
        let model = content.supplementaryModel(kind, indexPath[0])
        guard let provider = supplementaryViewProvider else {
            preconditionFailure("CollectionViewDataSource: the layout asks for a \(kind) view; set supplementaryViewProvider")
        }
        return provider(collectionView, kind, indexPath, model)
    }
}
#endif
