// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation

extension FlatRows {
    /// The item move of a drag of the row at `source` dropped above row `row` (AppKit's reading:
    /// `row` counted before the dragged row leaves): the item's displayed index path
    /// and its destination as UIKit's `moveRow(at:to:)` reads it (in the list after it left).
    ///
    /// The item goes right after the row above the drop when that is a header or an item (the
    /// first place of that section, or after that item), else right before the item or footer
    /// below it. `nil` for a row that shows no item, a drop where the row is, above the first
    /// header, or between a footer and the next header (no section takes it there). Between two
    /// sections that show neither, the item joins the section above.
    public func itemMove(ofRowAt source: Int, droppedAbove row: Int) -> (from: IndexPath, to: IndexPath)? {
        guard let from = indexPath(ofRow: source),
              let place = RowDrop.destination(ofRowAt: source, droppedAbove: row, rowCount: numberOfRows) else { return nil }
        /// What row `index` of the rows without the dragged one shows.
        func shown(_ index: Int) -> Row? { index < 0 ? nil : content(ofRow: index < source ? index : index + 1) }
        /// The index of `path`'s item once the dragged item left its section.
        func afterLeaving(_ path: IndexPath) -> Int { path[1] - (path[0] == from[0] && from[1] < path[1] ? 1 : 0) }
        switch (shown(place - 1), shown(place)) {
        case (.header(let section)?, _):
            return (from, IndexPath(indexes: [section, 0]))
        case (.item(let above)?, _):
            return (from, IndexPath(indexes: [above[0], afterLeaving(above) + 1]))
        case (_, .item(let below)?):
            return (from, IndexPath(indexes: [below[0], afterLeaving(below)]))
        case (_, .footer(let section)?):
            return (from, IndexPath(indexes: [section, numberOfItems(inSection: section) - (from[0] == section ? 1 : 0)]))
        default:
            return nil
        }
    }
}
#endif
