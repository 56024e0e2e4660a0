#if canImport(UIKit) && !os(watchOS)
import UIKit
import ModelStorage

extension UICollectionViewListCell {
    /// Shows an outline row (a cell of an `OutlineStorage` shown through a
    /// ``CollectionViewDataSource``): the cell indented by the row's level (its
    /// `indentationLevel`), and, when the item has children, an outline disclosure accessory
    /// after `accessories`, whose tap runs `toggle`. Expand or collapse the item there through
    /// the storage, by its id:
    ///
    /// ```swift
    /// let folderCell = UICollectionView.CellRegistration<UICollectionViewListCell, Folder> { [outline] cell, _, folder in
    ///     var content = cell.defaultContentConfiguration()
    ///     content.text = folder.name
    ///     cell.contentConfiguration = content
    ///     if let state = outline.rowState(forItemWithID: folder.id) {
    ///         cell.showOutlineRow(state) { try? outline.toggleExpansion(of: folder.id) }
    ///     }
    /// }
    /// ```
    ///
    /// The storage reports a row updated when its level, expansion or children change, so the
    /// data source configures the cell again and it shows the new state. The disclosure toggles
    /// only on a tap of the accessory (its `.cell` style): a tap on the row still selects it.
    /// tvOS has no outline disclosure: there the cell shows the indentation only (toggle the item
    /// when the user selects its row). See ``OutlineRowAppearance`` for the same values in a cell
    /// of your own.
    public func showOutlineRow(_ state: OutlineRowState, accessories: [UICellAccessory] = [],
                               toggle: @escaping @MainActor () -> Void) {
        let appearance = OutlineRowAppearance(state)
        indentationLevel = appearance.indentationLevel
        #if os(tvOS)
        self.accessories = accessories
        #else
        guard appearance.showsDisclosure else {
            self.accessories = accessories
            return
        }
        let disclosure = UICellAccessory.outlineDisclosure(options: UICellAccessory.OutlineDisclosureOptions(style: .cell)) {
            toggle()
        }
        self.accessories = accessories + [disclosure]
        #endif
    }
}
#endif
