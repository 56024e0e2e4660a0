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
/// - Items that are `Hashable` are found in O(1) on average (`indexPath(forItem:)`,
///   `removeItem(_:)`), through a per-section index built on demand; items that are only
///   `Equatable` are found by a linear scan.
/// - An observer may change the storage: see ``BaseStorage`` for the order in which updates
///   are then delivered. While an update is being delivered, the read accessors show the
///   state that update leads to (what a view applying it must read), and mutations apply to
///   the latest state; inside a ``performUpdates(_:)`` block the reads show the latest state
///   too, so an observer that decides a change from the content reads and changes in one
///   block.
public final class MemoryStorage: BaseStorage, Storage {
    /// The live sections; changed only by the primitives (`MemoryStorage+Primitives.swift`).
    var sections: [StoredSection] = []
    /// The next fresh identity of a section or item.
    var nextIdentity: UInt64 = 0
    /// The batch in progress, if any (`MemoryStorage+Batching.swift`).
    var batchState: Batch?
    /// The order of this storage's updates and the sections its readers see meanwhile.
    let delivery = Delivery<[StoredSection]>()

    /// An empty storage, with no sections.
    override public init() {}

    // MARK: Reading

    /// What the read accessors show: the delivery's shown sections (the state the update being
    /// delivered leads to, see ``Delivery``), except inside a batch (a `performUpdates` block
    /// decides its changes from the live content they apply to).
    var shown: [StoredSection] { readsShownSections ? delivery.shown! : sections }

    /// Whether the read accessors show the delivery's shown sections rather than the live ones
    /// (checked in this order: no delivery is outrun far more often than no batch runs).
    var readsShownSections: Bool { delivery.shown != nil && batchState == nil }

    /// The number of sections.
    public var numberOfSections: Int { shown.count }

    /// The number of items in `section`; 0 for a section that does not exist.
    public func numberOfItems(inSection section: Int) -> Int {
        shown.indices.contains(section) ? shown[section].count : 0
    }

    /// The item at `indexPath`, or `nil` when there is none.
    public func item(at indexPath: IndexPath) -> (any Sendable)? {
        guard indexPath.count == 2, shown.indices.contains(indexPath[0]) else { return nil }
        return shown[indexPath[0]].model.item(at: indexPath[1])
    }

    /// The items of `section`, or `nil` when the section does not exist.
    public func items(inSection section: Int) -> [any Sendable]? {
        shown.indices.contains(section) ? shown[section].items : nil
    }

    /// A copy of section `index`, or `nil` when it does not exist.
    public func section(atIndex index: Int) -> SectionModel? {
        shown.indices.contains(index) ? shown[index].model : nil
    }

    /// Copies of all sections. O(number of sections): items are shared until changed.
    public var allSections: [SectionModel] { shown.map(\.model) }

    /// The supplementary model of `kind` for `section`: the one set, else what the providers
    /// say (``BaseStorage/headerModelProvider``...); `nil` for a section that does not exist.
    public func supplementaryModel(ofKind kind: String, forSectionAt section: Int) -> (any Sendable)? {
        guard shown.indices.contains(section) else { return nil }
        return shown[section].model.supplementaryModel(ofKind: kind)
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
