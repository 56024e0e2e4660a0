#if GRDB
/// Where, on a `DatabaseQueue`, the record of a row retired by a refresh is kept: the
/// ``RetiredRecords`` store of the version it retired from, for as long as a content holds that
/// store. A later refresh that lists the same row again (same id, same fingerprint: a row changed
/// and changed back, deleted and inserted again as it was) finds its record here and keeps it in
/// the storage's ``ReadRecords``, so that the row answers as displayed in the new version too
/// (a queue cannot read it as it was once it changes again).
///
/// Holds the stores weakly: it never extends a version's life. Entries of released stores are
/// dropped when the index has doubled since the last sweep.
///
/// Owned by the storage and used in its isolation domain only.
struct RetiredRecordIndex<Record: Sendable> {
    /// A store, weakly.
    private struct WeakStore {
        weak var store: RetiredRecords<Record>?
    }

    private var stores: [RowKey: WeakStore] = [:]
    /// The number of entries after the last sweep.
    private var sweptCount = 0

    /// Notes that the record of `row` is kept in `store`. O(1) amortized.
    mutating func note(_ row: RowKey, in store: RetiredRecords<Record>) {
        stores[row] = WeakStore(store: store)
        if stores.count > 2 * max(sweptCount, 256) {
            stores = stores.filter { $0.value.store != nil }
            sweptCount = stores.count
        }
    }

    /// The record of `row` retired in a store still held, or `nil`. O(1) plus the stores after
    /// that one (see ``RetiredRecords/record(for:)``).
    func record(for row: RowKey) -> Record? {
        stores[row]?.store?.record(for: row)
    }
}
#endif
