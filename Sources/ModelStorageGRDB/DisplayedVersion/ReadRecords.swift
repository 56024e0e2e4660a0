#if GRDB
/// The records that the contents of a ``DatabaseStorage`` on a `DatabaseQueue` read of the rows
/// the storage lists now (cells configured, the pages and the read-ahead fetched around them,
/// the updated rows a refresh delivered), each keyed by its row as read (id and content
/// fingerprint), so that it is the right record for every version that lists that row.
///
/// A queue cannot hold a read open without blocking every writer, so a row that changed since a
/// version read it cannot be read as it was again: these records are how every version's rows
/// that anyone read answer as displayed. No capacity (unlike ``RecordCache``): when a refresh
/// changes or deletes a row, its record moves to the ``RetiredRecords`` of the version that
/// listed it, which lives as long as a content of that version; until then it stays here.
///
/// Owned by the storage and used in its isolation domain only.
struct ReadRecords<Record> {
    private var records: [RowKey: Record] = [:]

    /// The number of records kept.
    var count: Int { records.count }

    /// The record of `row`, or `nil`. O(1).
    func record(for row: RowKey) -> Record? { records[row] }

    /// Whether the record of `row` is kept. O(1).
    func contains(_ row: RowKey) -> Bool { records[row] != nil }

    /// Keeps `record` as the record of `row`. O(1) amortized.
    mutating func keep(_ record: Record, for row: RowKey) { records[row] = record }

    /// Removes and returns the record of `row`, or `nil`. O(1).
    mutating func take(_ row: RowKey) -> Record? { records.removeValue(forKey: row) }
}
#endif
