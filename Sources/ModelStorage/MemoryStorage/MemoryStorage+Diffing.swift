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
    /// `SectionedChangeset.batchUpdate`: one batch plus reloads, legal while the data source
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
        let sections = _sectionChanges(to: newSections.map(\.model))
        let newItems = Self._allItems(of: newSections)
        _withItemMatching(inSection: nil, new: newItems, id: { $0.id }, moves: false, changed: !=) { items in
            _replaceSections(
                headers: newSections.map { $0.model as any Sendable }, models: newItems.map { $0 as any Sendable },
                itemCounts: newSections.map(\.items.count),
                sectionChanges: sections.changes, sectionNewOfOld: sections.newOfOld, items: items)
        }
    }

    /// The items of `sections`, section after section, in an array reserved at its size
    /// (`flatMap` grows the array as it appends, copying it each time). O(items).
    @inlinable
    static func _allItems<Model, Item>(of sections: [ArraySection<Model, Item>]) -> [Item] {
        var items: [Item] = []
        items.reserveCapacity(sections.reduce(0) { $0 + $1.items.count })
        for section in sections { items.append(contentsOf: section.items) }
        return items
    }

    /// The change of sections from the storage's to sections whose header models are `models`:
    /// matched by `model.id` (an existing section whose header is not a `Model` never matches),
    /// with minimal moves; a matched section whose header is not `==` is updated.
    ///
    /// - Complexity: O(s + k log k) for s sections, plus the diff core's time.
    @inlinable
    func _sectionChanges<Model: Identifiable & Equatable>(to models: [Model]) -> (changes: Changeset, newOfOld: [Int]) {
        Self._sectionChanges(from: _headerModels(), to: models)
    }

    /// ``_sectionChanges(to:)`` from sections whose header models are `oldHeaders`.
    @inlinable
    static func _sectionChanges<Model: Identifiable & Equatable>(from oldHeaders: [(any Sendable)?], to models: [Model])
        -> (changes: Changeset, newOfOld: [Int])
    {
        let oldKeys = oldHeaders.enumerated().map { index, header in
            (header as? Model).map { _DiffKey.id($0.id) } ?? .unmatched(index)
        }
        return _withKeyMatching(oldKeys, newKeys: models.map { _DiffKey.id($0.id) }, moves: true) { matching in
            var changes = Changeset(_matching: matching)
            let newOfOld = matching.newOffsetsOfOld
            changes.updates = []
            for (old, new) in newOfOld.enumerated() where new >= 0 && oldHeaders[old] as? Model != models[new] {
                changes.updates.append(Changeset.Update(old: old, new: new))
            }
            return (changes: changes, newOfOld: newOfOld)
        }
    }

    /// Replaces the items of section `section` with `items`, reporting the difference: items
    /// are matched by id (existing items of other types never match), a matched item that
    /// changed (`!=`) is updated, the rest are deletions, insertions and minimal moves. When the
    /// section does not exist yet, it and the sections before it are created (and inserted).
    /// When `T` is an optional made `Identifiable`, the stored models are the wrapped ones.
    ///
    /// - Throws: ``StorageError/sectionOutOfRange(_:sectionCount:)`` for a negative section or one
    ///   ``MemoryStorage/maximumSectionsCreatedPerCall`` or more past the last,
    ///   ``StorageError/nilItem(at:)`` for a `nil` optional; nothing changes then.
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
        guard section < sections.count else { return _replaceItems(inSection: section, with: models, match: nil) }
        _withItemMatching(inSection: section, new: items, id: { $0 }, moves: true,
                          changed: { _, _ in false }) { _replaceItems(inSection: section, with: models, match: $0) }
    }

    /// The body of both `Identifiable` overloads of `setItems(_:forSection:)` (the `Hashable`
    /// one exists only so that `Identifiable & Hashable` items do not match the overload for
    /// values that are their own identity ambiguously).
    @inlinable
    func _setIdentifiedItems<T: Identifiable & Equatable & Sendable>(_ items: [T], forSection section: Int)
        throws(StorageError)
    {
        try _checkCreatableSection(section)
        // Optionals unwrapped (`T` may be an optional a user made `Identifiable`): the stored
        // models are the wrapped ones, as `addItems` stores them.
        let models = try _storedItems(items)
        guard _sectionExists(section) else { return _replaceItems(inSection: section, with: models, match: nil) }
        _withItemMatching(inSection: section, new: items, id: { $0.id }, moves: true, changed: !=) {
            _replaceItems(inSection: section, with: models, match: $0)
        }
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
        return sections.map { $0.supplementaryModel(ofKind: kind) }
    }

    /// Whether `section` exists now (not as a delivery in progress shows it).
    @usableFromInline
    func _sectionExists(_ section: Int) -> Bool { sections.indices.contains(section) }

    /// The items of all sections, section after section.
    func _allItems() -> [any Sendable] { Self.allParts(of: sections) { $0.pointee.model } }

    /// The number of items of `section` (an existing one), or of all sections for `nil`. O(sections).
    @usableFromInline
    func _itemCount(inSection section: Int?) -> Int {
        section.map { sections[$0].count } ?? sections.reduce(0) { $0 + $1.count }
    }

    /// Calls `body` with the model of every item of `section` (an existing one), or of all
    /// sections, section after section, for `nil`: read in place in the trees, as they are now
    /// (valid only during the call). O(items).
    @usableFromInline
    func _forEachItemModel(inSection section: Int?, _ body: (UnsafePointer<any Sendable>) -> Void) {
        guard let section else { return sections.forEach { $0.forEachModel(body) } }
        sections[section].forEachModel(body)
    }

    /// Calls `body` with the items of each leaf of the tree of `section` (an existing one), or
    /// of all sections, section after section, for `nil`: read in place (valid only during the
    /// call), one call per chunk of up to 64 items, so that a generic caller's loop over the
    /// items is specialized and inlined, with no call per item. O(items).
    @usableFromInline
    func _forEachItemChunk(inSection section: Int?, _ body: (UnsafeBufferPointer<StoredItem>) -> Void) {
        func chunks(of stored: StoredSection) {
            stored.entries.forEachChunk { chunk in chunk.withUnsafeBufferPointer(body) }
        }
        guard let section else { return sections.forEach(chunks) }
        chunks(of: sections[section])
    }

    /// Every item of `section` (an existing one), or of all sections for `nil`, as a `T` (see
    /// `_exactCast`), `nil` for an item of another type: gathered in one pass from the trees,
    /// a chunk at a time.
    @inlinable
    func _items<T>(inSection section: Int?, as _: T.Type) -> [T?] {
        let count = _itemCount(inSection: section)
        return [T?](unsafeUninitializedCapacity: count) { items, initialized in
            guard var next = items.baseAddress else { return initialized = 0 }
            let end = next + count
            _forEachItemChunk(inSection: section) { chunk in
                precondition(chunk.count <= end - next, "a section holds more items than its count")
                // Read in place: `chunk[index].model` would copy the whole item first, and the
                // model's own copy is skipped when it holds a `T` in its inline buffer.
                let first = chunk.baseAddress!
                for index in chunk.indices {
                    next.initialize(to: _exactCast(at: (first + index).pointer(to: \.model)!, to: T.self))
                    next += 1
                }
            }
            initialized = count - (end - next)
        }
    }

    /// `part` of every item of `sections`, section after section, gathered into one array in
    /// place (not an array per section, then their concatenation). O(items).
    static func allParts<Part>(of sections: [StoredSection], _ part: (UnsafePointer<StoredItem>) -> Part) -> [Part] {
        var all: [Part] = []
        all.reserveCapacity(sections.reduce(0) { $0 + $1.count })
        for section in sections { section.append(part, to: &all) }
        return all
    }

    /// The identity and the revision of every item of `sections`, section after section, read in
    /// one pass over the trees' chunks. O(items).
    static func identities(of sections: [StoredSection]) -> (slots: [UInt64], revisions: [UInt64]) {
        let count = sections.reduce(0) { $0 + $1.count }
        var revisions: [UInt64] = []
        let slots = [UInt64](unsafeUninitializedCapacity: count) { slots, initialized in
            revisions = [UInt64](unsafeUninitializedCapacity: count) { revisions, revisionCount in
                var next = 0
                for section in sections {
                    section.entries.forEachChunk { chunk in
                        precondition(chunk.count <= count - next, "a section holds more items than its count")
                        // Read in place: a copy of each item would copy its model too.
                        chunk.withUnsafeBufferPointer { items in
                            for item in items.indices {
                                slots[next] = (items.baseAddress! + item).pointer(to: \.slot)!.pointee
                                revisions[next] = (items.baseAddress! + item).pointer(to: \.revision)!.pointee
                                next += 1
                            }
                        }
                    }
                }
                revisionCount = next
            }
            initialized = revisions.count
        }
        return (slots, revisions)
    }

    /// Installs the new sections of ``setSections(_:)`` (matched sections keep their identity
    /// and other supplementary models, matched items their identity) and reports the change.
    @usableFromInline
    func _replaceSections(
        headers: [any Sendable], models: [any Sendable], itemCounts: [Int], sectionChanges: Changeset,
        sectionNewOfOld: [Int], items: _Matching
    ) {
        var diffed = _DiffedSections(
            headers: headers, models: models, itemCounts: itemCounts,
            sectionChanges: sectionChanges, sectionNewOfOld: sectionNewOfOld, matching: items,
            identities: Self.identities(of: sections), oldItemCounts: sections.map(\.count))
        _install(&diffed)
    }

    /// Installs the new items of a diffing `setItems` (matched items keep their identity) and
    /// reports the change; `match` is `nil` when the section does not exist yet (it and the
    /// sections before it are created and reported inserted).
    @usableFromInline
    func _replaceItems(inSection section: Int, with models: [any Sendable], match: _Matching?) {
        guard let match, section < sections.count else {
            return commit { $0.replaceItems(inSection: section, with: models) }
        }
        let old = Self.identities(of: [sections[section]])
        var diffed = _DiffedSectionItems(match, models: models, oldSlots: old.slots, oldRevisions: old.revisions,
                                         section: section)
        _install(&diffed)
    }

    /// The identity and revision of every new item: a matched item keeps its old item's
    /// identity, and its revision unless it changed (the matching's updates: a new revision);
    /// an unmatched one gets a fresh identity.
    func _identities(of matching: _Matching, oldSlots: [UInt64], oldRevisions: [UInt64])
        -> (slots: [UInt64], revisions: [UInt64])
    {
        var diffed = _DiffedItems(matching, models: [], oldSlots: oldSlots, oldRevisions: oldRevisions)
        diffed.assign(fresh: makeIdentities(diffed.unmatched.count), revision: makeRevision())
        return (diffed.slots, diffed.revisions)
    }

    /// Runs `body` with the confirmed matching of the storage's items of `section` (an existing
    /// one), or of all sections for `nil` (of any type), with the new items of type `T` by
    /// `id`; an existing item of another type never matches. The matching's updates are the
    /// matched pairs that `changed`. Specialized in the caller: ids are compared with `==`, so
    /// the result never depends on their hash values.
    @inlinable
    func _withItemMatching<T, ID: Hashable, R>(
        inSection section: Int?, new: [T], id: (T) -> ID, moves: Bool, changed: (T, T) -> Bool,
        _ body: (_Matching) -> R
    ) -> R {
        Self._itemMatching(oldTyped: _items(inSection: section, as: T.self), new: new, id: id, moves: moves,
                           changed: changed, body)
    }

    /// ``_withItemMatching(old:new:id:moves:changed:_:)``, which reads nothing of the storage:
    /// what the background calls run off the storage's actor. Ids of the types the diff core
    /// fingerprints without hashing are matched by those fingerprints (the same matching);
    /// `hashedIDsOnly` hashes every id, for the tests that compare the two.
    @inlinable
    static func _itemMatching<T, ID: Hashable, R>(
        old: [any Sendable], new: [T], id: (T) -> ID, moves: Bool, changed: (T, T) -> Bool,
        hashedIDsOnly: Bool = false, _ body: (_Matching) -> R
    ) -> R {
        _itemMatching(oldTyped: old.map { _exactCast($0, to: T.self) }, new: new, id: id, moves: moves, changed: changed,
                      hashedIDsOnly: hashedIDsOnly, body)
    }

    /// ``_itemMatching(old:new:id:moves:changed:hashedIDsOnly:_:)`` of the old items as `T`s
    /// (`nil` for an item of another type).
    @inlinable
    static func _itemMatching<T, ID: Hashable, R>(
        oldTyped: [T?], new: [T], id: (T) -> ID, moves: Bool, changed: (T, T) -> Bool,
        hashedIDsOnly: Bool = false, _ body: (_Matching) -> R
    ) -> R {
        func withTypedUpdates(_ matching: _Matching) -> R {
            var typed = matching
            typed.updates = []
            for oldOffset in oldTyped.indices {
                let newOffset = matching.newOffset(ofOld: oldOffset)
                if newOffset >= 0, let item = oldTyped[oldOffset], changed(item, new[newOffset]) {
                    typed.updates.append(Changeset.Update(old: oldOffset, new: newOffset))
                }
            }
            return body(typed)
        }
        // Usually every existing item is a `T`: match the ids themselves.
        if !oldTyped.contains(where: { $0 == nil }) {
            let oldIDs = oldTyped.map { id($0.unsafelyUnwrapped) }, newIDs = new.map(id)
            if !hashedIDsOnly,
               let matched = _withFingerprintableIDMatching(oldIDs, newIDs, moves: moves, withTypedUpdates) {
                return matched
            }
            return oldIDs.withUnsafeBufferPointer { oldIDs in
                newIDs.withUnsafeBufferPointer { newIDs in
                    _withMatching(oldIDs, newIDs, .heckel, identity: _HashedSelfIdentity<ID, ID>(), moves: moves,
                                  isChanged: { _, _ in false }, withTypedUpdates)
                }
            }
        }
        let oldKeys = oldTyped.indices.map { offset in oldTyped[offset].map { _DiffKey.id(id($0)) } ?? .unmatched(offset) }
        return _withKeyMatching(oldKeys, newKeys: new.map { _DiffKey.id(id($0)) }, moves: moves, withTypedUpdates)
    }

    /// Runs `body` with the confirmed Heckel matching of two key lists (no updates).
    @inlinable
    static func _withKeyMatching<ID: Hashable, R>(
        _ old: [_DiffKey<ID>], newKeys new: [_DiffKey<ID>], moves: Bool, _ body: (_Matching) -> R
    ) -> R {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                _withMatching(old, new, .heckel, identity: _HashedSelfIdentity<_DiffKey<ID>, _DiffKey<ID>>(), moves: moves,
                              isChanged: { _, _ in false }, body)
            }
        }
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
