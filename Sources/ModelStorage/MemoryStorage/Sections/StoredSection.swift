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
        entries = CountedTree(zip(model.items, slots).lazy.map { StoredItem(model: $0, slot: $1, revision: revision) })
        supplementaryModels = model.supplementaryModels
        self.revision = revision
    }

    /// The number of items. O(1).
    var count: Int { entries.count }

    /// The model of the item at `index` (`0..<count`). O(log n).
    func item(at index: Int) -> any Sendable { entries[index].model }

    /// The identity of the item at `index` (`0..<count`). O(log n).
    func slot(at index: Int) -> UInt64 { entries[index].slot }

    /// The supplementary model of `kind`, or `nil`. O(1).
    func supplementaryModel(ofKind kind: String) -> (any Sendable)? { supplementaryModels[kind] }

    // MARK: Reading everything (O(items))

    /// The items, in order, as an array. O(items).
    var items: [any Sendable] { gather { $0.model } }

    /// The identity of each item, in order. O(items).
    var slots: [UInt64] { gather { $0.slot } }

    /// The revision of each item, in order. O(items).
    var revisions: [UInt64] { gather { $0.revision } }

    /// The section as the public value: its items as an array and its supplementary models.
    /// O(items).
    var model: SectionModel {
        var model = SectionModel(items: items)
        model.supplementaryModels = supplementaryModels
        return model
    }

    /// `part` of every item, in order, read chunk by chunk. O(items).
    private func gather<Part>(_ part: (StoredItem) -> Part) -> [Part] {
        var result: [Part] = []
        result.reserveCapacity(count)
        entries.forEachChunk { chunk in
            for entry in chunk { result.append(part(entry)) }
        }
        return result
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

    /// Inserts `items` with their identities and revisions at `index`. O(k log n) for k items
    /// (O(n + k) when k is large against n).
    mutating func insert(_ items: [any Sendable], slots newSlots: [UInt64], revisions newRevisions: [UInt64], at index: Int) {
        entries.insert(contentsOf: (0..<items.count).map {
            StoredItem(model: items[$0], slot: newSlots[$0], revision: newRevisions[$0])
        }, at: index)
    }

    /// Inserts `item` at `index`. O(log n).
    mutating func insert(_ item: StoredItem, at index: Int) {
        entries.insert(item, at: index)
    }

    /// Removes the item at `index` and returns it with its identity and revision. O(log n).
    mutating func remove(at index: Int) -> StoredItem {
        entries.remove(at: index)
    }

    /// Moves the item at `source` to `destination` (its offset afterwards) with its identity and
    /// revision. O(log n).
    mutating func moveItem(from source: Int, to destination: Int) {
        entries.move(from: source, to: destination)
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

    /// Replaces the item at `index`, keeping its identity, as changed at `revision`; returns the
    /// item it replaced. O(log n).
    @discardableResult
    mutating func replace(at index: Int, with item: any Sendable, revision: UInt64) -> any Sendable {
        entries.update(at: index) { entry in
            let old = entry.model
            entry = StoredItem(model: item, slot: entry.slot, revision: revision)
            return old
        }
    }

    /// Replaces every item, identity and revision. O(items).
    mutating func replaceAll(_ items: [any Sendable], slots newSlots: [UInt64], revisions newRevisions: [UInt64]) {
        entries = CountedTree((0..<items.count).lazy.map {
            StoredItem(model: items[$0], slot: newSlots[$0], revision: newRevisions[$0])
        })
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
