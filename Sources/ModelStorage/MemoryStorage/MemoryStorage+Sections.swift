#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

extension MemoryStorage {
    /// Deletes the sections at `indexes` (a `Set`, an array, a range, an `IndexSet`; an index
    /// listed twice is deleted once). O(total items + k log k) for k indexes.
    ///
    /// - Throws: ``StorageError/sectionOutOfRange(_:sectionCount:)``; nothing is deleted then.
    public func deleteSections<Indexes: Sequence<Int>>(_ indexes: Indexes) throws(StorageError) {
        let unique = Array(Set(indexes)).sorted()
        for section in unique { try checkSection(section) }
        commit { $0.deleteSections(sorted: unique) }
    }

    /// Inserts `section` at `index` (`0...numberOfSections`). O(number of sections + its items).
    ///
    /// - Throws: ``StorageError/sectionOutOfRange(_:sectionCount:)``,
    ///   ``StorageError/nilItem(at:)`` for an item of `section` that is `nil`.
    public func insertSection(_ section: SectionModel, atIndex index: Int) throws(StorageError) {
        guard index >= 0 && index <= sections.count else {
            throw .sectionOutOfRange(index, sectionCount: sections.count)
        }
        var model = section
        model.items = try storedItems(section.items)
        commit { $0.insertSection(model, at: index) }
    }

    /// Moves section `sourceSection` to `destinationSection` (an index in the list after the
    /// section left its place). O(number of sections).
    ///
    /// - Throws: ``StorageError/sectionOutOfRange(_:sectionCount:)``.
    public func moveSection(_ sourceSection: Int, toSection destinationSection: Int) throws(StorageError) {
        try checkSection(sourceSection)
        try checkSection(destinationSection)
        guard sourceSection != destinationSection else { return }
        commit { $0.moveSection(from: sourceSection, to: destinationSection) }
    }

    /// Replaces the items of `section` with `items`, creating the sections up to it when they
    /// do not exist. The old items are reported deleted and the new ones inserted: items that
    /// are neither `Identifiable` nor `Hashable` have no identity to diff by (the overloads for
    /// those diff). O(old + new items).
    ///
    /// - Throws: ``StorageError/sectionOutOfRange(_:sectionCount:)`` for a negative section or one
    ///   ``MemoryStorage/maximumSectionsCreatedPerCall`` or more past the last,
    ///   ``StorageError/nilItem(at:)``.
    public func setItems<T: Sendable>(_ items: [T], forSection section: Int = 0) throws(StorageError) {
        try checkCreatableSection(section)
        let models = try storedItems(items)
        commit { $0.replaceItems(inSection: section, with: models) }
    }

    /// Makes the storage hold exactly `items.count` sections, section k holding `items[k]`:
    /// sections are created or deleted at the end as needed, supplementary models of the
    /// sections that remain are kept. One update for all of it. O(total old and new items).
    ///
    /// - Throws: ``StorageError/nilItem(at:)`` (the offset within its section); nothing changes
    ///   then.
    public func setItemsForAllSections<T: Sendable>(_ items: [[T]]) throws(StorageError) {
        var models: [[any Sendable]] = []
        for section in items { models.append(try storedItems(section)) }
        let surplus = Array(models.count..<max(models.count, sections.count))
        batch {
            commit { $0.deleteSections(sorted: surplus) }
            for (section, sectionItems) in models.enumerated() { commit { $0.replaceItems(inSection: section, with: sectionItems) } }
        }
    }

    /// Replaces section `index` with `section` (items and supplementary models), reported as
    /// the old section deleted and the new one inserted at the same index. When `index` is
    /// `numberOfSections` or more, the sections up to it are created. O(its items).
    ///
    /// - Throws: ``StorageError/sectionOutOfRange(_:sectionCount:)`` for a negative index or one
    ///   ``MemoryStorage/maximumSectionsCreatedPerCall`` or more past the last,
    ///   ``StorageError/nilItem(at:)``.
    public func setSection(_ section: SectionModel, forSection index: Int) throws(StorageError) {
        try checkCreatableSection(index)
        var model = section
        model.items = try storedItems(section.items)
        commit { $0.replaceSection(at: index, with: model) }
    }
}
