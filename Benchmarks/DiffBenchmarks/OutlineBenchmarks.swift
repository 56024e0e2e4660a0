import FingerprintDiff
import Foundation
import ModelStorage
import SeededRandom

/// A node of the benchmark's outlines.
struct OutlineNode: Identifiable, Equatable, Sendable {
    let id: Int
    var status: Int
}

/// An `OutlineStorage` of ten children per node over `levels` levels, every node expanded, plus
/// one more root (`bulk`) with 10,000 children, shown through a `ViewUpdater` and a view that
/// does nothing (or, `viewOfParents`, through an `OutlineViewUpdater` and an outline view that
/// does nothing); kept from one iteration to the next, as `UpdatedScaleStorage`.
@MainActor
final class ShownOutline {
    let outline = OutlineStorage<OutlineNode>()
    let view = BenchmarkView()
    let updater: ViewUpdater<OutlineStorage<OutlineNode>>?
    let treeUpdater: OutlineViewUpdater<OutlineNode>?
    /// The visible rows when made, and the same with the middle one changed: the baseline.
    nonisolated let rows: [OutlineNode], oneChanged: [OutlineNode]
    /// A node with 1,110 descendants (three levels below it), and its subtree's rows.
    nonisolated let subject: Int
    nonisolated let subjectRows: [OutlineNode], subjectAlone: [OutlineNode]
    /// The id of the root with 10,000 children, and two versions of them (10% apart).
    nonisolated let bulk: Int
    nonisolated let bulkChildren: (first: [OutlineNode], second: [OutlineNode])
    /// Ids of random nodes, for the look-ups.
    nonisolated let probes: [Int]
    /// Which version of the bulk children is set.
    var bulkIsFirst = true

    init(levels: Int, viewOfParents: Bool = false) {
        var nextID = 0
        func make(_ count: Int) -> [OutlineNode] {
            defer { nextID += count }
            return (nextID..<(nextID + count)).map { OutlineNode(id: $0, status: 0) }
        }
        var level = make(10)
        try! outline.append(level, to: nil)
        var all = level
        var subject = 0
        for depth in 1..<levels {
            if depth == levels - 3 { subject = level[1].id }   // three levels below it: 1,110 descendants
            var next: [OutlineNode] = []
            for parent in level {
                let children = make(10)
                try! outline.append(children, to: parent.id)
                next += children
            }
            all += next
            level = next
        }
        bulk = nextID
        try! outline.append([OutlineNode(id: bulk, status: 0)], to: nil)
        nextID += 1
        let first = make(10_000)
        var generator = SplitMix64(seed: UInt64(levels))
        var second = first
        for k in stride(from: 0, to: 10_000, by: 10) {
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: second[k] = OutlineNode(id: second[k].id, status: 1)
            case 1: second[k] = OutlineNode(id: nextID, status: 0); nextID += 1
            default: second[k] = OutlineNode(id: -1, status: 0)
            }
        }
        bulkChildren = (first, second.filter { $0.id >= 0 })
        try! outline.append(first, to: bulk)
        outline.expandedIDs = Set(all.map(\.id) + [bulk])
        rows = outline.visibleItems
        var changed = rows
        changed[rows.count / 2].status += 1
        oneChanged = changed
        self.subject = subject
        let subjectRows = outline.visibleItems.drop { $0.id != subject }.prefix(1_111)
        self.subjectRows = Array(subjectRows)
        subjectAlone = [self.subjectRows[0]]
        probes = (0..<1_000).map { _ in all[Int.random(in: 0..<all.count, using: &generator)].id }
        if viewOfParents {
            updater = nil
            treeUpdater = OutlineViewUpdater(storage: outline, view: NullOutlineView()) { _ in }
            treeUpdater!.flush()
        } else {
            updater = ViewUpdater(storage: outline, view: view) { _ in }
            treeUpdater = nil
        }
    }

    /// `change` made, then shown: the flush sends a batch, whose animation ends, and so does
    /// that of the reconfigures that follow it (a second stage, when rows were also updated).
    func show(_ change: () throws(OutlineError) -> Void) {
        if let treeUpdater {
            try! change()
            treeUpdater.flush()
            precondition(!treeUpdater.lastUpdate.isEmpty, "calls")
            return
        }
        let before = view.batches
        try! change()
        updater!.flush()
        precondition(view.batches > before, "a batch")
        while !view.completions.isEmpty {
            let ending = view.completions
            view.completions = []
            for batch in ending { batch.completion?(true) }
        }
    }

    /// The node in the middle of the rows replaced by itself with another status.
    func replaceMiddle() {
        let item = outline.item(at: IndexPath(indexes: [0, outline.numberOfItems(inSection: 0) / 2])) as! OutlineNode
        show { () throws(OutlineError) in try outline.replace(OutlineNode(id: item.id, status: item.status + 1)) }
    }

    /// The subject expanded (when `expanded`) or collapsed, shown; nothing when it already is.
    func setSubject(expanded: Bool) {
        guard outline.isExpanded(subject) != expanded else { return }
        show { () throws(OutlineError) in
            if expanded { try outline.expand([subject]) } else { try outline.collapse([subject]) }
        }
    }

    /// The bulk root's children set to the other version, shown.
    func swapBulkChildren() {
        bulkIsFirst.toggle()
        show { () throws(OutlineError) in try outline.setChildren(bulkIsFirst ? bulkChildren.first : bulkChildren.second, of: bulk) }
    }
}

/// The floor of an expansion: a `MemoryStorage` section as long as an outline's rows, through a
/// `ViewUpdater` and a view that does nothing, into which 1,110 rows are inserted in one step
/// (and from which they are removed): what any storage pays to report and show that many rows.
@MainActor
final class FlatRowsFloor {
    let storage = MemoryStorage()
    let view = BenchmarkView()
    let updater: ViewUpdater<MemoryStorage>
    nonisolated let block: [OutlineNode]
    let middle: Int
    /// Whether the block is in the section.
    var isInserted = false

    init(rows: Int) {
        try! storage.setItems((0..<rows).map { OutlineNode(id: $0, status: 0) })
        block = (0..<1_110).map { OutlineNode(id: rows + $0, status: 0) }
        middle = rows / 2
        updater = ViewUpdater(storage: storage, view: view) { _ in }
    }

    /// The block inserted (when `inserted`) or removed, shown; nothing when it already is.
    func setBlock(inserted: Bool) {
        guard isInserted != inserted else { return }
        isInserted = inserted
        if inserted {
            try! storage.insertItems(block, at: IndexPath(indexes: [0, middle]))
        } else {
            try! storage.removeItems(at: (middle..<(middle + block.count)).map { IndexPath(indexes: [0, $0]) })
        }
        updater.flush()
        while !view.completions.isEmpty {
            let ending = view.completions
            view.completions = []
            for batch in ending { batch.completion?(true) }
        }
    }
}

extension BenchmarkPlan {
    /// `OutlineStorage` on trees of about 100,000 and 1,000,000 nodes (ten children per node,
    /// five and six levels), every node expanded, through a `ViewUpdater`, against a whole
    /// `Changeset` of the rows concerned, with the outline targets.
    func registerOutline(levels: [Int]) {
        let labels = levels.map { countLabel(Int(pow(10.0, Double($0)))) }
        let columns = ["work"] + labels.map { "\($0) nodes" } + (labels.count > 1 ? ["\(labels[1]) ÷ \(labels[0])"] : [])
            + ["target", "met"]
        var table = ResultTable(
            title: "OutlineStorage, ten children per node, every node expanded: through ViewUpdater and a view that does nothing (the change, the flush, the batch and its completion; multiple of a whole Changeset of the rows concerned)",
            columns: columns)
        for (level, label) in zip(levels, labels) { registerOutline(levels: level, label) }

        func row(_ suffix: String, against baseline: String, perCall: Int = 1, target: String, limit: Double) -> [Cell] {
            let names = labels.map { "outline \($0) \(suffix)" }
            let bases = labels.map { "outline \($0) \(baseline)" }
            var cells = zip(names, bases).map { Cell.time($0, relativeTo: $1, perCall: perCall) }
            if labels.count > 1 { cells.append(.speedup(slow: names[1], fast: names[0])) }
            let checks = zip(names, bases).map { Limit(benchmark: $0, relativeTo: $1, perCall: perCall, atMost: limit) }
            return cells + [.note(target), .verdict(checks)]
        }
        table.rows = [
            ("one whole Changeset of the visible rows, one changed (baseline)", labels.map { Cell.time("outline \($0) Changeset") }),
            ("replace(_:) of the row in the middle", row("replace", against: "Changeset", target: "≤ 0.1×", limit: 0.1)),
            ("indexPath(forItemWithID:) of a random node", row("indexPath", against: "Changeset", perCall: 1_000, target: "≤ 0.1×", limit: 0.1)),
            ("Changeset of the node alone to the node and its 1,110 descendants (baseline)", labels.map { Cell.time("outline \($0) subtree Changeset") }),
            ("expand(_:) of a node with 1,110 visible descendants", row("expand", against: "subtree Changeset", target: "≤ 1.5×", limit: 1.5)),
            ("collapse(_:) of the same", row("collapse", against: "subtree Changeset", target: "≤ 1.5×", limit: 1.5)),
            ("floor: 1,110 rows inserted in one step into a MemoryStorage as long as the rows, through ViewUpdater",
             labels.map { Cell.time("outline \($0) floor insert", relativeTo: "outline \($0) subtree Changeset") }),
            ("floor: the same 1,110 rows removed in one step",
             labels.map { Cell.time("outline \($0) floor remove", relativeTo: "outline \($0) subtree Changeset") }),
            ("Changeset of 10,000 children, 10% changed (baseline)", labels.map { Cell.time("outline \($0) children Changeset") }),
            ("setChildren(_:of:) of the same", row("setChildren", against: "children Changeset", target: "≤ 1.5×", limit: 1.5)),
        ]
        tables.append(table)
    }

    private func registerOutline(levels: Int, _ label: String) {
        let key = "outline-\(label)"
        let input = { MainActor.assumeIsolated { ShownOutline(levels: levels) } }
        let iterations = levels >= 6 ? 25 : 51
        add("outline \(label) Changeset", inputKey: key, input: input) { shown in
            blackHole(Changeset(from: shown.rows, to: shown.oneChanged))
        }
        add("outline \(label) subtree Changeset", inputKey: key, input: input) { shown in
            blackHole(Changeset(from: shown.subjectAlone, to: shown.subjectRows))
        }
        add("outline \(label) children Changeset", inputKey: key, input: input) { shown in
            blackHole(Changeset(from: shown.bulkChildren.first, to: shown.bulkChildren.second))
        }
        add("outline \(label) replace", inputKey: key, input: input, prepare: { $0 }, iterations: iterations) { shown in
            MainActor.assumeIsolated { shown.replaceMiddle() }
        }
        add("outline \(label) indexPath", inputKey: key, input: input, prepare: { $0 }, iterations: 25) { shown in
            MainActor.assumeIsolated {
                var found = 0
                for probe in shown.probes where shown.outline.indexPath(forItemWithID: probe) != nil { found += 1 }
                precondition(found == shown.probes.count, "every probe found")
            }
        }
        add("outline \(label) expand", inputKey: key, input: input,
            prepare: { shown in MainActor.assumeIsolated { shown.setSubject(expanded: false) }; return shown },
            iterations: iterations) { shown in
            MainActor.assumeIsolated { shown.setSubject(expanded: true) }
        }
        add("outline \(label) collapse", inputKey: key, input: input,
            prepare: { shown in MainActor.assumeIsolated { shown.setSubject(expanded: true) }; return shown },
            iterations: iterations) { shown in
            MainActor.assumeIsolated { shown.setSubject(expanded: false) }
        }
        add("outline \(label) setChildren", inputKey: key, input: input, prepare: { $0 }, iterations: iterations) { shown in
            MainActor.assumeIsolated { shown.swapBulkChildren() }
        }
        let rows = (1...levels).reduce(0) { total, level in total + Int(pow(10.0, Double(level))) } + 10_001
        let floor = { MainActor.assumeIsolated { FlatRowsFloor(rows: rows) } }
        add("outline \(label) floor insert", inputKey: "outline-floor-\(label)", input: floor,
            prepare: { rows in MainActor.assumeIsolated { rows.setBlock(inserted: false) }; return rows },
            iterations: iterations) { rows in
            MainActor.assumeIsolated { rows.setBlock(inserted: true) }
        }
        add("outline \(label) floor remove", inputKey: "outline-floor-\(label)", input: floor,
            prepare: { rows in MainActor.assumeIsolated { rows.setBlock(inserted: true) }; return rows },
            iterations: iterations) { rows in
            MainActor.assumeIsolated { rows.setBlock(inserted: false) }
        }
    }
}
