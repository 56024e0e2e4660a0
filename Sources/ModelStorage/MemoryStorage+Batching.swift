extension MemoryStorage {
    /// Runs `block`, whose mutations change the data at once but are reported together, as
    /// ONE update: the net change between the state before and after the block, computed with
    /// the diff core on the identities of sections and items. Any mix of inserts, deletes,
    /// moves (also between sections) and reloads is therefore legal in one batch; an item
    /// inserted and removed inside the block does not appear at all. Nested blocks fold into
    /// the outermost one. When `block` throws, what it changed before is still reported, then
    /// the error is rethrown.
    ///
    /// - Complexity: O(n + m + k log k) after the block for n items before and m after (see
    ///   the diff core), plus what the mutations cost.
    public func performUpdates<E: Error>(_ block: () throws(E) -> Void) throws(E) {
        beginBatch()
        defer { endBatch() }
        try block()
    }

    /// Runs `block` without reporting its mutations one by one, then asks observers to reload
    /// everything (``StorageUpdating/storageNeedsReloading()``, or ``StorageUpdate/reload`` for
    /// closures and streams) when anything changed. Inside ``performUpdates(_:)`` the whole
    /// outer block becomes a reload.
    public func updateWithoutAnimations<E: Error>(_ block: () throws(E) -> Void) throws(E) {
        beginBatch()
        batch?.reloadRequested = true
        defer { endBatch() }
        try block()
    }

    /// Runs a non-throwing `block` as one batch.
    func withBatch(_ block: () -> Void) {
        beginBatch()
        block()
        endBatch()
    }

    func beginBatch() {
        if batch == nil {
            batch = BatchState(baseline: sections.map { SectionSnapshot(id: $0.id, slots: $0.slots) })
        } else {
            batch?.depth += 1
        }
    }

    func endBatch() {
        guard var state = batch else { return }
        state.depth -= 1
        guard state.depth == 0 else {
            batch = state
            return
        }
        batch = nil
        let unchanged = state.touchedItems.isEmpty && state.touchedSections.isEmpty
            && state.baseline.count == sections.count
            && zip(state.baseline, sections).allSatisfy { $0.id == $1.id && $0.slots == $1.slots }
        guard !unchanged else { return }
        if state.reloadRequested {
            deliver(.reload)
        } else {
            deliver(netChange(from: state.baseline, to: sections,
                              touchedItems: state.touchedItems, touchedSections: state.touchedSections))
        }
    }
}
