#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

/// One section of items of one type that diffs automatically: ``setItems(_:)`` and
/// ``addItems(_:_:)`` compute the change with a differ and deliver it as a ``StorageUpdate``
/// in section 0. Use ``SingleSectionEquatableStorage`` or ``SingleSectionHashableStorage``.
///
/// Changed items (same id, different content) are updates carrying their new model; a moved
/// item that changed is a move plus a stage-2 update at its new index path.
public class SingleSectionStorage<Item: Identifiable & Sendable>: BaseStorage, ContentStorage {
    /// The items, in order; during a delivery, those of the state the update being delivered
    /// leads to (see ``BaseStorage``).
    public var items: [Item] { shown.items }
    /// The content as it is now, whatever is being delivered.
    private(set) var live: Content
    @usableFromInline let differ: @Sendable ([Item], [Item]) -> Changeset
    let trustsDiffer: Bool
    /// Finds an id in items near an offset (specialized by the caller for `Item`): its offset,
    /// and whether it is the only item with that id.
    @usableFromInline let locate: ([Item], Item.ID, Int) -> (offset: Int, isUnique: Bool)?
    /// First offset of each id in the live items, built on demand; `nil` after a change.
    private var idLookup: [Item.ID: Int]?
    /// The update of the last ``setItems(_:)``, kept for ``update(since:)`` from the content just
    /// before it (what a view updater asks at its next flush): the differ's result for the same
    /// two lists, not computed twice. `nil` after any other change of the items.
    private(set) var lastItemsChange: RememberedUpdate?
    /// The order of this storage's updates and the content its readers see meanwhile.
    private let delivery = Delivery<Content>()

    /// A random number that tells this storage's contents from any other's.
    let origin = UInt64.random(in: .min ... .max)

    /// What a ``SingleSectionStorage`` holds at one moment, as a value (see
    /// ``ContentStorage``): its items, typed, and its supplementary models. O(1) to copy.
    public struct Content: StorageContent {
        /// The items, in order.
        public internal(set) var items: [Item]
        /// Supplementary models by kind.
        var supplementaryModels: [String: any Sendable] = [:]
        /// Raised by every change of a supplementary model: a content whose revision is below
        /// the live one's shows older supplementary models.
        var supplementaryRevision: UInt64 = 0
        /// The storage the content comes from.
        var origin: UInt64 = 0
        /// Which of the storage's item lists `items` is: raised by every change of the live items;
        /// `nil` once the items were changed outside the storage (a user's move on screen).
        var itemsRevision: UInt64? = 0

        /// Always 1.
        public var numberOfSections: Int { 1 }

        /// The number of items in section 0; 0 for any other section.
        public func numberOfItems(inSection section: Int) -> Int { section == 0 ? items.count : 0 }

        /// The item at `indexPath`, or `nil` when there is none.
        public func item(at indexPath: IndexPath) -> (any Sendable)? {
            guard indexPath.count == 2, indexPath[0] == 0, items.indices.contains(indexPath[1]) else { return nil }
            return items[indexPath[1]]
        }

        /// The supplementary model of `kind` for section 0, or `nil`.
        public func supplementaryModel(ofKind kind: String, forSectionAt section: Int) -> (any Sendable)? {
            section == 0 ? supplementaryModels[kind] : nil
        }
    }

    /// What the read accessors show: the content the update being delivered leads to (see
    /// ``Delivery``), the live content outside deliveries.
    private var shown: Content { delivery.shown ?? live }

    /// A storage holding `items`, diffing with `differ`; a differ that is not `trusted` has
    /// each result checked before it is delivered.
    @usableFromInline
    init(items: [Item], differ: @escaping @Sendable ([Item], [Item]) -> Changeset, trusted: Bool,
         locate: @escaping ([Item], Item.ID, Int) -> (offset: Int, isUnique: Bool)?) {
        live = Content(items: items)
        live.origin = origin
        self.differ = differ
        trustsDiffer = trusted
        self.locate = locate
    }

    /// A storage holding `items` that diffs with `differ`: with `builtIn` (specialized by the
    /// caller for `Item`, trusted) when it is a ``FingerprintDiffer``, else with `custom`, whose
    /// every result is checked.
    @inlinable
    convenience init(items: [Item], differ: some Differ,
                     builtIn: @escaping @Sendable ([Item], [Item], DiffAlgorithm) -> Changeset,
                     custom: @escaping @Sendable ([Item], [Item]) -> Changeset) {
        let locate: ([Item], Item.ID, Int) -> (offset: Int, isUnique: Bool)? = { Self.locate($1, in: $0, near: $2) }
        if let fingerprintDiffer = differ as? FingerprintDiffer {
            let algorithm = fingerprintDiffer.algorithm
            self.init(items: items, differ: { builtIn($0, $1, algorithm) }, trusted: true, locate: locate)
        } else {
            self.init(items: items, differ: custom, trusted: false, locate: locate)
        }
    }

    // MARK: Reading

    /// Always 1.
    public var numberOfSections: Int { 1 }

    /// The number of items in section 0; 0 for any other section.
    public func numberOfItems(inSection section: Int) -> Int { section == 0 ? items.count : 0 }

    /// The item at `indexPath`, or `nil` when there is none.
    public func item(at indexPath: IndexPath) -> (any Sendable)? {
        guard indexPath.count == 2, indexPath[0] == 0, items.indices.contains(indexPath[1]) else { return nil }
        return items[indexPath[1]]
    }

    /// The index path of the first item whose id is `id`, or `nil`. O(1) average; the id
    /// index is rebuilt (O(n)) on the first look-up after a change (during a delivery that an
    /// observer outran, a scan of the items shown).
    public func indexPath(forItemWithID id: Item.ID) -> IndexPath? {
        if let shown = delivery.shown {
            return shown.items.firstIndex { $0.id == id }.map { IndexPath(indexes: [0, $0]) }
        }
        if idLookup == nil {
            var lookup: [Item.ID: Int] = [:]
            lookup.reserveCapacity(live.items.count)
            for (offset, item) in live.items.enumerated() where lookup[item.id] == nil { lookup[item.id] = offset }
            idLookup = lookup
        }
        return idLookup?[id].map { IndexPath(indexes: [0, $0]) }
    }

    // MARK: Changing

    /// Replaces the items with `newItems` and delivers the difference. O(the differ), O(n + m)
    /// expected with the built-in Heckel differ.
    public func setItems(_ newItems: [Item]) {
        commitItems(newItems, update: itemUpdate(from: live.items, to: newItems))
    }

    /// Replaces the live items with `newItems` and delivers `update`, the differ's update from
    /// the live items to them. Returns the update of the ``setItems(_:)`` before, which the
    /// storage no longer keeps, for the caller to release (its models are many after a large
    /// change).
    @discardableResult
    func commitItems(_ newItems: [Item], update: StorageUpdate) -> RememberedUpdate? {
        delivery.willChange(live)
        let before = live.itemsRevision, previous = lastItemsChange
        live.items = newItems
        itemsDidChange()
        if let before, let after = live.itemsRevision {
            lastItemsChange = RememberedUpdate(from: before, to: after, update: update)
        }
        deliver(update, through: delivery, leadingTo: live)
        return previous
    }

    /// Changes the live items with `body` and delivers `update`, which must describe the change.
    func change(_ update: StorageUpdate, _ body: (inout [Item]) -> Void) {
        delivery.willChange(live)
        body(&live.items)
        itemsDidChange()
        deliver(update, through: delivery, leadingTo: live)
    }

    /// After any change of the live items: a new items revision; the id index and the remembered
    /// update are out of date.
    private func itemsDidChange() {
        live.itemsRevision = (live.itemsRevision ?? 0) &+ 1
        idLookup = nil
        lastItemsChange = nil
    }

    /// The update from `old` to `new` items by the differ: in section 0, with the new models of
    /// updated items; a reload when an untrusted differ's result does not take `old` to `new`.
    private func itemUpdate(from old: [Item], to new: [Item]) -> StorageUpdate {
        Self.itemUpdate(from: old, to: new, differ: differ, trusted: trustsDiffer)
    }

    /// ``itemUpdate(from:to:)`` by `differ`, `trusted` or not: what the background call runs off
    /// the storage's actor.
    static func itemUpdate(from old: [Item], to new: [Item], differ: ([Item], [Item]) -> Changeset, trusted: Bool)
        -> StorageUpdate
    {
        let changeset = differ(old, new)
        let batch = BatchUpdate(changeset)
        if !trusted, (try? batch.validate(oldCount: old.count, newCount: new.count)) == nil { return .reload }
        var models: [IndexPath: any Sendable] = [:]
        models.reserveCapacity(changeset.updates.count)
        for update in changeset.updates { models[IndexPath(indexes: [0, update.new])] = new[update.new] }
        return StorageUpdate(changes: SectionedBatchUpdate(batch, inValidSection: 0), updatedModels: models)
    }

    // MARK: Content

    /// The live content now, as a value. O(1).
    public var content: Content { live }

    /// The one update from `content` to the live content: the differ's changeset of the two
    /// item lists in section 0 (an item that changed in place is an update, in stage 2 when it
    /// moved too), and section 0 reloaded in stage 2 when a supplementary model changed since.
    /// Empty when nothing changed; ``StorageUpdate/reload`` for a content of another storage,
    /// or when an untrusted differ's result does not take one list to the other.
    ///
    /// - Complexity: O(1) from the content just before the last change when that change was a
    ///   ``setItems(_:)`` (its update is kept: the same differ on the same two lists), else the
    ///   differ's (O(n + m) expected with the built-in Heckel differ).
    public func update(since content: Content) -> StorageUpdate {
        update(since: content, reusingLastChange: true)
    }

    /// ``update(since:)``; with `reusingLastChange`, the update of the last ``setItems(_:)`` when
    /// `content`'s items are the ones it replaced (O(1)), which is the differ's result for the
    /// same two lists; without, the differ runs (for the tests that compare the two).
    func update(since content: Content, reusingLastChange: Bool) -> StorageUpdate {
        guard content.origin == origin else { return .reload }
        var update: StorageUpdate
        if reusingLastChange, let kept = lastItemsChange?.update(from: content.itemsRevision, to: live.itemsRevision) {
            update = kept
        } else {
            update = itemUpdate(from: content.items, to: live.items)
        }
        if !update.requiresReload && live.supplementaryRevision > content.supplementaryRevision {
            update.changes.updatedSections = [0]
        }
        return update
    }

    /// Combines the items with `newItems` by `strategy` (``AdditiveAccumulationStrategy`` by
    /// default), then delivers the difference like ``setItems(_:)``.
    public func addItems(_ newItems: [Item], _ strategy: some AccumulationStrategy = AdditiveAccumulationStrategy()) {
        setItems(strategy.accumulate(oldItems: live.items, newItems: newItems))
    }

    // MARK: Supplementary models

    /// The supplementary model of `kind` for section 0: the one set, else what the providers
    /// say (``BaseStorage/headerModelProvider``...); `nil` for other sections.
    public func supplementaryModel(ofKind kind: String, forSectionAt section: Int) -> (any Sendable)? {
        guard section == 0 else { return nil }
        return shown.supplementaryModels[kind] ?? providedSupplementaryModel(ofKind: kind, section: 0)
    }

    /// Sets the supplementary model of `kind` (`nil` removes it), reported as an update of
    /// section 0 (stage 2). A model equal to the one set (the same `Equatable` type, `==`)
    /// changes and reports nothing.
    public func setSupplementaryModel(_ model: (any Sendable)?, forKind kind: String) {
        let model = model.flatMap(nonNilModel)
        guard !areEqualModels(live.supplementaryModels[kind], model) else { return }
        delivery.willChange(live)
        live.supplementaryModels[kind] = model
        live.supplementaryRevision += 1
        deliver(StorageUpdate(changes: SectionedBatchUpdate(updatedSections: [0])), through: delivery, leadingTo: live)
    }

    /// The header model, or `nil`.
    public var headerModel: (any Sendable)? { shown.supplementaryModels[supplementaryHeaderKind] }

    /// The footer model, or `nil`.
    public var footerModel: (any Sendable)? { shown.supplementaryModels[supplementaryFooterKind] }

    /// Sets the header model (`nil` removes it).
    public func setSectionHeaderModel(_ model: (any Sendable)?) {
        setSupplementaryModel(model, forKind: supplementaryHeaderKind)
    }

    /// Sets the footer model (`nil` removes it).
    public func setSectionFooterModel(_ model: (any Sendable)?) {
        setSupplementaryModel(model, forKind: supplementaryFooterKind)
    }
}

extension SingleSectionStorage where Item: Equatable {
    /// The index path of the first item equal to `item`, or `nil`. O(1) average through the id
    /// index when the first item with that id is the one; a scan otherwise.
    public func indexPath(forItem item: Item) -> IndexPath? {
        if let path = indexPath(forItemWithID: item.id), items[path[1]] == item { return path }
        return items.firstIndex(of: item).map { IndexPath(indexes: [0, $0]) }
    }
}

/// A ``SingleSectionStorage`` of `Identifiable & Equatable` items with a pluggable
/// ``EquatableDiffer`` (the built-in Heckel differ by default).
public final class SingleSectionEquatableStorage<Item: Identifiable & Equatable & Sendable>: SingleSectionStorage<Item> {
    /// A storage holding `items`, diffing with `differ`.
    @inlinable
    public convenience init(items: [Item] = [], differ: some EquatableDiffer = FingerprintDiffer.heckel) {
        self.init(items: items, differ: differ, builtIn: { Changeset(from: $0, to: $1, algorithm: $2) }, custom: differ.changeset)
    }

    /// A storage holding `items`, diffing with `differ`; ids are fingerprinted from their
    /// stable bytes.
    @inlinable
    public convenience init(items: [Item] = [], differ: some EquatableDiffer = FingerprintDiffer.heckel)
    where Item.ID: Fingerprintable {
        self.init(items: items, differ: differ, builtIn: { Changeset(from: $0, to: $1, algorithm: $2) }, custom: differ.changeset)
    }
}

/// A ``SingleSectionStorage`` of `Identifiable & Hashable` items with a pluggable
/// ``HashableDiffer`` (the built-in Heckel differ by default).
public final class SingleSectionHashableStorage<Item: Identifiable & Hashable & Sendable>: SingleSectionStorage<Item> {
    /// A storage holding `items`, diffing with `differ`.
    @inlinable
    public convenience init(items: [Item] = [], differ: some HashableDiffer = FingerprintDiffer.heckel) {
        self.init(items: items, differ: differ, builtIn: { Changeset(from: $0, to: $1, algorithm: $2) }, custom: differ.changeset)
    }

    /// A storage holding `items`, diffing with `differ`; ids are fingerprinted from their
    /// stable bytes.
    @inlinable
    public convenience init(items: [Item] = [], differ: some HashableDiffer = FingerprintDiffer.heckel)
    where Item.ID: Fingerprintable {
        self.init(items: items, differ: differ, builtIn: { Changeset(from: $0, to: $1, algorithm: $2) }, custom: differ.changeset)
    }
}
