// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// What every data source of this product is, platform independent: what the view shows (read
/// from the updater), its cells (from a cell provider, typed for a `TypedItemStorage`, or from
/// per-type registrations), its user's edits (``ItemEditing``) and typed reads of its items. The
/// UIKit and AppKit data sources forward their views' calls here; `View` is the view class,
/// `Cell` what a cell provider returns.
@MainActor
package final class DataSourceCore<View, Cell> {
    /// The updater the view's data source reads.
    package let updater: any ViewUpdating
    /// What the view shows.
    package let content: DisplayedContent
    /// The user's edits.
    package let editing: ItemEditing
    /// The per-type registrations, used when the data source has no cell provider.
    package let registry = CellRegistry<(View, IndexPath), Cell>()
    /// The cell provider, `nil` when the cells come from ``registry``.
    private let provider: (@MainActor (View, IndexPath) -> Cell?)?
    /// The storage when it is an `OutlineStorage` (the row states of its items), else `nil`.
    private let outline: (any OutlineRowReading)?

    /// The data source of `updater`, each cell from `cellProvider`, which receives the item
    /// shown, untyped (a ``MissingItem`` for an index path the updater does not show).
    package init<Source: ContentStorage>(updater: ViewUpdater<Source>,
                                         cellProvider: @escaping @MainActor (View, IndexPath, any Sendable) -> Cell) {
        let content = DisplayedContent(updater)
        self.updater = updater
        self.content = content
        editing = ItemEditing(updater)
        outline = updater.storage as? any OutlineRowReading
        provider = { view, indexPath in cellProvider(view, indexPath, content.itemOrMissing(at: indexPath)) }
    }

    /// The data source of `updater`, each cell from `cellProvider`, which receives the storage's
    /// item type; no cell (an empty one) for an index path the updater does not show.
    package init<Source: TypedItemStorage>(updater: ViewUpdater<Source>,
                                           typedCellProvider: @escaping @MainActor (View, IndexPath, Source.Item) -> Cell) {
        self.updater = updater
        content = DisplayedContent(updater)
        editing = ItemEditing(updater)
        outline = updater.storage as? any OutlineRowReading
        provider = { view, indexPath in updater.displayedItem(at: indexPath).map { typedCellProvider(view, indexPath, $0) } }
    }

    /// The data source of `updater`, each cell from the registration of its item's type
    /// (``registry``); the updater reloads an item replaced by one of another registration.
    package init<Source: ContentStorage>(registeringCellsOf updater: ViewUpdater<Source>) {
        self.updater = updater
        content = DisplayedContent(updater)
        editing = ItemEditing(updater)
        outline = updater.storage as? any OutlineRowReading
        provider = nil
        updater.cellKind = { [registry] item in registry.cellKind(of: item) }
    }

    /// The cell of the item the view shows at `indexPath`; `nil` when there is none to make (no
    /// item there, or no registration takes it): the data source then makes an empty cell.
    package func cell(in view: View, at indexPath: IndexPath) -> Cell? {
        if let provider { return provider(view, indexPath) }
        guard let item = content.item(indexPath) else { return nil }
        return registry.cell(for: item, in: (view, indexPath))
    }

    /// The item the view shows at `indexPath` when it is an `Item`, else `nil`.
    package func item<Item>(at indexPath: IndexPath, as type: Item.Type) -> Item? {
        content.item(indexPath) as? Item
    }

    /// The row state of the item shown at `indexPath` when the storage is an `OutlineStorage`, as
    /// its tree has it now; `nil` for another storage, an empty place or an item that left the tree.
    package func outlineRowState(at indexPath: IndexPath) -> OutlineRowState? {
        content.item(indexPath).flatMap { outline?.rowState(ofItem: $0) }
    }

    /// The supplementary model of `kind` shown for `section` when it is a `Model`, else `nil`.
    package func supplementaryModel<Model>(ofKind kind: String, inSection section: Int, as type: Model.Type) -> Model? {
        content.supplementaryModel(kind, section) as? Model
    }
}
#endif
