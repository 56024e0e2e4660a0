#if GRDB
import GRDB

/// Why a ``DatabaseStorage`` could not read its request. The storage keeps the last content it
/// read successfully and reports nothing for the failed read.
public enum DatabaseStorageError: Error, Equatable, CustomStringConvertible {
    /// SQLite or GRDB refused: an SQL error, a missing table or column, a database that is
    /// closed or cannot be opened. The underlying error is GRDB's.
    case database(DatabaseError)
    /// A row of the result could not be decoded as a record: the message names the record type,
    /// the columns that are no longer in the result (after another connection's `ALTER TABLE`),
    /// GRDB's reason and the SQL.
    case decoding(String)
    /// The rows of the request have no column named `column`, which the storage was told to
    /// section by.
    case missingSectionColumn(String)
    /// Two rows of the result have the same id (`id` describes it): the storage identifies rows
    /// by id, to diff them and to fetch them on demand, so ids must be unique in the result
    /// (a join that repeats a record, for example, is refused).
    case duplicateID(String)
    /// The database file at this path is no longer the one the storage opened: deleted, moved
    /// away or replaced. The storage's connection would only see the old, unlinked file, so
    /// observation ends; open the database again and make a new storage.
    case fileChanged(String)
    /// ``DatabaseStorage/catchUp(isolation:)`` was called while the storage is not being
    /// observed, or observation ended before the storage read what was committed.
    case notObserving
    /// Any other error thrown while reading (its description).
    case other(String)

    /// The error as a ``DatabaseStorageError``: GRDB's errors by kind, others described.
    init(_ error: any Error) {
        switch error {
        case let error as DatabaseStorageError: self = error
        case let error as DatabaseError: self = .database(error)
        case let error as RowDecodingError:
            // Never `String(describing:)`: GRDB's description of this error can trap.
            self = .decoding(RowDecodingFailure.reason(of: error) ?? "a row could not be decoded")
        case let error as DecodingError: self = .decoding(String(describing: error))
        default: self = .other(String(describing: error))
        }
    }

    /// What went wrong, in a sentence.
    public var description: String {
        switch self {
        case .database(let error): "database error: \(error)"
        case .decoding(let message): "a row could not be decoded: \(message)"
        case .missingSectionColumn(let column): "the rows have no section column \"\(column)\""
        case .duplicateID(let id): "two rows have the id \(id)"
        case .fileChanged(let path): "the database file \(path) was deleted, moved or replaced since the storage opened it"
        case .notObserving: "the storage is not being observed"
        case .other(let message): "error: \(message)"
        }
    }

    /// Same case and same details (database errors: same extended result code, message and SQL).
    public static func == (lhs: DatabaseStorageError, rhs: DatabaseStorageError) -> Bool {
        switch (lhs, rhs) {
        case let (.database(left), .database(right)):
            left.extendedResultCode == right.extendedResultCode && left.message == right.message && left.sql == right.sql
        case let (.decoding(left), .decoding(right)),
             let (.missingSectionColumn(left), .missingSectionColumn(right)),
             let (.duplicateID(left), .duplicateID(right)),
             let (.fileChanged(left), .fileChanged(right)),
             let (.other(left), .other(right)):
            left == right
        case (.notObserving, .notObserving):
            true
        default:
            false
        }
    }
}
#endif
