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
    /// fingerprints of its rows per section, and the version they were read at (O(1) to copy),
    /// read through the storage.
    ///
    /// **Every row as of its version.** A content answers, for every row it lists, the record as
    /// of the read it was made from: never `nil`, never a newer record, whatever commits arrive
    /// (deletions, bulk changes, delete-all), for as long as the content is held (a view's batch
    /// animating, the view off screen) and its storage lives. On a `DatabasePool` the storage
    /// holds one read transaction, at its newest read, on a read-only connection of its own
    /// (reused from read to read); each read first fetches, from the previous one's
    /// transaction, the records of the rows it changed or deleted, keeps them with the version
    /// they were shown in (for as long as a content of that version or an earlier one is held),
    /// then ends that transaction. A content's row is then in the cache, in those records, or
    /// unchanged in the storage's transaction (checked by its fingerprint). No transaction is
    /// held for an old version, so checkpoints keep up; when the WAL grows past SQLite's
    /// auto-checkpoint size anyway (a writer that never pauses), a read starts it over (see
    /// <doc:WhatDatabaseStorageGuarantees>).
    ///
    /// A `DatabaseQueue` cannot hold a read without blocking every writer, so it has no pin:
    /// every record any content read (cells configured, the pages and the
    /// ``DatabaseStorage/readAhead`` window fetched around them, the updated rows an update
    /// delivered) is kept while the storage lists its row unchanged, then, when a read changes
    /// or deletes the row, with the version that listed it, for as long as a content of that
    /// version is held: whatever ``DatabaseStorage/cacheCapacity`` and the number of visible
    /// cells, such a row never answers `nil` or a newer record
    /// (``DatabaseStorage/keptRecordCount`` counts them). A row nobody read that a commit
    /// changed since answers `nil`, never its newer record.
    ///
    /// A read that fails (of the storage's transaction, or of the previous one when a read retires
    /// records) is told to the error observers and answers `nil`; a view showing an older version
    /// is asked to reload (never a record of another version).
    public struct Content: StorageContent {
        /// The rows, per section.
        var index: ResultIndex
        /// The storage the content comes from (its records, its section headers).
        weak var storage: DatabaseStorage?
        /// The storage's ``DatabaseStorage/origin``.
        let origin: UInt64
        /// The read the rows come from: its pin and the records retired since.
        let version: DisplayedVersion<Record>

        /// The ids of the rows, per section, in order (what the content lists, whatever the
        /// storage shows now). O(rows).
        public var ids: [[Record.ID]] {
            index.sections.map { $0.items.compactMap { Record.ID.fromDatabaseValue($0.id.value) } }
        }

        /// The number of sections.
        public var numberOfSections: Int { index.sections.count }

        /// The number of rows in `section`; 0 for a section that does not exist.
        public func numberOfItems(inSection section: Int) -> Int {
            index.sections.indices.contains(section) ? index.sections[section].items.count : 0
        }

        /// The record at `indexPath` as of the content's version (see the type's notes); `nil`
        /// for an index path out of range or when the storage is gone. O(1) from the cache;
        /// else one query by primary key for ``DatabaseStorage/pageSize`` rows.
        public func item(at indexPath: IndexPath) -> (any Sendable)? {
            storage?.record(at: indexPath, in: index, version: version)
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
    public var content: Content { Content(index: index, storage: self, origin: origin, version: version) }

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
}
#endif
