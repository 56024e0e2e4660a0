#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FingerprintDiff

extension MemoryStorage {
    /// Replaces the items of `section` with `items` as `setItems(_:forSection:)` does,
    /// computing the diff and building the section's new items off the caller's actor: the
    /// caller's actor spends O(1) on the change (plus what its observers do), not the diff, and
    /// the items it replaces are released off it too.
    ///
    /// The change is committed on the caller's actor and equals what `setItems(_:forSection:)`
    /// would report at that moment: when the storage changed while the diff ran, it diffs again
    /// from the current items (after a few rounds, it diffs on the caller's actor, as the
    /// synchronous call does). Calls overlapping on one storage commit in the order they were
    /// made, each from what the one before it left. When the task is cancelled before the
    /// commit, nothing changes and nothing is reported.
    ///
    /// - Throws: what `setItems(_:forSection:)` throws at the moment of the commit;
    ///   nothing changes then.
    /// - Complexity: off the caller's actor, the synchronous call's; on it, O(1), or O(n) when
    ///   the section does not exist yet (nothing to diff) or the storage changed at every round.
    @inlinable
    public func setItemsInBackground<T: Identifiable & Equatable & Sendable>(
        _ items: [T], forSection section: Int = 0, isolation: isolated (any Actor)? = #isolation
    ) async throws(StorageError) {
        // A `nil` among optionals made `Identifiable` is refused as the synchronous call refuses it.
        if _hasNilModel(items) { return try setItems(items, forSection: section) }
        try await _inBackground(section: section, isolation: isolation, diff: { old in
            // Optionals unwrapped as the synchronous call unwraps them (none is `nil`: checked above).
            let models = (try? _storedItems(items)) ?? []
            return .items(Self._itemMatching(old: old.items, new: items, id: { $0.id }, moves: true, changed: !=) {
                _DiffedSectionItems($0, models: models, oldSlots: old.slots, oldRevisions: old.revisions, section: section)
            })
        }, synchronously: { () throws(StorageError) in try setItems(items, forSection: section) })
    }

    /// Replaces all sections with `newSections` as `setSections(_:)` does, computing the diff
    /// off the caller's actor: committed on it, equal to what `setSections(_:)` would report at
    /// that moment, in call order, dropped when the task is cancelled (see
    /// ``setItemsInBackground(_:forSection:isolation:)``).
    ///
    /// - Complexity: off the caller's actor, the synchronous call's; on it, O(n + sections) to
    ///   build the sections (no diff).
    @inlinable
    public func setSectionsInBackground<Model: Identifiable & Equatable & Sendable, Item: Identifiable & Equatable & Sendable>(
        _ newSections: [ArraySection<Model, Item>], isolation: isolated (any Actor)? = #isolation
    ) async {
        try? await _inBackground(section: nil, isolation: isolation, diff: { old in
            let sections = Self._sectionChanges(from: old.headers, to: newSections.map(\.model))
            let newItems = Self._allItems(of: newSections)
            return .sections(Self._itemMatching(old: old.items, new: newItems, id: { $0.id }, moves: false, changed: !=) {
                _DiffedSections(headers: newSections.map(\.model), models: newItems.map { $0 as any Sendable },
                                itemCounts: newSections.map(\.items.count), sectionChanges: sections.changes,
                                sectionNewOfOld: sections.newOfOld, matching: $0, oldSlots: old.slots,
                                oldRevisions: old.revisions, oldItemCounts: old.itemCounts)
            })
        }, synchronously: { setSections(newSections) })
    }

    /// The common part of the background calls: waits for the calls made before on this storage,
    /// diffs with `diff` off the caller's actor from the live content of `section` (`nil`: all
    /// sections), building a section's new tree there too, and commits the result when the
    /// storage did not change meanwhile, else diffs again; after ``backgroundDiffRounds`` rounds,
    /// or when `section` does not exist yet (nothing to diff from), runs `synchronously` (the
    /// synchronous call) instead. Cancellation before the commit drops the change. What a round
    /// leaves behind (the content it diffed from, which holds the replaced tree, and its result)
    /// is released off the caller's actor.
    @usableFromInline
    func _inBackground(
        section: Int?, isolation: isolated (any Actor)?, diff: @escaping @Sendable (_BackgroundBase) -> _BackgroundDiff,
        synchronously: () throws(StorageError) -> Void
    ) async throws(StorageError) {
        let turn = backgroundTurns.take()
        defer { backgroundTurns.finish(turn) }
        await backgroundTurns.wait(for: turn)
        for _ in 0..<backgroundDiffRounds {
            guard !Task.isCancelled else { return }
            if let section {
                try checkCreatableSection(section)
                guard section < sections.count else { break }
            }
            let base = content, headerKind = supplementaryHeaderKind, counters = core.freshCounters
            var result = await offTheCallersActor {
                _BackgroundResult(diff(_BackgroundBase(base.sections, section: section, headerKind: headerKind)), counters: counters)
            }
            backgroundDiffDidFinish?()
            let cancelled = Task.isCancelled
            let commits = !cancelled && mutationCount == base.mutationCount && !isBatching
                && headerKind == supplementaryHeaderKind && core.freshCounters == counters
            if commits { install(&result) }
            releaseOffTheCallersActor((consume base, consume result))
            if commits || cancelled { return }
        }
        guard !Task.isCancelled else { return }
        try synchronously()
    }

    /// Installs what a background call computed, the storage unchanged since it started.
    private func install(_ result: inout _BackgroundResult) {
        switch result {
        case .items(let built):
            commit { $0.installBuiltItems(built) }
        case .sections(var sections):
            // The payload taken out first, so that it holds its arrays alone when installed.
            result = .none
            _install(&sections)
            result = .sections(sections)
        case .none:
            break
        }
    }
}

/// How many times a background call diffs off the caller's actor before it diffs on it (each
/// round after the first follows a change of the storage made while the previous one ran).
let backgroundDiffRounds = 3

/// What a background call diffs from: the items of one section or of all sections (flattened)
/// with their identities and revisions, and the sections' header models and item counts.
@usableFromInline
struct _BackgroundBase: Sendable {
    @usableFromInline let items: [any Sendable]
    @usableFromInline let slots: [UInt64]
    @usableFromInline let revisions: [UInt64]
    @usableFromInline let headers: [(any Sendable)?]
    @usableFromInline let itemCounts: [Int]

    /// The base of `sections`: section `section`, or all of them (`nil`), read out of their
    /// trees. O(n).
    init(_ sections: [StoredSection], section: Int?, headerKind: String) {
        headers = sections.map { $0.supplementaryModel(ofKind: headerKind) }
        itemCounts = sections.map(\.count)
        if let section {
            items = sections[section].items
            slots = sections[section].slots
            revisions = sections[section].revisions
        } else {
            items = sections.flatMap(\.items)
            slots = sections.flatMap(\.slots)
            revisions = sections.flatMap(\.revisions)
        }
    }
}

/// What a background call computed off the caller's actor, to install on it.
@usableFromInline
enum _BackgroundDiff: Sendable {
    case items(_DiffedSectionItems)
    case sections(_DiffedSections)
    case none
}

/// What a background call hands back to the caller's actor: a section's new items built into
/// its tree (``_BuiltSectionItems``), or new sections to build there (``_DiffedSections``).
enum _BackgroundResult: Sendable {
    case items(_BuiltSectionItems)
    case sections(_DiffedSections)
    case none

    /// `diff`, a section's items built from `counters` (see ``_BuiltSectionItems``). O(items)
    /// for a section's items, O(1) else.
    init(_ diff: _BackgroundDiff, counters: SectionStore.FreshCounters) {
        switch diff {
        case .items(let items): self = .items(_BuiltSectionItems(items, counters: counters))
        case .sections(let sections): self = .sections(sections)
        case .none: self = .none
        }
    }
}
