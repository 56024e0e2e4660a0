import Foundation
import ModelStorage
import ModelStorageTesting
import ModelStorageViews
import SeededRandom
import Testing

/// An item of an outline on a screen.
private struct Node: Identifiable, Equatable, Sendable {
    let id: Int
    var children: [Node]? = nil
}

/// A `StorageList`'s coordinator over an outline, with UIKit's rules: a host over a
/// `SimulatedView`, the user's disclosure taps reported to the host, failures recorded.
@MainActor
private final class OutlineScreen {
    let scheduler = ManualScheduler()
    let view = SimulatedView(animationDuration: .milliseconds(300), visibleItemCount: 12)
    let outline: OutlineStorage<Node>
    let host: ListHost<OutlineStorage<Node>, String, Int>
    var failures: [String] = []

    init(_ outline: OutlineStorage<Node>) {
        self.outline = outline
        let view = view
        host = ListHost(storage: outline, view: view, rowContent: "rows", identify: { ($0 as? Node)?.id },
                        visibleItems: { view.indexPathsForVisibleItems }, schedule: scheduler.schedule)
        view.dataSource = host
        host.didFailAction = { [unowned self] in failures.append("\($0)") }
        view.layoutIfNeeded()
    }

    /// The ids of the rows the host shows (what the view shows), in order.
    var shownIDs: [Int] { (0..<host.numberOfItems(inSection: 0)).map { (host.item(at: path(0, $0)) as! Node).id } }

    /// Runs turns and animations until the view shows the storage.
    func settle() {
        for _ in 0..<100 where !host.updater.isIdle || view.batchesInFlight > 0 {
            scheduler.runUntilIdle()
            view.finishAnimations()
        }
        view.layoutIfNeeded()
    }
}

/// An outline's tree as the tests expect it, sharing no code with `OutlineStorage`: children by
/// parent, the expanded ids.
private struct ModelTree {
    var children: [Int?: [Int]] = [nil: []]
    var parent: [Int: Int?] = [:]
    var expanded: Set<Int> = []

    func contains(_ id: Int) -> Bool { parent[id] != nil }

    mutating func append(_ id: Int, to parentID: Int?) {
        children[parentID, default: []].append(id)
        parent[id] = .some(parentID)
    }

    /// Removes `id` and its subtree, forgetting their expansion.
    mutating func remove(_ id: Int) {
        for child in children[id] ?? [] { remove(child) }
        let parentID = parent[id]!
        children[parentID]?.removeAll { $0 == id }
        children[id] = nil
        parent[id] = nil
        expanded.remove(id)
    }

    func level(of id: Int) -> Int {
        var level = 0, current = parent[id]!
        while let next = current { level += 1; current = parent[next]! }
        return level
    }

    var visibleRows: [Int] {
        var rows: [Int] = []
        func walk(_ parentID: Int?) {
            for id in children[parentID] ?? [] {
                rows.append(id)
                if expanded.contains(id) { walk(id) }
            }
        }
        walk(nil)
        return rows
    }

    func state(of id: Int) -> OutlineRowState {
        OutlineRowState(level: level(of: id), isExpanded: expanded.contains(id), hasChildren: !(children[id] ?? []).isEmpty)
    }
}

/// A list host's outline rows: the row states of the items it shows, and the user's taps on their
/// disclosure controls, applied by identity.
@MainActor
@Suite struct ListHostOutlineTests {
    @Test("a disclosure tap toggles the item its cell showed, whatever rows were inserted above it meanwhile")
    func tapByIdentity() throws {
        let outline = try OutlineStorage(roots: [Node(id: 1, children: [Node(id: 11), Node(id: 12, children: [Node(id: 121)])]),
                                                 Node(id: 2, children: [Node(id: 21)])], children: \.children)
        let screen = OutlineScreen(outline)
        #expect(screen.shownIDs == [1, 2])
        let second = try #require(screen.host.item(at: path(0, 1)))           // the cell of 2 was configured
        #expect(screen.host.outlineRowState(at: path(0, 1)) == OutlineRowState(level: 0, isExpanded: false, hasChildren: true))
        try outline.expand([1])                                               // pending: 11 and 12 above 2
        #expect(screen.host.outlineRowState(at: path(0, 0)) == OutlineRowState(level: 0, isExpanded: true, hasChildren: true))
        #expect(screen.host.userDidTapDisclosure(ofItem: second))
        #expect(outline.isExpanded(2) && !outline.isExpanded(12))
        screen.settle()
        #expect(screen.shownIDs == [1, 11, 12, 2, 21])
        #expect(screen.host.outlineRowState(at: path(0, 2)) == OutlineRowState(level: 1, isExpanded: false, hasChildren: true))
        #expect(screen.host.userDidTapDisclosure(ofItem: second))             // collapses it again
        screen.settle()
        #expect(screen.shownIDs == [1, 11, 12, 2])
        #expect(screen.view.violations.isEmpty && screen.failures.isEmpty)
    }

    @Test("a disclosure tap the view reports at a displayed row toggles that row's item, whatever is pending; a removed one is reported")
    func tapAtDisplayedRow() throws {
        let outline = try OutlineStorage(roots: [Node(id: 1, children: [Node(id: 11)]), Node(id: 2, children: [Node(id: 21)])],
                                         children: \.children)
        let screen = OutlineScreen(outline)
        try outline.insert([Node(id: 0, children: [Node(id: 1_000)])], before: 1)   // pending: a root above
        try screen.view.simulateDisclosureTap(at: path(0, 1))                        // the view shows 2 there
        #expect(outline.isExpanded(2) && !outline.isExpanded(1) && !outline.isExpanded(0))
        screen.settle()
        #expect(screen.shownIDs == [0, 1, 2, 21])
        try outline.remove([2])
        #expect(!screen.host.userDidTapDisclosure(at: path(0, 2)))                  // 2 is shown, no longer in the tree
        #expect(screen.failures == ["\(UserActionError.itemLeftStorage(path(0, 2)))"])
        #expect(!screen.host.userDidTapDisclosure(at: path(0, 9)))
        #expect(screen.failures.last == "\(UserActionError.noItemDisplayed(path(0, 9)))")
        screen.settle()
        #expect(screen.shownIDs == [0, 1] && outline.expandedIDs.isEmpty && screen.view.violations.isEmpty)
    }

    @Test("a tap on an item that left the tree is reported and changes nothing; a storage that is not an outline has no row states")
    func tapsThatFail() throws {
        let outline = try OutlineStorage(roots: [Node(id: 1, children: [Node(id: 11)]), Node(id: 2)], children: \.children)
        let screen = OutlineScreen(outline)
        let first = try #require(screen.host.item(at: path(0, 0)))
        try outline.remove([1])                                               // its row is still shown
        #expect(screen.host.outlineRowState(at: path(0, 0)) == nil)
        #expect(!screen.host.userDidTapDisclosure(ofItem: first))
        #expect(screen.failures == ["\(OutlineError.itemNotFound("1"))"])
        #expect(outline.expandedIDs.isEmpty && outline.visibleItems.map(\.id) == [2])
        screen.settle()
        #expect(screen.shownIDs == [2] && screen.view.violations.isEmpty)

        let rows = SingleSectionHashableStorage<Row>(items: [Row(id: 1)])
        let host = ListHost(storage: rows, view: SimulatedView(), rowContent: "", identify: { ($0 as? Row)?.id }, visibleItems: { [] })
        var errors: [String] = []
        host.didFailAction = { errors.append("\($0)") }
        #expect(host.outlineRowState(at: path(0, 0)) == nil)
        #expect(!host.userDidTapDisclosure(ofItem: Row(id: 1)))
        #expect(errors == ["\(UserActionError.notEditable)"])
    }

    @Test("random edits, expansions and taps at random moments: each tap toggles the item tapped; the rows end as the tree's, each with its state")
    func randomTaps() throws {
        var random = SplitMix64(seed: 0x7A95_0D15)
        var taps = (applied: 0, left: 0)
        for _ in 0..<60 {
            try run(steps: 80, random: &random, taps: &taps)
        }
        #expect(taps.applied > 500 && taps.left > 10)   // both kinds of tap are exercised
    }

    /// One screen through `steps` random steps, counting the taps applied and those on items that
    /// had left the tree.
    private func run(steps: Int, random: inout SplitMix64, taps: inout (applied: Int, left: Int)) throws {
        let outline = OutlineStorage<Node>()
        var model = ModelTree(), next = 1
        func add(random: inout SplitMix64) throws {
            let ids = model.parent.keys.sorted()
            let parentID = ids.isEmpty || Bool.random(using: &random) ? nil : ids.randomElement(using: &random)
            try outline.append([Node(id: next)], to: parentID)
            model.append(next, to: parentID)
            next += 1
        }
        for _ in 0..<Int.random(in: 1..<12, using: &random) { try add(random: &random) }
        let screen = OutlineScreen(outline)
        var left = 0
        for _ in 0..<steps {
            let ids = model.parent.keys.sorted()
            switch Int.random(in: 0..<12, using: &random) {
            case 0..<2: try add(random: &random)
            case 2 where ids.count > 1:
                let id = ids.randomElement(using: &random)!
                try outline.remove([id])
                model.remove(id)
            case 3 where !ids.isEmpty:
                let id = ids.randomElement(using: &random)!
                if Bool.random(using: &random) { try outline.expand([id]); model.expanded.insert(id) } else {
                    try outline.collapse([id]); model.expanded.remove(id)
                }
            case 4..<8 where screen.host.numberOfItems(inSection: 0) > 0:
                let shown = screen.host.numberOfItems(inSection: 0)
                let item = try #require(screen.host.item(at: path(0, Int.random(in: 0..<shown, using: &random))))
                let id = (item as! Node).id
                // By the item its cell showed, or at the row the view shows it: toggled while it
                // is in the tree, whatever its row went through meanwhile.
                let applies = model.contains(id)
                if Bool.random(using: &random) {
                    #expect(screen.host.userDidTapDisclosure(ofItem: item) == applies)
                } else {
                    let row = (0..<shown).first { (screen.host.item(at: path(0, $0)) as! Node).id == id }!
                    #expect(screen.host.userDidTapDisclosure(at: path(0, row)) == applies)
                }
                if applies {
                    taps.applied += 1
                    if model.expanded.contains(id) { model.expanded.remove(id) } else { model.expanded.insert(id) }
                } else {
                    taps.left += 1
                    left += 1
                }
            case 8: screen.scheduler.runNextTurn()
            case 9: screen.view.advance(by: .milliseconds(Int.random(in: 0..<400, using: &random)))
            default: screen.view.layoutIfNeeded()
            }
        }
        screen.settle()
        #expect(screen.shownIDs == model.visibleRows)
        for (row, id) in model.visibleRows.enumerated() {
            #expect(screen.host.outlineRowState(at: path(0, row)) == model.state(of: id))
        }
        #expect(outline.expandedIDs == model.expanded)
        #expect(screen.view.violations.isEmpty)
        #expect(screen.failures.count == left)
        #expect(screen.failures.allSatisfy { $0.contains("no item with id") || $0.contains("no longer in the storage") })
    }
}
