#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `MemoryStorage`'s identity look-ups and the user's edits: every item and section has an
/// identity of its own (see `StoredSection`), so an item a content shows is found in the live
/// content whatever changed since, and a content can take the user's move.
extension MemoryStorage: EditableStorage {
    /// Removes the item at `indexPath`, reported as one deletion. O(items after it in its
    /// section).
    ///
    /// - Throws: ``StorageError/invalidIndexPath(_:)``, ``StorageError/sectionOutOfRange(_:sectionCount:)``,
    ///   ``StorageError/itemOutOfRange(_:itemCount:)``.
    public func removeItem(at indexPath: IndexPath) throws(StorageError) {
        try removeItems(at: [indexPath])
    }

    /// Where the item `content` holds at `indexPath` is in the live content, by its identity;
    /// `nil` when it has left the storage, `content` holds nothing there, or `content` comes from
    /// another storage.
    ///
    /// - Complexity: O(1) when the item is where it was, O(256) when it moved less than 128
    ///   places in its section, O(items) at worst.
    public func indexPath(ofItemAt indexPath: IndexPath, in content: Content) -> IndexPath? {
        guard content.origin == origin, content.holdsItem(at: indexPath) else { return nil }
        let shownSection = content.sections[indexPath[0]]
        let slot = shownSection.slots[indexPath[1]]
        let live = core.sections
        let home = liveSection(withID: shownSection.id, near: indexPath[0])
        if let home, let item = live[home].slots.index(near: indexPath[1], where: { $0 == slot }) {
            return IndexPath(indexes: [home, item])
        }
        for section in live.indices where section != home {
            if let item = live[section].slots.firstIndex(of: slot) { return IndexPath(indexes: [section, item]) }
        }
        return nil
    }

    /// Where section `section` of `content` is in the live content, by its identity; `nil` when
    /// it has left or `content` comes from another storage. O(sections) at worst.
    public func sectionIndex(ofSection section: Int, in content: Content) -> Int? {
        guard content.origin == origin, content.sections.indices.contains(section) else { return nil }
        return liveSection(withID: content.sections[section].id, near: section)
    }

    /// `content` with its item at `source` moved to `destination` (UIKit's `moveRow(at:to:)`
    /// reading), the item keeping its identity and revision; `nil` for a content of another
    /// storage or index paths it does not hold. O(items of the two sections).
    public func content(_ content: Content, movingItemAt source: IndexPath, to destination: IndexPath) -> Content? {
        guard content.origin == origin, content.holdsItem(at: source), destination.count == 2,
              content.sections.indices.contains(destination[0]) else { return nil }
        var sections = content.sections
        let moved = sections[source[0]].remove(at: source[1])
        guard destination[1] >= 0 && destination[1] <= sections[destination[0]].count else { return nil }
        sections[destination[0]].insert([moved.item], slots: [moved.slot], revisions: [moved.revision], at: destination[1])
        return Content(sections: sections, revision: content.revision, origin: origin)
    }

    /// The index of the live section whose identity is `id`, looked for from `hint`.
    private func liveSection(withID id: UInt64, near hint: Int) -> Int? {
        core.sections.index(near: hint) { $0.id == id }
    }
}
