import CFingerprintDiff

/// The algorithm that matches old elements with new ones. Both infer moves.
///
/// - ``heckel``: O(n + m) expected. With unique ids the result is minimal. A repeated id is
///   matched min(old, new) times, paired so that what did not move stays in place (anchored on
///   the ids unique on both sides, in order between them), with never more moves than pairing
///   the k-th old occurrence with the k-th new one; not always the fewest moves.
/// - ``myers``: the unmoved elements form a longest common subsequence of the two id
///   sequences, and the remaining elements with the same id are matched as moves, so with
///   duplicates it finds the fewest moves. When ids repeat little (always for unique ids) the
///   subsequence comes from Hunt–Szymanski in O((n + m) log(n + m)); when they repeat a lot
///   (lines of text), from Myers' O((n + m) · d) search in linear space, whose work budget
///   bounds the worst case (then ``Changeset/isMinimal`` is `false`).
public struct DiffAlgorithm: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline
    internal enum Kind: Hashable, Sendable {
        case heckel
        case myers
    }

    @usableFromInline
    internal let kind: Kind

    /// For `.myers`: the work budget in search steps (diagonals plus snake steps).
    public let costLimit: UInt64

    @inlinable
    internal init(kind: Kind, costLimit: UInt64) {
        self.kind = kind
        self.costLimit = costLimit
    }

    /// Heckel's algorithm; repeated ids are paired so that what did not move stays in place.
    /// The default.
    public static let heckel = DiffAlgorithm(kind: .heckel, costLimit: 0)

    /// Myers' algorithm with the default work budget of 10^8 steps (a few hundred
    /// milliseconds at most on any input).
    public static let myers = DiffAlgorithm(kind: .myers, costLimit: FD_MYERS_DEFAULT_COST_LIMIT)

    /// Myers' algorithm with a custom work budget in steps. When the budget runs out the result
    /// is still correct, but ``Changeset/isMinimal`` is `false`.
    public static func myers(costLimit: UInt64) -> DiffAlgorithm {
        DiffAlgorithm(kind: .myers, costLimit: max(1, costLimit))
    }

    /// `heckel` or `myers`.
    public var description: String {
        switch kind {
        case .heckel: return "heckel"
        case .myers: return "myers"
        }
    }
}
