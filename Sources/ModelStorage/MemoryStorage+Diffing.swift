#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

extension MemoryStorage {
    /// Replaces all sections with `newSections` and reports the difference: sections are
    /// matched by `model.id`, items by their ids across all sections, with the diff core.
    ///
    /// Each section's `model` becomes its header model (kind
    /// ``BaseStorage/supplementaryHeaderKind``); an existing section is matched by the id of
    /// its header model when that is a `Model`, so a storage filled by `setSections` diffs
    /// against the next call (sections without such a header are deleted and inserted).
    /// Existing items that are `Item`s are matched by id; items of other types never match.
    /// Matched sections keep their other supplementary models (footers and the like); a matched
    /// section whose model changed is reloaded, a matched item that changed (`!=`) is
    /// updated, an item that changed section moves. The update is
    /// ``SectionedChangeset/batchUpdate``: one batch plus reloads, legal while the data source
    /// already shows the new data (a moved section that an item operation touches is reported as
    /// deleted and inserted). Duplicate ids are matched by occurrence order.
    ///
    /// This is BackingStore's `update(itemsForSections:)` and DTModelStorage's `setSections`
    /// with animations. Inside ``performUpdates(_:)`` it folds into the block's update.
    ///
    /// - Complexity: O(n + m + k log k) for n old and m new items (k matched), plus the diff
    ///   core's time for the section and item ids and one dynamic cast per old item.
    public func setSections<Model: Identifiable & Equatable & Sendable, Item: Identifiable & Equatable & Sendable>(
        _ newSections: [ArraySection<Model, Item>]
    ) {
        let headerKind = supplementaryHeaderKind
        var sectionChanges = Changeset(
            from: sections.enumerated().map { index, section -> DiffKey<Model.ID> in
                (section.model.supplementaryModel(ofKind: headerKind) as? Model).map { .id($0.id) } ?? .unmatched(index)
            },
            to: newSections.map { DiffKey.id($0.model.id) }, id: \.self)
        let sectionNewOfOld = sectionChanges.matchedOffsets(oldCount: sections.count, newCount: newSections.count)!
        sectionChanges.updates = []
        for (old, new) in sectionNewOfOld.enumerated()
        where new >= 0 && sections[old].model.supplementaryModel(ofKind: headerKind) as? Model != newSections[new].model {
            sectionChanges.updates.append(Changeset.Update(old: old, new: new))
        }

        let oldItems = sections.flatMap(\.model.items)
        let newItems = newSections.flatMap(\.items)
        let items = ItemMatch(old: oldItems, new: newItems, id: \.id, changed: !=)
        let slots = items.slots(old: sections.flatMap(\.slots), fresh: makeIdentities)

        var sectionOldOfNew = [Int](repeating: -1, count: newSections.count)
        for (old, new) in sectionNewOfOld.enumerated() where new >= 0 { sectionOldOfNew[new] = old }
        var result: [StoredSection] = []
        result.reserveCapacity(newSections.count)
        var start = 0
        for (index, section) in newSections.enumerated() {
            var stored = sectionOldOfNew[index] >= 0 ? sections[sectionOldOfNew[index]] : makeSection()
            stored.model.items = section.items
            stored.model.setSupplementaryModel(section.model, forKind: headerKind)
            stored.slots = Array(slots[start..<start + section.items.count])
            stored.invalidateLookup()
            result.append(stored)
            start += section.items.count
        }
        let oldItemCounts = sections.map(\.slots.count)
        sections = result

        if isBatching {
            for update in items.changes.updates { touchItem(slots[update.new]) }
            for update in sectionChanges.updates { touchSection(result[update.new].id) }
            return
        }
        // Both changesets come from the diff core for exactly these lists, so they fit.
        let sectioned = SectionedChangeset(
            sectionChanges: sectionChanges, itemChanges: items.changes,
            oldItemCounts: oldItemCounts, newItemCounts: result.map(\.slots.count))!
        deliver(StorageUpdate(sectioned, current: result))
    }

    /// Replaces the items of section `section` with `items`, reporting the difference: items
    /// are matched by id (existing items of other types never match), a matched item that
    /// changed (`!=`) is updated, the rest are deletions, insertions and minimal moves. When the
    /// section does not exist yet, it and the sections before it are created (and inserted).
    ///
    /// - Throws: ``StorageError/sectionOutOfRange(_:sectionCount:)`` for a negative section;
    ///   nothing changes then.
    /// - Complexity: O(n + m + k log k) for n old and m new items, plus the diff core's time and
    ///   one dynamic cast per old item.
    public func setItems<T: Identifiable & Equatable & Sendable>(_ items: [T], forSection section: Int = 0)
        throws(StorageError)
    {
        try setItems(items, forSection: section, id: \.id, changed: !=)
    }

    /// Replaces the items of section `section` with `items`, which are their own identity:
    /// equal values are matched (by occurrence order when repeated), the rest are deletions,
    /// insertions and minimal moves.
    ///
    /// - Throws: ``StorageError/sectionOutOfRange(_:sectionCount:)`` for a negative section,
    ///   ``StorageError/nilItem(at:)`` for a `nil` optional; nothing changes then.
    /// - Complexity: as ``setItems(_:forSection:)-(_,Int)``.
    public func setItems<T: Hashable & Sendable>(_ items: [T], forSection section: Int = 0) throws(StorageError) {
        try setItems(items, forSection: section, id: \.self, changed: { _, _ in false })
    }

    /// Replaces the items of section `section` with `items` that are both `Identifiable` and
    /// `Hashable`: matched by id, updated when `!=`, as the `Identifiable` overload does.
    ///
    /// - Throws: ``StorageError/sectionOutOfRange(_:sectionCount:)`` for a negative section.
    /// - Complexity: as the `Identifiable` overload.
    public func setItems<T: Identifiable & Hashable & Sendable>(_ items: [T], forSection section: Int = 0)
        throws(StorageError)
    {
        try setItems(items, forSection: section, id: \.id, changed: !=)
    }

    /// `setItems` with identity `id` and content change `changed`.
    private func setItems<T: Sendable, ID: Hashable>(
        _ items: [T], forSection section: Int, id: KeyPath<T, ID>, changed: (T, T) -> Bool
    ) throws(StorageError) {
        guard section >= 0 else { throw .sectionOutOfRange(section, sectionCount: sections.count) }
        let models = try storedItems(items)
        guard section < sections.count else {
            let created = createSections(through: section)
            sections[section].model.items = models
            sections[section].slots = makeIdentities(models.count)
            report(SectionedBatchUpdate(insertedSections: Array(created)))
            return
        }
        let match = ItemMatch(old: sections[section].model.items, new: items, id: id, changed: changed)
        let slots = match.slots(old: sections[section].slots, fresh: makeIdentities)
        sections[section].model.items = models
        sections[section].slots = slots
        sections[section].invalidateLookup()
        for update in match.changes.updates { touchItem(slots[update.new]) }
        report(SectionedBatchUpdate(BatchUpdate(match.changes), inSection: section),
               models: Dictionary(uniqueKeysWithValues: match.changes.updates.map {
                   (IndexPath(indexes: [section, $0.new]), models[$0.new])
               }))
    }
}

/// How an existing section or item is matched when new content is diffed against the storage:
/// by the id of the type being set, or never (a section or item of another kind; the payload
/// keeps these keys distinct).
enum DiffKey<ID: Hashable>: Hashable {
    case id(ID)
    case unmatched(Int)
}

/// The matching of the storage's items (of any type) with new items of type `T` by id, and
/// the changeset over them whose updates are the matched pairs that `changed`.
struct ItemMatch {
    var changes: Changeset
    /// For each new item, the old item it is matched with, or -1.
    var oldOfNew: [Int]

    init<T, ID: Hashable>(old: [any Sendable], new: [T], id: KeyPath<T, ID>, changed: (T, T) -> Bool) {
        var oldKeys: [DiffKey<ID>] = []
        oldKeys.reserveCapacity(old.count)
        for (offset, item) in old.enumerated() {
            if let typed = item as? T { oldKeys.append(.id(typed[keyPath: id])) } else { oldKeys.append(.unmatched(offset)) }
        }
        changes = Changeset(from: oldKeys, to: new.map { .id($0[keyPath: id]) }, id: \.self)
        let newOfOld = changes.matchedOffsets(oldCount: old.count, newCount: new.count)!
        oldOfNew = [Int](repeating: -1, count: new.count)
        changes.updates = []
        for (oldOffset, newOffset) in newOfOld.enumerated() where newOffset >= 0 {
            oldOfNew[newOffset] = oldOffset
            if let typed = old[oldOffset] as? T, changed(typed, new[newOffset]) {
                changes.updates.append(Changeset.Update(old: oldOffset, new: newOffset))
            }
        }
    }

    /// The identity of every new item: its old item's when matched, a fresh one otherwise.
    func slots(old: [UInt64], fresh: (Int) -> [UInt64]) -> [UInt64] {
        var unmatched = fresh(oldOfNew.lazy.filter { $0 < 0 }.count).makeIterator()
        return oldOfNew.map { $0 >= 0 ? old[$0] : unmatched.next()! }
    }
}
