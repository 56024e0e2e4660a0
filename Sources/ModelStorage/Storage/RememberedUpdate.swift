/// The update of a storage's last change, between the storage's state counters before and after
/// it: what `update(since:)` from the content just before that change returns without computing
/// it again (a view updater asks exactly that at its next flush).
///
/// Kept by ``MemoryStorage`` for a change that replaced one item, by ``SingleSectionStorage``
/// for a `setItems`; a content whose counter is `nil` (changed outside the storage, e.g. by a
/// user's move on screen) never matches.
struct RememberedUpdate {
    /// The counter of the state the change started from, and of the state it led to.
    let from: UInt64, to: UInt64
    /// The change's update.
    let update: StorageUpdate

    /// The kept update when `content` is the state it started from and `live` the one it led
    /// to; else `nil`. O(1).
    func update(from content: UInt64?, to live: UInt64?) -> StorageUpdate? {
        content == from && live == to ? update : nil
    }
}
