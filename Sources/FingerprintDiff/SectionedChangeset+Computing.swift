extension SectionedChangeset {
    /// The sectioned changeset between two lists of sections: sections are identified by
    /// `id` and compared by `content`; items (`items`) are identified by their ids across all
    /// sections and compared by `==`.
    ///
    /// Section and item ids are diffed with the diff core, items with their stable
    /// ``Fingerprintable`` bytes.
    ///
    /// - Complexity: the item diff of ``Changeset/init(from:to:algorithm:)-(_,_,_)`` over all
    ///   items, plus O(n + m + k log k) to place them in sections (see
    ///   ``init(sectionChanges:itemChanges:oldItemCounts:newItemCounts:)``).
    @inlinable
    public init<Section: Identifiable, Content: Equatable, Item: Identifiable & Equatable>(
        from old: [Section], to new: [Section], content: KeyPath<Section, Content>,
        items: KeyPath<Section, [Item]>, algorithm: DiffAlgorithm = .heckel
    ) where Item.ID: Fingerprintable {
        self = Self._compute(old, new, content: content, items: items, algorithm,
                             identity: _IdentifiableIdentity<Item>())
    }

    /// As ``init(from:to:content:items:algorithm:)-(_,_,_,_,_)`` for items whose ids are only
    /// `Hashable` (fingerprinted from `hashValue`).
    @inlinable
    public init<Section: Identifiable, Content: Equatable, Item: Identifiable & Equatable>(
        from old: [Section], to new: [Section], content: KeyPath<Section, Content>,
        items: KeyPath<Section, [Item]>, algorithm: DiffAlgorithm = .heckel
    ) {
        self = Self._compute(old, new, content: content, items: items, algorithm,
                             identity: _HashedIdentifiableIdentity<Item>())
    }

    /// The sectioned changeset between two lists of sections whose own content is the whole
    /// section compared by `==`.
    ///
    /// A section is updated (reloaded after the structural changes) whenever `==` says it
    /// changed; if your section's `==` also compares its items, every section whose items
    /// changed is reloaded too. Use ``init(from:to:content:items:algorithm:)-(_,_,_,_,_)`` or
    /// ``ArraySection`` to keep item animations in such sections.
    ///
    /// - Complexity: as ``init(from:to:content:items:algorithm:)-(_,_,_,_,_)``.
    @inlinable
    public init<Section: Identifiable & Equatable, Item: Identifiable & Equatable>(
        from old: [Section], to new: [Section], items: KeyPath<Section, [Item]>,
        algorithm: DiffAlgorithm = .heckel
    ) where Item.ID: Fingerprintable {
        self = Self._compute(old, new, content: \Section.self, items: items, algorithm,
                             identity: _IdentifiableIdentity<Item>())
    }

    /// As ``init(from:to:items:algorithm:)-(_,_,_,_)`` for items whose ids are only `Hashable`.
    @inlinable
    public init<Section: Identifiable & Equatable, Item: Identifiable & Equatable>(
        from old: [Section], to new: [Section], items: KeyPath<Section, [Item]>,
        algorithm: DiffAlgorithm = .heckel
    ) {
        self = Self._compute(old, new, content: \Section.self, items: items, algorithm,
                             identity: _HashedIdentifiableIdentity<Item>())
    }

    /// The sectioned changeset between two lists of ``ArraySection``s: sections by
    /// `model.id` and `model ==`, items by id and `==`.
    ///
    /// - Complexity: as ``init(from:to:content:items:algorithm:)-(_,_,_,_,_)``.
    @inlinable
    public init<Model, Item>(
        from old: [ArraySection<Model, Item>], to new: [ArraySection<Model, Item>],
        algorithm: DiffAlgorithm = .heckel
    ) where Item.ID: Fingerprintable {
        self = Self._compute(old, new, content: \.model, items: \.items, algorithm,
                             identity: _IdentifiableIdentity<Item>())
    }

    /// As ``init(from:to:algorithm:)-(_,_,_)`` for items whose ids are only `Hashable`.
    @inlinable
    public init<Model, Item>(
        from old: [ArraySection<Model, Item>], to new: [ArraySection<Model, Item>],
        algorithm: DiffAlgorithm = .heckel
    ) {
        self = Self._compute(old, new, content: \.model, items: \.items, algorithm,
                             identity: _HashedIdentifiableIdentity<Item>())
    }

    /// Diffs the section ids, then all items at once, then places them (see
    /// ``init(sectionChanges:itemChanges:oldItemCounts:newItemCounts:)``).
    @inlinable
    internal static func _compute<Section: Identifiable, Content: Equatable, Identity: _DiffIdentity>(
        _ old: [Section], _ new: [Section], content: KeyPath<Section, Content>,
        items: KeyPath<Section, [Identity.Element]>, _ algorithm: DiffAlgorithm, identity: Identity
    ) -> SectionedChangeset where Identity.Element: Equatable {
        var sectionChanges = Changeset(from: old.map(\.id), to: new.map(\.id), id: \.self, algorithm: algorithm)
        // Matched ids are equal; the updates are the matched sections whose content differs.
        if let newOfOld = sectionChanges.matchedOffsets(oldCount: old.count, newCount: new.count) {
            for (oldIndex, newIndex) in newOfOld.enumerated()
            where newIndex >= 0 && old[oldIndex][keyPath: content] != new[newIndex][keyPath: content] {
                sectionChanges.updates.append(Changeset.Update(old: oldIndex, new: newIndex))
            }
        }
        let (oldItems, oldCounts) = _flatten(old, items)
        let (newItems, newCounts) = _flatten(new, items)
        // The item matching is placed section by section, so the global moves are not needed.
        let items = Changeset._matchedOffsets(oldItems, newItems, algorithm, identity: identity)
        // Both come from the diff core for exactly these lists, so they fit.
        return SectionedChangeset(_sectionChanges: sectionChanges, itemNewOfOld: items.newOfOld, itemOldOfNew: items.oldOfNew,
                                  itemUpdates: items.updates, itemsAreMinimal: items.isMinimal,
                                  oldItemCounts: oldCounts, newItemCounts: newCounts)!
    }
}

/// All items of all sections in one array, and the item count of each section. O(n).
@inlinable
internal func _flatten<Section, Item>(_ sections: [Section], _ items: KeyPath<Section, [Item]>)
    -> (items: [Item], counts: [Int])
{
    if sections.count == 1 {
        let only = sections[0][keyPath: items]
        return (only, [only.count])
    }
    var counts: [Int] = []
    counts.reserveCapacity(sections.count)
    var total = 0
    for section in sections {
        let count = section[keyPath: items].count
        counts.append(count)
        total += count
    }
    var flat: [Item] = []
    flat.reserveCapacity(total)
    for section in sections { flat.append(contentsOf: section[keyPath: items]) }
    return (flat, counts)
}
