#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

/// A single-section storage's identity look-ups and the user's edits: an item is its id, so an
/// item a content shows is found in the live items by its id (through the differ's matching when
/// the id repeats).
extension SingleSectionStorage: EditableStorage, TypedItemStorage {
    /// Removes the item at `indexPath`, reported as one deletion. O(n).
    ///
    /// - Throws: ``StorageError`` for an index path that names no item.
    public func removeItem(at indexPath: IndexPath) throws(StorageError) {
        let offset = try checkedOffset(indexPath)
        change(StorageUpdate(changes: SectionedBatchUpdate(deletedItems: [indexPath]))) { $0.remove(at: offset) }
    }

    /// Moves the item at `source` to `destination` (UIKit's `moveRow(at:to:)` reading), reported
    /// as one move. O(items between the two places).
    ///
    /// - Throws: ``StorageError`` for an index path out of range (`destination` may be one past
    ///   the last item once `source` left).
    public func moveItem(at source: IndexPath, to destination: IndexPath) throws(StorageError) {
        let from = try checkedOffset(source)
        let to = try checkedOffset(destination, insertingInto: live.items.count - 1)
        guard from != to else { return }
        let move = IndexPathMove(from: source, to: destination)
        change(StorageUpdate(changes: SectionedBatchUpdate(movedItems: [move]))) { $0.moveElement(from: from, to: to) }
    }

    /// Where the item `content` holds at `indexPath` is in the live items: by its id, near where
    /// it was; by the differ's matching when the id repeats (in `content` or in the live items). `nil` when it has left, `content`
    /// holds nothing there, or comes from another storage.
    ///
    /// - Complexity: O(n) id comparisons (specialized for `Item`); the differ's when the id
    ///   repeats.
    public func indexPath(ofItemAt indexPath: IndexPath, in content: Content) -> IndexPath? {
        guard content.origin == origin, content.holdsItem(at: indexPath) else { return nil }
        let id = content.items[indexPath[1]].id
        guard let found = locate(live.items, id, indexPath[1]) else { return nil }
        if found.isUnique && locate(content.items, id, indexPath[1])?.isUnique == true {
            return IndexPath(indexes: [0, found.offset])
        }
        return PendingIndexMap(update(since: content))?.newIndexPath(ofItemAt: indexPath)
    }

    /// 0 for section 0 of a content of this storage, else `nil`.
    public func sectionIndex(ofSection section: Int, in content: Content) -> Int? {
        content.origin == origin && section == 0 ? 0 : nil
    }

    /// Moves the item of `content` at `source` to `destination` (UIKit's `moveRow(at:to:)`
    /// reading); `false`, changing nothing, for a content of another storage or index paths it
    /// does not hold. In place: O(items between the two places).
    public func moveItem(in content: inout Content, at source: IndexPath, to destination: IndexPath) -> Bool {
        guard content.origin == origin, content.holdsItem(at: source),
              content.isMoveDestination(destination, forItemAt: source) else { return false }
        content.items.moveElement(from: source[1], to: destination[1])
        content.itemsRevision = nil   // no longer any list of the storage's
        return true
    }

    /// The offset of `id` in `items` nearest `hint`, and whether no other item has that id.
    /// O(n).
    @inlinable
    static func locate(_ id: Item.ID, in items: [Item], near hint: Int) -> (offset: Int, isUnique: Bool)? {
        guard let offset = items.index(near: hint, where: { $0.id == id }) else { return nil }
        let before = items[..<offset].contains { $0.id == id }
        let after = !before && items[(offset + 1)...].contains { $0.id == id }
        return (offset, !before && !after)
    }

    /// The item offset of `indexPath` in section 0: below `count` (the items' count by default).
    private func checkedOffset(_ indexPath: IndexPath, insertingInto count: Int? = nil) throws(StorageError) -> Int {
        guard indexPath.count == 2, indexPath[0] >= 0, indexPath[1] >= 0 else { throw .invalidIndexPath(indexPath) }
        guard indexPath[0] == 0 else { throw .sectionOutOfRange(indexPath[0], sectionCount: 1) }
        let limit = count.map { $0 + 1 } ?? live.items.count
        guard indexPath[1] < limit else { throw .itemOutOfRange(indexPath, itemCount: count ?? live.items.count) }
        return indexPath[1]
    }
}
