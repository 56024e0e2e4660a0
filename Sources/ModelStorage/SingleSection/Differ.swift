import FingerprintDiff

/// What every differ of a single-section storage is: ``EquatableDiffer`` and ``HashableDiffer``
/// refine it, and it gives both the shorthands `.heckel` and `.myers` for the built-in differ.
public protocol Differ: Sendable {}

/// Computes the changeset between two lists of `Identifiable & Equatable` items, for
/// ``SingleSectionEquatableStorage``. Conform to plug in another algorithm; <doc:ChoosingAStorage>
/// shows the standard library's `CollectionDifference` in a few lines.
///
/// The result must describe the change exactly (applied as a `BatchUpdate` to `old` it gives
/// `new`); the storage checks it and falls back to a full reload when it does not.
public protocol EquatableDiffer: Differ {
    /// The changeset from `old` to `new`: identity is `id`, content is `==`.
    func changeset<Item: Identifiable & Equatable>(from old: [Item], to new: [Item]) -> Changeset
}

/// Computes the changeset between two lists of `Identifiable & Hashable` items, for
/// ``SingleSectionHashableStorage``: a differ may use the hash values.
public protocol HashableDiffer: Differ {
    /// The changeset from `old` to `new`: identity is `id`, content is `==`.
    func changeset<Item: Identifiable & Hashable>(from old: [Item], to new: [Item]) -> Changeset
}

/// The built-in differ: the diff core with `DiffAlgorithm.heckel` or
/// `DiffAlgorithm.myers`.
///
/// Storages recognise it and call the diff core with the items' own types, so ids that are
/// `Fingerprintable` (integers, strings, UUIDs, …) are fingerprinted from their bytes, inlined.
public struct FingerprintDiffer: EquatableDiffer, HashableDiffer, Hashable {
    /// The algorithm.
    public var algorithm: DiffAlgorithm

    /// A differ running `algorithm`.
    public init(algorithm: DiffAlgorithm) {
        self.algorithm = algorithm
    }

    /// The changeset from `old` to `new` (ids fingerprinted from their hash values).
    @inlinable
    public func changeset<Item: Identifiable & Equatable>(from old: [Item], to new: [Item]) -> Changeset {
        Changeset(from: old, to: new, algorithm: algorithm)
    }
}

extension Differ where Self == FingerprintDiffer {
    /// The built-in differ with Heckel's algorithm: O(n) expected, minimal moves for unique
    /// ids. `differ: .heckel`.
    public static var heckel: FingerprintDiffer { FingerprintDiffer(algorithm: .heckel) }
    /// The built-in differ with Myers' algorithm: a longest common subsequence, within its work
    /// budget. `differ: .myers`.
    public static var myers: FingerprintDiffer { FingerprintDiffer(algorithm: .myers) }
}
