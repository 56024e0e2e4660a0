#if GRDB
import FingerprintDiff
import GRDB

/// A record's id as the database stores it (its primary key value): a concrete, `Hashable`
/// and `Fingerprintable` key, so that the storage's diff and look-ups are specialized code
/// whatever the record's `ID` type is.
struct RowID: Hashable, Sendable, Fingerprintable, CustomStringConvertible {
    var value: DatabaseValue

    init<ID: DatabaseValueConvertible>(_ id: ID) {
        value = id.databaseValue
    }

    /// Type and value, as ``RowFingerprint`` feeds them. O(size of the value).
    func fingerprint(into hasher: inout FingerprintHasher) {
        RowFingerprint.combine(value, into: &hasher)
    }

    var description: String { value.description }
}
#endif
