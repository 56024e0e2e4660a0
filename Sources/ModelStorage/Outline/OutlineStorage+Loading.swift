/// Lazy children: items whose children come from ``OutlineStorage/childrenLoader`` when they are
/// expanded, as a file browser reads a folder when it is opened.
///
/// An item has children *not loaded yet* when ``OutlineStorage/loadsChildrenLazily`` said so as
/// it was added, or after ``OutlineStorage/markChildrenUnloaded(_:)``. Such an item shows a
/// disclosure (``OutlineRowState/hasChildren``). Expanding it records the expansion, shows it
/// loading (``OutlineRowState/isLoading``, the same update) and calls the loader. When the
/// children arrive they replace the item's children as ``OutlineStorage/setChildren(_:of:)``
/// does, in one update, if the item is still in the tree, still expanded and this is its latest
/// load; otherwise (removed, collapsed, or loaded again meanwhile) the result is dropped and
/// changes nothing. A load that fails collapses the item again, keeps its children unloaded (the
/// next expansion tries again) and tells ``OutlineStorage/onChildrenLoadFailure``.
extension OutlineStorage {
    /// An outline whose items' children come from `childrenLoader` when they are expanded:
    /// `roots` are the first rows, and each item added for which `loadsChildrenLazily` is `true`
    /// (every item, by default) has children not loaded yet. O(roots).
    ///
    /// - Throws: ``OutlineError/duplicateID(_:)`` when two roots share an id.
    public convenience init(roots: [Item] = [], loadsChildrenLazily: @escaping (Item) -> Bool = { _ in true },
                            childrenLoader: @escaping ChildrenLoader) throws(OutlineError) {
        self.init()
        tree.marksUnloaded = loadsChildrenLazily
        lazyChildren.loader = childrenLoader
        try append(roots, to: nil)
    }

    /// A function that gives the children of the item of an id, as ``childrenLoader`` holds it.
    /// It runs on the actor that started the load (the main actor for a UI): await the slow
    /// work (a disk, the network) inside it.
    public typealias ChildrenLoader = nonisolated(nonsending) (Item.ID) async throws -> [Item]

    /// Gives the children of an item whose children are not loaded yet, when it is expanded
    /// (see ``expand(_:recursively:isolation:)`` and ``loadChildren(of:isolation:)``); `nil`: no
    /// load starts. The items it returns are added as ``setChildren(_:of:)`` adds them (new ids
    /// collapsed, ids already among the children kept); an error it throws is reported as
    /// ``OutlineError/childrenLoadFailed(_:reason:)``.
    public var childrenLoader: ChildrenLoader? {
        get { lazyChildren.loader }
        set { lazyChildren.loader = newValue }
    }

    /// Which items added from now on (by any call, a load's result included) have children not
    /// loaded yet: for a file browser, `{ $0.isFolder }`. `nil` (the default of ``init()``):
    /// items are added as leaves. Setting it marks no item already in the tree (see
    /// ``markChildrenUnloaded(_:)``).
    public var loadsChildrenLazily: ((Item) -> Bool)? {
        get { tree.marksUnloaded }
        set { tree.marksUnloaded = newValue }
    }

    /// Called when a load of children fails (after the update that collapses the item), with
    /// the item's id and the error: ``OutlineError/childrenLoadFailed(_:reason:)``, or the
    /// error ``setChildren(_:of:)`` refuses the loader's items with (an id already elsewhere in
    /// the tree). A load whose result is dropped does not call it.
    public var onChildrenLoadFailure: ((Item.ID, OutlineError) -> Void)? {
        get { lazyChildren.onFailure }
        set { lazyChildren.onFailure = newValue }
    }

    /// Whether the children of `id` are not loaded yet: the next expansion loads them. `false`
    /// for an id not in the tree.
    public func hasUnloadedChildren(_ id: Item.ID) -> Bool { tree.unloaded.contains(id) }

    /// Whether a load of `id`'s children is in flight and will apply when it ends.
    public func isLoadingChildren(_ id: Item.ID) -> Bool { tree.loads[id] != nil }

    /// Marks the children of the items of `ids` not loaded: each shows a disclosure, and its
    /// next expansion (``expand(_:recursively:isolation:)`` or ``loadChildren(of:isolation:)``)
    /// loads its children, which then replace those it has (kept meanwhile). A folder that
    /// changed on disk, to read again when opened. The rows whose disclosure appears are
    /// reported updated, in one update.
    ///
    /// - Throws: ``OutlineError/itemNotFound(_:)`` when an id is not in the tree; nothing is
    ///   marked then.
    public func markChildrenUnloaded(_ ids: [Item.ID]) throws(OutlineError) {
        for id in ids { try requireItem(id) }
        changeRows { () throws(StorageError) in
            for id in ids where !tree.hasDisclosure(id) {
                tree.unloaded.insert(id)
                try refreshRow(of: id)
            }
            tree.unloaded.formUnion(ids)
            for id in ids { tree.journal.record(.item(id)) }
        }
    }

    /// Expands `id` and loads its children now through ``childrenLoader`` (also when they were
    /// loaded: a refresh), on the caller's actor, and returns when the load has ended. The row
    /// shows loading from this call on (one update, with the expansion). A load of `id` in
    /// flight is superseded: its result will be dropped.
    ///
    /// - Returns: `true` when the children were applied (one update, as
    ///   ``setChildren(_:of:)``); `false` when the result was dropped, because `id` was removed,
    ///   collapsed or loaded again meanwhile: nothing changed.
    /// - Throws: ``OutlineError/itemNotFound(_:)`` for an id not in the tree, and
    ///   ``OutlineError/childrenLoadFailed(_:reason:)`` without a ``childrenLoader`` (nothing
    ///   changes then); the load's failure when it fails (see ``onChildrenLoadFailure``).
    @discardableResult
    public func loadChildren(of id: Item.ID, isolation: isolated (any Actor)? = #isolation) async throws(OutlineError) -> Bool {
        try requireItem(id)
        guard lazyChildren.loader != nil else { throw noLoader(id) }
        var generation = 0
        try rows.performUpdates { () throws(OutlineError) in
            try setExpansion(of: [id], to: true, recursively: false)
            generation = beginLoad(of: id)
        }
        return try await finishLoad(of: id, generation: generation, isolation: isolation)
    }

    // MARK: Steps

    /// Starts a load of each item of `ids` (and, `recursively`, below them) whose children are
    /// not loaded and not loading, in a task on `isolation`. Inside the batch of an expansion.
    @usableFromInline
    func startLoads(of ids: [Item.ID], recursively: Bool, isolation: isolated (any Actor)?) {
        for id in ids {
            for target in recursively ? tree.subtree(of: id) : [id]
            where tree.unloaded.contains(target) && tree.loads[target] == nil {
                let generation = beginLoad(of: target)
                let owner = LoadOwner(outline: self)
                // No capture list, so that the closure stays isolated to `isolation` (an explicit
                // list makes it nonisolated); the outline is held weakly, so that a load that
                // never ends does not keep it. The loads one call starts reach the loader in an
                // order the outline does not promise.
                Task {
                    _ = isolation
                    _ = try? await owner.outline?.finishLoad(of: target, generation: generation, isolation: isolation)
                }
            }
        }
    }

    /// The outline a load's task applies its result to, held weakly.
    private struct LoadOwner {
        weak var outline: OutlineStorage<Item>?
    }

    /// Records a new load of `id` (expanded, in the tree), its children unloaded until it
    /// applies, and reports its row updated (it shows loading). Returns the load's number.
    private func beginLoad(of id: Item.ID) -> Int {
        lazyChildren.loadCount += 1
        tree.unloaded.insert(id)
        tree.loads[id] = lazyChildren.loadCount
        tree.journal.record(.item(id))
        changeRow { () throws(StorageError) in try refreshRow(of: id) }
        return lazyChildren.loadCount
    }

    /// Calls the loader for `id` and applies its result if load `generation` is still `id`'s
    /// latest (so `id` is in the tree and expanded); returns whether it applied.
    private func finishLoad(of id: Item.ID, generation: Int, isolation: isolated (any Actor)?) async throws(OutlineError) -> Bool {
        let result: Result<[Item], OutlineError>
        if let loader = lazyChildren.loader {
            do { result = .success(try await loader(id)) } catch {
                result = .failure(.childrenLoadFailed(String(describing: id), reason: String(describing: error)))
            }
        } else {
            result = .failure(noLoader(id))
        }
        defer { lazyChildren.endedCount += 1 }
        // Removed, collapsed or loaded again meanwhile: the result is dropped.
        guard tree.loads[id] == generation else { return false }
        do throws(OutlineError) {
            try applyLoaded(result.get(), of: id)
            return true
        } catch {
            failLoad(of: id, error)
            throw error
        }
    }

    /// Makes `items` `id`'s children, its children loaded and its row no longer loading, in one
    /// update; throws (changing nothing) when ``setChildren(_:of:)`` refuses them.
    private func applyLoaded(_ items: [Item], of id: Item.ID) throws(OutlineError) {
        try rows.performUpdates { () throws(OutlineError) in
            try setChildren(items, of: id)
            tree.unloaded.remove(id)
            tree.loads[id] = nil
            tree.journal.record(.item(id))
            changeRow { () throws(StorageError) in try refreshRow(of: id) }
        }
    }

    /// Collapses `id` again (its children stay unloaded, its load is forgotten), in one update,
    /// then tells ``onChildrenLoadFailure``.
    private func failLoad(of id: Item.ID, _ error: OutlineError) {
        do { try setExpansion(of: [id], to: false, recursively: false) } catch { assertionFailure("\(error)") }
        lazyChildren.onFailure?(id, error)
    }

    /// The error of a load asked for without a ``childrenLoader``.
    private func noLoader(_ id: Item.ID) -> OutlineError {
        .childrenLoadFailed(String(describing: id), reason: "the outline has no childrenLoader")
    }
}

/// What an ``OutlineStorage`` holds for lazy children besides the tree's state: the loader, who
/// hears of a failure, and the number of the latest load started.
@usableFromInline
struct OutlineLazyChildren<Item: Identifiable & Equatable & Sendable> {
    /// ``OutlineStorage/childrenLoader``.
    @usableFromInline
    var loader: OutlineStorage<Item>.ChildrenLoader?
    /// ``OutlineStorage/onChildrenLoadFailure``.
    var onFailure: ((Item.ID, OutlineError) -> Void)?
    /// The number of loads started, the last one's number.
    var loadCount = 0
    /// The number of loads whose result was applied, dropped or reported failed (for tests).
    var endedCount = 0

    /// No loader, no load started.
    @usableFromInline
    init() {}
}
