/// The order in which one storage's updates reach its observers, and the content its readers see
/// meanwhile: the one place that holds the rules of ordered, re-entrant delivery (see
/// ``BaseStorage`` for what observers see). `Content` is what the storage's read accessors read:
/// `MemoryStorage`'s sections, `SingleSectionStorage`'s items and supplementary models.
///
/// Two names only: the *live* content is what the storage holds now, which every mutation
/// changes at once; the *shown* content is what its readers see, which is the live content except
/// during a delivery that a mutation outran.
///
/// The contract:
///
/// 1. An update made while none is being delivered is fanned out at once. One made during a
///    delivery (an observer, or anything it calls, changed the storage) waits, with the live
///    content it leads to, until every update before it has reached every observer; waiting
///    updates go out in the order they were made.
/// 2. While an update is fanned out, readers see the content it leads to: the live content,
///    until the storage changes again (the storage calls ``willChange(_:)`` before it does, which
///    freezes the live content as the shown one); for an update that waited, the content it was
///    queued with.
/// 3. When the last waiting update has reached everyone, the shown content is the live content
///    again.
///
/// Holding content costs O(1): the storages' contents are copy-on-write values.
///
/// A reference type: observers re-enter the storage while ``deliver(_:leadingTo:fanOut:)`` runs,
/// and each of their accesses must be a short access of its own.
package final class Delivery<Content> {
    /// Whether an update is being delivered now.
    package private(set) var isDelivering = false
    /// The content readers see instead of the live content: set only during a delivery that a
    /// mutation outran (or while a waiting update is fanned out); `nil` means the live content.
    package private(set) var shown: Content?
    /// Updates made during a delivery, each with the live content it leads to, in order.
    private var waiting: [(update: StorageUpdate, content: Content)] = []

    /// A delivery with nothing in progress.
    package init() {}

    /// Call before changing the live content: during a delivery, readers keep seeing the content
    /// the update being delivered leads to (the live content, until now). O(1).
    package func willChange(_ live: @autoclosure () -> Content) {
        if isDelivering && shown == nil { shown = live() }
    }

    /// Hands `update` to `fanOut` now, then every update made meanwhile, in order (rule 1), each
    /// while readers see the content it leads to (rule 2); during a delivery, queues `update`
    /// with `live` (the content it leads to) instead.
    package func deliver(_ update: StorageUpdate, leadingTo live: @autoclosure () -> Content,
                         fanOut: (StorageUpdate) -> Void) {
        if isDelivering {
            waiting.append((update, live()))
            return
        }
        isDelivering = true
        defer {
            isDelivering = false
            shown = nil
        }
        fanOut(update)
        while !waiting.isEmpty {
            let next = waiting.removeFirst()
            shown = next.content
            fanOut(next.update)
        }
    }
}
