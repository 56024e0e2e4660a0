/// What finds an item of one section without a scan: the items of the type last looked for, by
/// key, with the label that finds each one in the section's tree (`ItemLookup`). Built on the
/// first look-up, then it follows the section's changes item by item, so a look-up after any
/// number of changes costs O(log n), never a rebuild; built again only when another type is
/// looked for.
///
/// Kept by `SectionStore` beside each live section, never inside the section value: a section
/// handed to readers (a delivery's shown content, a view's displayed content) is a plain
/// `Sendable` value that a later change of the storage does not touch.
struct SectionIndex {
    /// The items of one type, by key; `nil` until a look-up asks for one.
    private var lookup: ItemLookup?

    /// The offset of the first item of `section` that is a `T` equal to `item`, among those
    /// keyed `key` in the table `kind` makes (`makeLookup` builds it when another type, or none,
    /// is indexed). O(log n) once built, per item that shares the key; building costs O(items)
    /// (one dynamic cast and one hash each).
    mutating func firstIndex<T: Equatable>(of item: T, key: Int, kind: ItemLookup.Kind, in section: StoredSection,
                                           makeLookup: () -> ItemLookup) -> Int? {
        if lookup?.indexes(T.self, by: kind) != true { lookup = makeLookup() }
        var best: Int?
        // Read through the optional in place (`lookup!` would copy the table), each candidate
        // compared where it lies in the tree.
        let found = lookup?.forEachCandidate(forKey: key, in: section) { position, candidate in
            if position < best ?? .max, cast(candidate.pointee.model, to: T.self, { $0 == item }) == true {
                best = position
            }
        }
        guard found == true else {
            // An entry out of step with the section: never expected (InternalChecks traps first).
            assertionFailure("SectionIndex: an indexed item is not where its entry says")
            lookup = nil
            return section.firstIndex(of: item)
        }
        return best
    }

    // MARK: Following the section's changes

    /// `items` were inserted or moved, or their labels spread again. O(items.count).
    mutating func labelled(_ items: [StoredItem]) {
        lookup?.labelled(items)
    }

    /// `item` with identity `slot` was removed. O(1) average.
    mutating func removed(_ item: any Sendable, slot: UInt64) {
        lookup?.removed(item, slot: slot)
    }

    /// `items` with identities `slots` were removed from anywhere in the section, which held
    /// `countBefore` items. O(items.count), or O(1) when they were most of the section (the
    /// index is then dropped and built again on the next look-up).
    mutating func removed(_ items: [any Sendable], slots: [UInt64], countBefore: Int) {
        guard items.count <= countBefore / 2 else { return reset() }
        lookup?.removed(items, slots: slots)
    }

    /// The item `old` (as stored before) was replaced in place by `new`. O(1) average.
    mutating func replaced(_ old: StoredItem, with new: any Sendable) {
        lookup?.replaced(old, with: new)
    }

    /// Every item of the section was replaced: forget everything. O(1).
    mutating func reset() {
        lookup = nil
    }

    /// With the trait `InternalChecks`, traps when the index disagrees with `section`. O(items
    /// log n); only for sections small enough to keep test runs fast.
    func _checkInvariants(_ section: StoredSection) {
        #if InternalChecks
        guard section.count <= 4_096 else { return }
        lookup?._checkInvariants(section)
        #endif
    }
}
