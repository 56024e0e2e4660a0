import Foundation
import ModelStorage

/// How a ``SimulatedOutlineView`` reads its data source, expands and collapses, and checks
/// itself against what the data source answers.
extension SimulatedOutlineView {
    /// Checks what the view shows against what its data source answers now: the children of
    /// the root and of every item shown expanded (their count and objects, in order), and
    /// whether each row is expandable. Each difference is a violation, after which the view
    /// takes the data source's answer. Runs at the end of each group of updates.
    ///
    /// - Returns: the violations this check found.
    /// - Complexity: O(rows), each read from the data source.
    @discardableResult
    public func verify() -> [SimulatedOutlineViewError] {
        let start = violations.count
        if let source = source() { verifyChildren(of: nil, source: source) }
        return Array(violations[start...])
    }

    /// ``verify()`` below `parent` (`nil`: the root).
    private func verifyChildren(of parent: Key?, source: any OutlineViewDataSourcing) {
        compareChildren(of: parent, source: source)
        for key in shownChildren(of: parent) ?? [] {
            let expandable = source.isItemExpandable(nodes[key]!.object)
            if expandable != nodes[key]!.isExpandable {
                report(.staleExpandability(describe(key), shown: nodes[key]!.isExpandable, dataSource: expandable))
                nodes[key]!.isExpandable = expandable
                if !expandable { close(key, forgettingChildren: true) }
            }
            if nodes[key]?.children != nil { verifyChildren(of: key, source: source) }
        }
    }

    /// Compares the children shown of `parent` (`nil`: the root) with those the data source
    /// answers now: a difference is a violation, after which the view takes the answer.
    func compareChildren(of parent: Key?, source: any OutlineViewDataSourcing) {
        let shown = shownChildren(of: parent) ?? []
        let answered = answeredChildren(of: parent, source: source)
        guard answered.map(ObjectIdentifier.init) != shown else { return }
        report(.staleChildren(parent: describe(parent), shown: shown.map(describe), dataSource: answered.map(describeItem)))
        resync(parent, source: source, recursively: false)
    }

    /// The children the data source answers of `parent` (`nil`: the root) now.
    private func answeredChildren(of parent: Key?, source: any OutlineViewDataSourcing) -> [AnyObject] {
        let item = object(parent)
        return (0..<max(0, source.numberOfChildren(ofItem: item))).map { source.child($0, ofItem: item) as AnyObject }
    }

    /// Reads the children of `parent` from the data source and shows them, collapsed; an object
    /// already shown is a violation and left out.
    func readChildren(of parent: Key?, source: any OutlineViewDataSourcing) -> [Key] {
        answeredChildren(of: parent, source: source).compactMap { child in
            addNode(child, parent: parent, source: source) ? ObjectIdentifier(child) : nil
        }
    }

    /// Shows `object` below `parent`, collapsed, reading whether it is expandable and its cell;
    /// `false` (a violation) when the view shows it already.
    func addNode(_ object: AnyObject, parent: Key?, source: any OutlineViewDataSourcing) -> Bool {
        let key = ObjectIdentifier(object)
        guard nodes[key] == nil else {
            report(.duplicateObject(describeItem(object), parent: describe(parent)))
            return false
        }
        nodes[key] = Node(object: object, parent: parent, children: nil,
                          isExpandable: source.isItemExpandable(object), content: cellContent?(object))
        return true
    }

    /// Reads the children of `parent` again: those still there keep their rows (re-read, with
    /// what is below them, when `recursively`), new ones come collapsed, the others go.
    func resync(_ parent: Key?, source: any OutlineViewDataSourcing, recursively: Bool) {
        let old = Set(shownChildren(of: parent) ?? [])
        let answered = answeredChildren(of: parent, source: source)
        let kept = Set(answered.map(ObjectIdentifier.init))
        for key in old where !kept.contains(key) { forget(key) }
        var result: [Key] = [], placed = Set<Key>()
        for object in answered {
            let key = ObjectIdentifier(object)
            if old.contains(key), placed.insert(key).inserted {
                result.append(key)
            } else if addNode(object, parent: parent, source: source) {
                placed.insert(key)
                result.append(key)
            }
        }
        setChildren(result, of: parent)
        guard recursively else { return }
        for key in result where old.contains(key) {
            nodes[key]!.isExpandable = source.isItemExpandable(nodes[key]!.object)
            nodes[key]!.content = cellContent?(nodes[key]!.object)
            if nodes[key]!.children != nil { resync(key, source: source, recursively: true) }
        }
    }

    /// Expands `key` when its data source says it is expandable, reading its children, then
    /// the children it remembers expanded (every one when `all`).
    ///
    /// - Returns: the objects it expanded, each before those below it.
    @discardableResult
    func open(_ key: Key, all: Bool) -> [AnyObject] {
        guard let source = source(), let node = nodes[key] else { return [] }
        var opened: [AnyObject] = []
        if node.children == nil {
            let expandable = source.isItemExpandable(node.object)
            nodes[key]!.isExpandable = expandable
            guard expandable else { return [] }
            nodes[key]!.children = []
            nodes[key]!.children = readChildren(of: key, source: source)
            opened.append(node.object)
        } else if !all {
            return []
        }
        for child in nodes[key]!.children! where remembered.removeValue(forKey: child) != nil || all {
            opened += open(child, all: all)
        }
        return opened
    }

    /// Collapses `key`, remembering which of its descendants were expanded unless
    /// `forgettingChildren`.
    ///
    /// - Returns: the objects it collapsed (`key`'s, then the expanded ones below it, in order).
    @discardableResult
    func close(_ key: Key, forgettingChildren: Bool) -> [AnyObject] {
        guard let children = nodes[key]?.children else { return [] }
        let below = children.flatMap(subtree(of:))
        let expandedBelow = below.filter { nodes[$0]!.children != nil }
        let closed = [nodes[key]!.object] + expandedBelow.map { nodes[$0]!.object }
        if forgettingChildren {
            forgetMemory(of: key)
        } else {
            for shown in expandedBelow { remembered[shown] = (nodes[shown]!.object, nodes[shown]!.parent) }
        }
        for shown in below { nodes[shown] = nil }
        nodes[key]!.children = nil
        return closed
    }

    /// Forgets `key`, what is shown below it and what the view remembers of it.
    func forget(_ key: Key) {
        forgetMemory(of: key)
        for shown in subtree(of: key) { nodes[shown] = nil }
    }

    /// Forgets which descendants of `key` (shown, or hidden below them) the view remembers
    /// expanded, however deep. O(remembered × depth).
    private func forgetMemory(of key: Key) {
        var below = Set(subtree(of: key)), found = true
        while found {
            found = false
            for (hidden, entry) in remembered where !below.contains(hidden) && entry.parent.map(below.contains) == true {
                below.insert(hidden)
                found = true
            }
        }
        for hidden in below { remembered[hidden] = nil }
    }
}
