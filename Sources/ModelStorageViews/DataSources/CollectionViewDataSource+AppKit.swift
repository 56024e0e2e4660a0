#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
import ModelStorage

/// An `NSCollectionView`'s data source made from the collection view and a storage, as
/// `NSCollectionViewDiffableDataSource` is: it creates the ``CollectionViewAdapter`` and the
/// `ViewUpdater` (``updater``), sets itself as the view's data source, and answers from what the
/// updater shows (never from the live storage), each item from a cell provider typed for a
/// `TypedItemStorage` or from per-type registrations.
///
/// ```swift
/// dataSource = CollectionViewDataSource(collectionView: collectionView, storage: storage) { collectionView, indexPath, song in
///     let item = collectionView.makeItem(withIdentifier: songItem, for: indexPath)
///     item.textField?.stringValue = song.title
///     return item
/// }
/// ```
///
/// The collection view holds its data source weakly: keep this object.
@MainActor
open class CollectionViewDataSource: NSObject {
    /// Makes the item (cell) of an index path: the collection view, the index path, and the
    /// storage's item shown there (untyped: the deprecated ``init(updater:cellProvider:)``).
    public typealias CellProvider = @MainActor (NSCollectionView, IndexPath, any Sendable) -> NSCollectionViewItem
    /// Makes a supplementary view: the collection view, its kind, its index path, and the
    /// supplementary model the storage holds for that kind and section (`nil` when none).
    public typealias SupplementaryViewProvider = @MainActor (NSCollectionView, String, IndexPath, (any Sendable)?) -> NSView

    /// Makes the supplementary views the layout asks for; set it when the layout has any.
    public var supplementaryViewProvider: SupplementaryViewProvider?
    /// The updater between the storage and the collection view.
    public var updater: any ViewUpdating { core.updater }
    let core: DataSourceCore<NSCollectionView, NSCollectionViewItem>

    /// The data source of `collectionView` showing `storage`: each item from `cellProvider`,
    /// which receives the storage's item type. Sets itself as the view's data source.
    public init<Source: TypedItemStorage>(
        collectionView: NSCollectionView, storage: Source,
        cellProvider: @escaping @MainActor (NSCollectionView, IndexPath, Source.Item) -> NSCollectionViewItem
    ) {
        core = DataSourceCore(updater: ViewUpdater(storage: storage, view: CollectionViewAdapter(collectionView)),
                              typedCellProvider: cellProvider)
        super.init()
        collectionView.dataSource = self
    }

    /// The data source of `collectionView` showing `storage` (items of several types): each item
    /// from the registration of its item's type (``register(_:cellProvider:)``).
    public init<Source: ContentStorage>(collectionView: NSCollectionView, storage: Source) {
        core = DataSourceCore(registeringCellsOf: ViewUpdater(storage: storage, view: CollectionViewAdapter(collectionView)))
        super.init()
        collectionView.dataSource = self
    }

    /// A data source that shows what `updater` shows, making each item with `cellProvider`. It
    /// keeps the updater; set it as the view's data source.
    @available(*, deprecated, message: "use init(collectionView:storage:cellProvider:), or init(collectionView:storage:) and register(_:cellProvider:)")
    public init<Source: ContentStorage>(updater: ViewUpdater<Source>, cellProvider: @escaping CellProvider) {
        core = DataSourceCore(updater: updater, cellProvider: cellProvider)
        super.init()
    }

    /// Makes the items (cells) of storage items of type `Item` with `cellProvider` (for a data
    /// source made without a cell provider); replaces an earlier registration of that type.
    public func register<Item>(_ type: Item.Type,
                               cellProvider: @escaping @MainActor (NSCollectionView, IndexPath, Item) -> NSCollectionViewItem) {
        core.registry.register(type) { context, item in cellProvider(context.0, context.1, item) }
    }

    /// The item the view shows at `indexPath` when it is an `Item`, else `nil`.
    public func item<Item>(at indexPath: IndexPath, as type: Item.Type = Item.self) -> Item? {
        core.item(at: indexPath, as: type)
    }

    /// The row state (level, expansion, children) of the item the view shows at `indexPath` when
    /// the storage is an `OutlineStorage`, as its tree has it now; `nil` for another storage, an
    /// index path the view does not show, or an item that left the tree (its row goes with the
    /// next batch). What a cell shows besides its item: see ``OutlineRowAppearance``.
    public func outlineRowState(at indexPath: IndexPath) -> OutlineRowState? {
        core.outlineRowState(at: indexPath)
    }
}

extension CollectionViewDataSource: NSCollectionViewDataSource {
    /// The number of sections the updater shows.
    public func numberOfSections(in collectionView: NSCollectionView) -> Int {
        core.content.numberOfSections()
    }

    /// The number of items the updater shows in `section`.
    public func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int) -> Int {
        core.content.numberOfItems(section)
    }

    /// The item (cell) the updater shows at `indexPath`, from the cell provider or the item type's
    /// registration; an empty item when there is none.
    public func collectionView(_ collectionView: NSCollectionView,
                               itemForRepresentedObjectAt indexPath: IndexPath) -> NSCollectionViewItem {
        core.cell(in: collectionView, at: indexPath) ?? NSCollectionViewItem(nibName: nil, bundle: nil)
    }

    /// The supplementary view of `kind` at `indexPath`, from the supplementary view provider; an
    /// empty view (and a failed assertion in debug builds) when none is set.
    public func collectionView(_ collectionView: NSCollectionView,
                               viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
                               at indexPath: IndexPath) -> NSView {
        let model = core.content.supplementaryModel(kind, indexPath[0])
        guard let provider = supplementaryViewProvider else {
            assertionFailure("CollectionViewDataSource: the layout asks for a \(kind) view; set supplementaryViewProvider")
            return NSView(frame: .zero)
        }
        return provider(collectionView, kind, indexPath, model)
    }
}
#endif
