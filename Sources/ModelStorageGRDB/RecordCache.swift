#if GRDB
/// The records ``DatabaseStorage`` fetched on demand, by id, each with the fingerprint of the
/// row it was decoded from, keeping the most recently used ones up to a capacity.
///
/// A record whose row a commit changed or deleted is *retired* (``retire(_:content:)``): kept,
/// as last read, for contents handed out before the commit that still show that row (a view
/// whose batch is waiting), the most recently retired up to the same capacity.
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
    /// Retired records by row id and fingerprint, with when they were retired.
    private var retired: [RetiredKey: (record: Record, retiredAt: UInt64)] = [:]

    private struct RetiredKey: Hashable {
        var id: RowID
        var content: RowFingerprint
    }

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

    /// The row of `id` whose fingerprint was `content` changed or is gone: its record, when
    /// held, is kept as retired. O(1) amortized (an eviction sorts the retired records once per
    /// capacity / 4 retirements).
    mutating func retire(_ id: RowID, content: RowFingerprint) {
        guard let entry = entries[id], entry.content == content else { return }
        clock += 1
        retired[RetiredKey(id: id, content: content)] = (entry.record, clock)
        guard retired.count > capacity else { return }
        let keep = capacity - max(1, capacity / 4)
        let byAge = retired.sorted { $0.value.retiredAt > $1.value.retiredAt }
        retired = Dictionary(uniqueKeysWithValues: byAge.prefix(keep).map { ($0.key, $0.value) })
    }

    /// The retired record of the row `id` as it was with fingerprint `content`, or `nil`. O(1).
    func retiredRecord(for id: RowID, content: RowFingerprint) -> Record? {
        retired[RetiredKey(id: id, content: content)]?.record
    }

    /// The number of retired records kept.
    var retiredCount: Int { retired.count }
}
#endif
