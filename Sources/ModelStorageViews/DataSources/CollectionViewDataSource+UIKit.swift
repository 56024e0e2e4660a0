#if canImport(UIKit) && !os(watchOS)
import UIKit
import ModelStorage

/// A `UICollectionView`'s data source made from the collection view and a storage, as
/// `UICollectionViewDiffableDataSource` is: it creates the ``CollectionViewAdapter`` and the
/// `ViewUpdater` (``updater``), sets itself as the view's data source, answers from what the
/// updater shows (never from the live storage), and applies its user's edits (reordering; a swipe
/// action that calls ``deleteItem(at:)``) to the items the user touched.
///
/// ```swift
/// let songCell = UICollectionView.CellRegistration<UICollectionViewListCell, Song> { cell, _, song in ... }
/// dataSource = CollectionViewDataSource(collectionView: collectionView, storage: storage)
/// dataSource.register(songCell)                     // each item type its registration
/// dataSource.register(adCell)
/// ```
///
/// A typed storage (a single-section storage, `DatabaseStorage`) can instead take a cell
/// provider that receives its item type (``init(collectionView:storage:cellProvider:)``). An item
/// no registration takes is a failed assertion naming its type in debug builds and an empty cell
/// in release builds.
///
/// The collection view holds its data source weakly: keep this object (a view controller's
/// property).
@MainActor
open class CollectionViewDataSource: NSObject {
    /// Makes the cell of an item: the collection view, the item's index path, and the item
    /// shown there (untyped: the deprecated ``init(updater:cellProvider:)``).
    public typealias CellProvider = @MainActor (UICollectionView, IndexPath, any Sendable) -> UICollectionViewCell
    /// Makes a supplementary view: the collection view, its kind, its index path, and the
    /// supplementary model the storage holds for that kind and section (`nil` when none).
    public typealias SupplementaryViewProvider =
        @MainActor (UICollectionView, String, IndexPath, (any Sendable)?) -> UICollectionReusableView

    /// Makes the supplementary views (headers, footers) the layout asks for; set it when the
    /// layout has any (as with `UICollectionViewDiffableDataSource`, the view asks only then).
    public var supplementaryViewProvider: SupplementaryViewProvider?
    /// Where a user's edit that could not be applied is reported (the storage is then unchanged).
    public var didFailUserAction: @MainActor (UserActionError) -> Void {
        get { core.editing.didFail }
        set { core.editing.didFail = newValue }
    }
    /// The updater between the storage and the collection view (cast it to
    /// `ViewUpdater<YourStorage>` for what depends on the storage's type).
    public var updater: any ViewUpdating { core.updater }
    let core: DataSourceCore<UICollectionView, UICollectionViewCell>
    /// The empty cell of an index path no cell provider or registration serves.
    private let emptyCell = UICollectionView.CellRegistration<UICollectionViewCell, MissingItem> { _, _, _ in }

    /// The data source of `collectionView` showing `storage`: each cell from `cellProvider`,
    /// which receives the storage's item type. Sets itself as the view's data source.
    public init<Source: TypedItemStorage>(
        collectionView: UICollectionView, storage: Source,
        cellProvider: @escaping @MainActor (UICollectionView, IndexPath, Source.Item) -> UICollectionViewCell
    ) {
        let updater = ViewUpdater(storage: storage, view: CollectionViewAdapter(collectionView))
        core = DataSourceCore(updater: updater, typedCellProvider: cellProvider)
        super.init()
        collectionView.dataSource = self
    }

    /// The data source of `collectionView` showing `storage` (items of several types): each cell
    /// from the registration of its item's type (``register(_:)``, ``register(_:cellProvider:)``).
    /// Sets itself as the view's data source.
    public init<Source: ContentStorage>(collectionView: UICollectionView, storage: Source) {
        let updater = ViewUpdater(storage: storage, view: CollectionViewAdapter(collectionView))
        core = DataSourceCore(registeringCellsOf: updater)
        super.init()
        collectionView.dataSource = self
    }

    /// A data source that shows what `updater` shows, making each cell with `cellProvider`. It
    /// keeps the updater; set it as the view's data source.
    @available(*, deprecated, message: "use init(collectionView:storage:cellProvider:), or init(collectionView:storage:) and register(_:)")
    public init<Source: ContentStorage>(updater: ViewUpdater<Source>, cellProvider: @escaping CellProvider) {
        core = DataSourceCore(updater: updater, cellProvider: cellProvider)
        super.init()
    }

    /// Makes the cells of items of type `Item` with `cellProvider` (for a data source made without
    /// a cell provider); replaces an earlier registration of that type.
    public func register<Item>(_ type: Item.Type,
                               cellProvider: @escaping @MainActor (UICollectionView, IndexPath, Item) -> UICollectionViewCell) {
        core.registry.register(type) { context, item in cellProvider(context.0, context.1, item) }
    }

    /// Makes the cells of items of type `Item` with `registration` (created once, outside any
    /// cell provider, as UIKit requires).
    public func register<Cell: UICollectionViewCell, Item>(_ registration: UICollectionView.CellRegistration<Cell, Item>) {
        register(Item.self) { collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
    }

    /// Lets the user delete and move items of type `Item` as `handlers` say (replacing earlier
    /// handlers of that type); nothing is editable without handlers.
    public func setEditingHandlers<Item>(_ handlers: EditingHandlers<Item>) {
        core.editing.setHandlers(handlers)
    }

    /// The item the view shows at `indexPath` when it is an `Item` (what a delegate's
    /// `didSelectItemAt` reads), else `nil`.
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

    /// The supplementary model of `kind` the view shows for `section` when it is a `Model` (what
    /// a supplementary registration's handler reads), else `nil`.
    public func supplementaryModel<Model>(ofKind kind: String, inSection section: Int, as type: Model.Type = Model.self) -> Model? {
        core.supplementaryModel(ofKind: kind, inSection: section, as: type)
    }

    /// Whether the item at `indexPath` can be deleted (a list's swipe action provider asks it):
    /// by default what the item's ``EditingHandlers`` say.
    open func canDeleteItem(at indexPath: IndexPath) -> Bool {
        core.editing.canDeleteItem(at: indexPath)
    }

    /// Whether the item at `indexPath` can be moved: by default what the item's
    /// ``EditingHandlers`` say. UIKit's `collectionView(_:canMoveItemAt:)`.
    open func canMoveItem(at indexPath: IndexPath) -> Bool {
        core.editing.canMoveItem(at: indexPath)
    }

    /// Deletes the item the view shows at `indexPath` (call it from a swipe action), when it can
    /// be deleted: from the storage, by identity (its handlers' `deleteItem` for a storage the
    /// updater cannot edit); the updater's next batch removes its cell.
    open func deleteItem(at indexPath: IndexPath) {
        guard canDeleteItem(at: indexPath) else { return }
        try? core.editing.userDidDeleteItem(at: indexPath)   // a failure is reported to didFailUserAction
    }

    /// The user moved the item at `source` to `destination` (the view shows the move): the
    /// storage moves the same item. UIKit's `collectionView(_:moveItemAt:to:)`.
    open func moveItem(at source: IndexPath, to destination: IndexPath) {
        try? core.editing.userDidMoveItem(at: source, to: destination)   // reported to didFailUserAction
    }
}

extension CollectionViewDataSource: UICollectionViewDataSource {
    /// The number of sections the updater shows.
    public func numberOfSections(in collectionView: UICollectionView) -> Int {
        core.content.numberOfSections()
    }

    /// The number of items the updater shows in `section`.
    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        core.content.numberOfItems(section)
    }

    /// The cell of the item the updater shows at `indexPath`, from the cell provider or the item
    /// type's registration; an empty cell when there is none.
    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        core.cell(in: collectionView, at: indexPath)
            ?? collectionView.dequeueConfiguredReusableCell(using: emptyCell, for: indexPath, item: MissingItem(indexPath: indexPath))
    }

    /// The supplementary view of `kind` at `indexPath`, from the supplementary view provider.
    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> UICollectionReusableView {
        let model = core.content.supplementaryModel(kind, indexPath[0])
        guard let provider = supplementaryViewProvider else {
            assertionFailure("CollectionViewDataSource: the layout asks for a \(kind) view; set supplementaryViewProvider")
            return UICollectionReusableView(frame: .zero)
        }
        return provider(collectionView, kind, indexPath, model)
    }

    /// ``canMoveItem(at:)``.
    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        canMoveItem(at: indexPath)
    }

    /// A drag to reorder: ``moveItem(at:to:)``.
    public func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
                               to destinationIndexPath: IndexPath) {
        moveItem(at: sourceIndexPath, to: destinationIndexPath)
    }
}
#endif
