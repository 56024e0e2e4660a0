#if GRDB
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff
import GRDB
import ModelStorage

/// A storage that follows a GRDB request over SQLite: the list shows the request's records,
/// optionally in sections by a column, and every committed change of the result arrives as a
/// `StorageUpdate` computed with the diff core (the Linux counterpart of DTModelStorage's
/// CoreDataStorage and RealmStorage).
///
/// ```swift
/// let storage = try DatabaseStorage(writer: dbQueue,
///                                   request: Book.order(Column("genre"), Column("title")),
///                                   sectionColumn: "genre")
/// storage.delegate = self                       // or addObserver, or updates
/// Task { try await storage.observe() }          // until the task is cancelled
/// ```
///
/// **What it keeps.** Not the records: per row, the record's id and a 128-bit fingerprint of
/// the row's column names and values (53 to 61 bytes a row of resident memory in `make database`),
/// per section the section column's
/// value. A record is fetched when ``record(at:)`` or ``item(at:)`` asks for it, with the rows
/// around it (``pageSize``), through the same request filtered by primary key, and kept in a
/// small cache of recently used records (``cacheCapacity``, a speed-up only). A changed row is
/// told apart by its fingerprint, so the storage never compares old records with new ones; a
/// change goes unnoticed only if both 64-bit halves collide (probability 2^-128 per changed
/// row). A table created again with other column names changes every row.
///
/// **What a displayed row answers.** A ``Content`` (what a view shows while a batch animates,
/// or while it is off screen) answers each row it lists with the record as of the read it was
/// made from, or, on a `DatabaseQueue` only, `nil`; never a newer record, never rows of two
/// versions, for as long as the content is held and the storage lives, whatever
/// ``cacheCapacity`` and the number of visible cells:
///
/// - **`DatabasePool`: every row, never `nil`.** Each read is pinned on a connection of the
///   storage's own; the records of the rows a commit changes are read from the previous pin
///   before it is released and kept with the contents that list them (``keptRecordCount``: at
///   most the rows changed since the oldest content held).
/// - **`DatabaseQueue`: every row whose record a content read.** Cells configured, the pages
///   and the ``readAhead`` window fetched around them, the updated rows an update delivered:
///   their records are kept for as long as a content listing them is held (``keptRecordCount``:
///   at most the records read). A row nobody read that a commit changed since answers `nil`,
///   never its newer record. Measured with a view scrolled 200 rows either side of a screen it
///   showed after a commit of 100 rows (the benchmark's `--database`): 10 of 2,340 such rows
///   (10,000 rows) and 2 of 3,360 (100,000 rows) answered `nil`; with ``readAhead`` 400, none,
///   for 2.8-7.4 ms per screen read at a new place instead of 0.5-0.7 ms. In a random audit
///   (another connection committing 1 to 500 rows at a time over up to 900 rows while batches
///   animate, every displayed row read at random moments, 50 seeds each), 24,921 of 573,369
///   displayed-row reads on a queue answered `nil` (4%), every one of a row nobody had read;
///   on a pool, none of 615,373. Prefer a pool when cells may be asked for rows nobody read
///   while the database moves on (prefetching, scrolling while a batch animates).
///
/// **Requirements.** `Record.id` is the primary key of the request's table (as GRDB's
/// `filter(id:)` assumes; the rowid of a table declared without one) and unique within the
/// result: the ids and updates stay right otherwise, but ``record(at:)`` reads rows by that key
/// and answers `nil` for those it does not find by it. When sectioned, the request is ordered
/// by the section column first (as `NSFetchedResultsController` requires): consecutive rows with
/// equal values form a section, and a value that comes back later makes another section.
///
/// **Observation.** ``observe(isolation:)`` runs in the caller's isolation domain (the main actor
/// for a UI) until its task is cancelled or reading fails. Each commit of the `writer` that
/// touches the request's tables wakes it; commits of other connections to the same file (another
/// `DatabaseQueue` or `DatabasePool`, another process) are seen by polling SQLite's
/// `PRAGMA data_version` every ``externalChangePollInterval``. Wake-ups that come while a read
/// runs collapse into one more read, so a transaction is one update and a burst of commits a
/// few. The result is read and diffed on GRDB's reader queue; the storage's content changes and
/// the update is delivered in one step on the caller's domain.
///
/// **Reading only what changed.** With a request whose rows depend on their own table row
/// alone (one table whose `INTEGER PRIMARY KEY` is the id, plain columns, no subquery, no
/// `GROUP BY`), the storage journals the rowids its writer changes (a GRDB transaction
/// observer); after such commits it steps the request selecting only the rowid and fetches
/// only the journaled rows. Commits of other connections, schema changes and
/// changes the journal cannot see make the read a full one (see `ChangeJournal`).
///
/// **Errors.** A read that fails (SQL error, a row that does not decode, a duplicate id, a
/// closed database) is delivered to the error observers and thrown by ``observe(isolation:)``; the
/// storage keeps the last content it read, and calling ``observe(isolation:)`` again retries.
public final class DatabaseStorage<Record: FetchableRecord & Identifiable & Sendable>: BaseStorage, ContentStorage
where Record.ID: DatabaseValueConvertible & Sendable {
    /// The database the storage reads and observes.
    public let writer: any DatabaseWriter
    /// The request whose result the storage shows.
    public let request: QueryInterfaceRequest<Record>
    /// The column whose value groups consecutive rows into sections, or `nil` for one section.
    public let sectionColumn: String?
    /// The header model of a section, from its section column value.
    public let sectionHeader: @Sendable (DatabaseValue) -> (any Sendable)?
    /// How many rows around a requested one ``record(at:)`` fetches with it. Default 32.
    public var pageSize = 32
    /// On a `DatabaseQueue`, how many rows either side of a row the content shown now reads
    /// (through the sections, in order) are fetched with it and kept (see ``keptRecordCount``),
    /// so that rows nobody displayed yet answer as displayed when a commit changes them while
    /// this content is still shown (a view scrolled during a batch's animation, prefetching).
    /// A row whose record is kept reads nothing; the first read outside the window fetches the
    /// rows around it that are not kept, so the window follows the view as it scrolls. 0 for
    /// the row's page alone. Not used on a `DatabasePool`, whose pin answers every row.
    ///
    /// Default 0: measured in the benchmark's `--database`, 400 removed the few `nil` answers of
    /// a view scrolled 200 rows either side of its screen (10 of 2,340 rows at 10,000 rows, 2 of
    /// 3,360 at 100,000) for 2.8-7.4 ms per screen read at a new place instead of 0.5-0.7 ms,
    /// and about 2,700 more records kept.
    public var readAhead = 0
    /// How often ``observe(isolation:)`` checks for commits of other connections (`nil`: never, for
    /// a database only `writer` writes to). Default 100 ms. Read when observation starts.
    public var externalChangePollInterval: Duration? = .milliseconds(100)
    /// The error of the last read that failed, `nil` after a successful one.
    public internal(set) var lastError: DatabaseStorageError?

    var index: ResultIndex
    /// The column reads take ids from without decoding rows: the primary key column of
    /// `Record`'s table when it holds every record's id; `nil` to decode every row.
    var idColumn: String?
    var cache: RecordCache<Record>
    /// On a `DatabaseQueue`, the records read of the rows the storage lists now (see
    /// ``ReadRecords``); empty on a pool, whose pin reads them again.
    var reads = ReadRecords<Record>()
    /// On a `DatabaseQueue`, the retired store each retired row's record is kept in (see
    /// ``RetiredRecordIndex``).
    var retiredIndex = RetiredRecordIndex<Record>()
    /// Counts the records the retired stores of the versions still held keep.
    let keptRetired: KeptRecordCounter
    /// The version the content shown was read at: pinned on a `DatabasePool`, with the records
    /// retired since (see ``DisplayedVersion``).
    var version: DisplayedVersion<Record>
    /// The connections that pin reads, and the storage's pin (a `DatabasePool` only).
    let pins: PinConnections?
    /// The WAL file size, in frames of 4 KiB pages, past which a read starts the WAL over (see
    /// `repinIfWALIsLarge`): SQLite's default auto-checkpoint, 1,000 pages.
    var walResetFrames = 1_000
    /// How many refreshes started, and the number of the last one that completed (for
    /// ``catchUp(isolation:)``).
    var refreshStarts = 0
    var lastCompletedRefresh = 0
    /// The callers of ``catchUp(isolation:)`` waiting, each for the refresh of a number.
    var catchUpWaiters: [(refresh: Int, continuation: CheckedContinuation<Void, any Error>)] = []
    /// Wakes ``observe(isolation:)`` to read again, while it runs.
    var wakeSignal: ChangeSignal?
    /// The rows of the request's table the writer changed since the content shown was read,
    /// when they are enough to read the result again (see ``ChangeJournal``); `nil` when every
    /// read is a full one.
    let journal: ChangeJournal?
    /// Where the content shown stands in ``journal``.
    var journalPosition: ChangeJournal.Position?
    /// How many reads fetched only the changed rows (for tests).
    var changedRowsReadCount = 0
    /// Why the last refresh read the whole result; `nil` when it read only the changed rows
    /// (for tests).
    var lastFullReadReason: FullReadReason?
    /// The file the storage opened (`nil` for a database that is not a file on disk), compared
    /// with the file at the writer's path while observing.
    let fileIdentity: DatabaseFileIdentity?
    /// A random number that tells this storage's contents from any other's.
    let origin = UInt64.random(in: .min ... .max)
    /// Whether ``observe(isolation:)`` is running (from when it has registered for commits).
    public internal(set) var isObserving = false
    /// The order of this storage's updates. It holds no content: an observer cannot change what
    /// the storage shows (only ``observe(isolation:)`` does, one read at a time), so a read during
    /// a delivery always shows the state the update leads to.
    let delivery = Delivery<Void>()
    private var errorHandlers: [(token: ObserverToken, handler: (DatabaseStorageError) -> Void)] = []

    /// A storage showing the result of `request` in `writer`, read now.
    ///
    /// - Parameters:
    ///   - writer: the database (a `DatabaseQueue` or `DatabasePool`) to read and observe.
    ///   - request: the records to show, in order (sectioned: ordered by `sectionColumn` first).
    ///   - sectionColumn: the column (of the request's rows) to section by; the request must be
    ///     ordered by it first. `nil` for one section (none when the result is empty).
    ///   - sectionHeader: the header model of a section from its column value; by default the
    ///     value itself (`Int64`, `Double`, `String` or `Data`; no header for `NULL`).
    ///   - cacheCapacity: how many fetched records to keep (at least 1) for speed; the records a
    ///     displayed content needs never depend on it. Default 256.
    /// - Throws: ``DatabaseStorageError`` when the result cannot be read.
    /// - Complexity: reads and decodes the whole result once, keeping ids and fingerprints; on a
    ///   `DatabasePool`, in a snapshot (one more connection) that pins the version read.
    public init(writer: any DatabaseWriter, request: QueryInterfaceRequest<Record>, sectionColumn: String? = nil,
                sectionHeader: @escaping @Sendable (DatabaseValue) -> (any Sendable)? = defaultSectionHeader,
                cacheCapacity: Int = 256) throws(DatabaseStorageError) {
        self.writer = writer
        self.request = request
        self.sectionColumn = sectionColumn
        self.sectionHeader = sectionHeader
        cache = RecordCache(capacity: cacheCapacity)
        fileIdentity = DatabaseFileIdentity.isFilePath(writer.path) ? DatabaseFileIdentity.current(at: writer.path) : nil
        do {
            // On a pool, the first read is pinned: its snapshot answers the records shown.
            pins = (writer as? DatabasePool).map(PinConnections.init)
            let snapshot = try pins?.pin()
            pins?.current = snapshot
            let counter = KeptRecordCounter()
            keptRetired = counter
            version = DisplayedVersion(counting: counter)
            let firstRead = { (db: Database) throws -> (ResultIndex, String?, ChangeJournal?, ChangeJournal.Position?) in
                let candidate = Self.primaryKeyColumn(in: db)
                let read = try ResultIndex.read(request, sectionColumn: sectionColumn, idColumn: candidate,
                                                decodingEveryRow: true, in: db)
                let idColumn = read.idColumnHoldsIDs ? candidate : nil
                guard let table = try Self.journalTable(for: request, idColumn: idColumn, writer: writer, in: db) else {
                    return (read.index, idColumn, nil, nil)
                }
                let journal = ChangeJournal(table: table, capacity: max(4_096, read.index.rowCount / 2))
                guard writer is DatabaseQueue else { return (read.index, idColumn, journal, nil) }
                // On the writer's connection, which this read uses too: the position is this read's.
                db.add(transactionObserver: journal, extent: .observerLifetime)
                return (read.index, idColumn, journal, try journal.position(in: db))
            }
            if let snapshot {
                (index, idColumn, journal, journalPosition) = try snapshot.read(firstRead)
            } else {
                (index, idColumn, journal, journalPosition) = try writer.consistentRead(firstRead)
            }
            if let journal, !(writer is DatabaseQueue) {
                // A pool's writer connection; no position yet: the first observed read is a full one.
                writer.writeWithoutTransaction { db in db.add(transactionObserver: journal, extent: .observerLifetime) }
            }
        } catch {
            throw DatabaseStorageError(error)
        }
        super.init()
    }

    /// The default header model of a section: its column value as `Int64`, `Double`, `String`
    /// or `Data`, and no header for `NULL`.
    @Sendable
    public static func defaultSectionHeader(_ value: DatabaseValue) -> (any Sendable)? {
        switch value.storage {
        case .null: nil
        case .int64(let integer): integer
        case .double(let double): double
        case .string(let string): string
        case .blob(let data): data
        }
    }

    /// How many records the cache keeps at most.
    public var cacheCapacity: Int { cache.capacity }

    /// How many records the cache holds now.
    public var cachedRecordCount: Int { cache.count }

    /// How many records the storage keeps, besides its cache, so that every content still held
    /// answers its rows as displayed: on a `DatabaseQueue`, the records read (cells configured,
    /// the pages and the read-ahead around them, the updated rows delivered) of the rows listed
    /// now, plus, for each content of an older version still held, the records of its rows that
    /// changed or were deleted since; on a `DatabasePool`, only the latter (its rows that the
    /// commits since changed). O(1).
    public var keptRecordCount: Int { reads.count + keptRetired.value }

    // MARK: Storage

    /// The number of sections. O(1).
    public var numberOfSections: Int { index.sections.count }

    /// The number of rows in `section`; 0 for a section that does not exist. O(1).
    public func numberOfItems(inSection section: Int) -> Int {
        index.sections.indices.contains(section) ? index.sections[section].items.count : 0
    }

    /// The record at `indexPath` (see ``record(at:)``); `nil` for an index path that is not one
    /// section and one item in range.
    public func item(at indexPath: IndexPath) -> (any Sendable)? {
        record(at: indexPath)
    }

    /// The supplementary model of `kind` for `section`: for the header kind, ``sectionHeader``
    /// of the section's column value when sectioned; else what the providers say
    /// (`headerModelProvider`...); `nil` for a section out of range. O(1) plus
    /// the closures.
    public func supplementaryModel(ofKind kind: String, forSectionAt section: Int) -> (any Sendable)? {
        guard index.sections.indices.contains(section) else { return nil }
        if kind == supplementaryHeaderKind, sectionColumn != nil,
           let header = sectionHeader(index.sections[section].model.id) {
            return header
        }
        return providedSupplementaryModel(ofKind: kind, section: section)
    }

    /// The section column value of `section`, or `nil` when out of range (`.null` when not
    /// sectioned). O(1).
    public func sectionKey(forSection section: Int) -> DatabaseValue? {
        index.sections.indices.contains(section) ? index.sections[section].model.id : nil
    }

    /// The id of the record at `indexPath`, without fetching it; `nil` when out of range or
    /// when `indexPath` is not one section and one item. O(1).
    public func id(at indexPath: IndexPath) -> Record.ID? {
        guard let row = row(at: indexPath) else { return nil }
        return Record.ID.fromDatabaseValue(row.id.value)
    }

    /// The row at `indexPath`, or `nil` when it is not one section and one item in range.
    private func row(at indexPath: IndexPath) -> RowKey? {
        guard indexPath.count == 2, index.sections.indices.contains(indexPath[0]),
              index.sections[indexPath[0]].items.indices.contains(indexPath[1]) else { return nil }
        return index.sections[indexPath[0]].items[indexPath[1]]
    }

    /// The ids of every row, per section, in order. O(number of rows).
    public var ids: [[Record.ID]] {
        index.sections.map { $0.items.compactMap { Record.ID.fromDatabaseValue($0.id.value) } }
    }

    /// The record at `indexPath`, or `nil` when out of range or when `indexPath` is not one
    /// section and one item.
    ///
    /// The row as the content shown now lists it (see ``Content`` for what a `DatabaseQueue`
    /// gets): from the cache when it holds that row, else fetched synchronously, with up to
    /// ``pageSize`` rows around it in its section, in one query. A read that fails is delivered
    /// to the error observers and gives `nil`.
    ///
    /// - Complexity: O(1) from the cache; else one query by primary key for ``pageSize`` rows.
    public func record(at indexPath: IndexPath) -> Record? {
        record(at: indexPath, in: index, version: version)
    }

    /// The rows of `ids` through `request`, in chunks that stay under SQLite's limit on bound
    /// values: each record, its id, its row's fingerprint and, when `sectionColumn` is given,
    /// that column's value (`nil` when the result has no such column). `columns`: those of the
    /// last good read.
    static func fetchRows(ids: [RowID], request: QueryInterfaceRequest<Record>, columns: [String],
                          sectionColumn: String?, in db: Database) throws -> [FetchedRow<Record>]
    {
        var result: [FetchedRow<Record>] = []
        result.reserveCapacity(ids.count)
        var start = 0
        while start < ids.count {
            let chunk = ids[start..<min(ids.count, start + 500)]
            let prepared = try request.filter(keys: chunk.map(\.value)).makePreparedRequest(db, forSingleResult: false)
            let statement = prepared.statement.sqliteStatement
            let rows = try Row.fetchCursor(prepared.statement, adapter: prepared.adapter)
            var image = RowImageBuffer()
            var sectionIndex: Int32?
            var columnsDigest: UInt64 = 0
            var isFirstRow = true
            while let row = try rows.next() {
                let record = try ResultIndex.decode(Record.self, row, request: request, columnsBefore: columns, in: db)
                if isFirstRow {
                    // After the first step: the columns of a statement SQLite prepared again.
                    isFirstRow = false
                    let names = StatementColumns.columnNames(of: statement)
                    columnsDigest = RowFingerprint.columnsDigest(names)
                    sectionIndex = sectionColumn.flatMap { StatementColumns.firstColumn(named: $0, in: names) }
                }
                let section = sectionIndex.map { DatabaseValue(sqliteStatement: statement, index: $0) }
                result.append(FetchedRow(record: record, id: RowID(record.id), content: RowFingerprint(statement, columns: columnsDigest, image: &image),
                                         section: section))
            }
            start += chunk.count
        }
        return result
    }

    /// The primary key column of `Record`'s table when it is one column, else `nil`.
    static func primaryKeyColumn(in db: Database) -> String? {
        guard let table = (Record.self as? any TableRecord.Type)?.databaseTableName,
              let primaryKey = try? db.primaryKey(table), primaryKey.columns.count == 1 else { return nil }
        return primaryKey.columns[0]
    }

    // MARK: Errors

    /// Calls `handler` with every read error from now on (also those ``observe(isolation:)``
    /// throws).
    ///
    /// - Returns: the token that ``removeErrorObserver(_:)`` takes.
    @discardableResult
    public func addErrorObserver(_ handler: @escaping (DatabaseStorageError) -> Void) -> ObserverToken {
        let token = makeObserverToken()
        errorHandlers.append((token, handler))
        return token
    }

    /// Stops calling the error handler that `token` identifies. O(number of error observers).
    public func removeErrorObserver(_ token: ObserverToken) {
        errorHandlers.removeAll { $0.token == token }
    }

    /// Records `error` as ``lastError`` and tells the error observers.
    func report(_ error: DatabaseStorageError) {
        lastError = error
        for (_, handler) in errorHandlers { handler(error) }
    }
}
#endif
