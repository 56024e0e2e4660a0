#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A tree of items shown as one section whose rows are the *visible* items: the roots, and the
/// children of every expanded item that is itself shown. A file browser, a settings tree,
/// threaded comments.
///
/// ```swift
/// let outline = try OutlineStorage(roots: folders, children: \.children)
/// try outline.expand([documents.id])
/// outline.visibleItems            // the roots, with the documents folder's children after it
/// ```
///
/// - It is a ``ContentStorage`` of one section, so ``ViewUpdater``, `SimulatedView`, the data
///   sources and `StorageList` show it as they show any storage: expanding an item inserts the
///   rows of its visible descendants, collapsing it deletes them, and every change is one update
///   legal for one `performBatchUpdates` (a moved subtree's rows are moves, a replaced item's
///   row an update).
/// - Expansion is kept by id across every change (``setChildren(_:of:)``, ``replace(_:)``, a
///   move) and can be saved and restored (``expandedIDs``). Removing an item forgets its
///   expansion and its descendants'. Collapsing an item deletes the rows it hid, so a view drops
///   their selection, as `NSOutlineView` does.
/// - A change that cannot be made (an id not in the tree, an id added twice, a move under the
///   item itself) throws an ``OutlineError`` and changes nothing.
/// - Rows are kept in a counted tree: a change of k rows costs O(k log n) for n visible rows,
///   plus the ancestors' and siblings' walks the change needs (O(depth × siblings)).
///
/// Not `Sendable`: use it from one isolation domain (the main actor for a UI), as every storage.
public final class OutlineStorage<Item: Identifiable & Equatable & Sendable>: ContentStorage, TypedItemStorage {
    /// The content a view shows: the visible rows as one section (see ``ContentStorage``).
    public typealias Content = MemoryStorage.Content

    /// The tree, by id, and what is expanded.
    @usableFromInline
    var tree = OutlineTree<Item>()
    /// The visible rows, kept in step with ``tree`` by every change: the storage the views read.
    @usableFromInline
    let rows = MemoryStorage()
    /// The loader of lazy children and who hears of a failed load (OutlineStorage+Loading.swift).
    @usableFromInline
    var lazyChildren = OutlineLazyChildren<Item>()

    /// An empty outline: one section with no rows.
    public init() {
        do { try rows.insertSection(SectionModel(), atIndex: 0) } catch { assertionFailure("\(error)") }
    }

    /// An outline of `roots` and, below each item, the items its `children` key path gives (as
    /// SwiftUI's `List(_:children:)` reads it: `nil` for an item without children), every item
    /// collapsed: the rows are the roots. O(items).
    ///
    /// - Throws: ``OutlineError/duplicateID(_:)`` when two items share an id.
    @inlinable
    public convenience init(roots: [Item], children: KeyPath<Item, [Item]?>) throws(OutlineError) {
        self.init()
        var pending: [(parent: Item.ID?, items: [Item])] = [(nil, roots)]
        var seen = Set<Item.ID>()
        var built = OutlineTree<Item>()
        while let (parent, items) = pending.popLast() {
            for item in items {
                guard seen.insert(item.id).inserted else { throw .duplicateID(String(describing: item.id)) }
                if let grandchildren = item[keyPath: children], !grandchildren.isEmpty { pending.append((item.id, grandchildren)) }
            }
            built.insert(items, under: parent, at: 0)
        }
        tree = built
        syncAllRows()
    }

    // MARK: Storage

    /// 1: an outline is one section.
    public var numberOfSections: Int { rows.numberOfSections }

    /// The number of visible rows (in `section` 0; 0 for any other).
    public func numberOfItems(inSection section: Int) -> Int { rows.numberOfItems(inSection: section) }

    /// The visible item at `indexPath`, or `nil`.
    public func item(at indexPath: IndexPath) -> (any Sendable)? { rows.item(at: indexPath) }

    /// `nil`: an outline holds no headers, footers or other supplementary models.
    public func supplementaryModel(ofKind kind: String, forSectionAt section: Int) -> (any Sendable)? { nil }

    // MARK: ContentStorage

    /// The visible rows now, as a value. O(1).
    public var content: Content { rows.content }

    /// The update from `content` to the rows now (see ``ContentStorage/update(since:)``).
    public func update(since content: Content) -> StorageUpdate { rows.update(since: content) }

    /// Where the row `content` holds at `indexPath` is now, by identity: the same row, else the
    /// row of the same id (ids are unique in the tree; a collapse and an expansion give the rows
    /// they delete and insert again new identities); `nil` when that id is not shown now (see
    /// ``ContentStorage/indexPath(ofItemAt:in:)``).
    public func indexPath(ofItemAt indexPath: IndexPath, in content: Content) -> IndexPath? {
        shownIndexPath(ofItemAt: indexPath, in: content)
    }

    /// Where section `section` of `content` is now (see ``ContentStorage/sectionIndex(ofSection:in:)``).
    public func sectionIndex(ofSection section: Int, in content: Content) -> Int? {
        rows.sectionIndex(ofSection: section, in: content)
    }

    /// Calls `handler` with every update of the rows from now on.
    @discardableResult
    public func addObserver(_ handler: @escaping (StorageUpdate) -> Void) -> ObserverToken { rows.addObserver(handler) }

    /// Stops calling the handler `token` identifies.
    public func removeObserver(_ token: ObserverToken) { rows.removeObserver(token) }

    /// The updates of the rows, as a stream (see ``BaseStorage/updates``).
    public var updates: AsyncStream<StorageUpdate> { rows.updates }

    /// The object told of every update of the rows, held weakly (see ``BaseStorage/delegate``).
    public var delegate: (any StorageUpdating)? {
        get { rows.delegate }
        set { rows.delegate = newValue }
    }

    /// The header kind (``BaseStorage/supplementaryHeaderKind``); an outline has no headers.
    public var supplementaryHeaderKind: String { rows.supplementaryHeaderKind }

    /// The footer kind (``BaseStorage/supplementaryFooterKind``); an outline has no footers.
    public var supplementaryFooterKind: String { rows.supplementaryFooterKind }

    /// `nil`: an outline has no supplementary models.
    public func providedSupplementaryModel(ofKind kind: String, section: Int) -> (any Sendable)? { nil }
}
