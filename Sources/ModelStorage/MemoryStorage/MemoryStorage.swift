#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

/// Sections of items of any `Sendable` type, with headers, footers and other supplementary
/// models, that reports every change as a ``StorageUpdate``: DTModelStorage's `MemoryStorage`.
///
/// - Every mutation changes the data at once and delivers its update to the delegate, the
///   closure observers and the ``BaseStorage/updates`` streams before it returns. Nothing has
///   to be applied for the data to be current.
/// - A mutation that cannot be done throws a ``StorageError`` and leaves the storage exactly
///   as it was: no section is created, nothing is reported.
/// - ``performUpdates(_:)`` folds any number of mutations into one update, the net change.
/// - An item, header, footer or supplementary model given as an optional is stored as the
///   model it holds (through nested optionals): `addItems([song] as [Song?])` stores a `Song`,
///   which type-and-id matching, cell kinds and per-type registrations then see. An optional
///   that holds nothing is refused (``StorageError/nilItem(at:)``) or, for a supplementary
///   model, removes it.
/// - Items are found by value in O(log n) per section (`indexPath(forItem:)`,
///   `removeItem(_:)`, `replaceItem(_:with:)`, `reloadItem(_:)`): `Hashable` items by hash
///   value, `Identifiable` ones by the hash value of their id, through a per-section index that
///   is built on the first look-up and then follows every change (see `SectionStore`). Items
///   that are only `Equatable` are found by a linear scan.
/// - An observer may change the storage: see ``BaseStorage`` for the order in which updates
///   are then delivered. While an update is being delivered, the read accessors show the
///   state that update leads to (what a view applying it must read), and mutations apply to
///   the latest state; inside a ``performUpdates(_:)`` block the reads show the latest state
///   too, so an observer that decides a change from the content reads and changes in one
///   block.
public final class MemoryStorage: BaseStorage, Storage {
    /// The live content: sections, identities, look-up indexes and the batch in progress. Changed
    /// only through ``commit(_:)``, ``batch(_:)`` and the look-ups below (all in this file), so
    /// every change of the sections is reported.
    private(set) var core = SectionStore()
    /// The order of this storage's updates and the sections its readers see meanwhile.
    let delivery = Delivery<[StoredSection]>()
    /// A random number that tells this storage's contents from any other's (identities and
    /// revisions are only meaningful within one storage).
    let origin = UInt64.random(in: .min ... .max)
    /// Raised before every change of the live content (each `commit`, a batch's changes too):
    /// which of the storage's states a content is (``Content``'s `mutationCount`).
    private(set) var mutationCount: UInt64 = 0
    /// The update of the last change when it replaced one item in place, between the mutation
    /// counts before and after it: what ``update(since:)`` from the content just before it
    /// returns without reading the revisions (a view updater asks exactly that at its flush).
    private(set) var lastReplacement: RememberedUpdate?

    /// An empty storage, with no sections.
    override public init() {}

    /// The live sections.
    var sections: [StoredSection] { core.sections }

    // MARK: Reading

    /// What the read accessors show: the delivery's shown sections (the state the update being
    /// delivered leads to, see ``Delivery``), except inside a batch (a `performUpdates` block
    /// decides its changes from the live content they apply to).
    var shown: [StoredSection] { readsShownSections ? delivery.shown! : core.sections }

    /// Whether the read accessors show the delivery's shown sections rather than the live ones
    /// (checked in this order: no delivery is outrun far more often than no batch runs).
    var readsShownSections: Bool { delivery.shown != nil && !core.isBatching }

    /// The number of sections.
    public var numberOfSections: Int { shown.count }

    /// The number of items in `section`; 0 for a section that does not exist.
    public func numberOfItems(inSection section: Int) -> Int { shown.numberOfItems(inSection: section) }

    /// The item at `indexPath`, or `nil` when there is none. O(log n).
    public func item(at indexPath: IndexPath) -> (any Sendable)? { shown.item(at: indexPath) }

    /// The items of `section`, or `nil` when the section does not exist. O(items in the
    /// section): the storage keeps a section's items in a tree of small chunks (so that a change
    /// costs O(log n)), and this array is read out of it; ``numberOfItems(inSection:)`` and
    /// ``item(at:)`` read one count or one item in O(1) and O(log n).
    public func items(inSection section: Int) -> [any Sendable]? { shown.items(inSection: section) }

    /// A copy of section `index`, or `nil` when it does not exist. O(items in the section), as
    /// ``items(inSection:)``.
    public func section(atIndex index: Int) -> SectionModel? { shown.section(atIndex: index) }

    /// Copies of all sections, their items as arrays. O(total items): each section's items are
    /// read out of the storage's tree (see ``items(inSection:)``).
    public var allSections: [SectionModel] { shown.map(\.model) }

    /// The supplementary model of `kind` for `section`: the one set, else what the providers
    /// say (``BaseStorage/headerModelProvider``...); `nil` for a section that does not exist.
    public func supplementaryModel(ofKind kind: String, forSectionAt section: Int) -> (any Sendable)? {
        guard shown.indices.contains(section) else { return nil }
        return shown[section].supplementaryModel(ofKind: kind)
            ?? providedSupplementaryModel(ofKind: kind, section: section)
    }

    // MARK: Validation

    /// The most sections one call creates on demand. An index that needs more (an item added
    /// to section `numberOfSections + 10_000` or further, `Int.max` by mistake) is refused with
    /// ``StorageError/sectionOutOfRange(_:sectionCount:)`` before anything is allocated, instead
    /// of creating millions of empty sections or exhausting memory. Calls that create one section
    /// per element of their input (``setSectionHeaderModels(_:)``,
    /// ``setItemsForAllSections(_:)``) are bounded by that input instead.
    public static let maximumSectionsCreatedPerCall = 10_000

    /// Validates that `section` exists or that one call may create the sections up to it:
    /// non-negative and fewer than ``maximumSectionsCreatedPerCall`` past the last section.
    func checkCreatableSection(_ section: Int) throws(StorageError) {
        guard section >= 0 && section < sections.count + Self.maximumSectionsCreatedPerCall else {
            throw .sectionOutOfRange(section, sectionCount: sections.count)
        }
    }

    /// Validates that `section` exists.
    func checkSection(_ section: Int) throws(StorageError) {
        guard sections.indices.contains(section) else {
            throw .sectionOutOfRange(section, sectionCount: sections.count)
        }
    }

    /// Validates that `indexPath` addresses an existing item.
    func checkItem(_ indexPath: IndexPath) throws(StorageError) {
        guard indexPath.count == 2, indexPath[0] >= 0, indexPath[1] >= 0 else {
            throw .invalidIndexPath(indexPath)
        }
        try checkSection(indexPath[0])
        let count = sections[indexPath[0]].count
        guard indexPath[1] < count else { throw .itemOutOfRange(indexPath, itemCount: count) }
    }
}

// MARK: Changing the live content

extension MemoryStorage {
    /// Runs `primitive` on the live content: it makes one change and returns it (`nil` when it
    /// changed nothing), and that change is reported, delivered as it is or folded into the
    /// batch in progress. `primitive` must not read the storage (its content is being changed):
    /// compute its arguments first.
    func commit(_ primitive: (inout SectionStore) -> PrimitiveChange?) {
        delivery.willChange(core.sections)
        let before = mutationCount
        mutationCount &+= 1
        lastReplacement = nil
        guard let change = primitive(&core) else { return }
        if core.isBatching {
            core.noteChangeInBatch()
        } else {
            let update = StorageUpdate(changes: change.update, models: change.models)
            if change.isOneReplacement {
                lastReplacement = RememberedUpdate(from: before, to: mutationCount, update: update)
            }
            deliver(update, through: delivery, leadingTo: core.sections)
        }
    }

    /// Runs `body`, whose changes (each through ``commit(_:)``) are reported as one update when
    /// the outermost batch ends: the net change from the identities before it. Nested batches
    /// join the outermost; with `reload`, the batch ends in a reload request instead.
    func batch<E: Error>(reload: Bool = false, _ body: () throws(E) -> Void) throws(E) {
        if !core.isBatching { delivery.willChange(core.sections) }
        core.beginBatch()
        if reload { core.requestReload() }
        defer {
            if let update = core.endBatch() { deliver(update, through: delivery, leadingTo: core.sections) }
        }
        try body()
    }

    /// Whether mutations are being folded into one update.
    var isBatching: Bool { core.isBatching }

    /// Whether the batch in progress ends in a reload request (an `updateWithoutAnimations` block).
    var batchRequestsReload: Bool { core.batchRequestsReload }

    /// `count` fresh identities, for sections and items built outside the primitives.
    func makeIdentities(_ count: Int) -> [UInt64] { core.makeIdentities(count) }

    /// A fresh, empty section with a fresh identity.
    func makeSection() -> StoredSection { core.makeSection() }

    /// A new revision, for a change of content computed outside the primitives (a diff) that a
    /// primitive is about to install.
    func makeRevision() -> UInt64 { core.nextRevision() }

    // MARK: Look-ups

    /// The index path of the first `T` equal to `item` in the live content, by hash value
    /// (builds or follows the sections' indexes, hence the mutation).
    func liveIndexPath<T: Hashable>(of item: T) -> IndexPath? { core.firstIndexPath(of: item) }

    /// The number of items of section `section` in the live content; 0 for a section it does not
    /// have. O(1).
    @usableFromInline
    func liveItemCount(inSection section: Int) -> Int {
        section >= 0 && section < core.sections.count ? core.sections[section].count : 0
    }

    /// The index path of the first `T` equal to `item` in the live content: among the items
    /// with its id when `T` is `Identifiable`, else by a scan.
    @usableFromInline
    func liveIndexPath<T: Equatable>(of item: T) -> IndexPath? {
        if let idKey = IDKey<T>() { return core.firstIndexPath(of: item, idKey: idKey) }
        return SectionStore.scanForIndexPath(of: item, in: core.sections)
    }
}
