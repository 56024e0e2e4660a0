import FingerprintDiff
import Foundation
import Testing
import SeededRandom

/// An element with an identity and a content.
struct Item: Identifiable, Equatable, CustomStringConvertible {
    var id: Int
    var content: Int = 0
    var description: String { content == 0 ? "\(id)" : "\(id)'\(content)" }
}

/// An id type with a deliberately terrible fingerprint: only 4 distinct values.
struct ClumsyID: Hashable, Fingerprintable {
    var value: Int
    func fingerprint(into hasher: inout FingerprintHasher) { hasher.combine(UInt64(value & 3)) }
}

/// An element identified by a `ClumsyID`.
struct ClumsyItem: Identifiable, Equatable {
    var id: ClumsyID
    var content: Int
}

/// An id type that is only `Hashable`: fingerprinted through `hashValue`.
struct OpaqueID: Hashable {
    var value: Int
}

/// An element identified by an `OpaqueID`.
struct OpaqueItem: Identifiable, Equatable {
    var id: OpaqueID
    var content: Int
}

/// Plain values as their own identity, through their XXH3 fingerprints: what the diff did for
/// integer ids before it matched them by their bits (`Fingerprintable._diffKey`).
struct XXH3SelfIdentity<ID: Hashable & Fingerprintable>: _DiffIdentity {
    static var _contentIsID: Bool { true }
    func id(of element: ID) -> ID { element }
    func fingerprint(of id: ID) -> UInt64 { id.fingerprint.rawValue }
}

extension UUID {
    /// The UUID whose first eight bytes are `first` and last eight `last`, in memory order.
    init(first: UInt64, last: UInt64) {
        self = withUnsafeBytes(of: (first, last)) { UUID(uuid: $0.load(as: uuid_t.self)) }
    }
}

/// Length of a longest common subsequence, by the textbook O(nm) dynamic programme.
func lcsLength<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
    if a.isEmpty || b.isEmpty { return 0 }
    var previous = [Int](repeating: 0, count: b.count + 1)
    var current = previous
    for i in 1...a.count {
        for j in 1...b.count {
            current[j] = a[i - 1] == b[j - 1] ? previous[j - 1] + 1 : max(previous[j], current[j - 1])
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}

/// Length of a longest strictly increasing subsequence, by patience sorting.
func lisLength(_ values: [Int]) -> Int {
    var tails: [Int] = []
    for value in values {
        var low = 0, high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if tails[middle] < value { low = middle + 1 } else { high = middle }
        }
        if low == tails.count { tails.append(value) } else { tails[low] = value }
    }
    return tails.count
}

/// LCS of two id sequences: by LIS when ids are unique on both sides, else by DP.
func lcsOfIDs<ID: Hashable>(_ old: [ID], _ new: [ID]) -> Int {
    if Set(old).count == old.count && Set(new).count == new.count {
        var position: [ID: Int] = [:]
        for (j, id) in new.enumerated() { position[id] = j }
        return lisLength(old.compactMap { position[$0] })
    }
    return lcsLength(old, new)
}

/// The matched pairs (old offset, new offset) that a changeset implies: its moves, plus the
/// elements that are neither deleted, inserted nor moved, paired in order.
func impliedPairs(_ changeset: Changeset, oldCount: Int, newCount: Int) -> [(old: Int, new: Int)] {
    let deleted = Set(changeset.deletions), inserted = Set(changeset.insertions)
    let movedFrom = Set(changeset.moves.map(\.from)), movedTo = Set(changeset.moves.map(\.to))
    let stayOld = (0..<oldCount).filter { !deleted.contains($0) && !movedFrom.contains($0) }
    let stayNew = (0..<newCount).filter { !inserted.contains($0) && !movedTo.contains($0) }
    #expect(stayOld.count == stayNew.count, "unmoved elements must pair up")
    var pairs = zip(stayOld, stayNew).map { (old: $0, new: $1) }
    pairs += changeset.moves.map { (old: $0.from, new: $0.to) }
    return pairs.sorted { $0.old < $1.old }
}

/// The k-th-occurrence matching of two id sequences.
func occurrencePairs<ID: Hashable>(_ old: [ID], _ new: [ID]) -> [(old: Int, new: Int)] {
    var waiting: [ID: [Int]] = [:]
    for (i, id) in old.enumerated() { waiting[id, default: []].append(i) }
    var taken: [ID: Int] = [:]
    var pairs: [(old: Int, new: Int)] = []
    for (j, id) in new.enumerated() {
        guard let queue = waiting[id] else { continue }
        let k = taken[id, default: 0]
        if k < queue.count {
            pairs.append((old: queue[k], new: j))
            taken[id] = k + 1
        }
    }
    return pairs.sorted { $0.old < $1.old }
}

/// Σ over ids of min(occurrences in old, occurrences in new): the most pairs any matching has.
func maximumMatchable<ID: Hashable>(_ old: [ID], _ new: [ID]) -> Int {
    var counts: [ID: (Int, Int)] = [:]
    for id in old { counts[id, default: (0, 0)].0 += 1 }
    for id in new { counts[id, default: (0, 0)].1 += 1 }
    return counts.values.reduce(0) { $0 + min($1.0, $1.1) }
}

/// Checks every rule a changeset must satisfy for these inputs, whatever the algorithm:
/// sortedness, the batch-update oracle, identity and content of the implied pairs, the most
/// pairs possible, and the minimal move count when it claims to be minimal.
func checkChangeset<Element: Equatable, ID: Hashable>(
    _ changeset: Changeset, old: [Element], new: [Element], id: (Element) -> ID,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(changeset.deletions == changeset.deletions.sorted(), sourceLocation: sourceLocation)
    #expect(changeset.insertions == changeset.insertions.sorted(), sourceLocation: sourceLocation)
    #expect(changeset.moves.map(\.from) == changeset.moves.map(\.from).sorted(), sourceLocation: sourceLocation)
    #expect(changeset.updates.map(\.old) == changeset.updates.map(\.old).sorted(), sourceLocation: sourceLocation)

    let batch = BatchUpdate(changeset)
    #expect(throws: Never.self, sourceLocation: sourceLocation) {
        try batch.validate(oldCount: old.count, newCount: new.count)
    }
    #expect((try? batch.apply(to: old, with: new)) == new, "oracle: apply(old) == new", sourceLocation: sourceLocation)

    let pairs = impliedPairs(changeset, oldCount: old.count, newCount: new.count)
    for pair in pairs {
        #expect(id(old[pair.old]) == id(new[pair.new]), "matched pair with different ids", sourceLocation: sourceLocation)
    }
    let oldIDs = old.map(id), newIDs = new.map(id)
    #expect(pairs.count == maximumMatchable(oldIDs, newIDs), "every matchable id matched", sourceLocation: sourceLocation)
    let expectedUpdates = pairs.filter { old[$0.old] != new[$0.new] }.map { Changeset.Update(old: $0.old, new: $0.new) }
    #expect(changeset.updates == expectedUpdates, "updates are exactly the changed pairs", sourceLocation: sourceLocation)

    // Moves are minimal for the matching: matched count minus its LIS.
    let lis = lisLength(pairs.map(\.new))
    #expect(changeset.moves.count == pairs.count - lis, sourceLocation: sourceLocation)
    let unique = Set(oldIDs).count == oldIDs.count && Set(newIDs).count == newIDs.count
    if changeset.isMinimal && (unique || old.count * new.count <= 400_000) {
        #expect(changeset.moves.count == pairs.count - lcsOfIDs(oldIDs, newIDs),
                "a minimal changeset has matched - LCS moves", sourceLocation: sourceLocation)
    }
}

/// How many moves a set of pairs needs: pairs minus those that stay in place.
func moveCount(_ pairs: [(old: Int, new: Int)]) -> Int {
    pairs.count - lisLength(pairs.sorted { $0.new < $1.new }.map(\.old))
}

/// The contract of the default (Heckel) pairing for ids that may repeat: every id paired
/// min(old, new) times; never more moves than occurrence order (the k-th old occurrence with
/// the k-th new one); and exactly occurrence order when no id repeats on either side.
func expectRepeatedIDContract<ID: Hashable>(_ pairs: [(old: Int, new: Int)], old: [ID], new: [ID],
                                            _ comment: @autoclosure () -> String = "",
                                            sourceLocation: SourceLocation = #_sourceLocation) {
    for pair in pairs {
        #expect(old[pair.old] == new[pair.new], "a pair of different ids \(comment())", sourceLocation: sourceLocation)
    }
    #expect(pairs.count == maximumMatchable(old, new), "every id paired min(old, new) times \(comment())",
            sourceLocation: sourceLocation)
    let occurrence = occurrencePairs(old, new)
    #expect(moveCount(pairs) <= moveCount(occurrence), "more moves than occurrence order \(comment())",
            sourceLocation: sourceLocation)
    if Set(old).count == old.count && Set(new).count == new.count {
        #expect(pairs.map(\.old) == occurrence.map(\.old) && pairs.map(\.new) == occurrence.map(\.new),
                "unique ids: the only matching \(comment())", sourceLocation: sourceLocation)
    }
}
