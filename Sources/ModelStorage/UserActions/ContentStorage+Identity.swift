#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

/// The defaults of ``ContentStorage``'s identity look-ups: through the one update from the
/// content to the live one, which matches by identity.
extension ContentStorage {
    /// Where the item `content` holds at `indexPath` is now, read from ``update(since:)``.
    ///
    /// - Complexity: the diff of ``update(since:)``.
    public func indexPath(ofItemAt indexPath: IndexPath, in content: Content) -> IndexPath? {
        guard content.holdsItem(at: indexPath) else { return nil }
        return PendingIndexMap(update(since: content))?.newIndexPath(ofItemAt: indexPath)
    }

    /// Where section `section` of `content` is now, read from ``update(since:)``.
    ///
    /// - Complexity: the diff of ``update(since:)``.
    public func sectionIndex(ofSection section: Int, in content: Content) -> Int? {
        guard section >= 0 && section < content.numberOfSections else { return nil }
        return PendingIndexMap(update(since: content))?.newSection(ofSection: section)
    }

    /// `false`: a storage whose contents cannot take a move.
    public func moveItem(in content: inout Content, at source: IndexPath, to destination: IndexPath) -> Bool {
        false
    }
}

extension StorageContent {
    /// Whether `indexPath` is a (section, item) pair that names an item of this content.
    package func holdsItem(at indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && indexPath[0] >= 0 && indexPath[0] < numberOfSections
            && indexPath[1] >= 0 && indexPath[1] < numberOfItems(inSection: indexPath[0])
    }

    /// Whether the item at `source` (which this content holds) can move to `destination`, read as
    /// UIKit's `moveRow(at:to:)` reads it (the place in the list after the item left `source`):
    /// an existing section, and an item index up to its count, less one within `source`'s
    /// section. The one check of a move's destination, for the updater and every storage.
    package func isMoveDestination(_ destination: IndexPath, forItemAt source: IndexPath) -> Bool {
        guard destination.count == 2, destination[0] >= 0, destination[0] < numberOfSections else { return false }
        let count = numberOfItems(inSection: destination[0]) - (destination[0] == source[0] ? 1 : 0)
        return destination[1] >= 0 && destination[1] <= count
    }
}

/// Where the sections and items of an update's old side are on its new side: what the defaults
/// of the identity look-ups read.
package struct PendingIndexMap {
    let update: SectionedBatchUpdate
    let places: SectionedStayingPlaces

    /// The map of `update`; `nil` for a reload (nothing can be matched).
    package init?(_ update: StorageUpdate) {
        guard !update.requiresReload else { return nil }
        self.update = update.changes
        places = SectionedStayingPlaces(update.changes)
    }

    /// The new index of old section `section`, `nil` when it is deleted. O(s log s).
    package func newSection(ofSection section: Int) -> Int? {
        if update.deletedSections.contains(section) { return nil }
        if let move = update.movedSections.first(where: { $0.from == section }) { return move.to }
        return places.newIndexPath(ofStaying: IndexPath(indexes: [section, 0]))[0]
    }

    /// The new index path of the item at old index path `path`, `nil` when it is deleted (or its
    /// section is). O(n) for n operations.
    package func newIndexPath(ofItemAt path: IndexPath) -> IndexPath? {
        guard let section = newSection(ofSection: path[0]) else { return nil }
        if update.deletedItems.contains(path) { return nil }
        if let move = update.movedItems.first(where: { $0.from == path }) { return move.to }
        // Items of a moved section are not listed one by one (the rules): they keep their place.
        if update.movedSections.contains(where: { $0.from == path[0] }) { return IndexPath(indexes: [section, path[1]]) }
        return places.newIndexPath(ofStaying: path)
    }
}
