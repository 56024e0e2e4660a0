// watchOS has no table or collection view of this kind: the product builds empty there.
#if !os(watchOS)
import FingerprintDiff
import Foundation

/// One batch of section and item changes, as a `ViewUpdater` sends it (UIKit's semantics:
/// deletions and reloads name old sections and index paths, insertions and reconfigures new
/// ones, moves old to new, all at once), and the same batch on the rows of a table without
/// sections (``FlatRows``): ``steps(from:to:)``.
public struct SectionedRowBatch: Equatable, Sendable {
    /// A move, old to new.
    public struct Move<Place: Hashable & Sendable>: Hashable, Sendable {
        /// Where it was (old).
        public var from: Place
        /// Where it goes (new).
        public var to: Place
        /// A move from `from` to `to`.
        public init(from: Place, to: Place) {
            self.from = from
            self.to = to
        }
    }

    /// Deleted sections (old).
    public var deletedSections: [Int] = []
    /// Inserted sections (new).
    public var insertedSections: [Int] = []
    /// Moved sections.
    public var movedSections: [Move<Int>] = []
    /// Reloaded sections (old): their rows are replaced, header and footer included.
    public var reloadedSections: [Int] = []
    /// Deleted items (old).
    public var deletedItems: [IndexPath] = []
    /// Inserted items (new).
    public var insertedItems: [IndexPath] = []
    /// Moved items.
    public var movedItems: [Move<IndexPath>] = []
    /// Reloaded items (old).
    public var reloadedItems: [IndexPath] = []
    /// Items configured again, keeping their rows (new).
    public var reconfiguredItems: [IndexPath] = []

    /// An empty batch.
    public init() {}

    /// The batch on the rows of a table without sections, from the rows `old` shows before it to
    /// the rows `new` shows after it, as the calls a table that applies each call at once needs.
    ///
    /// A deleted (inserted) section deletes (inserts) all its rows; a moved section moves its
    /// header, footer and the items that stay in it, each keeping its row view; a reloaded section
    /// replaces its rows. Items are deleted, inserted, moved and reloaded at their rows.
    ///
    /// - Complexity: O(k log k) for the k rows listed, plus O(items) of each moved section.
    public func steps(from old: FlatRows, to new: FlatRows) -> RowSteps {
        var deleted = IndexSet(), inserted = IndexSet(), reloaded = IndexSet(), reconfigured = IndexSet()
        var moved: [(from: Int, to: Int)] = []
        let replaced = Set(deletedSections + reloadedSections), arrived = Set(insertedSections)
        for section in deletedSections + reloadedSections { deleted.insert(integersIn: old.rows(ofSection: section)) }
        for section in insertedSections + reloadedSections.map(newIndex(ofStayingSection:)) {
            inserted.insert(integersIn: new.rows(ofSection: section))
        }
        for path in deletedItems where !replaced.contains(path[0]) { deleted.insert(old.row(of: path)) }
        for path in insertedItems where !arrived.contains(path[0]) { inserted.insert(new.row(of: path)) }
        for move in movedItems { moved.append((old.row(of: move.from), new.row(of: move.to))) }
        for move in movedSections { moved += rowMoves(ofSection: move, from: old, to: new) }
        for path in reloadedItems { reloaded.insert(old.row(of: path)) }
        for path in reconfiguredItems { reconfigured.insert(new.row(of: path)) }
        return RowSteps(deleted: Array(deleted), inserted: Array(inserted), moved: moved,
                        reloaded: Array(reloaded), reconfigured: Array(reconfigured))
    }

    /// The rows of a moved section that move with it: its header, its footer, and its items that
    /// neither leave it nor were deleted, in order, to the places in the new section that no
    /// inserted or arriving item takes.
    private func rowMoves(ofSection move: Move<Int>, from old: FlatRows, to new: FlatRows) -> [(from: Int, to: Int)] {
        var moves: [(from: Int, to: Int)] = []
        if let from = old.row(ofHeader: move.from), let to = new.row(ofHeader: move.to) { moves.append((from, to)) }
        if let from = old.row(ofFooter: move.from), let to = new.row(ofFooter: move.to) { moves.append((from, to)) }
        let leaving = Set(deletedItems.filter { $0[0] == move.from }.map { $0[1] }
                          + movedItems.filter { $0.from[0] == move.from }.map { $0.from[1] })
        let arriving = Set(insertedItems.filter { $0[0] == move.to }.map { $0[1] }
                           + movedItems.filter { $0.to[0] == move.to }.map { $0.to[1] })
        var places = (0..<new.numberOfItems(inSection: move.to)).lazy.filter { !arriving.contains($0) }.makeIterator()
        for item in 0..<old.numberOfItems(inSection: move.from) where !leaving.contains(item) {
            guard let place = places.next() else { break }
            moves.append((old.row(of: IndexPath(indexes: [move.from, item])), new.row(of: IndexPath(indexes: [move.to, place]))))
        }
        return moves
    }

    /// The new index of a section that is neither deleted nor moved: its rank among the staying
    /// sections, at the places no inserted or arriving section takes.
    private func newIndex(ofStayingSection section: Int) -> Int {
        let leaving = (deletedSections + movedSections.map(\.from)).sorted()
        let arriving = (insertedSections + movedSections.map(\.to)).sorted()
        var slot = section - _sortedCount(leaving, below: section)
        for index in arriving {
            if index <= slot { slot += 1 } else { break }
        }
        return slot
    }
}
#endif
