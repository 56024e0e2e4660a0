#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A section as ``MemoryStorage`` keeps it: the public model, the identity of each item, and
/// the revision at which each item's content (and the section's own models) last changed. The
/// identities and revisions are what let any earlier content of the storage (a batch's
/// baseline, a view's displayed content) be diffed against the live one: identities tell what
/// was inserted, deleted and moved, a revision newer than the earlier content's tells what
/// changed in place. A plain `Sendable` value: copies are O(1) and share their arrays until one
/// of them changes.
///
/// Its methods keep the items and their identities parallel; `_checkInvariants()` runs after
/// each of them when the package is built with its trait `InternalChecks` (the package's own
/// test runs; never a user's build), as swift-collections gates its checks behind a flag of its
/// own. The storage's sections change only through `SectionStore`, which keeps a look-up index
/// beside each section (`SectionIndex`); other code may build new section values with these
/// methods and hand them to it.
struct StoredSection: Sendable {
    /// Identity of the section, unique within its storage for the storage's lifetime.
    let id: UInt64
    /// Items and supplementary models.
    private(set) var model: SectionModel
    /// Identity of each item, parallel to `model.items`: unique within the storage, kept by
    /// moves and reloads, new for every inserted item.
    private(set) var slots: [UInt64]
    /// The storage's revision when each item was inserted or its content last replaced, parallel
    /// to `slots`; kept by moves.
    private(set) var revisions: [UInt64]
    /// The storage's revision when the section's own models (header, footer, supplementaries)
    /// last changed, or when it was made.
    private(set) var revision: UInt64

    /// A section of `model`'s items with identities `slots`, everything at `revision`.
    init(id: UInt64, model: SectionModel, slots: [UInt64], revision: UInt64) {
        self.id = id
        self.model = model
        self.slots = slots
        self.revisions = Array(repeating: revision, count: slots.count)
        self.revision = revision
        _checkInvariants()
    }

    /// The items, in order.
    var items: [any Sendable] { model.items }

    /// The number of items.
    var count: Int { slots.count }

    /// The offset of the first item that is a `T` equal to `item`. O(items).
    func firstIndex<T: Equatable>(of item: T) -> Int? {
        model.items.firstIndex { cast($0, to: T.self) { $0 == item } ?? false }
    }

    // MARK: Changing

    /// Inserts `items` with their identities and revisions at `index`. O(items after `index`).
    mutating func insert(_ items: [any Sendable], slots newSlots: [UInt64], revisions newRevisions: [UInt64], at index: Int) {
        if index == slots.count {
            model.items.append(contentsOf: items)
            slots.append(contentsOf: newSlots)
            revisions.append(contentsOf: newRevisions)
        } else {
            model.items.insert(contentsOf: items, at: index)
            slots.insert(contentsOf: newSlots, at: index)
            revisions.insert(contentsOf: newRevisions, at: index)
        }
        _checkInvariants()
    }

    /// Removes the item at `index`; returns it with its identity and revision. O(items after
    /// `index`).
    mutating func remove(at index: Int) -> (item: any Sendable, slot: UInt64, revision: UInt64) {
        let removed = (model.items.remove(at: index), slots.remove(at: index), revisions.remove(at: index))
        _checkInvariants()
        return removed
    }

    /// Moves the item at `source` to `destination` (its offset afterwards) with its identity and
    /// revision. O(|source − destination|).
    mutating func moveItem(from source: Int, to destination: Int) {
        model.items.moveElement(from: source, to: destination)
        slots.moveElement(from: source, to: destination)
        revisions.moveElement(from: source, to: destination)
        _checkInvariants()
    }

    /// Removes the items whose flag in `removed` is set, keeping the order of the others.
    /// O(items).
    mutating func remove(where removed: [Bool]) {
        compact(&model.items, removing: removed)
        compact(&slots, removing: removed)
        compact(&revisions, removing: removed)
        _checkInvariants()
    }

    /// Replaces the item at `index`, keeping its identity, as changed at `revision`; returns the
    /// item it replaced. O(1).
    @discardableResult
    mutating func replace(at index: Int, with item: any Sendable, revision: UInt64) -> any Sendable {
        let old = model.items[index]
        model.items[index] = item
        revisions[index] = revision
        _checkInvariants()
        return old
    }

    /// Replaces every item, identity and revision. O(items).
    mutating func replaceAll(_ items: [any Sendable], slots newSlots: [UInt64], revisions newRevisions: [UInt64]) {
        model.items = items
        slots = newSlots
        revisions = newRevisions
        _checkInvariants()
    }

    /// Sets the supplementary model of `kind` (`nil` removes it) as a change at `revision`
    /// (`nil`: not a change of what is shown, the revision stays). O(1).
    mutating func setSupplementaryModel(_ model: (any Sendable)?, forKind kind: String, revision: UInt64?) {
        self.model.setSupplementaryModel(model, forKind: kind)
        if let revision { self.revision = revision }
    }

    /// With the trait `InternalChecks`, traps when the items, their identities and their
    /// revisions are out of step.
    func _checkInvariants() {
        #if InternalChecks
        precondition(model.items.count == slots.count && slots.count == revisions.count,
                     "StoredSection: \(model.items.count) items, \(slots.count) identities, \(revisions.count) revisions")
        #endif
    }
}

/// Reading sections: what ``MemoryStorage``'s read accessors and ``MemoryStorage/Content``'s
/// answer, written once. Out-of-range indexes answer `nil` (or 0).
extension Array where Element == StoredSection {
    /// The number of items in `section`; 0 for a section that does not exist.
    func numberOfItems(inSection section: Int) -> Int {
        indices.contains(section) ? self[section].count : 0
    }

    /// The item at `indexPath`, or `nil` when there is none.
    func item(at indexPath: IndexPath) -> (any Sendable)? {
        guard indexPath.count == 2, indices.contains(indexPath[0]) else { return nil }
        return self[indexPath[0]].model.item(at: indexPath[1])
    }

    /// The items of `section`, or `nil` when the section does not exist.
    func items(inSection section: Int) -> [any Sendable]? {
        indices.contains(section) ? self[section].items : nil
    }

    /// A copy of section `index`, or `nil` when it does not exist.
    func section(atIndex index: Int) -> SectionModel? {
        indices.contains(index) ? self[index].model : nil
    }

    /// The supplementary model of `kind` section `section` holds, or `nil`.
    func supplementaryModel(ofKind kind: String, forSectionAt section: Int) -> (any Sendable)? {
        indices.contains(section) ? self[section].model.supplementaryModel(ofKind: kind) : nil
    }
}

/// The identities of one section and of its items: what `netChange` diffs on the old side.
protocol SectionIdentities {
    var id: UInt64 { get }
    var slots: [UInt64] { get }
}

extension StoredSection: SectionIdentities {}

/// The identities of one section at the start of a batch (not its items: a batch's baseline
/// must not keep the items arrays shared, or the first change of each would copy them).
struct SectionSnapshot: SectionIdentities {
    let id: UInt64
    let slots: [UInt64]
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
