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
        guard !unique.isEmpty else { return }
        var removed = [Bool](repeating: false, count: sections.count)
        for section in unique { removed[section] = true }
        compact(&sections, removing: removed)
        report(SectionedBatchUpdate(deletedSections: unique))
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
        sections.insert(makeSection(model), at: index)
        report(SectionedBatchUpdate(insertedSections: [index]))
    }

    /// Moves section `sourceSection` to `destinationSection` (an index in the list after the
    /// section left its place). O(number of sections).
    ///
    /// - Throws: ``StorageError/sectionOutOfRange(_:sectionCount:)``.
    public func moveSection(_ sourceSection: Int, toSection destinationSection: Int) throws(StorageError) {
        try checkSection(sourceSection)
        try checkSection(destinationSection)
        guard sourceSection != destinationSection else { return }
        sections.insert(sections.remove(at: sourceSection), at: destinationSection)
        report(SectionedBatchUpdate(movedSections: [Changeset.Move(from: sourceSection, to: destinationSection)]))
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
        let created = createSections(through: section)
        let oldCount = sections[section].slots.count
        sections[section].model.items = models
        sections[section].slots = makeIdentities(models.count)
        sections[section].invalidateLookup()
        if !created.isEmpty {
            report(SectionedBatchUpdate(insertedSections: Array(created)))
        } else {
            report(SectionedBatchUpdate(
                deletedItems: (0..<oldCount).map { IndexPath(indexes: [section, $0]) },
                insertedItems: (0..<models.count).map { IndexPath(indexes: [section, $0]) }))
        }
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
        withBatch {
            if sections.count > models.count {
                compact(&sections, removing: sections.indices.map { $0 >= models.count })
            }
            _ = createSections(through: models.count - 1)
            for (section, sectionItems) in models.enumerated() {
                sections[section].model.items = sectionItems
                sections[section].slots = makeIdentities(sectionItems.count)
                sections[section].invalidateLookup()
            }
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
        if index < sections.count {
            sections[index] = makeSection(model)
            report(SectionedBatchUpdate(deletedSections: [index], insertedSections: [index]))
        } else {
            let created = createSections(through: index)
            sections[index] = makeSection(model)
            report(SectionedBatchUpdate(insertedSections: Array(created)))
        }
    }
}
