// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
/// A row dropped on a one-section table that applies each change at once (`NSTableView`): AppKit
/// names the drop by the row it goes *above*, counted before the dragged row leaves; a move names
/// its destination as UIKit's `moveRow(at:to:)` does, after the row left its place.
package enum RowDrop {
    /// The destination (read as UIKit's `moveRow(at:to:)` reads it) of the row at `source`
    /// dropped above row `row` of a table of `rowCount` rows; `nil` for a drop where the row is
    /// (nothing to do) or rows out of range.
    package static func destination(ofRowAt source: Int, droppedAbove row: Int, rowCount: Int) -> Int? {
        guard source >= 0, source < rowCount, row >= 0, row <= rowCount else { return nil }
        let destination = row > source ? row - 1 : row
        return destination == source ? nil : destination
    }
}
#endif
