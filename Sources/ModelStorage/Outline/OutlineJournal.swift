/// What changed in an ``OutlineStorage``'s tree, change by change, for the views of parents that
/// follow it (``OutlineViewUpdater``): which parents' children changed, which items changed
/// (content, disclosure, a load), which expansions changed. A follower reads the entries since
/// its last position, so that its flush examines only those parts of the tree.
///
/// It records nothing until a follower asks (``isRecording``), and keeps at most ``capacity``
/// entries: a follower whose position was dropped compares the whole tree instead. O(1) per
/// entry recorded.
@usableFromInline
struct OutlineJournal<ID: Hashable> {
    /// One change.
    @usableFromInline
    enum Entry {
        /// The children of this parent (`nil`: the roots) changed: added, removed or reordered.
        case children(ID?)
        /// The item of this id changed: its content, its disclosure or its load.
        case item(ID)
        /// The item of this id was expanded or collapsed.
        case expansion(ID)
    }

    /// The entries kept, oldest first.
    @usableFromInline
    var entries: [Entry] = []
    /// The position of `entries[0]`: the number of entries dropped before it.
    @usableFromInline
    var start = 0
    /// Whether a follower reads the journal: until then nothing is recorded.
    @usableFromInline
    var isRecording = false

    /// The most entries kept; the older half is dropped when there are more.
    @usableFromInline
    static var capacity: Int { 1 << 16 }

    /// An empty journal that records nothing.
    @inlinable
    init() {}

    /// The position after the last entry: where a follower that has read everything stands.
    @inlinable
    var end: Int { start + entries.count }

    /// Records `entry` when a follower reads the journal.
    @inlinable
    mutating func record(_ entry: Entry) {
        guard isRecording else { return }
        entries.append(entry)
        if entries.count > Self.capacity {
            let dropped = entries.count / 2
            entries.removeFirst(dropped)
            start += dropped
        }
    }

    /// The entries from `position` on, or `nil` when some of them were dropped.
    @inlinable
    func entries(since position: Int) -> ArraySlice<Entry>? {
        guard position >= start else { return nil }
        return entries[(position - start)...]
    }
}
