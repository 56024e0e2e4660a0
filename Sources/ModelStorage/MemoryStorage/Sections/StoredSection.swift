#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A section as ``MemoryStorage`` keeps it: its items, each with its identity and the revision
/// at which its content last changed (``StoredItem``), in a persistent counted tree, beside the
/// section's supplementary models and their revision. The identities and revisions are what let
/// any earlier content of the storage (a batch's baseline, a view's displayed content) be diffed
/// against the live one: identities tell what was inserted, deleted and moved, a revision newer
/// than the earlier content's tells what changed in place.
///
/// A plain `Sendable` value: a copy is O(1) and shares the tree; a positional change afterwards
/// copies only the O(log n) chunks on its path (see ``CountedTree``), never the section, so a
/// content handed to a view costs nothing and the next change of the storage costs what it
/// touches.
///
/// The storage's sections change only through `SectionStore`, which keeps a look-up index
/// beside each section (`SectionIndex`); other code may build new section values with these
/// methods and hand them to it.
struct StoredSection: Sendable {
    /// Identity of the section, unique within its storage for the storage's lifetime.
    let id: UInt64
    /// The items with their identities and revisions, in order.
    private(set) var entries: CountedTree<StoredItem>
    /// Supplementary models by kind.
    private(set) var supplementaryModels: [String: any Sendable]
    /// The storage's revision when the section's own models (header, footer, supplementaries)
    /// last changed, or when it was made.
    private(set) var revision: UInt64

    /// A section of `model`'s items with identities `slots`, everything at `revision`. O(items).
    init(id: UInt64, model: SectionModel, slots: [UInt64], revision: UInt64) {
        self.id = id
        entries = Self.tree(model.items[...], slots: slots[...], revisions: nil, revision: revision)
        supplementaryModels = model.supplementaryModels
        self.revision = revision
    }

    /// The number of items. O(1).
    var count: Int { entries.count }

    /// The model of the item at `index` (`0..<count`). O(log n).
    func item(at index: Int) -> any Sendable { entries[index].model }

    /// The identity of the item at `index` (`0..<count`). O(log n).
    func slot(at index: Int) -> UInt64 { entries[index].slot }

    /// The offset of the item whose label is `label`, when its identity is `slot`; `nil` when
    /// no item of the section has both. O(log n) (see ``Labels``).
    func offset(ofLabel label: UInt64, slot: UInt64) -> Int? {
        withItem(labelled: label, slot: slot) { offset, _ in offset }
    }

    /// `body` of the offset of the item whose label is `label` and of that item, read in place
    /// (valid only during `body`), when its identity is `slot`; `nil`, without calling `body`,
    /// when no item of the section has both. The search by label and the read of the item are
    /// one walk from the root, with no copy of an item. O(log n) (see ``Labels``).
    func withItem<Result>(labelled label: UInt64, slot: UInt64,
                          _ body: (_ offset: Int, _ item: UnsafePointer<StoredItem>) -> Result) -> Result? {
        entries.withPartitioningElement(where: { $0.pointee.label >= label }) { offset, item in
            guard let item, item.pointee.slot == slot else { return nil }
            return body(offset, item)
        }
    }

    /// The supplementary model of `kind`, or `nil`. O(1).
    func supplementaryModel(ofKind kind: String) -> (any Sendable)? { supplementaryModels[kind] }

    // MARK: Reading everything (O(items))

    /// The items, in order, as an array. O(items).
    var items: [any Sendable] { gather { $0.pointee.model } }

    /// The identity of each item, in order. O(items).
    var slots: [UInt64] { gather { $0.pointee.slot } }

    /// The revision of each item, in order. O(items).
    var revisions: [UInt64] { gather { $0.pointee.revision } }

    /// The section as the public value: its items as an array and its supplementary models.
    /// O(items).
    var model: SectionModel {
        var model = SectionModel(items: items)
        model.supplementaryModels = supplementaryModels
        return model
    }

    /// `part` of every item, in order, read in place chunk by chunk (a copy of each item would
    /// copy its model, an existential, too). O(items).
    private func gather<Part>(_ part: (UnsafePointer<StoredItem>) -> Part) -> [Part] {
        var result: [Part] = []
        result.reserveCapacity(count)
        append(part, to: &result)
        return result
    }

    /// Appends `part` of every item, in order, to `array`, read in place chunk by chunk: what
    /// gathers several sections into one array without an array per section. O(items).
    func append<Part>(_ part: (UnsafePointer<StoredItem>) -> Part, to array: inout [Part]) {
        entries.forEachChunk { chunk in
            chunk.withUnsafeBufferPointer { items in
                for index in items.indices { array.append(part(items.baseAddress! + index)) }
            }
        }
    }

    /// Calls `body` with the model of every item, in order, read in place in the tree (valid
    /// only during the call). O(items).
    func forEachModel(_ body: (UnsafePointer<any Sendable>) -> Void) {
        forEachModelRun { run in
            for index in 0..<run.count { body(run[index]) }
        }
    }

    /// Calls `body` with the models of the items a chunk of the tree at a time, in order, read in
    /// place: the addresses stay valid while this section's tree is alive and unchanged (its
    /// chunks do not move). O(items / 64) calls.
    func forEachModelRun(_ body: (ExistentialRun) -> Void) {
        entries.forEachChunk { chunk in
            chunk.withUnsafeBufferPointer { items in
                guard let first = items.baseAddress else { return }
                body(ExistentialRun(first: first.pointer(to: \.model)!, count: items.count,
                                    stride: MemoryLayout<StoredItem>.stride))
            }
        }
    }

    /// Whether this section holds the same item identities in the same order as `other`: O(1)
    /// when the two share their tree, else O(items).
    func hasSameSlots(as other: StoredSection) -> Bool {
        guard count == other.count else { return false }
        if entries.root === other.entries.root { return true }
        return slots == other.slots
    }

    /// The offset of the first item that is a `T` equal to `item`. O(items).
    func firstIndex<T: Equatable>(of item: T) -> Int? {
        firstOffset { cast($0.model, to: T.self) { $0 == item } ?? false }
    }

    /// The offset of the first item for which `matches` holds, read in order. O(items).
    private func firstOffset(where matches: (StoredItem) -> Bool) -> Int? {
        for (offset, entry) in entries.enumerated() where matches(entry) { return offset }
        return nil
    }

    /// The offset of the item whose identity is `slot`, looked for at `hint`, then in the 256
    /// items around it, then everywhere; `nil` when there is none. O(log n) when it is at
    /// `hint`, O(256 log n) when near it, O(items) at worst.
    func offset(ofSlot slot: UInt64, near hint: Int) -> Int? {
        let lower = Swift.max(0, Swift.min(hint &- 128, count))
        let window = lower..<Swift.max(lower, Swift.min(count, hint &+ 128))
        if window.contains(hint) && entries[hint].slot == slot { return hint }
        if let found = window.first(where: { entries[$0].slot == slot }) { return found }
        return firstOffset { $0.slot == slot }
    }

    // MARK: Changing

    /// Inserts `new` at `index`, labelled between their neighbours; returns every item whose
    /// label was set: the new ones, and those around them when the labels had to be spread
    /// again (see ``Labels``). O(k log n) for k items (O(n + k) when k is large against n), plus
    /// the items spread again.
    @discardableResult
    mutating func insert(_ new: [StoredItem], at index: Int) -> [StoredItem] {
        defer { _checkInvariants() }
        let low = index > 0 ? entries[index - 1].label : 0
        let high = index < count ? entries[index].label : .max
        guard let labels = Labels.between(low, high, count: new.count) else {
            entries.insert(contentsOf: new, at: index)
            return spreadLabels(around: index..<index + new.count)
        }
        let labelled = zip(new, labels).map { item, label in
            var item = item
            item.label = label
            return item
        }
        entries.insert(contentsOf: labelled, at: index)
        return labelled
    }

    /// Spreads again, evenly, the labels of the items in the smallest window around `range`
    /// (doubled each time) whose bounds leave ``Labels/spacing`` per item, or of the whole
    /// section; returns those items. O(w log n) for a window of w items.
    private mutating func spreadLabels(around range: Range<Int>) -> [StoredItem] {
        var window = range
        while true {
            let width = Swift.max(window.count, 32)
            window = Swift.max(0, window.lowerBound - width)..<Swift.min(count, window.upperBound + width)
            guard window.count < count else { return spreadAllLabels() }
            let low = window.lowerBound > 0 ? entries[window.lowerBound - 1].label : 0
            let high = window.upperBound < count ? entries[window.upperBound].label : .max
            if let labels = Labels.between(low, high, count: window.count, minimumStep: Labels.spacing) {
                return zip(window, labels).map { offset, label in
                    entries.update(at: offset) { item in
                        item.label = label
                        return item
                    }
                }
            }
        }
    }

    /// Spreads the labels of every item evenly over the whole range; returns the items. O(n).
    private mutating func spreadAllLabels() -> [StoredItem] {
        let labels = Labels.between(0, .max, count: count)!
        var all: [StoredItem] = []
        all.reserveCapacity(count)
        for (item, label) in zip(entries, labels) {
            var item = item
            item.label = label
            all.append(item)
        }
        entries = CountedTree(all)
        return all
    }

    /// Removes the item at `index` and returns it with its identity and revision. O(log n).
    mutating func remove(at index: Int) -> StoredItem {
        entries.remove(at: index)
    }

    /// Moves the item at `source` to `destination` (its offset afterwards) with its identity and
    /// revision; returns the items whose label was set (as ``insert(_:at:)``). O(log n).
    @discardableResult
    mutating func moveItem(from source: Int, to destination: Int) -> [StoredItem] {
        let item = entries.remove(at: source)
        return insert([item], at: destination)
    }

    /// Removes the items at `offsets` (ascending, distinct), keeping the order of the others.
    /// O(k log n) for k offsets, O(items) when they are many.
    mutating func remove(atSortedOffsets offsets: [Int]) {
        guard offsets.count > Swift.max(CountedTree<StoredItem>.defaultOrder, count / 8) else {
            for offset in offsets.reversed() { entries.remove(at: offset) }
            return
        }
        var removed = [Bool](repeating: false, count: count)
        for offset in offsets { removed[offset] = true }
        var kept: [StoredItem] = []
        kept.reserveCapacity(count - offsets.count)
        for (offset, entry) in entries.enumerated() where !removed[offset] { kept.append(entry) }
        entries = CountedTree(kept)
    }

    /// Replaces the item at `index`, keeping its identity and label, as changed at `revision`;
    /// returns the item it replaced. O(log n).
    @discardableResult
    mutating func replace(at index: Int, with item: any Sendable, revision: UInt64) -> StoredItem {
        entries.update(at: index) { entry in
            let old = entry
            entry.model = item
            entry.revision = revision
            return old
        }
    }

    /// Replaces every item, identity and revision. O(items).
    mutating func replaceAll(_ items: [any Sendable], slots newSlots: [UInt64], revisions newRevisions: [UInt64]) {
        replaceAll(items[...], slots: newSlots[...], revisions: newRevisions[...])
    }

    /// Replaces every item, identity and revision with parts of larger arrays (no copy of the
    /// parts). O(items).
    mutating func replaceAll(_ items: ArraySlice<any Sendable>, slots newSlots: ArraySlice<UInt64>,
                             revisions newRevisions: ArraySlice<UInt64>) {
        entries = Self.tree(items, slots: newSlots, revisions: newRevisions)
    }

    /// Replaces every item with `entries`, a tree built by
    /// ``tree(_:firstFresh:revision:)`` (off the storage's actor). O(1).
    mutating func replaceEntries(with entries: CountedTree<StoredItem>) {
        self.entries = entries
    }

    /// The tree ``replaceAll(_:slots:revisions:)`` builds of `items` after
    /// `items.assign(fresh:revision:)` with the identities from `firstFresh` on and `revision`,
    /// built without changing `items`: the unmatched items take the fresh identities in order
    /// and, with the changed ones, `revision`. O(items).
    static func tree(_ items: _DiffedItems, firstFresh: UInt64, revision: UInt64) -> CountedTree<StoredItem> {
        tree(items.models[...], slots: items.slots[...], revisions: items.revisions[...],
             fresh: items.unmatched, firstFresh: firstFresh, changed: items.updated, revision: revision)
    }

    /// The one place a section's tree is built: `items` with identities `slots` and revisions
    /// `revisions` (parts of larger arrays, read in place; `nil`: every item at `revision`),
    /// their labels spread over the whole range; then the items at the offsets `fresh` take the
    /// identities from `firstFresh` on, in order, and they and those at `changed` the revision
    /// `revision` (what `_DiffedItems.assign(fresh:revision:)` gives, without a copy of the
    /// arrays). Each leaf is initialized in place (no array of all the items, then copies of its
    /// parts), its models copied by a `ModelCopier` (a plain struct's bits, without a call of its
    /// copy witness per item). O(items).
    private static func tree(_ items: ArraySlice<any Sendable>, slots: ArraySlice<UInt64>, revisions: ArraySlice<UInt64>?,
                             fresh: [Int] = [], firstFresh: UInt64 = 0, changed: [Int] = [], revision: UInt64 = 0)
        -> CountedTree<StoredItem>
    {
        guard fresh.isEmpty && changed.isEmpty else {
            // Identities and revisions as `assign(fresh:revision:)` leaves them, then the tree.
            var slots = Array(slots), revisions = revisions.map(Array.init)
                ?? [UInt64](repeating: revision, count: items.count)
            for (index, offset) in fresh.enumerated() {
                slots[offset] = firstFresh + UInt64(index)
                revisions[offset] = revision
            }
            for offset in changed { revisions[offset] = revision }
            return tree(items, slots: slots[...], revisions: revisions[...])
        }
        precondition(slots.count == items.count && (revisions?.count ?? items.count) == items.count,
                     "StoredSection: items, identities and revisions of different counts")
        let step = Labels.wholeRangeStep(count: items.count)
        return items.withUnsafeBufferPointer { items in
            slots.withUnsafeBufferPointer { slots in
                withOptionalBuffer(of: revisions) { revisions in
                    var models = ModelCopier()
                    return CountedTree(count: items.count) { range, leaf in
                        initializeLeaf(leaf, range: range, items: items.baseAddress!, slots: slots.baseAddress!,
                                       revisions: revisions?.baseAddress, revision: revision, step: step, models: &models)
                    }
                }
            }
        }
    }

    /// Initializes `leaf` (uninitialized) to the items at the offsets `range` of `items`, with
    /// their identities and revisions (every one `revision` when `revisions` is `nil`) and the
    /// labels `step` times one past their offsets; field by field, the models' copies written in
    /// place by `models`. O(range.count).
    @inline(__always)
    private static func initializeLeaf(_ leaf: UnsafeMutablePointer<StoredItem>, range: Range<Int>,
                                       items: UnsafePointer<any Sendable>, slots: UnsafePointer<UInt64>,
                                       revisions: UnsafePointer<UInt64>?, revision: UInt64, step: UInt64,
                                       models: inout ModelCopier) {
        var copier = models
        defer { models = copier }
        var item = leaf
        var label = step &* UInt64(truncatingIfNeeded: range.lowerBound &+ 1)
        for offset in range {
            copier.initialize(item.pointer(to: \.model)!, to: items + offset)
            item.pointer(to: \.slot)!.initialize(to: slots[offset])
            item.pointer(to: \.revision)!.initialize(to: revisions?[offset] ?? revision)
            item.pointer(to: \.label)!.initialize(to: label)
            item += 1
            label &+= step
        }
    }

    /// `body` of the elements of `slice` read in place, or of `nil` when there is no slice.
    private static func withOptionalBuffer<Result>(of slice: ArraySlice<UInt64>?,
                                                   _ body: (UnsafeBufferPointer<UInt64>?) -> Result) -> Result {
        guard let slice else { return body(nil) }
        return slice.withUnsafeBufferPointer { body($0) }
    }

    /// With the trait `InternalChecks`, traps unless the labels grow strictly with the offsets.
    /// O(items); only for sections small enough to keep test runs fast.
    func _checkInvariants() {
        #if InternalChecks
        guard count <= 4_096 else { return }
        var previous: UInt64?
        for item in entries {
            precondition(previous.map { $0 < item.label } ?? true, "StoredSection: labels out of order")
            previous = item.label
        }
        #endif
    }

    /// Sets the supplementary model of `kind` (`nil` removes it) as a change at `revision`
    /// (`nil`: not a change of what is shown, the revision stays). O(1).
    mutating func setSupplementaryModel(_ model: (any Sendable)?, forKind kind: String, revision: UInt64?) {
        supplementaryModels[kind] = model.flatMap(nonNilModel)
        if let revision { self.revision = revision }
    }
}

/// Reading sections: what ``MemoryStorage``'s read accessors and ``MemoryStorage/Content``'s
/// answer, written once. Out-of-range indexes answer `nil` (or 0).
extension Array where Element == StoredSection {
    /// The number of items in `section`; 0 for a section that does not exist. O(1).
    func numberOfItems(inSection section: Int) -> Int {
        indices.contains(section) ? self[section].count : 0
    }

    /// The item at `indexPath`, or `nil` when there is none. O(log n).
    func item(at indexPath: IndexPath) -> (any Sendable)? {
        guard indexPath.count == 2, indices.contains(indexPath[0]),
              indexPath[1] >= 0, indexPath[1] < self[indexPath[0]].count else { return nil }
        return self[indexPath[0]].item(at: indexPath[1])
    }

    /// The items of `section` as an array, or `nil` when the section does not exist. O(items).
    func items(inSection section: Int) -> [any Sendable]? {
        indices.contains(section) ? self[section].items : nil
    }

    /// A copy of section `index` as the public value, or `nil` when it does not exist. O(items).
    func section(atIndex index: Int) -> SectionModel? {
        indices.contains(index) ? self[index].model : nil
    }

    /// The supplementary model of `kind` section `section` holds, or `nil`.
    func supplementaryModel(ofKind kind: String, forSectionAt section: Int) -> (any Sendable)? {
        indices.contains(section) ? self[section].supplementaryModel(ofKind: kind) : nil
    }
}

/// Removes the elements whose flag in `removed` is set, keeping the order of the others. O(n).
func compact<Element>(_ array: inout [Element], removing removed: [Bool]) {
    var kept = 0
    for index in array.indices where !removed[index] {
        if kept != index { array.swapAt(kept, index) }
        kept += 1
    }
    array.removeLast(array.count - kept)
}
