/// The difference between two lists of identifiable elements: which old elements were
/// deleted, which new ones inserted, which matched elements moved, and which matched elements
/// changed content.
///
/// Offsets refer to the arrays the changeset was computed from: deletions, move sources and
/// update sources are old offsets; insertions, move destinations and update destinations are
/// new offsets. To animate it, turn it into a ``BatchUpdate``.
///
/// Quality guarantees (see ``DiffAlgorithm`` for the duplicate-id rules):
/// - every id that occurs once on each side is matched: never deleted and inserted again;
/// - the moves are the matched pairs outside one longest increasing subsequence of the
///   matching, so no smaller set of moves turns old into new for this matching;
/// - updates are exactly the matched pairs whose content differs (`!=`), moved or not.
public struct Changeset: Hashable, Sendable, CustomStringConvertible {
    /// A matched element that changed position: from old offset `from` to new offset `to`.
    @frozen
    public struct Move: Hashable, Sendable, CustomStringConvertible {
        /// Old offset.
        public var from: Int
        /// New offset.
        public var to: Int

        /// A move from old offset `from` to new offset `to`.
        @inlinable
        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }

        /// `from->to`.
        public var description: String { "\(from)->\(to)" }
    }

    /// A matched element whose content changed: old offset `old`, new offset `new`.
    @frozen
    public struct Update: Hashable, Sendable, CustomStringConvertible {
        /// Old offset.
        public var old: Int
        /// New offset.
        public var new: Int

        /// An update of the element at old offset `old`, now at new offset `new`.
        @inlinable
        public init(old: Int, new: Int) {
            self.old = old
            self.new = new
        }

        /// `old~new`.
        public var description: String { "\(old)~\(new)" }
    }

    /// Old offsets of deleted elements, ascending.
    public var deletions: [Int]
    /// New offsets of inserted elements, ascending.
    public var insertions: [Int]
    /// Moves of matched elements, sorted by `from`.
    public var moves: [Move]
    /// Matched elements whose content differs, sorted by `old`.
    public var updates: [Update]
    /// Whether no valid changeset has fewer deletions, insertions or moves.
    ///
    /// Always `true` for unique ids (with `.heckel`, even when fingerprints of different ids
    /// collided: it diffs again on fingerprints of their own). `false` when `.heckel` met
    /// repeated ids (its pairing keeps in place what did not move, but not always with the fewest
    /// moves), or when `.myers` reached its cost limit or met fingerprints of different ids that
    /// collided; the changeset is correct either way.
    public var isMinimal: Bool

    /// Creates a changeset from its parts.
    @inlinable
    public init(
        deletions: [Int] = [],
        insertions: [Int] = [],
        moves: [Move] = [],
        updates: [Update] = [],
        isMinimal: Bool = true
    ) {
        self.deletions = deletions
        self.insertions = insertions
        self.moves = moves
        self.updates = updates
        self.isMinimal = isMinimal
    }

    /// Whether old and new are the same list: nothing deleted, inserted, moved or updated.
    @inlinable
    public var isEmpty: Bool {
        deletions.isEmpty && insertions.isEmpty && moves.isEmpty && updates.isEmpty
    }

    /// A compact summary such as `-[1, 2] +[0] moves[3->1] updates[4~4]`.
    public var description: String {
        "-\(deletions) +\(insertions) moves\(moves) updates\(updates)"
    }
}
