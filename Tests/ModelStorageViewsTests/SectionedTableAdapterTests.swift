import FingerprintDiff
import Foundation
import ModelStorage
import ModelStorageTesting
import ModelStorageViews
import SeededRandom
import Testing

/// `FlatRows` and `SectionedTableAdapter`: every section of a storage on a table without sections
/// that applies each call at once (`NSTableView`, here `ShiftingTable`), with header and footer
/// rows, and the user's drops, swipes and selections on rows reaching their items.
@MainActor
@Suite struct SectionedTableAdapterTests {
    /// Random sections of a storage, changed at random (ids never repeat).
    struct Sections {
        var random: SplitMix64
        var nextID = 1
        var sections: [ArraySection<Header, Row>] = []

        init(seed: UInt64) { random = SplitMix64(seed: seed) }
        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        mutating func fresh() -> Int { nextID += 1; return nextID }
        mutating func freshSection() -> ArraySection<Header, Row> {
            ArraySection(model: Header(id: fresh()), items: (0..<int(0...5)).map { _ in Row(id: fresh()) })
        }

        /// One random change of the sections.
        mutating func change() {
            let count = sections.count
            switch int(0...8) {
            case 0: sections.insert(freshSection(), at: int(0...count))
            case 1: if count > 0 { sections.remove(at: int(0...count - 1)) }
            case 2: if count > 1 { sections.swapAt(int(0...count - 1), int(0...count - 1)) }
            case 3, 4:   // an item moves, maybe to another section
                guard count > 0 else { return }
                let from = int(0...count - 1), to = int(0...count - 1)
                guard !sections[from].items.isEmpty else { return }
                let item = sections[from].items.remove(at: int(0...sections[from].items.count - 1))
                sections[to].items.insert(item, at: int(0...sections[to].items.count))
            case 5:
                guard count > 0 else { return }
                let section = int(0...count - 1)
                sections[section].items.insert(Row(id: fresh()), at: int(0...sections[section].items.count))
            case 6:
                guard count > 0 else { return }
                let section = int(0...count - 1)
                if !sections[section].items.isEmpty { sections[section].items.remove(at: int(0...sections[section].items.count - 1)) }
            case 7:
                for section in sections.indices {
                    for item in sections[section].items.indices where int(0...3) == 0 { sections[section].items[item].version += 1 }
                }
            default:
                if count > 0 { sections[int(0...count - 1)].model.version += 1 }
            }
        }

        /// The sections as `storage` holds them now (after the test's direct section moves).
        mutating func read(_ storage: MemoryStorage) {
            sections = (0..<storage.numberOfSections).map { section in
                ArraySection(model: storage.headerModel(forSection: section) as? Header ?? Header(id: fresh()),
                             items: (0..<storage.numberOfItems(inSection: section)).compactMap { storage.item(at: path(section, $0)) as? Row })
            }
        }
    }

    @Test("FlatRows: every row is the header, item or footer it says, and back, whatever the flags and counts",
          arguments: 0..<20)
    func flatRowsRoundTrip(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let counts = (0..<Int.random(in: 0...6, using: &random)).map { _ in Int.random(in: 0...4, using: &random) }
        for (headers, footers) in [(false, false), (true, false), (false, true), (true, true)] {
            let rows = FlatRows(itemCounts: counts, headers: headers, footers: footers)
            var expected: [FlatRows.Row] = []
            for (section, count) in counts.enumerated() {
                if headers { expected.append(.header(section: section)) }
                expected += (0..<count).map { .item(path(section, $0)) }
                if footers { expected.append(.footer(section: section)) }
            }
            #expect((0..<rows.numberOfRows).map { rows[$0] } == expected, "\(counts) \(headers) \(footers)")
            #expect(rows.content(ofRow: -1) == nil && rows.content(ofRow: rows.numberOfRows) == nil)
            for (row, shown) in expected.enumerated() {
                switch shown {
                case .header(let section): #expect(rows.row(ofHeader: section) == row)
                case .item(let indexPath): #expect(rows.row(of: indexPath) == row && rows.indexPath(ofRow: row) == indexPath)
                case .footer(let section): #expect(rows.row(ofFooter: section) == row)
                }
            }
            #expect(counts.indices.allSatisfy { rows.numberOfItems(inSection: $0) == counts[$0] })
        }
    }

    @Test("a drop moves the item the user dragged to the place the user dropped it on the table", arguments: 0..<20)
    func drops(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let counts = (0..<Int.random(in: 1...4, using: &random)).map { _ in Int.random(in: 0...3, using: &random) }
        let headers = Bool.random(using: &random), footers = Bool.random(using: &random)
        let rows = FlatRows(itemCounts: counts, headers: headers, footers: footers)
        let sections = counts.enumerated().map { section, count in (0..<count).map { "\(section).\($0)" } }
        func flat(_ sections: [[String]]) -> [String] {
            sections.enumerated().flatMap { section, items in (headers ? ["H\(section)"] : []) + items + (footers ? ["F\(section)"] : []) }
        }
        var moves = 0
        for source in 0..<rows.numberOfRows {
            for above in 0...rows.numberOfRows {
                guard let move = rows.itemMove(ofRowAt: source, droppedAbove: above) else { continue }
                moves += 1
                #expect(rows.indexPath(ofRow: source) == move.from)
                var items = sections
                let item = items[move.from[0]].remove(at: move.from[1])
                guard move.to[0] < items.count, (0...items[move.to[0]].count).contains(move.to[1]) else {
                    Issue.record("\(counts) h\(headers) f\(footers): row \(source) above \(above) -> \(move), out of range")
                    continue
                }
                items[move.to[0]].insert(item, at: move.to[1])
                var onTable = flat(sections)
                let place = try! #require(RowDrop.destination(ofRowAt: source, droppedAbove: above, rowCount: rows.numberOfRows))
                onTable.insert(onTable.remove(at: source), at: place)
                #expect(flat(items) == onTable, "\(counts) h\(headers) f\(footers): row \(source) above \(above) -> \(move)")
            }
        }
        // Every item row dropped above any other item row is a move.
        let itemRows = (0..<rows.numberOfRows).filter { rows.indexPath(ofRow: $0) != nil }
        #expect(moves >= itemRows.count * max(0, itemRows.count - 2))
    }

    @Test("a section move keeps its header's row view; an item moving across sections keeps its row view")
    func sectionAndItemMoves() {
        let storage = MemoryStorage()
        storage.setSections([ArraySection(model: Header(id: 1), items: [Row(id: 10), Row(id: 11)]),
                             ArraySection(model: Header(id: 2), items: [Row(id: 20)])])
        let screen = SectionedTableScreen(storage, headers: true, footers: true)
        let views = screen.table.rows.map(\.id)
        try? storage.moveSection(1, toSection: 0)
        screen.settle()
        #expect(screen.shown == screen.stored)
        #expect(screen.shown.map(\.description) == ["[H2]", "20", "(-)", "[H1]", "10", "11", "(-)"])
        #expect(screen.table.rows.map(\.id) == [views[4], views[5], views[6], views[0], views[1], views[2], views[3]])
        storage.setSections([ArraySection(model: Header(id: 2), items: [Row(id: 20), Row(id: 11)]),
                             ArraySection(model: Header(id: 1), items: [Row(id: 10)])])
        screen.settle()
        #expect(screen.shown == screen.stored)
        #expect(screen.table.rows.map(\.id) == [views[4], views[5], views[2], views[6], views[0], views[1], views[3]])
        #expect(screen.table.violations.isEmpty)
    }

    @Test("random storms with drops, swipes and selections: the table shows what the list shows, each action reaches the item of the row the user touched",
          arguments: 0..<40)
    func storms(seed: UInt64) {
        var sections = Sections(seed: seed)
        sections.sections = (0..<sections.int(0...4)).map { _ in sections.freshSection() }
        let storage = MemoryStorage()
        storage.setSections(sections.sections)
        let screen = SectionedTableScreen(storage, headers: sections.int(0...2) > 0, footers: sections.int(0...1) == 1)
        for step in 0..<150 {
            let context = "seed \(seed) step \(step)"
            let rowCount = screen.adapter.rows.numberOfRows
            switch sections.int(0...99) {
            case 0..<25:
                sections.read(storage)
                sections.change()
                storage.setSections(sections.sections)
            case 25..<29: try? storage.moveSection(sections.int(0...4), toSection: sections.int(0...4))
            case 29..<32: storage.setSectionFooterModels((0..<storage.numberOfSections).map { "f\(step).\($0)" })
            case 32..<45: screen.scheduler.runNextTurn()
            case 45..<55: screen.table.finishAnimations()
            case 55..<58: screen.host.updater.flush()
            case 58..<60: screen.table.isInWindow = sections.int(0...3) > 0
            case 60..<78: drop(screen, source: sections.int(0...rowCount), above: sections.int(0...rowCount + 1), context)
            case 78..<88: swipe(screen, row: sections.int(0...rowCount), context)
            default: select(screen, row: sections.int(0...rowCount), context)
            }
            #expect(screen.table.violations.isEmpty, "\(context): \(screen.table.violations)")
            #expect(screen.shown.map(\.identity) == screen.displayed.map(\.identity), "\(context): \(screen.shown) vs \(screen.displayed)")
            expectSelectionShown(screen, context)
            if !screen.table.violations.isEmpty { return }
        }
        screen.table.isInWindow = true
        screen.settle()
        #expect(screen.shown == screen.stored, "seed \(seed): \(screen.shown) vs \(screen.stored)")
    }

    /// A drag of row `source` dropped above row `above`: when the table shows a move, the dragged
    /// item is where it was dropped, on the table and in what the list shows.
    private func drop(_ screen: SectionedTableScreen, source: Int, above: Int, _ context: String) {
        let before = screen.shown
        let move = screen.adapter.rows.itemMove(ofRowAt: source, droppedAbove: above)
        let dragged = move.flatMap { screen.host.item(at: $0.from) as? Row }
        var shown = false
        do {
            shown = try screen.adapter.userDidDropRow(at: source, above: above, on: screen.host)
        } catch {
            shown = error.leavesMoveShown
        }
        guard shown, let move, let dragged else {
            #expect(screen.shown == before, "\(context): a drop shown without a move")
            return
        }
        #expect((screen.host.item(at: move.to) as? Row)?.id == dragged.id, "\(context): \(dragged) not at \(move.to)")
        var onTable = before
        let place = RowDrop.destination(ofRowAt: source, droppedAbove: above, rowCount: before.count) ?? source
        onTable.insert(onTable.remove(at: source), at: place)
        #expect(screen.shown.map(\.identity) == onTable.map(\.identity), "\(context): the row is not where it was dropped")
    }

    /// A swipe to delete of row `row`: the item the row shows leaves the storage.
    private func swipe(_ screen: SectionedTableScreen, row: Int, _ context: String) {
        guard let indexPath = screen.adapter.indexPath(ofRow: row) else {
            #expect(row >= screen.shown.count || screen.shown[row].identity.first != "I", "\(context)")
            return
        }
        let item = screen.host.item(at: indexPath) as? Row
        #expect(screen.shown.indices.contains(row) && screen.shown[row].identity == "I\(item?.id ?? -1)",
                "\(context): row \(row) is not \(indexPath)")
        do {
            try screen.host.userDidDeleteItem(at: indexPath)
        } catch {
            guard case .itemLeftStorage = error else {
                Issue.record("\(context): \(error)")
                return
            }
        }
        let stored = (0..<screen.storage.numberOfSections).flatMap { section in
            (0..<screen.storage.numberOfItems(inSection: section)).compactMap { (screen.storage.item(at: path(section, $0)) as? Row)?.id }
        }
        #expect(!stored.contains(item?.id ?? -1), "\(context): \(String(describing: item)) still stored")
    }

    /// A click on row `row`: the item the row shows is selected (a header or footer selects nothing).
    private func select(_ screen: SectionedTableScreen, row: Int, _ context: String) {
        guard let indexPath = screen.adapter.indexPath(ofRow: row), let item = screen.host.item(at: indexPath) as? Row else { return }
        screen.host.userDidSelectItem(at: indexPath, extending: row % 2 == 0)
        #expect(screen.host.selection.contains(item.id), "\(context)")
    }

    /// The rows the table shows selected (the host's selected index paths, as rows) show exactly
    /// the selected items.
    private func expectSelectionShown(_ screen: SectionedTableScreen, _ context: String) {
        let rows = screen.adapter.rows(of: screen.host.selectedIndexPaths)
        let shown = screen.shown
        let ids = Set(rows.map { shown.indices.contains($0) ? shown[$0].identity : "out of range" })
        #expect(ids == Set(screen.host.selection.map { "I\($0)" }), "\(context): selection \(ids) vs \(screen.host.selection)")
    }
}
