// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// An outline's rows (a host of an `OutlineStorage`): what each row shows besides its item, and
/// the user's taps on its disclosure control, applied to the item the user touched by identity.
extension ListHost {
    /// The row state (level, expansion, children) of the item the view shows at `indexPath`
    /// (displayed index space), as the tree has it now; `nil` when the storage is not an
    /// `OutlineStorage`, the view shows nothing there, or the item has left the tree (its row
    /// goes with the next batch). O(depth).
    public func outlineRowState(at indexPath: IndexPath) -> OutlineRowState? {
        item(at: indexPath).flatMap(outlineRowState(ofItem:))
    }

    /// The row state of `item` (an item the view shows) as the tree has it now; `nil` when the
    /// storage is not an `OutlineStorage` or `item` is not in its tree. O(depth).
    public func outlineRowState(ofItem item: any Sendable) -> OutlineRowState? {
        (storage as? any OutlineRowReading)?.rowState(ofItem: item)
    }

    /// The user tapped the disclosure control of the row the view shows at `indexPath`
    /// (displayed index space, as a view's delegate gives it): the outline expands or collapses
    /// the item the view shows there, by its id (`OutlineStorage/toggleExpansion(of:)`), as
    /// ``userDidTapDisclosure(ofItem:)`` does; so an item still in the tree is toggled even when
    /// a change the view does not show yet hid its row and showed it again. For a storage that is
    /// not an outline, or a row the view does not show, it is the updater's
    /// `ViewUpdater/userDidToggleExpansion(at:)`, which throws.
    ///
    /// - Throws: `UserActionError/noItemDisplayed(_:)`, `UserActionError/notEditable` (not an
    ///   `OutlineStorage`), `UserActionError/itemLeftStorage(_:)` (the item has left the tree);
    ///   nothing changes then.
    public func userDidToggleExpansion(at indexPath: IndexPath) throws(UserActionError) {
        guard let outline = storage as? any OutlineRowReading, let item = updater.item(at: indexPath) else {
            return try updater.userDidToggleExpansion(at: indexPath)
        }
        do {
            try outline.toggleExpansion(ofItem: item)
        } catch {
            throw .itemLeftStorage(indexPath)
        }
    }

    /// A tap on the disclosure control of the row the view shows at `indexPath`, as the platform
    /// reports it: ``userDidToggleExpansion(at:)``, a failure reported to ``didFailAction``.
    /// Returns whether the item was toggled.
    @discardableResult
    public func userDidTapDisclosure(at indexPath: IndexPath) -> Bool {
        do {
            try userDidToggleExpansion(at: indexPath)
            return true
        } catch {
            didFailAction?(error)
            return false
        }
    }

    /// The user tapped the disclosure control of the row that shows `item` (the item its cell
    /// was configured with, so that rows inserted or deleted above it since then do not matter):
    /// the outline expands or collapses that item, by its id (`OutlineStorage/toggleExpansion(of:)`),
    /// and the updater's next batch inserts or deletes the rows below it. A failure (the item
    /// left the tree meanwhile, the storage is not an outline) goes to ``didFailAction`` and
    /// changes nothing. Returns whether the item was toggled.
    @discardableResult
    public func userDidTapDisclosure(ofItem item: any Sendable) -> Bool {
        guard let outline = storage as? any OutlineRowReading else {
            didFailAction?(UserActionError.notEditable)
            return false
        }
        do {
            try outline.toggleExpansion(ofItem: item)
            return true
        } catch {
            didFailAction?(error)
            return false
        }
    }
}
#endif
