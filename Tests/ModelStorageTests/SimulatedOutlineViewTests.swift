import Foundation
import ModelStorage
import ModelStorageTesting
import Testing

/// `SimulatedOutlineView`: one test per `NSOutlineView` rule, each showing that the view records
/// the broken rule as a typed error (and ignores the call) and takes the legal form of the same
/// call.
@MainActor
@Suite struct SimulatedOutlineViewTests {
    /// An object the fake data source hands out.
    final class Box: CustomStringConvertible {
        let name: String
        init(_ name: String) { self.name = name }
        var description: String { name }
    }

    /// A data source whose tree the test changes by hand, without telling the view.
    final class Tree: OutlineViewDataSourcing {
        var boxes: [String: Box] = [:]
        var children: [String: [String]] = [:]
        init(_ children: [String: [String]]) {
            self.children = children
            for name in children.keys.filter({ !$0.isEmpty }) + children.values.flatMap({ $0 }) where boxes[name] == nil {
                boxes[name] = Box(name)
            }
        }
        func box(_ name: String) -> Box {
            if let box = boxes[name] { return box }
            let box = Box(name)
            boxes[name] = box
            return box
        }
        func names(_ item: Any?) -> [String] { children[(item as? Box)?.name ?? ""] ?? [] }
        func numberOfChildren(ofItem item: Any?) -> Int { names(item).count }
        func child(_ index: Int, ofItem item: Any?) -> Any { box(names(item)[index]) }
        func isItemExpandable(_ item: Any) -> Bool { !(children[(item as! Box).name] ?? []).isEmpty }
    }

    /// A handler that records what it is told, throwing `failure` when set.
    final class Recorder: OutlineUserActionHandling {
        var told: [String] = []
        var failure: OutlineActionError?
        var allowsDrop = true
        func record(_ entry: String) throws(OutlineActionError) {
            told.append(entry)
            if let failure { throw failure }
        }
        func userDidExpand(_ object: Any, recursively: Bool) throws(OutlineActionError) {
            try record("expand \(object)\(recursively ? " all" : "")")
        }
        func userDidCollapse(_ object: Any, recursively: Bool) throws(OutlineActionError) {
            try record("collapse \(object)\(recursively ? " all" : "")")
        }
        func userDidDelete(_ object: Any) throws(OutlineActionError) { try record("delete \(object)") }
        func canDrop(_ dragged: Any, onto parent: Any?, childIndex: Int) -> Bool { allowsDrop }
        func userDidDrop(_ dragged: Any, onto parent: Any?, childIndex: Int) throws(OutlineActionError) {
            try record("drop \(dragged) on \(parent.map { "\($0)" } ?? "root") at \(childIndex)")
        }
    }

    /// a(a1(a11), a2), b, c(c1): a view that shows the roots and a expanded.
    let tree = Tree(["": ["a", "b", "c"], "a": ["a1", "a2"], "a1": ["a11"], "c": ["c1"]])

    func makeView() -> SimulatedOutlineView {
        let view = SimulatedOutlineView(dataSource: tree)
        view.reloadData()
        view.expandItem(tree.box("a"), expandChildren: false)
        return view
    }

    /// The rows as `name@level`, `v` for expanded, `>` for collapsed with a disclosure.
    func shown(_ view: SimulatedOutlineView) -> [String] {
        view.rows.map { "\($0.object)@\($0.level)" + ($0.isExpanded ? "v" : $0.isExpandable ? ">" : "") }
    }

    @Test("the view reads roots and the children of what it expands, by object")
    func reads() {
        let view = makeView()
        #expect(shown(view) == ["a@0v", "a1@1>", "a2@1", "b@0", "c@0>"])
        #expect(view.row(forItem: tree.box("a2")) == 2)
        #expect(view.row(forItem: tree.box("a11")) == -1)
        #expect(view.parent(forItem: tree.box("a1")) === tree.box("a"))
        #expect(view.violations.isEmpty)
    }

    @Test("a call under a parent the view does not show expanded is a violation and is ignored")
    func collapsedParent() {
        let view = makeView()
        view.beginUpdates()
        view.insertItems(at: [0], inParent: tree.box("c"))
        view.removeItems(at: [0], inParent: tree.box("a1"))
        view.moveItem(at: 0, inParent: tree.box("a"), to: 0, inParent: tree.box("c"))
        view.endUpdates()
        #expect(view.violations == [.parentNotExpanded(.insert, parent: "c"), .parentNotExpanded(.remove, parent: "a1"),
                                    .parentNotExpanded(.moveDestination, parent: "c")])
        #expect(shown(view) == ["a@0v", "a1@1>", "a2@1", "b@0", "c@0>"])
    }

    @Test("indexes are read as the previous calls left them: in range, or a violation")
    func indexesAtTheMomentOfTheCall() {
        let view = makeView()
        view.beginUpdates()
        tree.children[""] = ["b", "c"]
        view.removeItems(at: [0], inParent: nil)
        view.removeItems(at: [2], inParent: nil)
        tree.children[""] = ["b", "n", "c"]
        view.insertItems(at: [3], inParent: nil)
        view.insertItems(at: [1], inParent: nil)
        view.endUpdates()
        #expect(view.violations == [.indexOutOfRange(.remove, index: 2, count: 2, parent: "root"),
                                    .indexOutOfRange(.insert, index: 3, count: 2, parent: "root")])
        #expect(shown(view) == ["b@0", "n@0", "c@0>"])
    }

    @Test("a move's destination is its index once there; out of range or into its own subtree is a violation")
    func moves() {
        let view = makeView()
        view.beginUpdates()
        tree.children[""] = ["b", "c", "a"]
        view.moveItem(at: 0, inParent: nil, to: 3, inParent: nil)
        view.moveItem(at: 0, inParent: nil, to: 2, inParent: nil)
        view.moveItem(at: 0, inParent: nil, to: 0, inParent: tree.box("a1"))
        view.moveItem(at: 5, inParent: nil, to: 0, inParent: nil)
        view.endUpdates()
        #expect(view.violations == [.indexOutOfRange(.moveDestination, index: 3, count: 2, parent: "root"),
                                    .parentNotExpanded(.moveDestination, parent: "a1"),
                                    .indexOutOfRange(.moveSource, index: 5, count: 3, parent: "root")])
        #expect(shown(view) == ["b@0", "c@0>", "a@0v", "a1@1>", "a2@1"])
        view.expandItem(tree.box("a1"), expandChildren: false)
        view.moveItem(at: 2, inParent: nil, to: 0, inParent: tree.box("a1"))
        #expect(view.violations.last == .moveIntoOwnSubtree("a"))
    }

    @Test("a data source that changed without the calls that say so is caught at endUpdates")
    func lyingDataSource() {
        let view = makeView()
        view.beginUpdates()
        tree.children["a"] = ["a2", "a1", "x"]
        view.moveItem(at: 1, inParent: tree.box("a"), to: 0, inParent: tree.box("a"))
        view.endUpdates()
        #expect(view.violations == [.staleChildren(parent: "a", shown: ["a2", "a1"], dataSource: ["a2", "a1", "x"])])
        // The view then takes the data source's answer.
        #expect(view.verify().isEmpty)
        #expect(shown(view) == ["a@0v", "a2@1", "a1@1>", "x@1", "b@0", "c@0>"])
    }

    @Test("each call is checked against the data source at that moment, unless checksEachCall is off")
    func eachCall() {
        for checksEachCall in [true, false] {
            let view = makeView()
            view.checksEachCall = checksEachCall
            view.beginUpdates()
            // Changed all at once before the calls: after the removal the view shows b, c.
            tree.children[""] = ["b", "n", "c"]
            view.removeItems(at: [0], inParent: nil)
            view.insertItems(at: [1], inParent: nil)
            view.endUpdates()
            let expected: [SimulatedOutlineViewError] = checksEachCall
                ? [.staleChildren(parent: "root", shown: ["b", "c"], dataSource: ["b", "n", "c"]), .duplicateObject("n", parent: "root")]
                : []
            #expect(view.violations == expected)
            #expect(shown(view) == ["b@0", "n@0", "c@0>"])
            tree.children[""] = ["a", "b", "c"]
        }
    }

    @Test("an item that gained or lost its children without a reload is caught; reloadItem reads it again")
    func reloads() {
        let view = makeView()
        tree.children["b"] = ["b1"]
        #expect(view.verify() == [.staleExpandability("b", shown: false, dataSource: true)])
        tree.children["c"] = []
        view.reloadItem(tree.box("c"), reloadChildren: false)
        #expect(view.violations.count == 1)
        #expect(shown(view) == ["a@0v", "a1@1>", "a2@1", "b@0>", "c@0"])
        view.reloadItem(tree.box("c1"), reloadChildren: false)
        #expect(view.violations.last == .itemNotShown(.reload, item: "c1"))
    }

    @Test("reloadItem with its children reads the children again, keeping the expansion of those that stay")
    func reloadChildren() {
        let view = makeView()
        view.expandItem(tree.box("a1"), expandChildren: false)
        tree.children["a"] = ["y", "a1"]
        view.reloadItem(tree.box("a"), reloadChildren: true)
        #expect(view.violations.isEmpty)
        #expect(shown(view) == ["a@0v", "y@1", "a1@1v", "a11@2", "b@0", "c@0>"])
    }

    @Test("an object appears once: a data source giving one twice is a violation")
    func uniqueObjects() {
        let view = makeView()
        tree.children["c"] = ["a2"]
        view.expandItem(tree.box("c"), expandChildren: false)
        #expect(view.violations.first == .duplicateObject("a2", parent: "c"))
    }

    @Test("expanding what is not expandable, already expanded or not shown changes nothing")
    func expansions() {
        let view = makeView()
        view.expandItem(tree.box("b"), expandChildren: false)
        view.expandItem(tree.box("a"), expandChildren: false)
        #expect(view.violations.isEmpty)
        view.expandItem(tree.box("a11"), expandChildren: false)
        view.collapseItem(tree.box("a11"), collapseChildren: false)
        #expect(view.violations == [.itemNotShown(.expand, item: "a11"), .itemNotShown(.collapse, item: "a11")])
        #expect(shown(view) == ["a@0v", "a1@1>", "a2@1", "b@0", "c@0>"])
    }

    @Test("a collapse without its children remembers their expansion; with them, forgets it")
    func memory() {
        let view = makeView()
        view.expandItem(tree.box("a1"), expandChildren: false)
        view.collapseItem(tree.box("a"), collapseChildren: false)
        #expect(shown(view) == ["a@0>", "b@0", "c@0>"])
        view.expandItem(tree.box("a"), expandChildren: false)
        #expect(shown(view) == ["a@0v", "a1@1v", "a11@2", "a2@1", "b@0", "c@0>"])
        view.collapseItem(tree.box("a"), collapseChildren: true)
        view.expandItem(tree.box("a"), expandChildren: false)
        #expect(shown(view) == ["a@0v", "a1@1>", "a2@1", "b@0", "c@0>"])
        view.collapseItem(tree.box("a"), collapseChildren: false)
        view.expandItem(tree.box("a"), expandChildren: true)
        #expect(shown(view) == ["a@0v", "a1@1v", "a11@2", "a2@1", "b@0", "c@0>"])
    }

    @Test("reloadData re-reads the roots and re-expands the objects it showed expanded")
    func reloadData() {
        let view = makeView()
        view.expandItem(tree.box("a1"), expandChildren: false)
        tree.children[""] = ["c", "a"]
        tree.children["c"] = ["a1"]
        tree.children["a"] = ["a2"]
        view.reloadData()
        #expect(view.violations.isEmpty)
        #expect(shown(view) == ["c@0>", "a@0v", "a2@1"])
        view.expandItem(tree.box("c"), expandChildren: false)
        #expect(shown(view) == ["c@0v", "a1@1v", "a11@2", "a@0v", "a2@1"])
    }

    @Test("an object remembered expanded, then shown collapsed elsewhere, is not re-expanded by a reload")
    func reloadForgetsWhatItShowsCollapsed() {
        let view = makeView()
        view.expandItem(tree.box("a1"), expandChildren: false)
        view.collapseItem(tree.box("a"), collapseChildren: false)
        // a1 is remembered expanded below the collapsed a; it comes back as a root, collapsed.
        tree.children[""] = ["a", "b", "c", "a1"]
        tree.children["a"] = ["a2"]
        view.insertItems(at: [3], inParent: nil)
        view.reloadData()
        #expect(view.violations.isEmpty)
        #expect(shown(view) == ["a@0>", "b@0", "c@0>", "a1@0>"])
    }

    @Test("endUpdates without beginUpdates, and a released data source, are violations")
    func misuse() {
        let view = makeView()
        view.endUpdates()
        var source: Tree? = Tree(["": ["z"]])
        view.dataSource = source
        source = nil
        view.reloadData()
        #expect(view.violations == [.unbalancedEndUpdates, .dataSourceReleased])
        #expect(view.rows.isEmpty)
    }

    @Test("a disclosure click changes the view, then tells the handler; Option-click tells of each item")
    func disclosureClicks() throws {
        let view = makeView(), recorder = Recorder()
        view.userActions = recorder
        try view.simulateDisclosureClick(onRow: 1)
        #expect(shown(view) == ["a@0v", "a1@1v", "a11@2", "a2@1", "b@0", "c@0>"])
        try view.simulateDisclosureClick(onRow: 0, withOption: true)
        #expect(shown(view) == ["a@0>", "b@0", "c@0>"])
        try view.simulateDisclosureClick(onRow: 0)
        #expect(shown(view) == ["a@0v", "a1@1>", "a2@1", "b@0", "c@0>"])
        view.collapseItem(tree.box("a"), collapseChildren: true)
        try view.simulateDisclosureClick(onRow: 0, withOption: true)
        view.optionClickReportsTopOnly = true
        try view.simulateDisclosureClick(onRow: 0, withOption: true)
        #expect(recorder.told == ["expand a1", "collapse a", "collapse a1", "expand a", "expand a", "expand a1",
                                  "collapse a all"])
        #expect(view.violations.isEmpty)
    }

    @Test("user actions on rows the view does not show, or refused, report typed errors")
    func userActionErrors() {
        let view = makeView(), recorder = Recorder()
        #expect(throws: SimulatedOutlineViewError.noUserActionHandler) { try view.simulateDelete(row: 0) }
        view.userActions = recorder
        #expect(throws: SimulatedOutlineViewError.noRow(9, rowCount: 5)) { try view.simulateDisclosureClick(onRow: 9) }
        #expect(throws: SimulatedOutlineViewError.noDisclosure(row: 2)) { try view.simulateDisclosureClick(onRow: 2) }
        recorder.allowsDrop = false
        #expect(throws: SimulatedOutlineViewError.dropNotValidated) { try view.simulateDrop(row: 3, onto: 0, childIndex: -1) }
        recorder.failure = .invalidDropTarget
        #expect(throws: SimulatedOutlineViewError.actionFailed(.invalidDropTarget)) {
            try view.simulateDrop(row: 3, onto: 0, childIndex: 7, skippingValidation: true)
        }
        recorder.failure = .itemLeftOutline
        #expect(throws: SimulatedOutlineViewError.actionFailed(.itemLeftOutline)) { try view.simulateDelete(row: 4) }
        #expect(recorder.told == ["drop b on a at 7", "delete c"])
        #expect(shown(view) == ["a@0v", "a1@1>", "a2@1", "b@0", "c@0>"])
    }
}
