#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The user's taps on an outline's disclosure controls, in the displayed index space (see
/// ``UserActionHandling``).
extension ViewUpdater {
    /// The user tapped the disclosure control of the row the view shows at `displayed`
    /// (displayed index space): the storage, an ``OutlineStorage``, expands or collapses that
    /// row's item, found by identity whatever changes are pending or animating
    /// (``OutlineStorage/toggleExpansion(of:isolation:)``); the updater's next batch inserts or deletes
    /// the rows of its descendants. Never another item: a row whose item has left the storage
    /// toggles nothing.
    ///
    /// - Throws: ``UserActionError/noItemDisplayed(_:)`` for a row the view does not show,
    ///   ``UserActionError/notEditable`` when the storage is not an outline,
    ///   ``UserActionError/itemLeftStorage(_:)`` when a pending change removed the row's item.
    ///   Nothing changes then.
    /// - Complexity: the identity look-up of ``storageIndexPath(forDisplayed:)``, plus the
    ///   expansion's O(k log n) for the k rows it inserts or deletes.
    public func userDidToggleExpansion(at displayed: IndexPath) throws(UserActionError) {
        guard content.holdsItem(at: displayed) else { throw .noItemDisplayed(displayed) }
        guard let outline = storage as? any ExpansionTogglingStorage else { throw .notEditable }
        guard let storagePath = storageIndexPath(forDisplayed: displayed),
              outline.toggleExpansion(ofItemAt: storagePath, isolation: #isolation) else { throw .itemLeftStorage(displayed) }
    }
}
