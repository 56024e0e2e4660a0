#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import ModelStorage

/// An `NSCollectionView` data source that answers from what a `ViewUpdater` shows (never from
/// the live storage, whose counts may have moved on), with an item provider, as
/// `NSCollectionViewDiffableDataSource` does.
///
/// ```swift
/// let updater = ViewUpdater(storage: storage, view: CollectionViewAdapter(collectionView))
/// dataSource = CollectionViewDataSource(updater: updater) { collectionView, indexPath, item in
///     let cell = collectionView.makeItem(withIdentifier: songItem, for: indexPath)
///     cell.textField?.stringValue = (item as? Song)?.title ?? ""
///     return cell
/// }
/// collectionView.dataSource = dataSource
/// ```
///
/// The collection view holds its data source weakly: keep this object.
@MainActor
public final class CollectionViewDataSource: NSObject {
    /// Makes the item (cell) of an index path: the collection view, the index path, and the
    /// storage's item shown there.
    public typealias CellProvider = @MainActor (NSCollectionView, IndexPath, any Sendable) -> NSCollectionViewItem
    /// Makes a supplementary view: the collection view, its kind, its index path, and the
    /// supplementary model the storage holds for that kind and section (`nil` when none).
    public typealias SupplementaryViewProvider = @MainActor (NSCollectionView, String, IndexPath, (any Sendable)?) -> NSView

    /// Makes the supplementary views the layout asks for; set it when the layout has any.
    public var supplementaryViewProvider: SupplementaryViewProvider?
    private let cellProvider: CellProvider
    private let content: DisplayedContent

    /// A data source that shows what `updater` shows, making each item with `cellProvider`. It
    /// keeps the updater.
    public init<Source: ContentStorage>(updater: ViewUpdater<Source>, cellProvider: @escaping CellProvider) {
        content = DisplayedContent(updater)
        self.cellProvider = cellProvider
        super.init()
    }
}

extension CollectionViewDataSource: NSCollectionViewDataSource {
    /// The number of sections the updater shows.
    public func numberOfSections(in collectionView: NSCollectionView) -> Int {
        content.numberOfSections()
    }

    /// The number of items the updater shows in `section`.
    public func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int) -> Int {
        content.numberOfItems(section)
    }

    /// The item (cell) the updater shows at `indexPath`, from the cell provider.
    public func collectionView(_ collectionView: NSCollectionView,
                               itemForRepresentedObjectAt indexPath: IndexPath) -> NSCollectionViewItem {
        cellProvider(collectionView, indexPath, content.itemOrMissing(at: indexPath))
    }

    /// The supplementary view of `kind` at `indexPath`, from the supplementary view provider.
    public func collectionView(_ collectionView: NSCollectionView,
                               viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
                               at indexPath: IndexPath) -> NSView {
        let model = content.supplementaryModel(kind, indexPath[0])
        guard let provider = supplementaryViewProvider else {
            preconditionFailure("CollectionViewDataSource: the layout asks for a \(kind) view; set supplementaryViewProvider")
        }
        return provider(collectionView, kind, indexPath, model)
    }
}
#endif
