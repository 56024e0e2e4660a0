#if GRDB
import GRDB

/// One read of a ``DatabaseStorage``'s result, as the contents made from it show it: the
/// records of its rows that later reads changed or deleted (retired), kept for as long as a
/// content of this version (or of an earlier one) is held.
///
/// Every ``DatabaseStorage/Content`` holds the version it was read at (a reference: copying a
/// content stays O(1)), and so does the storage for its current content. A version holds no
/// read transaction: on a `DatabasePool`, when a read finds the rows a commit changed, it reads
/// their old records from the pin of the version it replaces (see ``PinConnections``) before
/// releasing that pin; every other row the version lists reads the same in the database's
/// newest pinned state (checked by its fingerprint).
final class DisplayedVersion<Record: Sendable> {
    /// The records retired since this version (and by later versions, through `next`).
    let retired: RetiredRecords<Record>
    /// Whether a read of this version failed and a reload was asked for (told once).
    var pinFailed = false

    /// A version whose retired records `counter` counts (the storage's, for all its versions).
    init(counting counter: KeptRecordCounter) {
        retired = RetiredRecords(counting: counter)
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
///
/// `@unchecked Sendable`: `records` and `failure` are guarded by `lock` (a read fills them off the
/// caller's domain); `next` is set by the storage only, in its isolation domain.
final class RetiredRecords<Record: Sendable>: @unchecked Sendable {
    private let lock = PlatformLock()
    private var records: [RowKey: Record] = [:]
    private var failure: (any Error)?
    private let counter: KeptRecordCounter
    /// The store of the next version.
    var next: RetiredRecords?

    /// An empty store whose records `counter` counts.
    init(counting counter: KeptRecordCounter) {
        self.counter = counter
    }

    /// Keeps `record` as the record of `row`.
    func keep(_ record: Record, for row: RowKey) {
        let added = lock.withLock { records.updateValue(record, forKey: row) == nil }
        if added { counter.add(1) }
    }

    /// Keeps every record of `retired`.
    func keep(_ retired: [RowKey: Record]) {
        let added = lock.withLock {
            let before = records.count
            records.merge(retired) { _, new in new }
            return records.count - before
        }
        counter.add(added)
    }

    /// Marks the store incomplete: the records of some rows could not be read before their
    /// version's pin was released (`error` tells why).
    func markIncomplete(_ error: any Error) {
        lock.withLock { failure = error }
    }

    /// The record of `row` retired in this store or a later one, or `nil`.
    ///
    /// - Complexity: O(number of versions after this one).
    func record(for row: RowKey) -> Record? {
        var store: RetiredRecords? = self
        while let current = store {
            if let record = current.lock.withLock({ current.records[row] }) { return record }
            store = current.next
        }
        return nil
    }

    /// Why a store of the chain from this one is incomplete, or `nil` when none is.
    var incompleteness: (any Error)? {
        var store: RetiredRecords? = self
        while let current = store {
            if let failure = current.lock.withLock({ current.failure }) { return failure }
            store = current.next
        }
        return nil
    }

    deinit {
        counter.add(-records.count)
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

/// How many records the retired stores of one storage's versions keep, all together (the
/// stores of versions still held; see ``DatabaseStorage/keptRecordCount``).
///
/// `@unchecked Sendable`: `count` is guarded by `lock` (a pool's read retires records off the
/// caller's domain; a store is released wherever its last content is).
final class KeptRecordCounter: @unchecked Sendable {
    private let lock = PlatformLock()
    private var count = 0

    /// The number of records kept now.
    var value: Int { lock.withLock { count } }

    /// Counts `delta` more records (fewer when negative).
    func add(_ delta: Int) {
        guard delta != 0 else { return }
        lock.withLock { count += delta }
    }
}
#endif
