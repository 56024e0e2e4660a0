import FingerprintDiff
import Foundation
import ModelStorage
import SeededRandom
import Testing

/// An item of the outline tests: an id, a version (bumped by a replacement, so that a missed
/// reload leaves a stale row) and the children `init(roots:children:)` reads.
struct TreeItem: Identifiable, Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var version = 0
    var children: [TreeItem]? = nil
    var description: String { version == 0 ? "\(id)" : "\(id)v\(version)" }
}

/// A row as a cell shows it: the item, its indentation and its disclosure control (none for an
/// item without children, whatever its recorded expansion).
struct ShownRow: Hashable, CustomStringConvertible {
    enum Disclosure: Hashable { case none, collapsed, expanded }
    var item: TreeItem
    var level: Int
    var disclosure: Disclosure
    /// Whether the row shows its children loading.
    var isLoading = false

    init(item: TreeItem, level: Int, disclosure: Disclosure, isLoading: Bool = false) {
        self.item = item
        self.level = level
        self.disclosure = disclosure
        self.isLoading = isLoading
    }

    /// The row of `item` with the state an outline reports for it.
    init(item: TreeItem, state: OutlineRowState) {
        self.init(item: item, level: state.level,
                  disclosure: !state.hasChildren ? .none : state.isExpanded ? .expanded : .collapsed, isLoading: state.isLoading)
    }

    var description: String {
        "\(item)@\(level)" + (disclosure == .none ? "" : disclosure == .expanded ? "v" : ">") + (isLoading ? "~" : "")
    }
}

/// The reference tree of the outline tests: nested arrays walked recursively, sharing no code
/// with `OutlineStorage`. ``apply(_:)`` makes each call as the contract states it.
struct OutlineModel {
    struct Node: Equatable {
        var item: TreeItem
        var children: [Node] = []
    }

    var roots: [Node] = []
    /// The ids expanded, kept whether or not they are in the tree.
    var expanded: Set<Int> = []
    /// Lazy children (OutlineLazyChildrenTests): the ids whose children are not loaded, the
    /// loads in flight by id (their number), which added items are lazy, and whether `expand`
    /// starts loads (called on an actor, with a loader).
    var unloaded: Set<Int> = []
    var loads: [Int: Int] = [:]
    var loadCount = 0
    var marksUnloaded: ((TreeItem) -> Bool)?
    var startsLoads = false

    init() {}

    /// The tree `init(roots:children:)` builds of `items`, all collapsed.
    init(roots items: [TreeItem]) {
        func node(_ item: TreeItem) -> Node { Node(item: item, children: (item.children ?? []).map(node)) }
        roots = items.map(node)
    }

    // MARK: Reading

    /// The child indexes from the roots down to `id`, or `nil` when it is not in the tree.
    func path(of id: Int) -> [Int]? {
        func search(_ nodes: [Node]) -> [Int]? {
            for (index, node) in nodes.enumerated() {
                if node.item.id == id { return [index] }
                if let rest = search(node.children) { return [index] + rest }
            }
            return nil
        }
        return search(roots)
    }

    func node(at path: [Int]) -> Node {
        var node = roots[path[0]]
        for index in path.dropFirst() { node = node.children[index] }
        return node
    }

    func node(_ id: Int) -> Node? { path(of: id).map(node(at:)) }
    func contains(_ id: Int) -> Bool { path(of: id) != nil }

    /// Every node, each before its children.
    var allNodes: [Node] {
        func walk(_ nodes: [Node]) -> [Node] { nodes.flatMap { [$0] + walk($0.children) } }
        return walk(roots)
    }

    var allIDs: [Int] { allNodes.map(\.item.id) }

    func children(of parent: Int?) -> [Node]? {
        guard let parent else { return roots }
        return node(parent)?.children
    }

    func parent(of id: Int) -> Node? {
        guard let path = path(of: id), path.count > 1 else { return nil }
        return node(at: Array(path.dropLast()))
    }

    func level(of id: Int) -> Int? { path(of: id).map { $0.count - 1 } }

    /// `id` and every id below it.
    func subtreeIDs(of id: Int) -> [Int] {
        func walk(_ node: Node) -> [Int] { [node.item.id] + node.children.flatMap(walk) }
        return node(id).map(walk) ?? []
    }

    /// The visible rows: each root, and below an expanded item its children's rows.
    var rows: [ShownRow] {
        var rows: [ShownRow] = []
        func visit(_ nodes: [Node], level: Int) {
            for node in nodes {
                let open = expanded.contains(node.item.id)
                let leaf = node.children.isEmpty && !unloaded.contains(node.item.id)
                let disclosure: ShownRow.Disclosure = leaf ? .none : open ? .expanded : .collapsed
                rows.append(ShownRow(item: node.item, level: level, disclosure: disclosure, isLoading: loads[node.item.id] != nil))
                if open { visit(node.children, level: level + 1) }
            }
        }
        visit(roots, level: 0)
        return rows
    }

    // MARK: Changing

    private mutating func editNode(_ id: Int, _ body: (inout Node) -> Void) {
        func edit(_ nodes: inout [Node], _ path: ArraySlice<Int>) {
            if path.count == 1 { body(&nodes[path.first!]) } else { edit(&nodes[path.first!].children, path.dropFirst()) }
        }
        edit(&roots, path(of: id)![...])
    }

    private mutating func editChildren(of parent: Int?, _ body: (inout [Node]) -> Void) {
        if let parent { editNode(parent) { body(&$0.children) } } else { body(&roots) }
    }

    /// Takes `id` out of its parent's children (its expansion and its subtree's kept).
    private mutating func detach(_ id: Int) {
        let parent = parent(of: id)?.item.id
        editChildren(of: parent) { $0.removeAll { $0.item.id == id } }
    }

    /// Forgets what lazy children knew of `ids` (removed).
    private mutating func forgetLazy(_ ids: [Int]) {
        unloaded.subtract(ids)
        for id in ids { loads[id] = nil }
    }

    /// Marks the items added that `marksUnloaded` accepts.
    private mutating func markAdded(_ items: [TreeItem]) {
        if let marksUnloaded { unloaded.formUnion(items.filter(marksUnloaded).map(\.id)) }
    }

    /// The loads an expansion of `ids` starts: each target not loaded and not loading, in order.
    private mutating func startLoads(_ ids: [Int], recursively: Bool) {
        guard startsLoads else { return }
        for id in ids {
            for target in recursively ? subtreeIDs(of: id) : [id] where unloaded.contains(target) && loads[target] == nil {
                loadCount += 1
                loads[target] = loadCount
            }
        }
    }

    /// The first id of `items` that is in the tree or listed twice.
    private func firstDuplicate(_ items: [TreeItem]) -> Int? {
        var seen = Set<Int>()
        return items.first { contains($0.id) || !seen.insert($0.id).inserted }?.id
    }

    /// Makes `call` as the contract states, or returns the error it must throw (then nothing
    /// changes).
    mutating func apply(_ call: OutlineCall) -> OutlineError? {
        switch call {
        case let .append(items, parent):
            if let parent, !contains(parent) { return .itemNotFound("\(parent)") }
            if let id = firstDuplicate(items) { return .duplicateID("\(id)") }
            editChildren(of: parent) { $0 += items.map { Node(item: $0) } }
            markAdded(items)
        case let .insertBefore(items, sibling): return insert(items, next: sibling, after: false)
        case let .insertAfter(items, sibling): return insert(items, next: sibling, after: true)
        case let .replace(item):
            guard contains(item.id) else { return .itemNotFound("\(item.id)") }
            editNode(item.id) { $0.item = item }
        case let .remove(ids):
            if let missing = ids.first(where: { !contains($0) }) { return .itemNotFound("\(missing)") }
            for id in ids where contains(id) {
                expanded.subtract(subtreeIDs(of: id))
                forgetLazy(subtreeIDs(of: id))
                detach(id)
            }
        case let .move(id, parent, index): return move(id, to: parent, at: index)
        case let .setChildren(items, parent): return setChildren(items, of: parent)
        case let .expand(ids, recursively), let .collapse(ids, recursively):
            if let missing = ids.first(where: { !contains($0) }) { return .itemNotFound("\(missing)") }
            var isExpand = false
            if case .expand = call { isExpand = true }
            for id in ids {
                let targets = recursively ? subtreeIDs(of: id) : [id]
                if isExpand { expanded.formUnion(targets) } else { expanded.subtract(targets) }
                if !isExpand { for target in targets { loads[target] = nil } }
            }
            if isExpand { startLoads(ids, recursively: recursively) }
        case let .setExpandedIDs(ids):
            expanded = ids
            loads = loads.filter { ids.contains($0.key) }
        }
        return nil
    }

    private mutating func insert(_ items: [TreeItem], next sibling: Int, after: Bool) -> OutlineError? {
        guard let path = path(of: sibling) else { return .itemNotFound("\(sibling)") }
        if let id = firstDuplicate(items) { return .duplicateID("\(id)") }
        let parent = path.count > 1 ? node(at: Array(path.dropLast())).item.id : nil
        editChildren(of: parent) { $0.insert(contentsOf: items.map { Node(item: $0) }, at: path.last! + (after ? 1 : 0)) }
        markAdded(items)
        return nil
    }

    private mutating func move(_ id: Int, to parent: Int?, at index: Int) -> OutlineError? {
        guard let moved = node(id) else { return .itemNotFound("\(id)") }
        if let parent {
            guard contains(parent) else { return .itemNotFound("\(parent)") }
            if subtreeIDs(of: id).contains(parent) { return .moveIntoOwnSubtree("\(id)") }
        }
        var next = self
        next.detach(id)
        let count = next.children(of: parent)!.count
        guard index >= 0 && index <= count else { return .childIndexOutOfRange(index, childCount: count) }
        next.editChildren(of: parent) { $0.insert(moved, at: index) }
        self = next
        return nil
    }

    private mutating func setChildren(_ items: [TreeItem], of parent: Int?) -> OutlineError? {
        if let parent, !contains(parent) { return .itemNotFound("\(parent)") }
        let old = children(of: parent)!
        let oldIDs = Set(old.map(\.item.id))
        var seen = Set<Int>()
        for item in items where !seen.insert(item.id).inserted || (contains(item.id) && !oldIDs.contains(item.id)) {
            return .duplicateID("\(item.id)")
        }
        for child in old where !seen.contains(child.item.id) {
            expanded.subtract(subtreeIDs(of: child.item.id))
            forgetLazy(subtreeIDs(of: child.item.id))
        }
        let kept = Dictionary(uniqueKeysWithValues: old.map { ($0.item.id, $0.children) })
        editChildren(of: parent) { $0 = items.map { Node(item: $0, children: kept[$0.id] ?? []) } }
        markAdded(items.filter { kept[$0.id] == nil })
        return nil
    }
}

/// One public call of `OutlineStorage`, as data, so that the model and the storage make the
/// same one.
enum OutlineCall: CustomStringConvertible {
    case append([TreeItem], to: Int?)
    case insertBefore([TreeItem], Int)
    case insertAfter([TreeItem], Int)
    case replace(TreeItem)
    case remove([Int])
    case move(Int, to: Int?, at: Int)
    case setChildren([TreeItem], of: Int?)
    case expand([Int], recursively: Bool)
    case collapse([Int], recursively: Bool)
    case setExpandedIDs(Set<Int>)

    /// Makes the call on `outline`, on the caller's actor (so that an expansion there starts loads).
    func perform(on outline: OutlineStorage<TreeItem>, isolation: isolated (any Actor)? = #isolation) throws(OutlineError) {
        switch self {
        case let .append(items, parent): try outline.append(items, to: parent)
        case let .insertBefore(items, sibling): try outline.insert(items, before: sibling)
        case let .insertAfter(items, sibling): try outline.insert(items, after: sibling)
        case let .replace(item): try outline.replace(item)
        case let .remove(ids): try outline.remove(ids)
        case let .move(id, parent, index): try outline.move(id, to: parent, at: index)
        case let .setChildren(items, parent): try outline.setChildren(items, of: parent)
        case let .expand(ids, recursively):
            try recursively ? outline.expand(ids, recursively: true, isolation: isolation) : outline.expand(ids, isolation: isolation)
        case let .collapse(ids, recursively): try recursively ? outline.collapse(ids, recursively: true) : outline.collapse(ids)
        case let .setExpandedIDs(ids): outline.expandedIDs = ids
        }
    }

    var description: String {
        func name(_ id: Int?) -> String { id.map(String.init) ?? "nil" }
        switch self {
        case let .append(items, parent): return "append(\(items), to: \(name(parent)))"
        case let .insertBefore(items, sibling): return "insert(\(items), before: \(sibling))"
        case let .insertAfter(items, sibling): return "insert(\(items), after: \(sibling))"
        case let .replace(item): return "replace(\(item))"
        case let .remove(ids): return "remove(\(ids))"
        case let .move(id, parent, index): return "move(\(id), to: \(name(parent)), at: \(index))"
        case let .setChildren(items, parent): return "setChildren(\(items), of: \(name(parent)))"
        case let .expand(ids, recursively): return "expand(\(ids)\(recursively ? ", recursively" : ""))"
        case let .collapse(ids, recursively): return "collapse(\(ids)\(recursively ? ", recursively" : ""))"
        case let .setExpandedIDs(ids): return "expandedIDs = \(ids.sorted())"
        }
    }
}

/// Random trees and random calls on them: mostly valid, sometimes naming ids that are not in
/// the tree, adding ids that are, or moving an item under itself.
struct OutlineCaller {
    var random: SplitMix64
    var nextID = 1

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }
    mutating func pick<T>(_ values: [T]) -> T { values[int(0...values.count - 1)] }

    mutating func fresh(_ count: Int) -> [TreeItem] {
        defer { nextID += count }
        return (0..<count).map { TreeItem(id: nextID + $0) }
    }

    /// Roots with random children (`init(roots:children:)`'s input), every id new.
    mutating func forest(depth: Int = 4) -> [TreeItem] {
        fresh(depth == 4 ? int(1...4) : int(0...3)).map { item in
            var item = item
            if depth > 0 && chance(55) { item.children = forest(depth: depth - 1) }
            return item
        }
    }

    /// An id in the tree mostly; otherwise one that is not (never used, or removed).
    mutating func anyID(_ model: OutlineModel) -> Int {
        let ids = model.allIDs
        if ids.isEmpty || chance(5) { return chance(50) ? -int(1...3) : int(1...nextID) }
        return pick(ids)
    }

    mutating func anyParent(_ model: OutlineModel) -> Int? { model.roots.isEmpty || chance(20) ? nil : anyID(model) }

    mutating func anyIDs(_ model: OutlineModel) -> [Int] {
        var ids = (0..<int(0...3)).map { _ in anyID(model) }
        if let first = ids.first, chance(10) { ids.append(first) }
        return ids
    }

    /// New items, sometimes with an id of the tree or one listed twice, sometimes carrying
    /// children of their own (which the calls that add items ignore).
    mutating func newItems(_ model: OutlineModel) -> [TreeItem] {
        var items = fresh(int(0...3))
        if chance(6), !model.allIDs.isEmpty { items.insert(TreeItem(id: pick(model.allIDs)), at: int(0...items.count)) }
        if chance(5), let first = items.first { items.append(first) }
        if chance(10), !items.isEmpty { items[0].children = fresh(2) }
        return items
    }

    mutating func call(for model: OutlineModel) -> OutlineCall {
        switch int(0...13) {
        case 0, 1: return .append(newItems(model), to: anyParent(model))
        case 2: return .insertBefore(newItems(model), anyID(model))
        case 3: return .insertAfter(newItems(model), anyID(model))
        case 4:
            let id = anyID(model)
            var item = model.node(id)?.item ?? TreeItem(id: id)
            if !chance(10) { item.version += 1 }
            return .replace(item)
        case 5: return .remove(anyIDs(model))
        case 6, 7:
            // Mostly to a parent outside the item's subtree, sometimes into it (refused).
            let id = anyID(model)
            let subtree = model.subtreeIDs(of: id)
            var parent = anyParent(model)
            if let chosen = parent, subtree.contains(chosen), !chance(30) { parent = nil }
            if !subtree.isEmpty, chance(5) { parent = pick(subtree) }
            let count = (model.children(of: parent)?.count ?? 2) - (model.parent(of: id)?.item.id == parent ? 1 : 0)
            return .move(id, to: parent, at: chance(8) ? pick([-1, count + 1]) : int(0...max(0, count)))
        case 8: return setChildren(model)
        case 9, 10: return .expand(anyIDs(model), recursively: chance(30))
        case 11: return .collapse(anyIDs(model), recursively: chance(30))
        case 12:
            var ids = model.expanded.filter { _ in !chance(30) }
            for _ in 0..<int(0...3) { ids.insert(anyID(model)) }
            return .setExpandedIDs(ids)
        default:
            // A move among its siblings: to its own place (a no-op), or next to it.
            let id = anyID(model)
            let parent = model.parent(of: id)?.item.id
            let index = model.path(of: id)?.last ?? 0
            let count = (model.children(of: parent)?.count ?? 1) - 1
            return .move(id, to: parent, at: min(max(0, index + int(-1...1)), max(0, count)))
        }
    }

    /// `setChildren` with the parent's children, some dropped, some changed, reordered, and new
    /// ones; sometimes an id from elsewhere in the tree or one listed twice.
    private mutating func setChildren(_ model: OutlineModel) -> OutlineCall {
        let parent = anyParent(model)
        var items = (model.children(of: parent) ?? []).map(\.item).filter { _ in !chance(25) }
        for index in items.indices where chance(20) { items[index].version += 1 }
        if chance(50) { items.shuffle(using: &random) }
        for item in fresh(int(0...3)) { items.insert(item, at: int(0...items.count)) }
        if chance(6), !model.allIDs.isEmpty { items.insert(TreeItem(id: pick(model.allIDs)), at: int(0...items.count)) }
        if chance(5), let first = items.first { items.append(first) }
        return .setChildren(items, of: parent)
    }
}

// MARK: Checks

/// The rows `outline` shows as a view reads them (`item(at:)` and `rowState(at:)`).
func shownRows(_ outline: OutlineStorage<TreeItem>) -> [ShownRow] {
    (0..<outline.numberOfItems(inSection: 0)).compactMap { row in
        guard let item = outline.item(at: path(0, row)) as? TreeItem, let state = outline.rowState(at: path(0, row)) else {
            return nil
        }
        return ShownRow(item: item, state: state)
    }
}

/// Checks every read of `outline` against `model`: the rows (storage reads, content reads,
/// `visibleItems`), and for each id of the tree and each of `probes` (ids that may be absent)
/// its item, parent, children, level, expansion, row state and index path.
func expectOutline(_ outline: OutlineStorage<TreeItem>, matches model: OutlineModel, probes: [Int] = [],
                   _ comment: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
    let rows = model.rows
    let items = rows.map(\.item)
    var wrong: [String] = []
    if outline.visibleItems != items { wrong.append("visibleItems \(outline.visibleItems)") }
    if outline.numberOfSections != 1 { wrong.append("\(outline.numberOfSections) sections") }
    let content = outline.content
    let contentItems = (0..<content.numberOfItems(inSection: 0)).map { content.item(at: path(0, $0)) as? TreeItem }
    if contentItems != items { wrong.append("content rows \(contentItems)") }
    let shown = shownRows(outline)
    if shown != rows { wrong.append("rows \(shown)") }
    if outline.rowState(at: path(0, rows.count)) != nil || outline.item(at: path(1, 0)) != nil { wrong.append("a row past the end") }
    if outline.count != model.allIDs.count { wrong.append("count \(outline.count)") }
    if outline.expandedIDs != model.expanded { wrong.append("expandedIDs \(outline.expandedIDs.sorted())") }
    if outline.children(of: nil) != model.roots.map(\.item) { wrong.append("roots \(outline.children(of: nil) ?? [])") }
    let rowOfID = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($0.element.id, $0.offset) })
    for id in model.allIDs + probes {
        let node = model.node(id)
        let state = node.map { OutlineRowState(level: model.level(of: id)!, isExpanded: model.expanded.contains(id),
                                               hasChildren: !$0.children.isEmpty || model.unloaded.contains(id),
                                               isLoading: model.loads[id] != nil) }
        if outline.hasUnloadedChildren(id) != model.unloaded.contains(id) || outline.isLoadingChildren(id) != (model.loads[id] != nil) {
            wrong.append("lazy state of \(id)")
        }
        let reads = (outline.item(withID: id), outline.parent(of: id)?.id, outline.children(of: id), outline.level(of: id),
                     outline.isExpanded(id), outline.rowState(forItemWithID: id), outline.indexPath(forItemWithID: id))
        guard reads.0 == node?.item, reads.1 == model.parent(of: id)?.item.id, reads.2 == node?.children.map(\.item),
              reads.3 == model.level(of: id), reads.4 == model.expanded.contains(id), reads.5 == state,
              reads.6 == rowOfID[id].map({ path(0, $0) })
        else {
            wrong.append("reads of \(id): \(reads)")
            continue
        }
    }
    if !wrong.isEmpty {
        Issue.record("\(comment()): the outline disagrees with the model \(rows): \(wrong.joined(separator: "; "))",
                     sourceLocation: sourceLocation)
    }
}

/// Checks what an observer received for one call that took the rows from `before` to `after`:
/// nothing when no row changed, else one update, legal for one `performBatchUpdates`, which
/// applied to `before` (StorageUpdate's own oracle) gives `after`: so every row whose item,
/// level or disclosure changed is inserted or reloaded. A row that stays is never deleted and
/// inserted again (a move keeps it, and the view its selection), and the update's models are
/// the new items of its reloaded rows.
func expectDelivered(_ updates: [StorageUpdate], from before: [ShownRow], to after: [ShownRow],
                     _ comment: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard before != after || !updates.isEmpty else { return }
    guard updates.count == 1, let update = updates.first else {
        Issue.record("\(comment()): \(updates.count) updates \(updates) for \(before) -> \(after)", sourceLocation: sourceLocation)
        return
    }
    #expect(!update.isEmpty && !update.requiresReload, "\(comment()): \(update)", sourceLocation: sourceLocation)
    do {
        try update.validate(oldItemCounts: [before.count], newItemCounts: [after.count])
        let applied = try update.apply(to: [before], with: [after])
        #expect(applied == [after], "\(comment()): \(update) applied to \(before) gives \(applied[0]), not \(after)",
                sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(comment()): illegal update \(update) for \(before) -> \(after): \(error)", sourceLocation: sourceLocation)
        return
    }
    let stays = Set(before.map(\.item.id)).intersection(after.map(\.item.id))
    for deleted in update.deletedIndexPaths where stays.contains(before[deleted[1]].item.id) {
        Issue.record("\(comment()): \(before[deleted[1]]) deleted but still shown: \(update)", sourceLocation: sourceLocation)
    }
    for inserted in update.insertedIndexPaths where stays.contains(after[inserted[1]].item.id) {
        Issue.record("\(comment()): \(after[inserted[1]]) inserted but was shown: \(update)", sourceLocation: sourceLocation)
    }
    for (modelPath, model) in update.updatedModels where model as? TreeItem != after[modelPath[1]].item {
        Issue.record("\(comment()): the model at \(modelPath) is \(model), not \(after[modelPath[1]].item)", sourceLocation: sourceLocation)
    }
}

extension OutlineModel {
    /// The tree `outline` reports (`children(of:)`, `expandedIDs`), read back.
    init(reading outline: OutlineStorage<TreeItem>) {
        func nodes(_ parent: Int?) -> [Node] {
            (outline.children(of: parent) ?? []).map { Node(item: $0, children: nodes($0.id)) }
        }
        self.init()
        roots = nodes(nil)
        expanded = outline.expandedIDs
        unloaded = Set(allIDs.filter(outline.hasUnloadedChildren))
        for id in allIDs where outline.isLoadingChildren(id) { loads[id] = 0 }
    }
}
