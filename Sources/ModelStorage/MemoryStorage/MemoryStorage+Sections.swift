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

    /// Replaces the items of `section` with `items` of any types, creating the sections up to it
    /// when they do not exist, and reports the difference: items that are `Identifiable &
    /// Equatable` are matched by their dynamic type and id (a `Post` with id 1 and a `Comment`
    /// with id 1 are different items; ids are confirmed with `==`), and a matched item that is
    /// not `==` to the one it replaces is updated; items of other types have no identity to diff
    /// by and are deleted and inserted. The rest are deletions, insertions and minimal moves.
    /// (For items of one `Identifiable` or `Hashable` type, the typed overloads diff without a
    /// dynamic cast.)
    ///
    /// - Throws: ``StorageError/sectionOutOfRange(_:sectionCount:)`` for a negative section or one
    ///   ``MemoryStorage/maximumSectionsCreatedPerCall`` or more past the last,
    ///   ``StorageError/nilItem(at:)``; nothing changes then.
    /// - Complexity: O(n + m + k log k) for n old and m new items (k matched), one dynamic cast
    ///   and one hash per item, plus the diff core's time; O(n + m) when no item is identified.
    public func setItems<T: Sendable>(_ items: [T], forSection section: Int = 0) throws(StorageError) {
        try checkCreatableSection(section)
        let models = try storedItems(items)
        let diffed: Void? = sections.indices.contains(section)
            ? withTypedItemMatching(old: [sections[section]], new: models, moves: true) {
                _replaceItems(inSection: section, with: models, match: $0)
            }
            : nil
        // A new section, or nothing that can match: everything is replaced.
        if diffed == nil { commit { $0.replaceItems(inSection: section, with: models) } }
    }

    /// Makes the storage hold exactly `items.count` sections, section k holding `items[k]`:
    /// sections are created or deleted at the end as needed, supplementary models of the
    /// sections that remain are kept. Items are matched across all sections as
    /// `setItems(_:forSection:)` of untyped items matches them (dynamic type and id, for
    /// `Identifiable & Equatable` items), so an item that changed section moves; one update for
    /// all of it.
    ///
    /// - Throws: ``StorageError/nilItem(at:)`` (the offset within its section); nothing changes
    ///   then.
    /// - Complexity: O(n + m + k log k) for n old and m new items, one dynamic cast and one hash
    ///   per item, plus the diff core's time (twice: the items, then the batch's net change).
    public func setItemsForAllSections<T: Sendable>(_ items: [[T]]) throws(StorageError) {
        var models: [[any Sendable]] = []
        for section in items { models.append(try storedItems(section)) }
        let surplus = Array(models.count..<max(models.count, sections.count))
        let matched: Void? = withTypedItemMatching(old: sections, new: models.flatMap { $0 }, moves: false) { match in
            let oldSlots = sections.flatMap(\.slots), oldRevisions = sections.flatMap(\.revisions)
            batch {
                commit { $0.deleteSections(sorted: surplus) }
                // Inside the batch: the revision of the changed items must be above its baseline's.
                let identities = _identities(of: match, oldSlots: oldSlots, oldRevisions: oldRevisions)
                installSections(models, slots: identities.slots, revisions: identities.revisions)
            }
        }
        guard matched == nil else { return }
        batch {
            commit { $0.deleteSections(sorted: surplus) }
            for (section, sectionItems) in models.enumerated() { commit { $0.replaceItems(inSection: section, with: sectionItems) } }
        }
    }

    /// Installs `models`, section after section, with their identities and revisions (flattened):
    /// into the sections that exist, and into new sections for the rest (fresh identities: nothing
    /// moves into an inserted section). Inside a batch only.
    private func installSections(_ models: [[any Sendable]], slots: [UInt64], revisions: [UInt64]) {
        var start = 0
        for (section, sectionItems) in models.enumerated() {
            let range = start..<start + sectionItems.count
            start = range.upperBound
            guard section < sections.count else {
                commit { $0.replaceItems(inSection: section, with: sectionItems) }
                continue
            }
            commit {
                $0.installDiffedItems(sectionItems, slots: Array(slots[range]), revisions: Array(revisions[range]),
                                      inSection: section, update: StorageUpdate())
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
        commit { $0.replaceSection(at: index, with: model) }
    }
}
