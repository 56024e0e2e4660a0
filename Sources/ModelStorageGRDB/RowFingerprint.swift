import FingerprintDiff
import Foundation
import GRDB

/// The content of one row of a result as two independent 64-bit XXH3 fingerprints of its column
/// values (type and value of each, in column order): a changed row keeps the same fingerprint
/// with probability 2^-128. What ``DatabaseStorage`` keeps instead of the row itself.
struct RowFingerprint: Hashable, Sendable {
    var first: UInt64
    var second: UInt64

    /// The fingerprint of `row`'s values. O(size of the row).
    init(_ row: Row) {
        var unused = DatabaseValue.null
        self.init(row, capturing: nil, into: &unused)
    }

    /// The fingerprint of `row`'s values, also storing the value of column `captured` (an
    /// index, when not `nil`) in `value`: one pass over the row. O(size of the row).
    init(_ row: Row, capturing captured: Int?, into value: inout DatabaseValue) {
        var first = FingerprintHasher()
        var second = FingerprintHasher()
        first.combine(UInt64(0x6d6f_6465_6c73_746f))
        second.combine(UInt64(0x7261_6765_6772_6462))
        var column = 0
        for columnValue in row.databaseValues {
            Self.combine(columnValue, into: &first)
            Self.combine(columnValue, into: &second)
            if column == captured { value = columnValue }
            column += 1
        }
        self.first = first.finalize().rawValue
        self.second = second.finalize().rawValue
    }

    /// Feeds the type and value of `value` to `hasher`.
    static func combine(_ value: DatabaseValue, into hasher: inout FingerprintHasher) {
        switch value.storage {
        case .null:
            hasher.combine(UInt64(0))
        case .int64(let integer):
            hasher.combine(UInt64(1))
            hasher.combine(UInt64(bitPattern: integer))
        case .double(let double):
            hasher.combine(UInt64(2))
            hasher.combine(double.bitPattern)
        case .string(let string):
            hasher.combine(UInt64(3))
            hasher.combine(string)
        case .blob(let data):
            hasher.combine(UInt64(4))
            hasher.combine(UInt64(data.count))
            data.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
