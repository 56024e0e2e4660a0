#if GRDB
/// The records ``DatabaseStorage`` fetched on demand, by id, each with the fingerprint of the
/// row it was decoded from, keeping the most recently used ones up to a capacity.
///
/// A speed-up only: a record a displayed content needs is never lost with it. When a read
/// changes or deletes a row, its record is copied from here to the ``RetiredRecords`` of the
/// version that showed it, which lives as long as a content of that version.
struct RecordCache<Record: Identifiable> {
    private struct Entry {
        var record: Record
        var content: RowFingerprint
        var lastUse: UInt64
    }

    /// The most records kept (at least 1).
    let capacity: Int
    private var entries: [RowID: Entry] = [:]
    private var clock: UInt64 = 0
    /// An empty cache for up to `capacity` records.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The number of records kept.
    var count: Int { entries.count }

    /// The record of `id` when it was decoded from a row with fingerprint `content` (the row as
    /// the storage knows it now), else `nil`. O(1).
    mutating func record(for id: RowID, content: RowFingerprint) -> Record? {
        guard var entry = entries[id], entry.content == content else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[id] = entry
        return entry.record
    }

    /// Keeps `record` (of id `id`), decoded from a row with fingerprint `content`, evicting the
    /// least recently used quarter when full. O(1) amortized (an eviction sorts the entries once
    /// per capacity / 4 insertions).
    mutating func insert(_ record: Record, id: RowID, content: RowFingerprint) {
        clock += 1
        entries[id] = Entry(record: record, content: content, lastUse: clock)
        guard entries.count > capacity else { return }
        let keep = capacity - max(1, capacity / 4)
        let byUse = entries.sorted { $0.value.lastUse > $1.value.lastUse }
        entries = Dictionary(uniqueKeysWithValues: byUse.prefix(keep).map { ($0.key, $0.value) })
    }

    /// The record of `id` decoded from a row with fingerprint `content`, without counting it as
    /// a use; `nil` when the cache does not hold it. O(1).
    func peek(_ id: RowID, content: RowFingerprint) -> Record? {
        guard let entry = entries[id], entry.content == content else { return nil }
        return entry.record
    }
}
#endif
