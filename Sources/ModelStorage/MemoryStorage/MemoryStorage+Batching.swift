/// How a mutation of ``MemoryStorage`` becomes the update its observers receive. The contract:
///
/// - A primitive (`SectionStore`) makes one change and *returns* it as a ``PrimitiveChange``:
///   outside a batch, the update it makes on its own, legal by itself; always, the identities it
///   touched. It records nothing.
/// - A public method that makes one change runs one primitive through `commit(_:)`, whose body
///   returns that one change: outside a batch it is delivered as it is, inside one it is folded.
///   A second change cannot slip in: its value would have nowhere to go (an unused result is a
///   compiler warning, and the package builds without warnings).
/// - A public method that makes several changes runs them inside `batch(_:)`, whose outermost
///   level delivers the net change between the identities before and after it (`netChange`).
///   So which update goes out never depends on how many changes a caller predicted.
/// - Both freeze what readers see first (``Delivery/willChange(_:)``), so that during a delivery
///   the reads keep showing the state the update being delivered leads to.
/// - The live content is `private(set)` in `MemoryStorage.swift`: no other file can change it
///   except through these two.
extension MemoryStorage {
    /// Runs `block`, whose mutations change the data at once but are reported together, as
    /// ONE update: the net change between the state before and after the block, computed with
    /// the diff core on the identities of sections and items. Any mix of inserts, deletes,
    /// moves (also between sections) and reloads is therefore legal in one batch; an item
    /// inserted and removed inside the block does not appear at all, and a block whose changes
    /// cancel out reports nothing. Nested blocks fold into the outermost one. When `block`
    /// throws, what it changed before is still reported, then the error is rethrown.
    ///
    /// Inside the block each mutation does only its own work (finding its item through the
    /// look-up index, changing the arrays): no index path is built for it.
    ///
    /// - Complexity: O(n + m + k log k) after the block for n items before and m after (see
    ///   the diff core), plus what the mutations cost.
    public func performUpdates<E: Error>(_ block: () throws(E) -> Void) throws(E) {
        try batch(block)
    }

    /// Runs `block` without reporting its mutations one by one, then asks observers to reload
    /// everything (``StorageUpdating/storageNeedsReloading()``, or ``StorageUpdate/reload`` for
    /// closures and streams) when the storage ended different from how it began. Inside
    /// ``performUpdates(_:)`` the whole outer block becomes a reload.
    public func updateWithoutAnimations<E: Error>(_ block: () throws(E) -> Void) throws(E) {
        try batch(reload: true, block)
    }
}
