#if GRDB
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff
import GRDB
import ModelStorage

extension DatabaseStorage {
    /// What a ``DatabaseStorage`` shows at one moment, as a value: the ids and content
    /// fingerprints of its rows per section (O(1) to copy), read through the storage.
    ///
    /// **Records of rows gone or changed since.** A view's displayed content may name rows that
    /// another connection has deleted or changed since (its batch is waiting for an animation).
    /// ``item(at:)`` answers them with the record as the storage last read it: the storage keeps
    /// the records of changed and deleted rows it had read (up to ``DatabaseStorage/cacheCapacity``
    /// of them, the most recently retired), which covers the rows whose cells were configured.
    /// A row that was never read and is gone since answers `nil`; one that was never read and
    /// changed since answers the row as it is now. Cells must handle `nil` as for any storage.
    public struct Content: StorageContent {
        /// The rows, per section.
        var index: ResultIndex
        /// The storage the content comes from (its records, its section headers).
        weak var storage: DatabaseStorage?
        /// The storage's ``DatabaseStorage/origin``.
        let origin: UInt64

        /// The number of sections.
        public var numberOfSections: Int { index.sections.count }

        /// The number of rows in `section`; 0 for a section that does not exist.
        public func numberOfItems(inSection section: Int) -> Int {
            index.sections.indices.contains(section) ? index.sections[section].items.count : 0
        }

        /// The record at `indexPath` (see the type's notes), or `nil`.
        public func item(at indexPath: IndexPath) -> (any Sendable)? {
            storage?.record(at: indexPath, in: index)
        }

        /// The header of `section` for the storage's header kind when sectioned (its
        /// ``DatabaseStorage/sectionHeader`` of the section's column value), else `nil`.
        public func supplementaryModel(ofKind kind: String, forSectionAt section: Int) -> (any Sendable)? {
            guard let storage, index.sections.indices.contains(section), kind == storage.supplementaryHeaderKind,
                  storage.sectionColumn != nil else { return nil }
            return storage.sectionHeader(index.sections[section].model.id)
        }
    }

    /// The content shown now, as a value. O(1).
    public var content: Content { Content(index: index, storage: self, origin: origin) }

    /// The one update from `content` to the content shown now: sections matched by their column
    /// value, rows by id across sections, a row whose fingerprint changed is an update (in
    /// stage 2 when it moved), legal for `StorageUpdate.validate(oldItemCounts:newItemCounts:)`.
    /// It lists no models (`StorageUpdate.updatedModels` is empty): read the records through
    /// the storage, which fetches them on demand. Empty when nothing changed;
    /// `StorageUpdate.reload` for a content of another storage.
    ///
    /// - Complexity: O(n + k log k) for n rows and k that stay in their section, plus the diff
    ///   core's time; nothing is read from the database.
    public func update(since content: Content) -> StorageUpdate {
        guard content.origin == origin else { return .reload }
        return StorageUpdate(changes: SectionedChangeset(from: content.index.sections, to: index.sections).batchUpdate)
    }

    /// Keeps, as retired, the records of the rows of `old` that `changes` deletes or changes (those
    /// the cache holds), for contents handed out before that still show them.
    func retireChangedRows(of old: ResultIndex, changes: SectionedChangeset) {
        for section in changes.sectionDeletions {
            for row in old.sections[section].items { cache.retire(row.id, content: row.content) }
        }
        for path in changes.itemDeletions {
            let row = old.sections[path[0]].items[path[1]]
            cache.retire(row.id, content: row.content)
        }
        for update in changes.itemUpdates {
            let row = old.sections[update.old[0]].items[update.old[1]]
            cache.retire(row.id, content: row.content)
        }
    }
}
#endif
