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
    @inlinable
    public func setSections<Model: Identifiable & Equatable & Sendable, Item: Identifiable & Equatable & Sendable>(
        _ newSections: [ArraySection<Model, Item>]
    ) {
        let oldHeaders = _headerModels()
        var sectionChanges = Changeset(
            from: oldHeaders.enumerated().map { index, header in
                (header as? Model).map { _DiffKey.id($0.id) } ?? .unmatched(index)
            },
            to: newSections.map { _DiffKey.id($0.model.id) }, id: \.self)
        let sectionNewOfOld = sectionChanges.matchedOffsets(oldCount: oldHeaders.count, newCount: newSections.count)!
        sectionChanges.updates = []
        for (old, new) in sectionNewOfOld.enumerated() where new >= 0 && oldHeaders[old] as? Model != newSections[new].model {
            sectionChanges.updates.append(Changeset.Update(old: old, new: new))
        }
        let items = _ItemMatch(old: _allItems(), new: newSections.flatMap(\.items), id: { $0.id }, changed: !=)
        _replaceSections(
            with: newSections.map { (header: $0.model, items: $0.items.map { $0 as any Sendable }) },
            sectionChanges: sectionChanges, sectionNewOfOld: sectionNewOfOld, items: items)
    }

    /// Replaces the items of section `section` with `items`, reporting the difference: items
    /// are matched by id (existing items of other types never match), a matched item that
    /// changed (`!=`) is updated, the rest are deletions, insertions and minimal moves. When the
    /// section does not exist yet, it and the sections before it are created (and inserted).
    ///
    /// - Throws: ``StorageError/sectionOutOfRange(_:sectionCount:)`` for a negative section or one
    ///   ``MemoryStorage/maximumSectionsCreatedPerCall`` or more past the last; nothing changes
    ///   then.
    /// - Complexity: O(n + m + k log k) for n old and m new items, plus the diff core's time and
    ///   one dynamic cast per old item.
    @inlinable
    public func setItems<T: Identifiable & Equatable & Sendable>(_ items: [T], forSection section: Int = 0)
        throws(StorageError)
    {
        try _setIdentifiedItems(items, forSection: section)
    }

    /// Replaces the items of section `section` with `items` that are both `Identifiable` and
    /// `Hashable`: matched by id, updated when `!=`, as the `Identifiable` overload does.
    ///
    /// - Throws: ``StorageError/sectionOutOfRange(_:sectionCount:)`` for a negative section or one
    ///   ``MemoryStorage/maximumSectionsCreatedPerCall`` or more past the last.
    /// - Complexity: as the `Identifiable` overload.
    @inlinable
    public func setItems<T: Identifiable & Hashable & Sendable>(_ items: [T], forSection section: Int = 0)
        throws(StorageError)
    {
        try _setIdentifiedItems(items, forSection: section)
    }

    /// Replaces the items of section `section` with `items`, which are their own identity:
    /// equal values are matched (by occurrence order when repeated), the rest are deletions,
    /// insertions and minimal moves.
    ///
    /// - Throws: ``StorageError/sectionOutOfRange(_:sectionCount:)`` for a negative section or one
    ///   ``MemoryStorage/maximumSectionsCreatedPerCall`` or more past the last,
    ///   ``StorageError/nilItem(at:)`` for a `nil` optional; nothing changes then.
    /// - Complexity: as the `Identifiable` overload.
    public func setItems<T: Hashable & Sendable>(_ items: [T], forSection section: Int = 0) throws(StorageError) {
        try checkCreatableSection(section)
        let models = try storedItems(items)
        let match = section < sections.count
            ? _ItemMatch(old: sections[section].model.items, new: items, id: { $0 }, changed: { _, _ in false }) : nil
        _replaceItems(inSection: section, with: models, match: match)
    }

    /// The body of both `Identifiable` overloads of `setItems(_:forSection:)` (the `Hashable`
    /// one exists only so that `Identifiable & Hashable` items do not match the overload for
    /// values that are their own identity ambiguously).
    @inlinable
    func _setIdentifiedItems<T: Identifiable & Equatable & Sendable>(_ items: [T], forSection section: Int)
        throws(StorageError)
    {
        try _checkCreatableSection(section)
        let match = section < numberOfSections
            ? _ItemMatch(old: self.items(inSection: section)!, new: items, id: { $0.id }, changed: !=) : nil
        _replaceItems(inSection: section, with: items.map { $0 as any Sendable }, match: match)
    }

    // MARK: The non-generic halves

    /// ``checkCreatableSection(_:)`` for the inlinable entry points.
    @usableFromInline
    func _checkCreatableSection(_ section: Int) throws(StorageError) {
        try checkCreatableSection(section)
    }

    /// The header model of every section (kind ``BaseStorage/supplementaryHeaderKind``).
    @usableFromInline
    func _headerModels() -> [(any Sendable)?] {
        let kind = supplementaryHeaderKind
        return sections.map { $0.model.supplementaryModel(ofKind: kind) }
    }

    /// The items of all sections, section after section.
    @usableFromInline
    func _allItems() -> [any Sendable] { sections.flatMap(\.model.items) }

    /// Installs the new sections of ``setSections(_:)`` (matched sections keep their identity
    /// and other supplementary models, matched items their identity) and reports the change.
    @usableFromInline
    func _replaceSections(
        with newSections: [(header: any Sendable, items: [any Sendable])], sectionChanges: Changeset,
        sectionNewOfOld: [Int], items: _ItemMatch
    ) {
        let headerKind = supplementaryHeaderKind
        let slots = items.slots(old: sections.flatMap(\.slots), fresh: makeIdentities)
        let sectionOldOfNew = inverseMatching(sectionNewOfOld, newCount: newSections.count)
        var result: [StoredSection] = []
        result.reserveCapacity(newSections.count)
        var start = 0
        for (index, section) in newSections.enumerated() {
            var stored = sectionOldOfNew[index] >= 0 ? sections[sectionOldOfNew[index]] : makeSection()
            stored.model.items = section.items
            stored.model.setSupplementaryModel(section.header, forKind: headerKind)
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

    /// Installs the new items of a diffing `setItems` (matched items keep their identity) and
    /// reports the change; `match` is `nil` when the section does not exist yet (it and the
    /// sections before it are created and reported inserted).
    @usableFromInline
    func _replaceItems(inSection section: Int, with models: [any Sendable], match: _ItemMatch?) {
        guard let match, section < sections.count else {
            let created = createSections(through: section)
            sections[section].model.items = models
            sections[section].slots = makeIdentities(models.count)
            sections[section].invalidateLookup()
            report(SectionedBatchUpdate(insertedSections: Array(created)))
            return
        }
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
@usableFromInline
enum _DiffKey<ID: Hashable>: Hashable {
    case id(ID)
    case unmatched(Int)
}

/// The matching of the storage's items (of any type) with new items of type `T` by id, and
/// the changeset over them whose updates are the matched pairs that `changed`.
///
/// Ids are fingerprinted from their hash values and diffed as `UInt64`s; every matched pair
/// is then confirmed with `==` on the typed ids. If one is not (an item of another type, or a
/// hash collision met a real id), the matching is recomputed exactly on the ids themselves, so
/// the result never depends on the hashes. Built in the caller's specialized code.
@usableFromInline
struct _ItemMatch {
    @usableFromInline var changes: Changeset
    /// For each new item, the old item it is matched with, or -1.
    @usableFromInline var oldOfNew: [Int]

    @inlinable
    init<T, ID: Hashable>(old: [any Sendable], new: [T], id: (T) -> ID, changed: (T, T) -> Bool) {
        let oldTyped = old.map { $0 as? T }
        let newIDs = new.map(id)
        var oldKeys: [UInt64] = []
        oldKeys.reserveCapacity(old.count)
        for offset in oldTyped.indices {
            // Items of other types get keys that no typed id is likely to share; if one does,
            // confirmation below catches it.
            if let item = oldTyped[offset] {
                oldKeys.append(Fingerprint(hashing: id(item)).rawValue)
            } else {
                oldKeys.append(~UInt64(offset))
            }
        }
        changes = Changeset(from: oldKeys, to: newIDs.map { Fingerprint(hashing: $0).rawValue }, id: \.self)
        var newOfOld = changes.matchedOffsets(oldCount: old.count, newCount: new.count)!
        var confirmed = true
        for oldOffset in newOfOld.indices where newOfOld[oldOffset] >= 0 {
            guard let item = oldTyped[oldOffset], id(item) == newIDs[newOfOld[oldOffset]] else {
                confirmed = false
                break
            }
        }
        if !confirmed {
            let exactKeys = oldTyped.indices.map { offset in
                oldTyped[offset].map { _DiffKey.id(id($0)) } ?? .unmatched(offset)
            }
            changes = Changeset(from: exactKeys, to: newIDs.map { _DiffKey.id($0) }, id: \.self)
            newOfOld = changes.matchedOffsets(oldCount: old.count, newCount: new.count)!
        }
        oldOfNew = [Int](repeating: -1, count: new.count)
        changes.updates = []
        for oldOffset in newOfOld.indices where newOfOld[oldOffset] >= 0 {
            let newOffset = newOfOld[oldOffset]
            oldOfNew[newOffset] = oldOffset
            if let item = oldTyped[oldOffset], changed(item, new[newOffset]) {
                changes.updates.append(Changeset.Update(old: oldOffset, new: newOffset))
            }
        }
    }

    /// The identity of every new item: its old item's when matched, a fresh one otherwise.
    @usableFromInline
    func slots(old: [UInt64], fresh: (Int) -> [UInt64]) -> [UInt64] {
        var unmatched = fresh(oldOfNew.lazy.filter { $0 < 0 }.count).makeIterator()
        return oldOfNew.map { $0 >= 0 ? old[$0] : unmatched.next()! }
    }
}
