#if GRDB
import FingerprintDiff
import GRDB

/// What a read on a `DatabaseQueue` fetches besides the row asked for: its page and the
/// read-ahead window around it (see ``DatabaseStorage/readAhead``).
extension DatabaseStorage {
    /// The rows to fetch for a read of `indexPath` in `shown` on a `DatabaseQueue`: the row, its
    /// page (``pageSize`` rows around it in its section) and, when `readingAhead`, ``readAhead``
    /// rows either side of it through the sections in order, less those whose records ``reads``
    /// keeps already.
    ///
    /// - Complexity: O(number of sections + pageSize + readAhead).
    func rowsToRead(around indexPath: IndexPath, in shown: ResultIndex, readingAhead: Bool) -> [RowKey] {
        let wanted = shown.sections[indexPath[0]].items[indexPath[1]]
        var rows = [wanted]
        var chosen: Set<RowKey> = [wanted]
        let add = { (row: RowKey) in
            if !self.reads.contains(row), chosen.insert(row).inserted { rows.append(row) }
        }
        page(around: indexPath, in: shown).forEach(add)
        let radius = readingAhead ? max(0, readAhead) : 0
        guard radius > 0 else { return rows }
        // Backwards from the row, then forwards, crossing section boundaries.
        var section = indexPath[0], item = indexPath[1], taken = 0
        while taken < radius {
            if item > 0 {
                item -= 1
            } else {
                guard let previous = shown.sections[..<section].lastIndex(where: { !$0.items.isEmpty }) else { break }
                section = previous
                item = shown.sections[section].items.count - 1
            }
            add(shown.sections[section].items[item])
            taken += 1
        }
        (section, item, taken) = (indexPath[0], indexPath[1], 0)
        while taken < radius {
            if item + 1 < shown.sections[section].items.count {
                item += 1
            } else {
                guard let next = shown.sections[(section + 1)...].firstIndex(where: { !$0.items.isEmpty }) else { break }
                section = next
                item = 0
            }
            add(shown.sections[section].items[item])
            taken += 1
        }
        return rows
    }

    /// On a `DatabaseQueue`, fetches and keeps the rows of the ``readAhead`` window around
    /// `indexPath` in `shown` (the content shown now) that ``reads`` does not keep yet, after a
    /// read the cache answered. A read-ahead that fails changes nothing: the rows are read, and
    /// any error reported, when a content asks for them.
    ///
    /// - Complexity: O(number of sections + pageSize + readAhead), plus one query when a row of
    ///   the window is not kept.
    func readAhead(around indexPath: IndexPath, in shown: ResultIndex) {
        guard pins == nil, readAhead > 0 else { return }
        let rows = rowsToRead(around: indexPath, in: shown, readingAhead: true).dropFirst()
        guard !rows.isEmpty else { return }
        let (request, columns, ids) = (request, index.columns, rows.map(\.id))
        guard let fetched = try? LockRetry.runBriefly({
            try writer.consistentRead { db in
                try Self.fetchRows(ids: ids, request: request, columns: columns, sectionColumn: nil, in: db)
            }
        }) else { return }
        let listed = Set(rows)
        for row in fetched {
            let key = RowKey(id: row.id, content: row.content)
            if listed.contains(key) { reads.keep(row.record, for: key) }
        }
    }
}
#endif
