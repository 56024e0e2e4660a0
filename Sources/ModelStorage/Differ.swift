import FingerprintDiff

/// Computes the changeset between two lists of `Identifiable & Equatable` items, for
/// ``SingleSectionEquatableStorage``. Conform to plug in another algorithm; the README shows
/// the standard library's `CollectionDifference` in a few lines.
///
/// The result must describe the change exactly (applied as a `BatchUpdate` to `old` it gives
/// `new`); the storage checks it and falls back to a full reload when it does not.
public protocol EquatableDiffer: Sendable {
    /// The changeset from `old` to `new`: identity is `id`, content is `==`.
    func changeset<Item: Identifiable & Equatable>(from old: [Item], to new: [Item]) -> Changeset
}

/// Computes the changeset between two lists of `Identifiable & Hashable` items, for
/// ``SingleSectionHashableStorage``: a differ may use the hash values.
public protocol HashableDiffer: Sendable {
    /// The changeset from `old` to `new`: identity is `id`, content is `==`.
    func changeset<Item: Identifiable & Hashable>(from old: [Item], to new: [Item]) -> Changeset
}

/// The built-in differ: the diff core with ``FingerprintDiff/DiffAlgorithm/heckel`` or
/// ``FingerprintDiff/DiffAlgorithm/myers``.
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

    /// Heckel: O(n) expected, minimal moves for unique ids.
    public static let heckel = FingerprintDiffer(algorithm: .heckel)
    /// Myers: a longest common subsequence, with its cost bound.
    public static let myers = FingerprintDiffer(algorithm: .myers)

    /// The changeset from `old` to `new` (ids fingerprinted from their hash values).
    @inlinable
    public func changeset<Item: Identifiable & Equatable>(from old: [Item], to new: [Item]) -> Changeset {
        Changeset(from: old, to: new, algorithm: algorithm)
    }
}

extension EquatableDiffer where Self == FingerprintDiffer {
    /// The built-in Heckel differ, as `differ: .heckel`.
    public static var heckel: FingerprintDiffer { FingerprintDiffer(algorithm: .heckel) }
    /// The built-in Myers differ, as `differ: .myers`.
    public static var myers: FingerprintDiffer { FingerprintDiffer(algorithm: .myers) }
}

extension HashableDiffer where Self == FingerprintDiffer {
    /// The built-in Heckel differ, as `differ: .heckel`.
    public static var heckel: FingerprintDiffer { FingerprintDiffer(algorithm: .heckel) }
    /// The built-in Myers differ, as `differ: .myers`.
    public static var myers: FingerprintDiffer { FingerprintDiffer(algorithm: .myers) }
}
