import FingerprintDiff
import Foundation
import SeededRandom
import Testing

/// Integer ids are diffed by their bits (`Fingerprintable._diffKey`) and ids that are only
/// `Hashable` by their `hashValue`'s bits, where the diff once used the XXH3 fingerprints of those
/// bits: random lists give the same changesets (and minimality) as identities that still hash,
/// with both algorithms, with and without repeated ids, on id patterns that stress the C core's
/// tables (sequential from a negative start, many trailing zero bits, scattered, near `Int.min`),
/// on lists large enough for the core's sieve, on `Double`, `Float` and `Bool` ids, and on
/// `Hashable`-only ids whose hash values collide; and UUIDs, diffed by XXH3 before its final
/// avalanche, random and structured (counters, time-ordered), small and large.
@Suite("Diff keys of integer, hashed and UUID ids")
struct DiffKeyTests {
    struct Item<ID: Hashable>: Identifiable, Equatable {
        var id: ID
        var value: Int
    }

    /// An id that is only `Hashable`, whose `hashValue` has seven values: keys collide, and the
    /// diff repairs the collisions on the ids.
    struct Clash: Hashable {
        var number: Int
        func hash(into hasher: inout Hasher) { hasher.combine(number % 7) }
    }

    /// `Identifiable` ids through their XXH3 fingerprints: what `_diffKey` replaced.
    struct HashedIdentity<Element: Identifiable>: _DiffIdentity where Element.ID: Fingerprintable {
        func id(of element: Element) -> Element.ID { element.id }
        func fingerprint(of id: Element.ID) -> UInt64 { id.fingerprint.rawValue }
    }

    /// `Hashable` ids through `Fingerprint(hashing:)`: what the `hashValue` key replaced.
    struct HashValueIdentity<Element: Identifiable>: _DiffIdentity {
        func id(of element: Element) -> Element.ID { element.id }
        func fingerprint(of id: Element.ID) -> UInt64 { Fingerprint(hashing: id).rawValue }
    }

    /// The id of the `k`-th element of pattern `pattern`, from `start`.
    static func id(_ k: Int, pattern: Int, start: Int) -> Int {
        switch pattern {
        case 0: return start &+ k
        case 1: return (start &+ k) << 40
        case 2: return Int(truncatingIfNeeded: UInt64(truncatingIfNeeded: k &+ 1) &* 0x9E37_79B9_7F4A_7C15)
        default: return Int.min &+ k
        }
    }

    /// Old ids 0..<count of `pattern`, then edits: deletions, insertions of fresh ids, moves,
    /// changed values; with `repeats`, copies of old ids.
    static func randomCase(_ generator: inout SplitMix64, pattern: Int, count: Int, repeats: Bool)
        -> (old: [Item<Int>], new: [Item<Int>]) {
        let start = Int.random(in: -50...50, using: &generator)
        let old = (0..<count).map { Item(id: id($0, pattern: pattern, start: start), value: 0) }
        var new = old, next = count
        for _ in 0..<Int.random(in: 0...(count / 8 + 3), using: &generator) {
            switch Int.random(in: 0..<5, using: &generator) {
            case 0 where !new.isEmpty: new.remove(at: Int.random(in: 0..<new.count, using: &generator))
            case 1:
                new.insert(Item(id: id(next, pattern: pattern, start: start), value: 0),
                           at: Int.random(in: 0...new.count, using: &generator))
                next += 1
            case 2 where !new.isEmpty:
                let moved = new.remove(at: Int.random(in: 0..<new.count, using: &generator))
                new.insert(moved, at: Int.random(in: 0...new.count, using: &generator))
            case 3 where !new.isEmpty: new[Int.random(in: 0..<new.count, using: &generator)].value += 1
            case 4 where repeats && !old.isEmpty:
                new.insert(old[Int.random(in: 0..<old.count, using: &generator)],
                           at: Int.random(in: 0...new.count, using: &generator))
            default: break
            }
        }
        return (old, new)
    }

    static func expectSame(_ keyed: Changeset, _ hashed: Changeset, _ comment: Comment) {
        #expect(keyed == hashed, comment)
        #expect(keyed.isMinimal == hashed.isMinimal, comment)
    }

    @Test("integer ids: the changesets of their XXH3 fingerprints", arguments: [false, true])
    func integerIDs(repeats: Bool) {
        var generator = SplitMix64(seed: repeats ? 4_101 : 4_100)
        for k in 0..<160 {
            let pattern = k % 4, algorithm: DiffAlgorithm = k % 8 < 4 ? .heckel : .myers
            let count = Int.random(in: 0...[10, 200, 3_000][Int.random(in: 0..<3, using: &generator)], using: &generator)
            let (old, new) = Self.randomCase(&generator, pattern: pattern, count: count, repeats: repeats)
            let hashed = Changeset._computeByMatching(old, new, algorithm, identity: HashedIdentity<Item<Int>>())
            Self.expectSame(Changeset(from: old, to: new, algorithm: algorithm), hashed, "case \(k)")
            Self.expectSame(Changeset(from: old, to: new, id: \.id, algorithm: algorithm), hashed, "case \(k), key path")
            let oldIDs = old.map(\.id), newIDs = new.map(\.id)
            let hashedIDs = Changeset._computeByMatching(oldIDs, newIDs, algorithm,
                                                         identity: XXH3SelfIdentity<Int>())
            Self.expectSame(Changeset(from: oldIDs, to: newIDs, id: \.self, algorithm: algorithm), hashedIDs,
                            "case \(k), ids")
        }
    }

    /// Lists of 40,000 (the core's sieve), one id repeated in every other one: with Heckel,
    /// whose collision repair would hide a key that lost injectivity, and with Myers, whose
    /// minimality would not.
    @Test("lists large enough for the core's sieve, every pattern, both algorithms")
    func largeLists() {
        var generator = SplitMix64(seed: 4_102)
        for k in 0..<8 {
            let algorithm: DiffAlgorithm = k < 4 ? .heckel : .myers
            var (old, new) = Self.randomCase(&generator, pattern: k % 4, count: 40_000, repeats: false)
            if k % 2 == 1 { new.insert(old[old.count / 2], at: new.count / 3) }
            let hashed = Changeset._computeByMatching(old, new, algorithm, identity: HashedIdentity<Item<Int>>())
            Self.expectSame(Changeset(from: old, to: new, algorithm: algorithm), hashed, "case \(k)")
        }
    }

    /// Integral `Double`s (32 and more trailing zero bits), -0.0 in new for 0.0 in old, a NaN now
    /// and then (never equal to itself); `Float`s the same; `Bool`s (two ids, repeated).
    @Test("Double, Float and Bool ids: the changesets of their XXH3 fingerprints")
    func floatingPointAndBoolIDs() {
        var generator = SplitMix64(seed: 4_103)
        for k in 0..<48 {
            let algorithm: DiffAlgorithm = k % 2 == 0 ? .heckel : .myers
            let (old, new) = Self.randomCase(&generator, pattern: 0, count: Int.random(in: 0...300, using: &generator),
                                             repeats: k % 4 >= 2)
            func doubles(_ items: [Item<Int>], negativeZero: Bool) -> [Item<Double>] {
                items.map { item in
                    let id = item.id == 0 && negativeZero ? -0.0 : item.id == 7 && k % 3 == 0 ? .nan : Double(item.id)
                    return Item(id: id, value: item.value)
                }
            }
            let oldDoubles = doubles(old, negativeZero: false), newDoubles = doubles(new, negativeZero: true)
            Self.expectSame(Changeset(from: oldDoubles, to: newDoubles, algorithm: algorithm),
                            Changeset._computeByMatching(oldDoubles, newDoubles, algorithm,
                                                         identity: HashedIdentity<Item<Double>>()), "Double, case \(k)")
            let floats = { (items: [Item<Double>]) in items.map { Item(id: Float($0.id), value: $0.value) } }
            let oldFloats = floats(oldDoubles), newFloats = floats(newDoubles)
            Self.expectSame(Changeset(from: oldFloats, to: newFloats, algorithm: algorithm),
                            Changeset._computeByMatching(oldFloats, newFloats, algorithm,
                                                         identity: HashedIdentity<Item<Float>>()), "Float, case \(k)")
            let bools = { (items: [Item<Int>]) in items.map { Item(id: $0.id % 2 == 0, value: $0.value) } }
            let oldBools = bools(old), newBools = bools(new)
            Self.expectSame(Changeset(from: oldBools, to: newBools, algorithm: algorithm),
                            Changeset._computeByMatching(oldBools, newBools, algorithm,
                                                         identity: HashedIdentity<Item<Bool>>()), "Bool, case \(k)")
        }
    }

    /// The UUID of id `id` in `pattern`: random-looking bytes, a big-endian counter in the last
    /// four bytes (its high 32 bits in the first four), a little-endian counter in the first
    /// eight, or time-ordered (version 7's layout: a millisecond that advances every fourth id,
    /// then bytes from the id). One-to-one.
    static func uuid(_ id: Int, pattern: Int) -> UUID {
        let bits = UInt64(bitPattern: Int64(id))
        var mixed = SplitMix64(seed: bits)
        switch pattern {
        case 0: return UUID(first: mixed.next() ^ bits, last: bits)
        case 1:
            return UUID(first: UInt64(UInt32(truncatingIfNeeded: bits >> 32)),
                        last: UInt64(UInt32(truncatingIfNeeded: bits).bigEndian) << 32)
        case 2: return UUID(first: bits.littleEndian, last: 0)
        default:
            let millisecond = (1_700_000_000_000 &+ bits / 4) << 16
            return UUID(first: (millisecond | 0x7000 | (bits & 0xFFF)).bigEndian,
                        last: mixed.next() & ~0xFFF | bits & 0xFFF)
        }
    }

    @Test("UUID ids: the changesets of their XXH3 fingerprints", arguments: [false, true])
    func uuidIDs(repeats: Bool) {
        var generator = SplitMix64(seed: repeats ? 4_107 : 4_106)
        for k in 0..<48 {
            let pattern = k % 4, algorithm: DiffAlgorithm = k % 8 < 4 ? .heckel : .myers
            let count = k == 47 ? 40_000 : Int.random(in: 0...[10, 200, 3_000][k % 3], using: &generator)
            var (old, new) = Self.randomCase(&generator, pattern: 0, count: count, repeats: repeats)
            if k == 47 && repeats { new.insert(old[old.count / 2], at: new.count / 3) }
            let uuids = { (items: [Item<Int>]) in items.map { Item(id: Self.uuid($0.id, pattern: pattern), value: $0.value) } }
            let oldUUIDs = uuids(old), newUUIDs = uuids(new)
            let hashed = Changeset._computeByMatching(oldUUIDs, newUUIDs, algorithm, identity: HashedIdentity<Item<UUID>>())
            Self.expectSame(Changeset(from: oldUUIDs, to: newUUIDs, algorithm: algorithm), hashed, "case \(k)")
            let oldIDs = oldUUIDs.map(\.id), newIDs = newUUIDs.map(\.id)
            Self.expectSame(Changeset(from: oldIDs, to: newIDs, id: \.self, algorithm: algorithm),
                            Changeset._computeByMatching(oldIDs, newIDs, algorithm, identity: XXH3SelfIdentity<UUID>()),
                            "case \(k), ids")
        }
    }

    @Test("Hashable-only ids: the changesets of Fingerprint(hashing:)", arguments: [false, true])
    func hashableIDs(repeats: Bool) {
        var generator = SplitMix64(seed: repeats ? 4_105 : 4_104)
        for k in 0..<60 {
            let algorithm: DiffAlgorithm = k % 2 == 0 ? .heckel : .myers
            let (old, new) = Self.randomCase(&generator, pattern: k % 4, count: Int.random(in: 0...600, using: &generator),
                                             repeats: repeats)
            let opaque = { (items: [Item<Int>]) in items.map { Item(id: OpaqueID(value: $0.id), value: $0.value) } }
            let oldTags = opaque(old), newTags = opaque(new)
            let hashed = Changeset._computeByMatching(oldTags, newTags, algorithm,
                                                      identity: HashValueIdentity<Item<OpaqueID>>())
            Self.expectSame(Changeset(from: oldTags, to: newTags, algorithm: algorithm), hashed, "case \(k)")
            let clashing = { (items: [Item<Int>]) in items.map { Item(id: Clash(number: $0.id), value: $0.value) } }
            let oldClashes = clashing(old), newClashes = clashing(new)
            Self.expectSame(Changeset(from: oldClashes, to: newClashes, algorithm: algorithm),
                            Changeset._computeByMatching(oldClashes, newClashes, algorithm,
                                                         identity: HashValueIdentity<Item<Clash>>()), "clashes, case \(k)")
        }
    }
}
