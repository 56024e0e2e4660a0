import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// The matchings of `MemoryStorage`'s diffing calls whose ids are fingerprinted without
/// hashing (64-bit integers read as bits, the diff core's keys of `String` and `UUID`), and whose
/// items are read in place in their existentials, against the same matchings with every id hashed
/// and every item copied, on random lists: several item types whose ids
/// collide, ids repeated within and across types, optionals among the items (unwrapped as the
/// storage stores them), equal and changed items, moves, items without identity. Equal
/// matchings (pairs, moves, updates, minimality) give equal updates and contents.
@Suite struct IDFingerprintMatchingPropertyTests {
    struct IntItem: Identifiable, Equatable, Sendable { var id: Int; var value: Int }
    struct OtherIntItem: Identifiable, Equatable, Sendable { var id: Int; var value: Int }
    struct UInt64Item: Identifiable, Equatable, Sendable { var id: UInt64; var value: Int }
    struct StringItem: Identifiable, Equatable, Sendable { var id: String; var value: Int }
    struct UUIDItem: Identifiable, Equatable, Sendable { var id: UUID; var value: Int }
    /// An id type the fast paths do not know: always hashed.
    struct PairID: Hashable, Sendable { var a: Int, b: Int }
    struct PairItem: Identifiable, Equatable, Sendable { var id: PairID; var value: Int }
    struct Plain: Equatable, Sendable { var value: Int }
    /// Too large for an existential's inline buffer: stored boxed (read in place in its box).
    struct LargeItem: Identifiable, Equatable, Sendable {
        var id: Int; var value: Int; var padding = (1, 2, 3)
        static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id && lhs.value == rhs.value && lhs.padding == rhs.padding }
    }
    /// Boxed, with a `String` id (whose fingerprint stands for more than the id: pairs are
    /// confirmed with `==` on the ids).
    struct SongItem: Identifiable, Equatable, Sendable { var id: String; var title: String; var value: Int }
    /// Small, but holding a weak reference (not bitwise takable on every platform: then boxed).
    struct WeakItem: Identifiable, Equatable, @unchecked Sendable {
        var id: Int; var value: Int; weak var owner: ClassItem?
        static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id && lhs.value == rhs.value }
    }
    /// Identified types the tests wrap in `AnyHashable`: matched by the wrapped type and id.
    struct HashableItem: Identifiable, Hashable, Sendable { var id: Int; var value: Int }
    struct OtherHashableItem: Identifiable, Hashable, Sendable { var id: String; var value: Int }
    /// A class, and a subclass whose instances are stored as the superclass: keyed by their
    /// dynamic type.
    class ClassItem: Identifiable, Equatable, @unchecked Sendable {
        let id: Int, value: Int
        init(id: Int, value: Int) { (self.id, self.value) = (id, value) }
        static func == (lhs: ClassItem, rhs: ClassItem) -> Bool { type(of: lhs) == type(of: rhs) && lhs.id == rhs.id && lhs.value == rhs.value }
    }
    final class SubclassItem: ClassItem, @unchecked Sendable {}

    /// Everything a matching decides.
    struct Decided: Equatable {
        var changeset: Changeset
        var newOffsetsOfOld: [Int]
        var oldOffsetsOfNew: [Int]

        init(_ matching: _Matching) {
            changeset = Changeset(_matching: matching)
            newOffsetsOfOld = matching.newOffsetsOfOld
            oldOffsetsOfNew = matching.oldOffsetsOfNew
        }
    }

    /// Random lists and edits of them, with ids from a small range (so they repeat).
    struct ListGenerator {
        var random: SplitMix64
        let idRange: ClosedRange<Int>

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

        /// `items` with some dropped, some replaced by `fresh()` or `changed`, some repeated,
        /// maybe shuffled or one moved, and fresh ones inserted.
        mutating func edit<Item>(_ items: [Item], fresh: (inout Self) -> Item, changed: (Item) -> Item) -> [Item] {
            let dropRate = int(0...40), changeRate = int(0...30)
            var edited = items.filter { _ in !chance(dropRate) }
            for index in edited.indices where chance(changeRate) { edited[index] = changed(edited[index]) }
            if !edited.isEmpty && chance(20) { edited.insert(edited[int(0...edited.count - 1)], at: int(0...edited.count)) }
            if chance(30) {
                edited.shuffle(using: &random)
            } else if edited.count > 1 {
                for _ in 0..<int(0...3) { edited.insert(edited.remove(at: int(0...edited.count - 1)), at: int(0...edited.count - 1)) }
            }
            for _ in 0..<int(0...4) { edited.insert(fresh(&self), at: int(0...edited.count)) }
            return edited
        }
    }

    @Test("typed matching (setItems, setSections): fingerprinted ids give the hashed ids' matching", arguments: 0..<200)
    func typedMatchingEqualsHashed(seed: UInt64) throws {
        var generator = ListGenerator(random: SplitMix64(seed: seed), idRange: 0...Int(seed % 4 == 0 ? 3 : 40))
        let moves = seed % 2 == 0
        func check<Item: Identifiable & Equatable & Sendable>(_ make: (Int, Int) -> Item, changed: (Item) -> Item) throws {
            let old = (0..<generator.int(0...30)).map { _ in make(generator.int(generator.idRange), 0) }
            let new = generator.edit(old, fresh: { make($0.int($0.idRange), $0.int(0...2)) }, changed: changed)
            // Some old items stored as optionals (unwrapped, as the storage stores them).
            let stored = try storedItems(old.map { generator.chance(30) ? Optional(Optional($0)) as any Sendable : $0 as any Sendable })
            let decided = [false, true].map { hashed in
                MemoryStorage._itemMatching(old: stored, new: new, id: { $0.id }, moves: moves, changed: !=,
                                            hashedIDsOnly: hashed, Decided.init)
            }
            #expect(decided[0] == decided[1], "seed \(seed): \(old) -> \(new)")
            // The old items read in place in a storage's sections (random sections, some items
            // of another type), against the old items gathered into an array, every id hashed.
            let storage = MemoryStorage()
            var sections = [[any Sendable]](repeating: [], count: generator.int(1...4))
            for item in stored { sections[generator.int(0...sections.count - 1)].append(generator.chance(10) ? Plain(value: 1) : item) }
            try storage.setItemsForAllSections(sections)
            for section in [nil] + Array(sections.indices) {
                let gathered = section.map { storage.core.sections[$0].items } ?? storage.core.sections.flatMap(\.items)
                let inPlace = storage._withItemMatching(inSection: section, new: new, id: { $0.id }, moves: moves, changed: !=,
                                                        Decided.init)
                let hashed = MemoryStorage._itemMatching(old: gathered, new: new, id: { $0.id }, moves: moves, changed: !=,
                                                         hashedIDsOnly: true, Decided.init)
                #expect(inPlace == hashed, "seed \(seed) section \(String(describing: section)): \(gathered) -> \(new)")
            }
        }
        try check({ IntItem(id: $0, value: $1) }) { IntItem(id: $0.id, value: $0.value + 1) }
        try check({ UInt64Item(id: UInt64($0), value: $1) }) { UInt64Item(id: $0.id, value: $0.value + 1) }
        try check({ StringItem(id: "s\($0)", value: $1) }) { StringItem(id: $0.id, value: $0.value + 1) }
        try check({ UUIDItem(id: UUID(uuid: (UInt8($0), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)), value: $1) }) {
            UUIDItem(id: $0.id, value: $0.value + 1)
        }
        // Items that are their own identity (the `Hashable` overload).
        let old = (0..<generator.int(0...30)).map { _ in generator.int(generator.idRange) }
        let new = generator.edit(old, fresh: { $0.int($0.idRange) }, changed: { $0 + 1 })
        let decided = [false, true].map { hashed in
            MemoryStorage._itemMatching(old: old.map { $0 as any Sendable }, new: new, id: { $0 }, moves: true,
                                        changed: { _, _ in false }, hashedIDsOnly: hashed, Decided.init)
        }
        #expect(decided[0] == decided[1], "seed \(seed): \(old) -> \(new)")
    }

    /// `value` wrapped in an `AnyHashable`, as an untyped item (`AnyHashable` is not `Sendable`:
    /// a caller's `@unchecked` wrapper or an `Any` brought back can still hand one over).
    private static func anyHashable(_ value: some Hashable & Sendable) -> any Sendable {
        unsafeBitCast([AnyHashable(value)] as [Any], to: [any Sendable].self)[0]
    }

    /// A random untyped item: one of several identified types whose ids collide (structs inline
    /// and boxed in their existentials, a class and its subclass, values wrapped in
    /// `AnyHashable`), or one without
    /// identity, sometimes wrapped in an optional.
    private static func untypedItem(_ generator: inout ListGenerator, version: Int) -> any Sendable {
        let id = generator.int(generator.idRange)
        let item: any Sendable = switch generator.int(0...14) {
        case 12: LargeItem(id: id, value: version)
        case 13: SongItem(id: "song\(id)", title: "t\(id % 3)", value: version)
        case 14: WeakItem(id: id, value: version)
        case 8: ClassItem(id: id, value: version)
        case 9: SubclassItem(id: id, value: version) as ClassItem
        case 10: anyHashable(HashableItem(id: id, value: version))
        case 11: anyHashable(OtherHashableItem(id: "h\(id)", value: version))
        case 0, 1: IntItem(id: id, value: version)
        case 2, 3: OtherIntItem(id: id, value: version)
        case 4: UInt64Item(id: UInt64(id), value: version)
        case 5: StringItem(id: "s\(id)", value: version)
        case 6: PairItem(id: PairID(a: id, b: id % 2), value: version)
        default: generator.chance(50) ? Plain(value: id) : id
        }
        return generator.chance(15) ? Optional(item) as any Sendable : item
    }

    /// `item` with its content changed (its type and id kept).
    private static func changed(_ item: any Sendable) -> any Sendable {
        switch item {
        case let item as IntItem: IntItem(id: item.id, value: item.value + 1)
        case let item as OtherIntItem: OtherIntItem(id: item.id, value: item.value + 1)
        case let item as UInt64Item: UInt64Item(id: item.id, value: item.value + 1)
        case let item as StringItem: StringItem(id: item.id, value: item.value + 1)
        case let item as PairItem: PairItem(id: item.id, value: item.value + 1)
        case let item as LargeItem: LargeItem(id: item.id, value: item.value + 1)
        case let item as SongItem: SongItem(id: item.id, title: item.title, value: item.value + 1)
        case let item as WeakItem: WeakItem(id: item.id, value: item.value + 1)
        case let wrapped as AnyHashable:
            if let item = wrapped.base as? HashableItem {
                anyHashable(HashableItem(id: item.id, value: item.value + 1))
            } else if let item = wrapped.base as? OtherHashableItem {
                anyHashable(OtherHashableItem(id: item.id, value: item.value + 1))
            } else {
                item
            }
        case let item as SubclassItem: SubclassItem(id: item.id, value: item.value + 1) as ClassItem
        case let item as ClassItem: ClassItem(id: item.id, value: item.value + 1)
        default: item
        }
    }

    /// The untyped matching reads items in place only when the check of the existential layout
    /// holds; the comparisons below prove the in-place reads only if it does, as on every platform
    /// of Swift's stable ABI.
    @Test("the existential layout that in-place reads rely on holds here")
    func existentialLayoutIsTheExpectedOne() {
        #expect(existentialLayoutHolds)
        #expect(ExistentialValuePlacement(of: IntItem.self).isInline)
        #expect(!ExistentialValuePlacement(of: LargeItem.self).isInline)
        #expect(!ExistentialValuePlacement(of: SongItem.self).isInline)
    }

    @Test("untyped matching (setItems of [any Sendable], sections of untyped items): fingerprinted ids give the hashed ids' matching",
          arguments: 0..<300)
    func untypedMatchingEqualsHashed(seed: UInt64) throws {
        var generator = ListGenerator(random: SplitMix64(seed: seed), idRange: 0...Int(seed % 4 == 0 ? 3 : 30))
        let old = (0..<generator.int(0...40)).map { _ in Self.untypedItem(&generator, version: 0) }
        let new = generator.edit(old, fresh: { Self.untypedItem(&$0, version: $0.int(0...2)) },
                                 changed: { Self.changed(nonNilModel($0)!) })
        let storedOld = try storedItems(old), storedNew = try storedItems(new)
        for moves in [true, false] {
            let decided = [false, true].map { hashed in
                withTypedItemMatching(old: storedOld, new: storedNew, moves: moves, evenWithoutIdentities: true,
                                      hashedIDsOnly: hashed, Decided.init)
            }
            #expect(decided[0] == decided[1], "seed \(seed) moves \(moves): \(storedOld) -> \(storedNew)")
        }
        // The old items read in place in a storage's sections (random sections, some empty),
        // against the old items gathered into an array, every id hashed.
        let storage = MemoryStorage()
        var sections = [[any Sendable]](repeating: [], count: generator.int(1...4))
        for item in old { sections[generator.int(0...sections.count - 1)].append(item) }
        try storage.setItemsForAllSections(sections)
        let stored = storage.core.sections
        let gathered = stored.flatMap(\.items)
        #expect(gathered.count == storedOld.count)
        for moves in [true, false] {
            let inPlace = withTypedItemMatching(old: stored, new: storedNew, moves: moves, evenWithoutIdentities: true,
                                                Decided.init)
            let hashed = withTypedItemMatching(old: gathered, new: storedNew, moves: moves, evenWithoutIdentities: true,
                                               hashedIDsOnly: true, Decided.init)
            #expect(inPlace == hashed, "seed \(seed) moves \(moves), in place: \(gathered) -> \(storedNew)")
        }
    }
}
