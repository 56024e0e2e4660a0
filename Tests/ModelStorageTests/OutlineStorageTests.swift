import FingerprintDiff
import Foundation
import ModelStorage
import Testing

/// `OutlineStorage`'s calls on a small tree, each refused call with the exact error it throws:
///
/// ```
/// 1          (children 11, 12)
///   11       (child 111)
///     111
///   12
/// 2          (child 21)
///   21
/// 3
/// ```
///
/// Rows are written `id@level`, followed by `>` (collapsed) or `v` (expanded) for an item with
/// children.
@Suite struct OutlineStorageTests {
    /// Every update the outline delivers, to a closure observer.
    final class Received {
        var updates: [StorageUpdate] = []
    }

    static let tree = [
        TreeItem(id: 1, children: [TreeItem(id: 11, children: [TreeItem(id: 111)]), TreeItem(id: 12)]),
        TreeItem(id: 2, children: [TreeItem(id: 21)]),
        TreeItem(id: 3),
    ]

    func makeOutline(expanded: [Int] = []) throws -> (OutlineStorage<TreeItem>, Received) {
        let outline = try OutlineStorage(roots: Self.tree, children: \.children)
        try outline.expand(expanded)
        let received = Received()
        outline.addObserver { received.updates.append($0) }
        return (outline, received)
    }

    /// The rows, as `id@level` with the disclosure.
    func rows(_ outline: OutlineStorage<TreeItem>) -> String {
        shownRows(outline).map(\.description).joined(separator: " ")
    }

    /// Runs `body` and checks what it delivered (see `expectDelivered`); returns the update.
    @discardableResult
    func expectChange(_ outline: OutlineStorage<TreeItem>, _ received: Received,
                      sourceLocation: SourceLocation = #_sourceLocation,
                      _ body: () throws -> Void) rethrows -> StorageUpdate? {
        let before = shownRows(outline)
        received.updates = []
        try body()
        expectDelivered(received.updates, from: before, to: shownRows(outline), "", sourceLocation: sourceLocation)
        return received.updates.first
    }

    /// Runs `body`, which must throw `expected` and leave every read as it was, reporting nothing.
    func expectRefused(_ outline: OutlineStorage<TreeItem>, _ received: Received, _ expected: OutlineError,
                       sourceLocation: SourceLocation = #_sourceLocation,
                       _ body: () throws(OutlineError) -> Void) {
        let before = OutlineModel(reading: outline)
        #expect(before.rows == shownRows(outline), sourceLocation: sourceLocation)
        received.updates = []
        do {
            try body()
            Issue.record("expected \(expected), nothing was thrown", sourceLocation: sourceLocation)
        } catch {
            #expect(error == expected, sourceLocation: sourceLocation)
        }
        expectOutline(outline, matches: before, probes: [99], "refused with \(expected)", sourceLocation: sourceLocation)
        #expect(received.updates.isEmpty, "a refused call reported \(received.updates)", sourceLocation: sourceLocation)
    }

    // MARK: Building

    @Test("an empty outline: one section, no rows, no items")
    func empty() {
        let outline = OutlineStorage<TreeItem>()
        #expect(outline.numberOfSections == 1 && outline.numberOfItems(inSection: 0) == 0)
        #expect(outline.visibleItems.isEmpty && outline.count == 0 && outline.children(of: nil) == [])
        #expect(outline.item(withID: 1) == nil && outline.children(of: 1) == nil && outline.parent(of: 1) == nil)
        #expect(outline.level(of: 1) == nil && outline.rowState(forItemWithID: 1) == nil)
        #expect(outline.indexPath(forItemWithID: 1) == nil && outline.rowState(at: path(0, 0)) == nil)
        expectOutline(outline, matches: OutlineModel(), probes: [1], "empty")
    }

    @Test("init(roots:children:): every item collapsed, the roots shown, the tree as the key path gives it")
    func building() throws {
        let (outline, _) = try makeOutline()
        #expect(rows(outline) == "1@0> 2@0> 3@0")
        #expect(outline.count == 7 && outline.expandedIDs.isEmpty)
        #expect(outline.children(of: 1)?.map(\.id) == [11, 12] && outline.children(of: 111) == [])
        #expect(outline.parent(of: 111)?.id == 11 && outline.parent(of: 1) == nil && outline.level(of: 111) == 2)
        #expect(outline.rowState(forItemWithID: 11) == OutlineRowState(level: 1, isExpanded: false, hasChildren: true))
        #expect(outline.indexPath(forItemWithID: 3) == path(0, 2) && outline.indexPath(forItemWithID: 11) == nil)
        expectOutline(outline, matches: OutlineModel(roots: Self.tree), probes: [99], "built")
        // An empty array of children is a leaf, as nil is.
        let leaves = try OutlineStorage(roots: [TreeItem(id: 1, children: []), TreeItem(id: 2)], children: \.children)
        #expect(leaves.rowState(forItemWithID: 1)?.hasChildren == false && leaves.count == 2)
    }

    @Test("init(roots:children:) refuses an id given twice: among the roots, below another item, below itself")
    func buildingWithDuplicates() {
        let cases: [[TreeItem]] = [
            [TreeItem(id: 5), TreeItem(id: 5, version: 1)],
            [TreeItem(id: 1, children: [TreeItem(id: 5)]), TreeItem(id: 5)],
            [TreeItem(id: 1, children: [TreeItem(id: 2, children: [TreeItem(id: 3)]), TreeItem(id: 4, children: [TreeItem(id: 5)])]),
             TreeItem(id: 6, children: [TreeItem(id: 7, children: [TreeItem(id: 5)])])],
            [TreeItem(id: 5, children: [TreeItem(id: 6, children: [TreeItem(id: 5)])])],
        ]
        for roots in cases {
            #expect(throws: OutlineError.duplicateID("5")) { try OutlineStorage(roots: roots, children: \.children) }
        }
    }

    // MARK: Adding

    @Test("append(_:to:): under an expanded item the rows are inserted; under a collapsed one only its state changes")
    func appending() throws {
        let (outline, received) = try makeOutline(expanded: [1])
        let inserted = try expectChange(outline, received) { try outline.append([TreeItem(id: 13), TreeItem(id: 14)], to: 1) }
        #expect(rows(outline) == "1@0v 11@1> 12@1 13@1 14@1 2@0> 3@0")
        #expect(inserted?.insertedIndexPaths == [path(0, 3), path(0, 4)])
        // Below a collapsed item with children: nothing shown changes, nothing is reported.
        try expectChange(outline, received) { try outline.append([TreeItem(id: 22)], to: 2) }
        #expect(received.updates.isEmpty && outline.children(of: 2)?.map(\.id) == [21, 22])
        // Below a leaf: its row gains a disclosure, so it is reloaded.
        let reloaded = try expectChange(outline, received) { try outline.append([TreeItem(id: 31)], to: 3) }
        #expect(rows(outline) == "1@0v 11@1> 12@1 13@1 14@1 2@0> 3@0>" && reloaded?.insertedIndexPaths == [])
        try expectChange(outline, received) { try outline.append([TreeItem(id: 4)], to: nil) }
        #expect(rows(outline) == "1@0v 11@1> 12@1 13@1 14@1 2@0> 3@0> 4@0")
        try expectChange(outline, received) { try outline.append([], to: 1) }
        #expect(received.updates.isEmpty)
        // Children the added items carry are not added: an added item is a leaf.
        try outline.append([TreeItem(id: 5, children: [TreeItem(id: 51)])], to: nil)
        #expect(outline.children(of: 5) == [] && outline.item(withID: 51) == nil)
    }

    @Test("append(_:to:) refused: a parent not in the tree, an id in the tree, an id listed twice")
    func appendingRefused() throws {
        let (outline, received) = try makeOutline(expanded: [1])
        expectRefused(outline, received, .itemNotFound("99")) { () throws(OutlineError) in try outline.append([TreeItem(id: 5)], to: 99) }
        expectRefused(outline, received, .duplicateID("12")) { () throws(OutlineError) in try outline.append([TreeItem(id: 5), TreeItem(id: 12)], to: 1) }
        expectRefused(outline, received, .duplicateID("5")) { () throws(OutlineError) in try outline.append([TreeItem(id: 5), TreeItem(id: 5)], to: nil) }
        // The parent is checked first.
        expectRefused(outline, received, .itemNotFound("99")) { () throws(OutlineError) in try outline.append([TreeItem(id: 12)], to: 99) }
    }

    @Test("insert(_:before:) and insert(_:after:): among the sibling's siblings, after its subtree's rows")
    func inserting() throws {
        let (outline, received) = try makeOutline(expanded: [1, 11])
        try expectChange(outline, received) { try outline.insert([TreeItem(id: 5)], before: 1) }
        #expect(rows(outline) == "5@0 1@0v 11@1v 111@2 12@1 2@0> 3@0")
        try expectChange(outline, received) { try outline.insert([TreeItem(id: 13), TreeItem(id: 14)], after: 11) }
        #expect(rows(outline) == "5@0 1@0v 11@1v 111@2 13@1 14@1 12@1 2@0> 3@0")
        try expectChange(outline, received) { try outline.insert([TreeItem(id: 110)], before: 111) }
        try expectChange(outline, received) { try outline.insert([TreeItem(id: 6)], after: 3) }
        #expect(rows(outline) == "5@0 1@0v 11@1v 110@2 111@2 13@1 14@1 12@1 2@0> 3@0 6@0")
        // Under a collapsed item: no row.
        try expectChange(outline, received) { try outline.insert([TreeItem(id: 20)], before: 21) }
        #expect(received.updates.isEmpty && outline.children(of: 2)?.map(\.id) == [20, 21])
    }

    @Test("insert(_:before:) and insert(_:after:) refused: a sibling not in the tree, a duplicate id")
    func insertingRefused() throws {
        let (outline, received) = try makeOutline(expanded: [1])
        expectRefused(outline, received, .itemNotFound("99")) { () throws(OutlineError) in try outline.insert([TreeItem(id: 5)], before: 99) }
        expectRefused(outline, received, .itemNotFound("99")) { () throws(OutlineError) in try outline.insert([TreeItem(id: 5)], after: 99) }
        expectRefused(outline, received, .duplicateID("2")) { () throws(OutlineError) in try outline.insert([TreeItem(id: 2)], after: 11) }
        expectRefused(outline, received, .duplicateID("6")) { () throws(OutlineError) in try outline.insert([TreeItem(id: 6), TreeItem(id: 6)], before: 11) }
    }

    // MARK: Changing

    @Test("replace(_:): a shown row is reloaded, a hidden one is not, an equal item is no change; expansion kept")
    func replacing() throws {
        let (outline, received) = try makeOutline(expanded: [1, 11])
        let update = try expectChange(outline, received) { try outline.replace(TreeItem(id: 11, version: 1)) }
        #expect(rows(outline) == "1@0v 11v1@1v 111@2 12@1 2@0> 3@0" && update?.updatedIndexPaths == [path(0, 1)])
        #expect(outline.isExpanded(11) && outline.children(of: 11)?.map(\.id) == [111])
        try expectChange(outline, received) { try outline.replace(TreeItem(id: 21, version: 1)) }
        #expect(received.updates.isEmpty && outline.item(withID: 21)?.version == 1)
        try expectChange(outline, received) { try outline.replace(TreeItem(id: 11, version: 1)) }
        #expect(received.updates.isEmpty)
        expectRefused(outline, received, .itemNotFound("99")) { () throws(OutlineError) in try outline.replace(TreeItem(id: 99)) }
    }

    @Test("remove(_:): subtrees go with their rows and their expansion; a parent left without children is reloaded")
    func removing() throws {
        let (outline, received) = try makeOutline(expanded: [1, 11, 2])
        try expectChange(outline, received) { try outline.remove([11]) }
        #expect(rows(outline) == "1@0v 12@1 2@0v 21@1 3@0" && outline.count == 5)
        #expect(!outline.isExpanded(11) && outline.item(withID: 111) == nil && outline.expandedIDs == [1, 2])
        // Added again, the item is collapsed: its expansion was forgotten.
        try outline.append([TreeItem(id: 11)], to: 1)
        #expect(!outline.isExpanded(11))
        // Listed twice, and below another listed item: removed once.
        try expectChange(outline, received) { try outline.remove([21, 2, 21]) }
        #expect(rows(outline) == "1@0v 12@1 11@1 3@0" && !outline.isExpanded(2))
        // The last children of an expanded item: its row loses its disclosure.
        let update = try expectChange(outline, received) { try outline.remove([12, 11]) }
        #expect(rows(outline) == "1@0 3@0" && update?.deletedIndexPaths == [path(0, 1), path(0, 2)])
        #expect(outline.isExpanded(1), "the item's own expansion stays")
        try expectChange(outline, received) { try outline.remove([]) }
        #expect(received.updates.isEmpty)
    }

    @Test("remove(_:) refused when an id is not in the tree: nothing is removed")
    func removingRefused() throws {
        let (outline, received) = try makeOutline(expanded: [1, 11])
        expectRefused(outline, received, .itemNotFound("99")) { () throws(OutlineError) in try outline.remove([3, 99, 11]) }
        // Removing a subtree forgets the expansion of everything in it.
        try outline.remove([1])
        #expect(outline.expandedIDs.isEmpty)
    }

    // MARK: Moving

    @Test("move(_:to:at:): shown rows move with their subtree, hidden ones appear, shown ones under a collapsed parent go")
    func moving() throws {
        let (outline, received) = try makeOutline(expanded: [1, 11, 2])
        var update = try expectChange(outline, received) { try outline.move(3, to: nil, at: 0) }
        #expect(rows(outline) == "3@0 1@0v 11@1v 111@2 12@1 2@0v 21@1" && update?.movedIndexPaths.count == 1)
        update = try expectChange(outline, received) { try outline.move(11, to: 2, at: 1) }
        #expect(rows(outline) == "3@0 1@0v 12@1 2@0v 21@1 11@1v 111@2" && update?.insertedIndexPaths == [])
        #expect(outline.isExpanded(11) && outline.parent(of: 11)?.id == 2 && outline.level(of: 111) == 2)
        // Into a leaf (collapsed): the rows go, the leaf gains a disclosure.
        try expectChange(outline, received) { try outline.move(11, to: 3, at: 0) }
        #expect(rows(outline) == "3@0> 1@0v 12@1 2@0v 21@1" && outline.isExpanded(11))
        // Out of a hidden place: the rows come, with the expanded subtree; the old parent loses its disclosure.
        try expectChange(outline, received) { try outline.move(11, to: nil, at: 3) }
        #expect(rows(outline) == "3@0 1@0v 12@1 2@0v 21@1 11@0v 111@1")
        // To its own place: no change.
        try expectChange(outline, received) { try outline.move(2, to: nil, at: 2) }
        #expect(received.updates.isEmpty)
        // Within its parent, `index` read once the item has left.
        try expectChange(outline, received) { try outline.move(3, to: nil, at: 3) }
        #expect(outline.children(of: nil)?.map(\.id) == [1, 2, 11, 3])
    }

    @Test("move(_:to:at:) that keeps the rows' order and changes their level: the rows are reloaded")
    func movingToAnotherLevelInPlace() throws {
        let (outline, received) = try makeOutline(expanded: [1, 11])
        #expect(rows(outline) == "1@0v 11@1v 111@2 12@1 2@0> 3@0")
        var update = try expectChange(outline, received) { try outline.move(12, to: 11, at: 1) }
        #expect(rows(outline) == "1@0v 11@1v 111@2 12@2 2@0> 3@0")
        #expect((update?.updatedIndexPaths ?? []) + (update?.updatedIndexPathsAfterMoves ?? []) == [path(0, 3)])
        update = try expectChange(outline, received) { try outline.move(12, to: nil, at: 1) }
        #expect(rows(outline) == "1@0v 11@1v 111@2 12@0 2@0> 3@0")
        // A subtree: the item last among its siblings, moved up one level just after its parent.
        update = try expectChange(outline, received) { try outline.move(11, to: nil, at: 1) }
        #expect(rows(outline) == "1@0 11@0v 111@1 12@0 2@0> 3@0")
        let reloaded = Set((update?.updatedIndexPaths ?? []) + (update?.updatedIndexPathsAfterMoves ?? []))
        #expect(reloaded == [path(0, 0), path(0, 1), path(0, 2)], "1 lost its disclosure, 11 and 111 their level: \(String(describing: update))")
    }

    @Test("move(_:to:at:) refused: ids not in the tree, into its own subtree, a child index out of range")
    func movingRefused() throws {
        let (outline, received) = try makeOutline(expanded: [1, 11])
        expectRefused(outline, received, .itemNotFound("99")) { () throws(OutlineError) in try outline.move(99, to: nil, at: 0) }
        expectRefused(outline, received, .itemNotFound("98")) { () throws(OutlineError) in try outline.move(3, to: 98, at: 0) }
        expectRefused(outline, received, .itemNotFound("99")) { () throws(OutlineError) in try outline.move(99, to: 98, at: 0) }
        expectRefused(outline, received, .moveIntoOwnSubtree("1")) { () throws(OutlineError) in try outline.move(1, to: 1, at: 0) }
        expectRefused(outline, received, .moveIntoOwnSubtree("1")) { () throws(OutlineError) in try outline.move(1, to: 111, at: 0) }
        expectRefused(outline, received, .moveIntoOwnSubtree("11")) { () throws(OutlineError) in try outline.move(11, to: 111, at: 5) }
        expectRefused(outline, received, .childIndexOutOfRange(3, childCount: 2)) { () throws(OutlineError) in try outline.move(3, to: 1, at: 3) }
        expectRefused(outline, received, .childIndexOutOfRange(-1, childCount: 2)) { () throws(OutlineError) in try outline.move(3, to: 1, at: -1) }
        // Among its own siblings the count is theirs once it has left.
        expectRefused(outline, received, .childIndexOutOfRange(3, childCount: 2)) { () throws(OutlineError) in try outline.move(3, to: nil, at: 3) }
        expectRefused(outline, received, .childIndexOutOfRange(1, childCount: 0)) { () throws(OutlineError) in try outline.move(3, to: 111, at: 1) }
    }

    // MARK: Setting children

    @Test("setChildren(_:of:): kept ids keep their subtree and expansion, moved and reloaded; others go; new ones come")
    func settingChildren() throws {
        let (outline, received) = try makeOutline(expanded: [1, 11, 12])
        try outline.append([TreeItem(id: 121)], to: 12)
        #expect(rows(outline) == "1@0v 11@1v 111@2 12@1v 121@2 2@0> 3@0")
        try expectChange(outline, received) {
            try outline.setChildren([TreeItem(id: 13), TreeItem(id: 12, version: 1), TreeItem(id: 11)], of: 1)
        }
        #expect(rows(outline) == "1@0v 13@1 12v1@1v 121@2 11@1v 111@2 2@0> 3@0")
        #expect(outline.isExpanded(11) && outline.isExpanded(12) && outline.children(of: 12)?.map(\.id) == [121])
        // Dropped children go with their subtree and expansion.
        try expectChange(outline, received) { try outline.setChildren([TreeItem(id: 11)], of: 1) }
        #expect(rows(outline) == "1@0v 11@1v 111@2 2@0> 3@0" && !outline.isExpanded(12) && outline.item(withID: 121) == nil)
        // No children left: the row loses its disclosure; a leaf given children gains one.
        try expectChange(outline, received) { try outline.setChildren([], of: 1) }
        try expectChange(outline, received) { try outline.setChildren([TreeItem(id: 31)], of: 3) }
        #expect(rows(outline) == "1@0 2@0> 3@0>" && outline.expandedIDs == [1])
        // The roots, reordered: moves.
        let update = try expectChange(outline, received) { try outline.setChildren([TreeItem(id: 3), TreeItem(id: 2)], of: nil) }
        #expect(rows(outline) == "3@0> 2@0>" && update?.movedIndexPaths.isEmpty == false)
        // Under a collapsed item: nothing shown changes.
        try expectChange(outline, received) { try outline.setChildren([TreeItem(id: 22), TreeItem(id: 21, version: 2)], of: 2) }
        #expect(received.updates.isEmpty && outline.children(of: 2) == [TreeItem(id: 22), TreeItem(id: 21, version: 2)])
    }

    @Test("setChildren(_:of:) refused: a parent not in the tree, an id listed twice, an id elsewhere in the tree")
    func settingChildrenRefused() throws {
        let (outline, received) = try makeOutline(expanded: [1, 11])
        expectRefused(outline, received, .itemNotFound("99")) { () throws(OutlineError) in try outline.setChildren([], of: 99) }
        expectRefused(outline, received, .duplicateID("13")) { () throws(OutlineError) in
            try outline.setChildren([TreeItem(id: 13), TreeItem(id: 11), TreeItem(id: 13)], of: 1)
        }
        expectRefused(outline, received, .duplicateID("111")) { () throws(OutlineError) in try outline.setChildren([TreeItem(id: 111)], of: 1) }
        expectRefused(outline, received, .duplicateID("1")) { () throws(OutlineError) in try outline.setChildren([TreeItem(id: 1)], of: 1) }
        expectRefused(outline, received, .duplicateID("11")) { () throws(OutlineError) in try outline.setChildren([TreeItem(id: 11)], of: nil) }
    }

    // MARK: Expansion

    @Test("expand and collapse: rows of the shown descendants inserted and deleted, the item's row reloaded")
    func expanding() throws {
        let (outline, received) = try makeOutline()
        // Below a collapsed item the expansion is recorded, and shows with it.
        try expectChange(outline, received) { try outline.expand([11]) }
        #expect(received.updates.isEmpty && outline.isExpanded(11))
        let update = try expectChange(outline, received) { try outline.expand([1]) }
        #expect(rows(outline) == "1@0v 11@1v 111@2 12@1 2@0> 3@0")
        #expect(update?.insertedIndexPaths == [path(0, 1), path(0, 2), path(0, 3)] && update?.updatedIndexPaths == [path(0, 0)])
        try expectChange(outline, received) { try outline.collapse([1]) }
        #expect(rows(outline) == "1@0> 2@0> 3@0" && outline.isExpanded(11))
        try expectChange(outline, received) { try outline.expand([1, 2], recursively: true) }
        #expect(rows(outline) == "1@0v 11@1v 111@2 12@1 2@0v 21@1 3@0")
        // Collapsing recursively: expanded again, the descendants show collapsed.
        try expectChange(outline, received) { try outline.collapse([1], recursively: true) }
        try expectChange(outline, received) { try outline.expand([1]) }
        #expect(rows(outline) == "1@0v 11@1> 12@1 2@0v 21@1 3@0")
        // An item and its descendant in one call, in either order.
        try expectChange(outline, received) { try outline.expand([11, 1]) }
        try expectChange(outline, received) { try outline.collapse([1, 11, 1]) }
        #expect(rows(outline) == "1@0> 2@0v 21@1 3@0" && !outline.isExpanded(11))
        try expectChange(outline, received) { try outline.expand([2]) }
        #expect(received.updates.isEmpty, "already expanded")
    }

    @Test("expanding a leaf records it: its row shows no disclosure, and children added later show at once")
    func expandingALeaf() throws {
        let (outline, received) = try makeOutline()
        try expectChange(outline, received) { try outline.expand([3]) }
        #expect(received.updates.isEmpty && outline.isExpanded(3))
        #expect(outline.rowState(forItemWithID: 3) == OutlineRowState(level: 0, isExpanded: true, hasChildren: false))
        let update = try expectChange(outline, received) { try outline.append([TreeItem(id: 31), TreeItem(id: 32)], to: 3) }
        #expect(rows(outline) == "1@0> 2@0> 3@0v 31@1 32@1" && update?.insertedIndexPaths == [path(0, 3), path(0, 4)])
        try expectChange(outline, received) { try outline.setChildren([TreeItem(id: 112)], of: 111) }
        try expectChange(outline, received) { try outline.expand([1, 11, 111]) }
        #expect(rows(outline) == "1@0v 11@1v 111@2v 112@3 12@1 2@0> 3@0v 31@1 32@1")
    }

    @Test("expand and collapse refused when an id is not in the tree: nothing changes")
    func expandingRefused() throws {
        let (outline, received) = try makeOutline(expanded: [2])
        expectRefused(outline, received, .itemNotFound("99")) { () throws(OutlineError) in try outline.expand([1, 99]) }
        expectRefused(outline, received, .itemNotFound("99")) { () throws(OutlineError) in try outline.expand([1, 99], recursively: true) }
        expectRefused(outline, received, .itemNotFound("99")) { () throws(OutlineError) in try outline.collapse([2, 99]) }
        expectRefused(outline, received, .itemNotFound("98")) { () throws(OutlineError) in try outline.collapse([98, 99], recursively: true) }
    }

    @Test("expandedIDs: saved and restored in one update; ids not in the tree apply when their item is added")
    func expandedIDs() throws {
        let (outline, received) = try makeOutline(expanded: [1, 11])
        let saved = outline.expandedIDs
        #expect(saved == [1, 11])
        // One collapse and one expansion at once.
        expectChange(outline, received) { outline.expandedIDs = [2] }
        #expect(rows(outline) == "1@0> 2@0v 21@1 3@0" && received.updates.count == 1)
        expectChange(outline, received) { outline.expandedIDs = saved }
        #expect(rows(outline) == "1@0v 11@1v 111@2 12@1 2@0> 3@0")
        expectChange(outline, received) { outline.expandedIDs = saved }
        #expect(received.updates.isEmpty)
        // Restored before the items arrive.
        expectChange(outline, received) { outline.expandedIDs = saved.union([5, 51]) }
        #expect(received.updates.isEmpty && outline.isExpanded(5) && outline.expandedIDs == [1, 11, 5, 51])
        try expectChange(outline, received) { try outline.append([TreeItem(id: 5)], to: nil) }
        try expectChange(outline, received) { try outline.append([TreeItem(id: 51)], to: 5) }
        try expectChange(outline, received) { try outline.setChildren([TreeItem(id: 511)], of: 51) }
        #expect(rows(outline) == "1@0v 11@1v 111@2 12@1 2@0> 3@0 5@0v 51@1v 511@2")
    }

    @Test("expansion is kept by id across setChildren, replace and move")
    func expansionKept() throws {
        let (outline, received) = try makeOutline(expanded: [1, 11])
        try expectChange(outline, received) { try outline.setChildren([TreeItem(id: 12), TreeItem(id: 11, version: 3)], of: 1) }
        try expectChange(outline, received) { try outline.replace(TreeItem(id: 1, version: 1)) }
        try expectChange(outline, received) { try outline.move(11, to: 2, at: 0) }
        #expect(rows(outline) == "1v1@0v 12@1 2@0> 3@0" && outline.expandedIDs == [1, 11])
        try expectChange(outline, received) { try outline.expand([2]) }
        #expect(rows(outline) == "1v1@0v 12@1 2@0v 11v3@1v 111@2 21@1 3@0")
    }
}
