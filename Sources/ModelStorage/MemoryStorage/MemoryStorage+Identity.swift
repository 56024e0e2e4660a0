#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `MemoryStorage`'s identity look-ups and the user's edits: every item and section has an
/// identity of its own (see `StoredSection`), so an item a content shows is found in the live
/// content whatever changed since, and a content can take the user's move.
extension MemoryStorage: EditableStorage {
    /// Removes the item at `indexPath`, reported as one deletion. O(log n) in its section.
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
    /// - Complexity: O(log n) when the item is where it was, O(256 log n) when it moved less
    ///   than 128 places in its section, O(items) at worst.
    public func indexPath(ofItemAt indexPath: IndexPath, in content: Content) -> IndexPath? {
        guard content.origin == origin, content.holdsItem(at: indexPath) else { return nil }
        let shownSection = content.sections[indexPath[0]]
        let slot = shownSection.slot(at: indexPath[1])
        let live = core.sections
        let home = liveSection(withID: shownSection.id, near: indexPath[0])
        if let home, let item = live[home].offset(ofSlot: slot, near: indexPath[1]) {
            return IndexPath(indexes: [home, item])
        }
        for section in live.indices where section != home {
            if let item = live[section].offset(ofSlot: slot, near: 0) { return IndexPath(indexes: [section, item]) }
        }
        return nil
    }

    /// Where section `section` of `content` is in the live content, by its identity; `nil` when
    /// it has left or `content` comes from another storage. O(sections) at worst.
    public func sectionIndex(ofSection section: Int, in content: Content) -> Int? {
        guard content.origin == origin, content.sections.indices.contains(section) else { return nil }
        return liveSection(withID: content.sections[section].id, near: section)
    }

    /// Moves the item of `content` at `source` to `destination` (UIKit's `moveRow(at:to:)`
    /// reading), the item keeping its identity and revision; `false`, changing nothing, for a
    /// content of another storage or index paths it does not hold. O(log n).
    public func moveItem(in content: inout Content, at source: IndexPath, to destination: IndexPath) -> Bool {
        guard content.origin == origin, content.holdsItem(at: source),
              content.isMoveDestination(destination, forItemAt: source) else { return false }
        if source[0] == destination[0] {
            content.sections[source[0]].moveItem(from: source[1], to: destination[1])
        } else {
            let moved = content.sections[source[0]].remove(at: source[1])
            content.sections[destination[0]].insert([moved], at: destination[1])
        }
        content.mutationCount = nil   // no longer any state of the storage's
        return true
    }

    /// The index of the live section whose identity is `id`, looked for from `hint`.
    private func liveSection(withID id: UInt64, near hint: Int) -> Int? {
        core.sections.index(near: hint) { $0.id == id }
    }
}
