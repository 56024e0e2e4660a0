import Foundation
import ModelStorage

/// The user's actions on a ``SimulatedOutlineView``, as `NSOutlineView` delivers them: each names
/// rows as the view shows them, whatever its data source holds meanwhile, and reaches
/// ``SimulatedOutlineView/userActions`` with the rows' objects.
extension SimulatedOutlineView {
    /// A click on the disclosure of the item at `row`. The view changes itself first, then tells
    /// the handler:
    ///
    /// - an expanded item collapses (remembering which of its descendants were expanded; with
    ///   `option`, forgetting them and collapsing them too);
    /// - a collapsed one expands, reading its children from the data source and re-expanding
    ///   those it remembers (with `option`, everything below it). When the data source says it
    ///   is not expandable any more, nothing happens and nobody is told.
    ///
    /// The handler is told of the row's item; with `option`, of each item expanded or collapsed
    /// (in order, as `NSOutlineView`'s notifications), or of the row's item `recursively` when
    /// ``optionClickReportsTopOnly``. O(rows).
    ///
    /// - Throws: ``SimulatedOutlineViewError/noRow(_:rowCount:)``,
    ///   ``SimulatedOutlineViewError/noDisclosure(row:)`` (nothing changes then),
    ///   ``SimulatedOutlineViewError/noUserActionHandler``, or
    ///   ``SimulatedOutlineViewError/actionFailed(_:)`` with the first error the handler threw (the
    ///   other items are still told).
    public func simulateDisclosureClick(onRow row: Int, withOption option: Bool = false) throws(SimulatedOutlineViewError) {
        let node = try node(atRow: row)
        let key = ObjectIdentifier(node.object)
        guard node.isExpandable else { throw .noDisclosure(row: row) }
        let collapsing = node.children != nil
        let changed = collapsing ? close(key, forgettingChildren: option) : open(key, all: option)
        guard !changed.isEmpty else { return }
        let told = option && !optionClickReportsTopOnly ? changed : [node.object]
        let recursively = option && optionClickReportsTopOnly
        guard let handler = userActions else { throw .noUserActionHandler }
        var failure: OutlineActionError?
        for object in told {
            do {
                if collapsing {
                    try handler.userDidCollapse(object, recursively: recursively)
                } else {
                    try handler.userDidExpand(object, recursively: recursively)
                }
            } catch {
                failure = failure ?? error
            }
        }
        if let failure { throw .actionFailed(failure) }
    }

    /// A drop of the item at `row` on the item at `parentRow` (`nil`: the root) at `childIndex`
    /// (`-1`: on the item), as `NSOutlineView`'s `acceptDrop` gives it. The view first asks the
    /// handler's `canDrop` (its `validateDrop`), unless `skippingValidation` (a validation made
    /// before a change the view has not shown yet); then the handler takes the drop. The view
    /// moves nothing itself; `childIndex` is passed as given.
    ///
    /// - Throws: ``SimulatedOutlineViewError/noRow(_:rowCount:)``,
    ///   ``SimulatedOutlineViewError/noUserActionHandler``,
    ///   ``SimulatedOutlineViewError/dropNotValidated``, or
    ///   ``SimulatedOutlineViewError/actionFailed(_:)`` with what the handler threw.
    public func simulateDrop(row: Int, onto parentRow: Int?, childIndex: Int,
                             skippingValidation: Bool = false) throws(SimulatedOutlineViewError) {
        let dragged = try node(atRow: row).object
        let parent = try parentRow.map { row throws(SimulatedOutlineViewError) in try node(atRow: row).object }
        guard let handler = userActions else { throw .noUserActionHandler }
        if !skippingValidation, !handler.canDrop(dragged, onto: parent, childIndex: childIndex) { throw .dropNotValidated }
        do { try handler.userDidDrop(dragged, onto: parent, childIndex: childIndex) } catch { throw .actionFailed(error) }
    }

    /// The user deletes the item at `row` (the Delete key): the handler is told; the view
    /// changes only when it is sent the removal.
    ///
    /// - Throws: ``SimulatedOutlineViewError/noRow(_:rowCount:)``,
    ///   ``SimulatedOutlineViewError/noUserActionHandler``, or
    ///   ``SimulatedOutlineViewError/actionFailed(_:)`` with what the handler threw.
    public func simulateDelete(row: Int) throws(SimulatedOutlineViewError) {
        let object = try node(atRow: row).object
        guard let handler = userActions else { throw .noUserActionHandler }
        do { try handler.userDidDelete(object) } catch { throw .actionFailed(error) }
    }

    /// The node shown at `row`.
    private func node(atRow row: Int) throws(SimulatedOutlineViewError) -> Node {
        let rows = self.rows
        guard rows.indices.contains(row) else { throw .noRow(row, rowCount: rows.count) }
        return nodes[ObjectIdentifier(rows[row].object)]!
    }
}
