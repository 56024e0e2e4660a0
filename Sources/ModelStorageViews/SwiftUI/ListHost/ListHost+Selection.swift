// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import Foundation
import ModelStorage

/// The selection, as a set of item ids: it follows its items through every update (by identity,
/// not by index path) and loses an id when its item leaves what the view shows.
extension ListHost {
    /// The ids of the selected items.
    public var selection: Set<ID> { Set(selected.keys) }

    /// The displayed index paths of the selected items, in no particular order (what the platform
    /// view shows as selected).
    public var selectedIndexPaths: [IndexPath] { Array(selected.values) }

    /// Sets the selection from the app (SwiftUI's `Binding`): ids the view does not show are
    /// dropped (and ``selectionDidChange`` is told), so that a binding holding ids of items that
    /// left the storage is brought back to what the list shows. Returns whether the selection
    /// changed.
    ///
    /// - Complexity: O(1) per id already selected; O(items shown) for each new id.
    @discardableResult
    public func setSelection(_ ids: Set<ID>) -> Bool {
        guard ids != selection else { return false }
        var next: [ID: IndexPath] = [:]
        for id in ids {
            if let path = locate(id, near: selected[id]) { next[id] = path }
        }
        selected = next
        if next.count != ids.count { selectionDidChange?(selection) }
        return true
    }

    /// The user selected the row at `indexPath` (displayed index space), deselecting the others
    /// unless `extending` and ``allowsMultipleSelection``; nothing for a row the view does not
    /// show or an item with no id.
    public func userDidSelectItem(at indexPath: IndexPath, extending: Bool = false) {
        guard let item = updater.item(at: indexPath), let id = identify(item) else { return }
        if !extending || !allowsMultipleSelection { selected = [:] }
        selected[id] = indexPath
        selectionDidChange?(selection)
    }

    /// The user deselected the row at `indexPath` (displayed index space); nothing when it is not
    /// selected.
    public func userDidDeselectItem(at indexPath: IndexPath) {
        guard let item = updater.item(at: indexPath), let id = identify(item),
              selected.removeValue(forKey: id) != nil else { return }
        selectionDidChange?(selection)
    }

    /// After the displayed content changed: each selected id where its item is now, or out of the
    /// selection when the view does not show it any more.
    ///
    /// - Complexity: O(1) per selected item that stayed in place, O(distance) for one that moved
    ///   near, O(items shown) for one that left or went far.
    func followSelection() {
        guard !selected.isEmpty else { return }
        relocateSelection()
    }

    /// ``followSelection()`` of a selection that is not empty. A function of its own: the types
    /// its loop needs are looked up on entry (unspecialized code), which a list with nothing
    /// selected, the usual case, does not pay at every change.
    @inline(never)
    private func relocateSelection() {
        var lost = false
        for (id, hint) in selected {
            if let path = locate(id, near: hint) {
                selected[id] = path
            } else {
                selected[id] = nil
                lost = true
            }
        }
        if lost { selectionDidChange?(selection) }
    }

    /// The displayed index path of the item with id `id`: nearest `hint` in its section (at
    /// `hint`, then within 128 items of it, then anywhere in the section: `index(near:where:)`),
    /// then in the other sections; `nil` when the view does not show it.
    func locate(_ id: ID, near hint: IndexPath?) -> IndexPath? {
        let sections = updater.numberOfSections
        /// The item of `section` with id `id`, nearest `hint`.
        func item(in section: Int, near hint: Int) -> IndexPath? {
            let items = 0..<updater.numberOfItems(inSection: section)
            return items.index(near: hint) { item in
                updater.item(at: IndexPath(indexes: [section, item])).flatMap(identify) == id
            }.map { IndexPath(indexes: [section, $0]) }
        }
        var hintSection: Int?
        if let hint, hint.count == 2, hint[0] >= 0, hint[0] < sections {
            hintSection = hint[0]
            if let found = item(in: hint[0], near: hint[1]) { return found }
        }
        for section in 0..<sections where section != hintSection {
            if let found = item(in: section, near: 0) { return found }
        }
        return nil
    }
}
#endif
