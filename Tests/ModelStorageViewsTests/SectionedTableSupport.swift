import FingerprintDiff
import Foundation
import ModelStorage
import ModelStorageTesting
import ModelStorageViews

/// A section's header model: identity and a version (content).
struct Header: Hashable, Sendable, Identifiable, CustomStringConvertible {
    var id: Int
    var version = 0
    var description: String { "H\(id)" + (version == 0 ? "" : "v\(version)") }
}

/// What a row of a table of sections shows.
enum Shown: Hashable, CustomStringConvertible {
    case header(Header?)
    case item(Row?)
    case footer(String?)

    /// What the row is, whatever its content: the header's or item's id (a row whose refresh
    /// batch has not run yet shows the old content of the same thing).
    var identity: String {
        switch self {
        case .header(let header): "H\(header?.id ?? -1)"
        case .item(let row): "I\(row?.id ?? -1)"
        case .footer: "F"
        }
    }
    var description: String {
        switch self {
        case .header(let header): "[\(header.map(\.description) ?? "-")]"
        case .item(let row): row.map(\.description) ?? "-"
        case .footer(let footer): "(\(footer ?? "-"))"
        }
    }
}

/// The rows a table of sections must show for `content`: each section's header row, items and
/// footer row (as the flags say), read from the content, independently of `FlatRows`.
@MainActor
func flattened(_ content: some Storage, headers: Bool, footers: Bool,
               header: (Int) -> (any Sendable)?, footer: (Int) -> (any Sendable)?) -> [Shown] {
    var rows: [Shown] = []
    for section in 0..<content.numberOfSections {
        if headers { rows.append(.header(header(section) as? Header)) }
        for item in 0..<content.numberOfItems(inSection: section) {
            rows.append(.item(content.item(at: path(section, item)) as? Row))
        }
        if footers { rows.append(.footer(footer(section) as? String)) }
    }
    return rows
}

/// A `StorageList`'s coordinator on AppKit, without AppKit: a ``ListHost`` over a
/// `SectionedTableAdapter` whose table applies each call at once (`ShiftingTable`), each row
/// showing what the host shows there (header model, item, footer model).
@MainActor
final class SectionedTableScreen {
    let storage: MemoryStorage
    let table = ShiftingTable()
    let scheduler = ManualScheduler()
    let adapter: SectionedTableAdapter<Animation>
    let host: ListHost<MemoryStorage, String, Int>

    init(_ storage: MemoryStorage, headers: Bool, footers: Bool) {
        self.storage = storage
        let adapter = SectionedTableAdapter(operations: table, headers: headers, footers: footers,
                                            insertAnimation: .fade, removeAnimation: .left)
        self.adapter = adapter
        host = ListHost(storage: storage, view: adapter, rowContent: "", identify: { ($0 as? Row)?.id },
                        visibleItems: { [] }, schedule: scheduler.schedule)
        adapter.content = host
        let host = self.host
        // Unowned: the adapter holds the table, and the screen holds all three for as long as the
        // table reads its rows.
        table.rowSource = (count: { [unowned adapter] in adapter.rows.numberOfRows }, row: { [unowned adapter, unowned host] row in
            switch adapter.rows.content(ofRow: row) {
            case .header(let section)?: Shown.header(host.updater.headerModel(forSection: section) as? Header)
            case .item(let indexPath)?: Shown.item(host.item(at: indexPath) as? Row)
            case .footer(let section)?: Shown.footer(host.updater.footerModel(forSection: section) as? String)
            case nil: nil
            }
        })
        table.reloadData()
    }

    /// What the table's rows show.
    var shown: [Shown] { table.rows.map { $0.shown as? Shown ?? .item(nil) } }

    /// What the table must show for what the host shows.
    var displayed: [Shown] {
        flattened(host, headers: adapter.rows.hasHeaders, footers: adapter.rows.hasFooters,
                  header: host.updater.headerModel(forSection:), footer: host.updater.footerModel(forSection:))
    }

    /// What the table must show for the storage.
    var stored: [Shown] {
        flattened(storage, headers: adapter.rows.hasHeaders, footers: adapter.rows.hasFooters,
                  header: storage.headerModel(forSection:), footer: storage.footerModel(forSection:))
    }

    /// Runs turns and animations until the table shows the storage.
    func settle() {
        for _ in 0..<100 where !host.updater.isIdle || !table.pendingCompletions.isEmpty || scheduler.pendingCount > 0 {
            scheduler.runNextTurn()
            table.finishAnimations()
        }
    }
}
