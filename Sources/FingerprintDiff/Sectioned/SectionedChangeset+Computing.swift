extension SectionedChangeset {
    /// The sectioned changeset between two lists of sections: sections are identified by
    /// `id` and compared by `content`; items (`items`) are identified by their ids across all
    /// sections and compared by `==`.
    ///
    /// Section and item ids are diffed with the diff core, items with their stable
    /// ``Fingerprintable`` bytes.
    ///
    /// - Complexity: the item diff of `Changeset.init(from:to:algorithm:)` over all
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

    /// As `init(from:to:content:items:algorithm:)` for items whose ids are only
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
    /// changed is reloaded too. Use `init(from:to:content:items:algorithm:)` or
    /// ``ArraySection`` to keep item animations in such sections.
    ///
    /// - Complexity: as `init(from:to:content:items:algorithm:)`.
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
    /// - Complexity: as `init(from:to:content:items:algorithm:)`.
    @inlinable
    public init<Model, Item>(
        from old: [ArraySection<Model, Item>], to new: [ArraySection<Model, Item>],
        algorithm: DiffAlgorithm = .heckel
    ) where Item.ID: Fingerprintable {
        self = Self._compute(old, new, content: \.model, items: \.items, algorithm,
                             identity: _IdentifiableIdentity<Item>())
    }

    /// As `init(from:to:algorithm:)` for items whose ids are only `Hashable`.
    @inlinable
    public init<Model, Item>(
        from old: [ArraySection<Model, Item>], to new: [ArraySection<Model, Item>],
        algorithm: DiffAlgorithm = .heckel
    ) {
        self = Self._compute(old, new, content: \.model, items: \.items, algorithm,
                             identity: _HashedIdentifiableIdentity<Item>())
    }

    /// Diffs the sections by id, then all items at once, then places them (see
    /// ``init(sectionChanges:itemChanges:oldItemCounts:newItemCounts:)``): both through the
    /// one confirmed matching (`_withMatching`); the items' without global moves, since each
    /// surviving section keeps its own longest increasing subsequence in place.
    @inlinable
    internal static func _compute<Section: Identifiable, Content: Equatable, Identity: _DiffIdentity>(
        _ old: [Section], _ new: [Section], content: KeyPath<Section, Content>,
        items: KeyPath<Section, [Identity.Element]>, _ algorithm: DiffAlgorithm, identity: Identity
    ) -> SectionedChangeset where Identity.Element: Equatable {
        let sections = old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                _withMatching(old, new, algorithm, identity: _HashedIdentifiableIdentity<Section>(),
                              isChanged: { $0[keyPath: content] != $1[keyPath: content] }) {
                    (changes: Changeset(_matching: $0), newOfOld: $0.newOffsetsOfOld)
                }
            }
        }
        let (oldItems, oldCounts) = _flatten(old, items)
        let (newItems, newCounts) = _flatten(new, items)
        return oldItems.withUnsafeBufferPointer { oldItems in
            newItems.withUnsafeBufferPointer { newItems in
                _withMatching(oldItems, newItems, algorithm, identity: identity, moves: false, isChanged: !=) {
                    SectionedChangeset(sectionChanges: sections.changes, sectionNewOfOld: sections.newOfOld,
                                       items: $0, oldItemCounts: oldCounts, newItemCounts: newCounts)
                }
            }
        }
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
