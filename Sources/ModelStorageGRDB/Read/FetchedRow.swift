#if GRDB
import GRDB

/// A row fetched by primary key (``DatabaseStorage``'s page reads and changed-row reads): the
/// decoded record, its id, the fingerprint of the whole row and, when asked for, its section
/// column's value.
struct FetchedRow<Record: Sendable>: Sendable {
    var record: Record
    var id: RowID
    var content: RowFingerprint
    /// The section column's value; `nil` when not asked for or not in the result.
    var section: DatabaseValue?
}
#endif
