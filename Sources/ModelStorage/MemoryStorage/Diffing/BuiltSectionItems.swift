/// The new items of one section, diffed and built into the section's tree off the storage's
/// actor (a background `setItems`), with the identities and revision the storage would give
/// them now: installed in O(1) when the storage's counters are still `counters` at the commit
/// (``SectionStore/installBuiltItems(_:)``), the tree ``_DiffedSectionItems`` would be given on
/// the storage's actor.
struct _BuiltSectionItems: Sendable {
    /// The section.
    let section: Int
    /// The new items with their identities, revisions and labels.
    let entries: CountedTree<StoredItem>
    /// How many fresh identities the new items took.
    let freshCount: Int
    /// The storage's counters the identities and revision were taken from.
    let counters: SectionStore.FreshCounters
    /// The update, in `section`.
    let update: StorageUpdate

    /// `diffed` built with fresh identities from `counters` on and the revision after its one.
    /// O(items).
    init(_ diffed: _DiffedSectionItems, counters: SectionStore.FreshCounters) {
        section = diffed.section
        entries = StoredSection.tree(diffed.items, firstFresh: counters.nextIdentity, revision: counters.revision + 1)
        freshCount = diffed.items.unmatched.count
        self.counters = counters
        update = diffed.update
    }
}
