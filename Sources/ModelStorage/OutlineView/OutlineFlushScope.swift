/// The parts of the tree one flush of an ``OutlineViewUpdater`` examines: everything the view
/// shows, or, from the outline's journal (``OutlineJournal``), the parents whose children changed
/// and the items that changed since the last flush. Whatever else the view shows is as the
/// storage has it, so only these parts can need a call.
@usableFromInline
struct OutlineFlushScope<ID: Hashable> {
    /// Whether the flush examines everything the view shows.
    @usableFromInline
    var isWhole: Bool
    /// The parents whose children changed (`nil`: the roots), each once.
    @usableFromInline
    var parents: [ID?] = []
    /// The items whose content, disclosure, load or expansion changed, and the parents above, each once.
    @usableFromInline
    var items: [ID] = []

    /// The scope of everything the view shows.
    @inlinable
    static var whole: Self { OutlineFlushScope(isWhole: true) }

    /// The scope of `entries`.
    @inlinable
    init<Entries: Sequence>(entries: Entries) where Entries.Element == OutlineJournal<ID>.Entry {
        isWhole = false
        var seenParents = Set<ID?>(), seenItems = Set<ID>()
        for entry in entries {
            switch entry {
            case let .children(parent):
                if seenParents.insert(parent).inserted { parents.append(parent) }
                if let parent, seenItems.insert(parent).inserted { items.append(parent) }
            case let .item(id), let .expansion(id):
                if seenItems.insert(id).inserted { items.append(id) }
            }
        }
    }

    /// A scope of everything or nothing.
    @inlinable
    init(isWhole: Bool) { self.isWhole = isWhole }
}
