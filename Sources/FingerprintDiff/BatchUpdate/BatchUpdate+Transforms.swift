extension BatchUpdate {
    /// The number of operations listed (deletions, insertions, moves, reloads of both stages):
    /// what a view compares with a threshold to decide to reload everything instead of
    /// animating a change too large to follow (DifferenceKit's advice). O(1).
    public var changeCount: Int {
        deletions.count + insertions.count + moves.count + reloads.count + reloadsAfterMoves.count
    }

    /// The same change without moves, for views that do not animate them (ArrayUpdater's
    /// update without moves): each move is a deletion at its source and an insertion at its
    /// destination (the inserted element takes its new content, so a moved element's stage-2
    /// reload is dropped; other stage-2 reloads stay). Legal whenever this update is.
    ///
    /// - Precondition: the update is well formed: no negative index, no index twice in one
    ///   kind of operation, no old index both deleted and moved or reloaded, no new index both
    ///   inserted and moved to. Every update the package computes is; check one you built or
    ///   decoded with ``validate(oldCount:newCount:)`` first, which throws a typed error
    ///   instead of trapping.
    /// - Complexity: O((d + i + k) log(d + i + k)) for d deletions, i insertions, k moves.
    public var withoutMoves: BatchUpdate {
        _checkWellFormed("withoutMoves")
        guard !moves.isEmpty else { return self }
        let destinations = Set(moves.map(\.to))
        return BatchUpdate(deletions: _leaving, insertions: _arriving,
                           reloads: reloads,
                           reloadsAfterMoves: reloadsAfterMoves.filter { !destinations.contains($0) })
    }

    /// The update that takes the new list back to the old one (an undo): insertions become
    /// deletions and deletions insertions, moves run backwards, and each reload names the
    /// element at its index in the other list, in the same stage (a stage-2 reload of an
    /// inserted element is dropped: the inverse deletes it). Applying this update and then its
    /// inverse gives the original list; `inverted.inverted == self` for an update whose lists
    /// are sorted and free of such dropped reloads (every update made from a ``Changeset``).
    ///
    /// - Precondition: the update is well formed (see ``withoutMoves``); check one you built
    ///   or decoded with ``validate(oldCount:newCount:)`` first.
    /// - Complexity: O((d + i + k + r) log(d + i + k + r)).
    public var inverted: BatchUpdate {
        _checkWellFormed("inverted")
        let leaving = _leaving
        let arriving = _arriving
        // A stage-1 reload is an element that stays: its new index is where it lands.
        let reloadsInNew = reloads.map { _stayingIndex(of: $0, leaving: leaving, arriving: arriving) }.sorted()
        // A stage-2 reload in new space: a moved element is reloaded at its old index after
        // moving back; one that stays, at the old index it goes back to.
        let sourceOfDestination = Dictionary(moves.map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
        let inserted = Set(insertions)
        let reloadsAfterMovesInOld = reloadsAfterMoves.compactMap { index -> Int? in
            if let source = sourceOfDestination[index] { return source }
            if inserted.contains(index) { return nil }
            return _stayingIndex(of: index, leaving: arriving, arriving: leaving)
        }.sorted()
        return BatchUpdate(deletions: insertions.sorted(), insertions: deletions.sorted(),
                           moves: moves.map { Changeset.Move(from: $0.to, to: $0.from) }.sorted { $0.from < $1.from },
                           reloads: reloadsInNew, reloadsAfterMoves: reloadsAfterMovesInOld)
    }

    /// The new index of the element at old index `old`, or `nil` when it is deleted or `old`
    /// is negative.
    ///
    /// The update knows no counts: an index past the end of the old list is placed as if the
    /// list went on; check it against your count. To map many indexes of two lists you have,
    /// use ``Changeset/IndexLookup``, which answers `nil` for any index out of range.
    ///
    /// - Precondition: the update is well formed (see ``withoutMoves``).
    /// - Complexity: O((d + i + k) log(d + i + k)).
    public func newIndex(ofOld old: Int) -> Int? {
        _checkWellFormed("newIndex(ofOld:)")
        guard old >= 0 else { return nil }
        if deletions.contains(old) { return nil }
        if let move = moves.first(where: { $0.from == old }) { return move.to }
        return _stayingIndex(of: old, leaving: _leaving, arriving: _arriving)
    }

    /// The old index of the element at new index `new`, or `nil` when it is inserted or `new`
    /// is negative: the same look-up as ``newIndex(ofOld:)``, the other way, with the same
    /// precondition. O((d + i + k) log(d + i + k)).
    public func oldIndex(ofNew new: Int) -> Int? {
        _checkWellFormed("oldIndex(ofNew:)")
        guard new >= 0 else { return nil }
        if insertions.contains(new) { return nil }
        if let move = moves.first(where: { $0.to == new }) { return move.from }
        return _stayingIndex(of: new, leaving: _arriving, arriving: _leaving)
    }
}

extension BatchUpdate {
    /// Why no list could take this update, found without counts (a negative index, an index
    /// twice in one kind of operation, an old index both deleted and moved or reloaded, moved
    /// and reloaded, a new index both inserted and moved to), or `nil`. Sets, not marks by
    /// index, so a hostile index allocates nothing. O(number of operations) expected.
    var _wellFormednessProblem: String? {
        do throws(_IllFormed) {
            func distinct(_ indexes: some Sequence<Int>, _ operation: BatchUpdateError.Operation) throws(_IllFormed) -> Set<Int> {
                try _distinct(indexes, "\(operation.rawValue) index", describe: { "\($0)" }) { $0 < 0 ? "is negative" : nil }
            }
            let deleted = try distinct(deletions, .deletion)
            let movedFrom = try distinct(moves.lazy.map(\.from), .moveSource)
            let reloaded = try distinct(reloads, .reload)
            let inserted = try distinct(insertions, .insertion)
            let movedTo = try distinct(moves.lazy.map(\.to), .moveDestination)
            _ = try distinct(reloadsAfterMoves, .reloadAfterMoves)
            if let index = deleted.first(where: movedFrom.contains) { return BatchUpdateError.deletedAndMoved(index: index).description }
            if let index = deleted.first(where: reloaded.contains) { return BatchUpdateError.deletedAndReloaded(index: index).description }
            if let index = movedFrom.first(where: reloaded.contains) { return BatchUpdateError.movedAndReloaded(index: index).description }
            if let index = inserted.first(where: movedTo.contains) { return BatchUpdateError.insertedAndMovedTo(index: index).description }
            return nil
        } catch {
            return error.problem
        }
    }

    /// Traps, naming the problem, when the update is not well formed: `operation` would give a
    /// wrong answer.
    func _checkWellFormed(_ operation: String) {
        if let problem = _wellFormednessProblem {
            preconditionFailure("BatchUpdate.\(operation) of an update that no list can take (\(problem)); validate(oldCount:newCount:) says why with a typed error")
        }
    }
}

/// Why no list can take an update, in words (what `_wellFormednessProblem` reports).
struct _IllFormed: Error {
    let problem: String
}

/// `values` as a set, or an error naming the first value `invalid` gives a reason for, or the
/// first that repeats ("deletion index 5 appears more than once"). Sets, not marks by index, so
/// a hostile index allocates nothing. O(count) expected.
func _distinct<Value: Hashable>(
    _ values: some Sequence<Value>, _ name: String, describe: (Value) -> String, invalid: (Value) -> String?
) throws(_IllFormed) -> Set<Value> {
    var seen = Set<Value>()
    for value in values {
        if let reason = invalid(value) { throw _IllFormed(problem: "\(name) \(describe(value)) \(reason)") }
        if !seen.insert(value).inserted { throw _IllFormed(problem: "\(name) \(describe(value)) appears more than once") }
    }
    return seen
}

/// Where an element that neither leaves nor is reloaded elsewhere lands: elements that stay
/// keep their order and fill, in order, the indexes that no arrival takes. `leaving` and
/// `arriving` are sorted. O(log leaving + arriving before the result).
extension BatchUpdate {
    /// The old indices whose elements leave their place (deleted or moved away), sorted.
    var _leaving: [Int] { (deletions + moves.map(\.from)).sorted() }

    /// The new indices that elements arrive at (inserted or moved there), sorted.
    var _arriving: [Int] { (insertions + moves.map(\.to)).sorted() }
}

@usableFromInline
func _stayingIndex(of old: Int, leaving: [Int], arriving: [Int]) -> Int {
    // Rank of the element among those that stay.
    var slot = old - _sortedCount(leaving, below: old)
    // The rank-th index that no arrival takes.
    for index in arriving {
        if index <= slot { slot += 1 } else { break }
    }
    return slot
}

/// How many of the ascending `values` are below `bound`. O(log n).
package func _sortedCount(_ values: [Int], below bound: Int) -> Int {
    var low = 0, high = values.count
    while low < high {
        let middle = (low + high) / 2
        if values[middle] < bound { low = middle + 1 } else { high = middle }
    }
    return low
}
