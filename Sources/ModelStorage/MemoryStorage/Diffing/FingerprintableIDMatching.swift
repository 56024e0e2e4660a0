#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

extension MemoryStorage {
    /// Runs `body` with the confirmed Heckel matching of two lists of ids (no updates) when
    /// their type is one whose fingerprint the diff core reads without hashing (the integers,
    /// `String`, `UUID`: their ``Fingerprintable`` keys, as a typed `Changeset` matches them);
    /// `nil`, without calling `body`, for any other type (the caller hashes the ids).
    ///
    /// The matching is the one of hashed fingerprints: Heckel's pairing reads only which
    /// fingerprints are equal, and with these keys they are equal exactly when the ids are (the
    /// integers' keys are their bits), or the collision is found and repaired with `==`.
    ///
    /// - Complexity: O(n + m) plus the diff core's time; one type comparison per call.
    @inlinable
    static func _withFingerprintableIDMatching<ID: Hashable, R>(
        _ old: [ID], _ new: [ID], moves: Bool, _ body: (_Matching) -> R
    ) -> R? {
        /// The matching of `old` and `new` read as `[Key]` (`Key` is `ID`).
        func matched<Key: Hashable & Fingerprintable>(as _: Key.Type) -> R {
            unsafeBitCast(old, to: [Key].self).withUnsafeBufferPointer { old in
                unsafeBitCast(new, to: [Key].self).withUnsafeBufferPointer { new in
                    _withMatching(old, new, .heckel, identity: _SelfIdentity<Key, Key>(), moves: moves,
                                  isChanged: { _, _ in false }, body)
                }
            }
        }
        if ID.self == Int.self { return matched(as: Int.self) }
        if ID.self == String.self { return matched(as: String.self) }
        if ID.self == UUID.self { return matched(as: UUID.self) }
        if ID.self == Int64.self { return matched(as: Int64.self) }
        if ID.self == UInt64.self { return matched(as: UInt64.self) }
        if ID.self == UInt.self { return matched(as: UInt.self) }
        if ID.self == Int32.self { return matched(as: Int32.self) }
        if ID.self == UInt32.self { return matched(as: UInt32.self) }
        return nil
    }
}
