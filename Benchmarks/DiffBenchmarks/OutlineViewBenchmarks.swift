import Foundation
import ModelStorage

/// An outline view that does nothing: the updater's own work is what the rows measure.
@MainActor
final class NullOutlineView: OutlineUpdatingView {
    func beginUpdates() {}
    func endUpdates() {}
    func insertItems(at indexes: IndexSet, inParent parent: Any?) {}
    func removeItems(at indexes: IndexSet, inParent parent: Any?) {}
    func moveItem(at fromIndex: Int, inParent oldParent: Any?, to toIndex: Int, inParent newParent: Any?) {}
    func reloadItem(_ item: Any?, reloadChildren: Bool) {}
    func expandItem(_ item: Any?, expandChildren: Bool) {}
    func collapseItem(_ item: Any?, collapseChildren: Bool) {}
    func reloadData() {}
}

extension BenchmarkPlan {
    /// The outlines of ``registerOutline(levels:)`` through an `OutlineViewUpdater` (the calls an
    /// `NSOutlineView` takes, relative to parents) instead of a `ViewUpdater`, against the same
    /// baselines and the flat updater's rows.
    func registerOutlineView(levels: [Int]) {
        let labels = levels.map { countLabel(Int(pow(10.0, Double($0)))) }
        let columns = ["work"] + labels.map { "\($0) nodes" } + (labels.count > 1 ? ["\(labels[1]) ÷ \(labels[0])"] : [])
            + labels.map { "\($0): ÷ ViewUpdater" }
        var table = ResultTable(
            title: "OutlineStorage, ten children per node, every node expanded: through OutlineViewUpdater and an outline view that does nothing (the change and the flush's calls; multiple of a whole Changeset of the rows concerned, and of the same work through ViewUpdater)",
            columns: columns)
        for (level, label) in zip(levels, labels) { registerOutlineView(levels: level, label) }
        func row(_ suffix: String, against baseline: String) -> [Cell] {
            let names = labels.map { "outline view \($0) \(suffix)" }
            var cells = zip(names, labels).map { Cell.time($0, relativeTo: "outline \($1) \(baseline)") }
            if labels.count > 1 { cells.append(.speedup(slow: names[1], fast: names[0])) }
            return cells + zip(names, labels).map { Cell.speedup(slow: $0, fast: "outline \($1) \(suffix)") }
        }
        table.rows = [
            ("replace(_:) of the row in the middle", row("replace", against: "Changeset")),
            ("expand(_:) of a node with 1,110 visible descendants", row("expand", against: "subtree Changeset")),
            ("collapse(_:) of the same", row("collapse", against: "subtree Changeset")),
            ("setChildren(_:of:) of 10,000 children, 10% changed", row("setChildren", against: "children Changeset")),
        ]
        tables.append(table)
    }

    private func registerOutlineView(levels: Int, _ label: String) {
        let key = "outline-view-\(label)"
        let input = { MainActor.assumeIsolated { ShownOutline(levels: levels, viewOfParents: true) } }
        let iterations = levels >= 6 ? 15 : 31
        add("outline view \(label) replace", inputKey: key, input: input, prepare: { $0 }, iterations: iterations) { shown in
            MainActor.assumeIsolated { shown.replaceMiddle() }
        }
        add("outline view \(label) expand", inputKey: key, input: input,
            prepare: { shown in MainActor.assumeIsolated { shown.setSubject(expanded: false) }; return shown },
            iterations: iterations) { shown in
            MainActor.assumeIsolated { shown.setSubject(expanded: true) }
        }
        add("outline view \(label) collapse", inputKey: key, input: input,
            prepare: { shown in MainActor.assumeIsolated { shown.setSubject(expanded: true) }; return shown },
            iterations: iterations) { shown in
            MainActor.assumeIsolated { shown.setSubject(expanded: false) }
        }
        add("outline view \(label) setChildren", inputKey: key, input: input, prepare: { $0 }, iterations: iterations) { shown in
            MainActor.assumeIsolated { shown.swapBulkChildren() }
        }
    }
}
