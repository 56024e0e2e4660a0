#if GRDB
import GRDB

/// One read of a ``DatabaseStorage``'s result, as the contents made from it show it: the
/// database pinned at that read (on a `DatabasePool`), and the records of its rows that the
/// storage kept when later reads retired them.
///
/// Every ``DatabaseStorage/Content`` holds the version it was read at (a reference: copying a
/// content stays O(1)), and so does the storage for its current content. When the last content
/// of a version goes (the view shows the next one), the version goes, and with it its pin and
/// the records retired since that no other version held.
final class DisplayedVersion<Record> {
    /// A read transaction held at this version, on its own connection (`DatabasePool`, WAL): a
    /// row's record is read here, as the version shows it, whatever was committed since. `nil`
    /// for a database that cannot hold one without blocking its writers (`DatabaseQueue`).
    /// Replaced only by a pin of the same version (see `repinIfWALIsLarge()`).
    var snapshot: Pin?
    /// The records retired since this version (and by later versions, through `next`).
    let retired = RetiredRecords<Record>()
    /// Whether a read from ``snapshot`` failed (told once).
    var pinFailed = false

    init(snapshot: Pin?) {
        self.snapshot = snapshot
    }

    /// The version read after this one: from now on, records retired go to `next`'s store,
    /// which this version holds on to (its contents may list those rows too).
    func succeed(by next: DisplayedVersion) {
        retired.next = next.retired
    }
}

/// Records of rows that a read of ``DatabaseStorage`` changed or deleted, each keyed by its row
/// as it was (id and content fingerprint), so that it is the right record for any version that
/// lists that row. One store per version, chained to the next version's: a version finds every
/// record retired after it by following the chain. No capacity: a store lives as long as a
/// content of its version or of an earlier one.
final class RetiredRecords<Record> {
    /// The records, by row.
    var records: [RowKey: Record] = [:]
    /// The store of the next version.
    var next: RetiredRecords?

    /// The record of `row` retired in this store or a later one, or `nil`.
    ///
    /// - Complexity: O(number of versions after this one).
    func record(for row: RowKey) -> Record? {
        var store: RetiredRecords? = self
        while let current = store {
            if let record = current.records[row] { return record }
            store = current.next
        }
        return nil
    }

    deinit {
        // Unlinks the chain one store at a time: a long chain does not recurse.
        var next = self.next
        self.next = nil
        while var store = next {
            next = nil
            guard isKnownUniquelyReferenced(&store) else { break }
            next = store.next
            store.next = nil
        }
    }
}
#endif
