#if GRDB
import FingerprintDiff
import GRDB
#if canImport(GRDBSQLite)
import GRDBSQLite
#elseif canImport(SQLite3)
import SQLite3
#endif

/// The content of one row of a result as two independent 64-bit XXH3 fingerprints (two seeds)
/// of the digest of the result's column names (``columnsDigest(_:)``) and the row's image: for
/// each column in order, its storage class, then its value (8 bytes) or its length (8 bytes)
/// and stored bytes (text as its UTF-8, blobs as they are). The image is prefix-free, so equal
/// fingerprints mean equal rows under equal column names except with probability 2^-128 (a
/// table dropped and created again with other columns changes every row). What
/// ``DatabaseStorage`` keeps instead of the row itself.
struct RowFingerprint: Hashable, Sendable {
    var first: UInt64
    var second: UInt64

    /// The fingerprint of the row `statement` is on, under column names of digest `columns`,
    /// read from SQLite's column memory into `image` (a buffer reused from row to row): no
    /// `Row`, `String` or `DatabaseValue` is made. O(size of the row).
    init(_ statement: SQLiteStatement, columns: UInt64, image: inout RowImageBuffer) {
        image.clear()
        for column in 0..<sqlite3_column_count(statement) {
            StatementColumns.appendColumnImage(column, of: statement, to: &image)
        }
        var first = FingerprintHasher()
        var second = FingerprintHasher()
        first.combine(UInt64(0x6d6f_6465_6c73_746f))
        second.combine(UInt64(0x7261_6765_6772_6462))
        first.combine(columns)
        second.combine(columns)
        first.combine(bytes: image.bytes)
        second.combine(bytes: image.bytes)
        self.first = first.finalize().rawValue
        self.second = second.finalize().rawValue
    }

    /// The digest of a result's column names, in order (computed once per read): each name's
    /// UTF-8 length and bytes. O(total length of the names).
    static func columnsDigest(_ names: [String]) -> UInt64 {
        var hasher = FingerprintHasher()
        hasher.combine(UInt64(names.count))
        for name in names {
            hasher.combine(UInt64(name.utf8.count))
            hasher.combine(name)
        }
        return hasher.finalize().rawValue
    }

    /// Feeds the type and value of `value` to `hasher` (how a ``RowID`` fingerprints itself).
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

/// The image of one row that ``RowFingerprint`` hashes: a growable byte buffer reused from row
/// to row (unsafe memory, so that appending a column costs a store, not an array's checks).
/// Owned by one read; not copyable.
struct RowImageBuffer: ~Copyable {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    private var count = 0

    init() {
        capacity = 256
        base = .allocate(byteCount: capacity, alignment: 8)
    }

    deinit { base.deallocate() }

    /// The bytes appended since the last ``clear()``; valid until the next change.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Forgets the bytes, keeping the memory.
    mutating func clear() { count = 0 }

    /// Appends a tag byte and 8 bytes of `value`, little-endian.
    @inline(__always)
    mutating func append(tag: UInt8, _ value: UInt64) {
        reserve(9)
        base.storeBytes(of: tag, toByteOffset: count, as: UInt8.self)
        base.storeBytes(of: value.littleEndian, toByteOffset: count + 1, as: UInt64.self)
        count += 9
    }

    /// Appends `bytes`.
    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count)
        (base + count).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
        grown.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
#endif
