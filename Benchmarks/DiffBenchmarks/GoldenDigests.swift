import FingerprintDiff
import Foundation
import ModelStorage
import SeededRandom

/// Digests of the package's outputs on fixed inputs (`DiffBenchmarks --digests`, `make digests`):
/// fingerprints of every kind of id, and the changesets, sectioned changesets and storage
/// updates of seeded random inputs. A change that must not alter results (another XXH3, a
/// faster path) is checked by comparing the digests before and after it; `Benchmarks/digests.txt`
/// holds the committed ones. Each line is one group: its name, how many results it folded and
/// their FNV-1a digest (FNV, not XXH3, so that the digest does not depend on the hash under test).
/// Groups with repeated ids are separate, so a change to how repeated ids are paired shows
/// exactly which groups it moves.
enum GoldenDigests {
    static func run() {
        for group in groups() {
            var digest = Digest()
            let count = group.fold(&digest)
            print("\(group.name.padding(toLength: 34, withPad: " ", startingAt: 0)) \(String(count).leftPadded(7))  \(digest.hex)")
        }
    }

    struct Group {
        var name: String
        var fold: (inout Digest) -> Int
    }

    static func groups() -> [Group] {
        [
            Group(name: "fingerprint bytes 0-4096 x4 seeds", fold: fingerprintBytes),
            Group(name: "fingerprint bytes long", fold: fingerprintLongBytes),
            Group(name: "fingerprint Int", fold: fingerprintIntegers),
            Group(name: "fingerprint UUID", fold: fingerprintUUIDs),
            Group(name: "fingerprint String", fold: fingerprintStrings),
            Group(name: "fingerprint composites", fold: fingerprintComposites),
            Group(name: "changeset unique heckel", fold: { changesets(&$0, duplicates: false, .heckel) }),
            Group(name: "changeset unique myers", fold: { changesets(&$0, duplicates: false, .myers) }),
            Group(name: "changeset duplicates heckel", fold: { changesets(&$0, duplicates: true, .heckel) }),
            Group(name: "changeset duplicates myers", fold: { changesets(&$0, duplicates: true, .myers) }),
            Group(name: "sectioned unique heckel", fold: { sectioned(&$0, duplicates: false, .heckel) }),
            Group(name: "sectioned unique myers", fold: { sectioned(&$0, duplicates: false, .myers) }),
            Group(name: "sectioned duplicates heckel", fold: { sectioned(&$0, duplicates: true, .heckel) }),
            Group(name: "storage setItems unique", fold: { singleSection(&$0, duplicates: false) }),
            Group(name: "storage setItems duplicates", fold: { singleSection(&$0, duplicates: true) }),
            Group(name: "storage setSections unique", fold: { setSections(&$0, duplicates: false) }),
            Group(name: "storage setSections duplicates", fold: { setSections(&$0, duplicates: true) }),
            Group(name: "storage mutations unique", fold: { mutations(&$0, duplicates: false) }),
            Group(name: "storage mutations duplicates", fold: { mutations(&$0, duplicates: true) }),
        ]
    }

    /// FNV-1a over 64-bit words.
    struct Digest {
        var state: UInt64 = 0xCBF2_9CE4_8422_2325
        mutating func fold(_ value: UInt64) {
            var value = value
            for _ in 0..<8 {
                state = (state ^ (value & 0xFF)) &* 0x0000_0100_0000_01B3
                value >>= 8
            }
        }
        mutating func fold(_ value: Int) { fold(UInt64(bitPattern: Int64(value))) }
        mutating func fold(_ values: [Int]) {
            fold(values.count)
            for value in values { fold(value) }
        }
        mutating func fold(_ bytes: some Sequence<UInt8>) {
            for byte in bytes { state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        var hex: String {
            let digits = String(state, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
    }

    // MARK: Fingerprints

    static let seeds: [UInt64] = [0, 1, 0x9E37_79B9_7F4A_7C15, 0xFFFF_FFFF_0000_0001]

    /// A hasher whose next `combine(bytes:)` runs with seed 0 (`seed` 0) or with the
    /// fingerprint of `seed` as its seed.
    static func hasher(seed: UInt64) -> FingerprintHasher {
        var hasher = FingerprintHasher()
        if seed != 0 { hasher.combine(seed) }
        return hasher
    }

    static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }

    static func fingerprintBytes(_ digest: inout Digest) -> Int {
        let bytes = randomBytes(4_096 + 16, seed: 24)
        var count = 0
        bytes.withUnsafeBytes { buffer in
            for seed in seeds {
                for length in 0...4_096 {
                    for offset in [0, 3] where length % 7 == 0 || offset == 0 {
                        var hasher = hasher(seed: seed)
                        hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + length)]))
                        digest.fold(hasher.finalize().rawValue)
                        count += 1
                    }
                }
            }
        }
        return count
    }

    static func fingerprintLongBytes(_ digest: inout Digest) -> Int {
        let bytes = randomBytes(1 << 20, seed: 25)
        var count = 0
        bytes.withUnsafeBytes { buffer in
            for seed in seeds {
                for length in [4_097, 5_000, 10_239, 10_240, 65_536, 100_003, 1 << 20] {
                    var hasher = hasher(seed: seed)
                    hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: buffer[0..<length]))
                    digest.fold(hasher.finalize().rawValue)
                    count += 1
                }
            }
        }
        return count
    }

    static func fingerprintIntegers(_ digest: inout Digest) -> Int {
        var generator = SplitMix64(seed: 26)
        var values = Array(-1_000...1_000) + [Int.min, Int.max, Int(Int32.max), Int(Int32.min)]
        values += (0..<10_000).map { _ in Int(truncatingIfNeeded: generator.next()) }
        for value in values {
            digest.fold(value.fingerprint.rawValue)
            digest.fold(Fingerprint(of: Int32(truncatingIfNeeded: value)).rawValue)
            digest.fold(Fingerprint(of: UInt8(truncatingIfNeeded: value)).rawValue)
        }
        return values.count * 3
    }

    static func fingerprintUUIDs(_ digest: inout Digest) -> Int {
        let uuids = differenceKitScenario(count: 10_000).source
        for uuid in uuids {
            digest.fold(uuid.fingerprint.rawValue)
            digest.fold(Fingerprint(of: [uuid, uuid]).rawValue)
        }
        return uuids.count * 2
    }

    static func fingerprintStrings(_ digest: inout Digest) -> Int {
        var generator = SplitMix64(seed: 27)
        var strings = (0..<5_000).map { "row-\($0)" }
        strings += ["", "a", "café", "cafe\u{301}", "日本語のテキスト", "👩‍👩‍👧‍👦", "Ünïcödé ßtraße", "\u{0}"]
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789 -_éßü日本👍")
        for _ in 0..<3_000 {
            let length = Int(generator.next() % 300)
            strings.append(String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }))
        }
        for string in strings {
            digest.fold(string.fingerprint.rawValue)
            digest.fold(Fingerprint(of: string[...]).rawValue)
        }
        return strings.count * 2
    }

    static func fingerprintComposites(_ digest: inout Digest) -> Int {
        var count = 0
        for n in 0..<200 {
            digest.fold(Fingerprint(of: Array(0..<n)).rawValue)
            digest.fold(Fingerprint(of: (0..<n).map { "s\($0)" }).rawValue)
            digest.fold(Fingerprint(of: n % 3 == 0 ? nil : Optional(n)).rawValue)
            digest.fold(Fingerprint(of: Double(n) / 7).rawValue)
            digest.fold(Fingerprint(of: n % 2 == 0).rawValue)
            count += 5
        }
        digest.fold(Fingerprint(of: -0.0).rawValue)
        digest.fold(Fingerprint(of: Float(1.5)).rawValue)
        return count + 2
    }

    // MARK: Diffs

    struct Item: Identifiable, Hashable, Sendable {
        var id: Int
        var value: Int
    }

    /// Random old and new lists: ids unique (a subset of 0..<2n) or drawn from a few values,
    /// the new list made by deleting, inserting, moving single items and blocks, changing
    /// content, and sometimes reversing or shuffling a stretch.
    static func lists(_ generator: inout SplitMix64, duplicates: Bool) -> (old: [Item], new: [Item]) {
        let n = Int(generator.next() % 400)
        let distinct = duplicates ? 1 + Int(generator.next() % 12) : 0
        var nextID = 0
        func id() -> Int {
            if duplicates { return Int(generator.next() % UInt64(distinct)) }
            nextID += 1
            return nextID
        }
        let old = (0..<n).map { _ in Item(id: id(), value: 0) }
        var new = old
        let edits = Int(generator.next() % 12)
        for _ in 0..<edits {
            switch generator.next() % 7 {
            case 0 where !new.isEmpty: new.remove(at: Int(generator.next() % UInt64(new.count)))
            case 1: new.insert(Item(id: id(), value: 0), at: Int(generator.next() % UInt64(new.count + 1)))
            case 2 where !new.isEmpty:
                let item = new.remove(at: Int(generator.next() % UInt64(new.count)))
                new.insert(item, at: Int(generator.next() % UInt64(new.count + 1)))
            case 3 where !new.isEmpty: new[Int(generator.next() % UInt64(new.count))].value += 1
            case 4 where new.count > 4:
                let start = Int(generator.next() % UInt64(new.count - 3))
                let length = 1 + Int(generator.next() % UInt64(min(20, new.count - start - 1)))
                let block = Array(new[start..<(start + length)])
                new.removeSubrange(start..<(start + length))
                new.insert(contentsOf: block, at: Int(generator.next() % UInt64(new.count + 1)))
            case 5 where new.count > 2:
                let start = Int(generator.next() % UInt64(new.count - 1))
                let end = min(new.count, start + 2 + Int(generator.next() % 30))
                new[start..<end].reverse()
            case 6 where new.count > 2:
                let start = Int(generator.next() % UInt64(new.count - 1))
                let end = min(new.count, start + 2 + Int(generator.next() % 30))
                new[start..<end].shuffle(using: &generator)
            default: break
            }
        }
        return (old, new)
    }

    static func fold(_ changeset: Changeset, into digest: inout Digest) {
        digest.fold(changeset.deletions)
        digest.fold(changeset.insertions)
        digest.fold(changeset.moves.flatMap { [$0.from, $0.to] })
        digest.fold(changeset.updates.flatMap { [$0.old, $0.new] })
        digest.fold(changeset.isMinimal ? 1 : 0)
    }

    static func changesets(_ digest: inout Digest, duplicates: Bool, _ algorithm: DiffAlgorithm) -> Int {
        var generator = SplitMix64(seed: duplicates ? 31 : 30)
        for _ in 0..<3_000 {
            let (old, new) = lists(&generator, duplicates: duplicates)
            fold(Changeset(from: old, to: new, algorithm: algorithm), into: &digest)
        }
        // Larger shapes of the benchmark (unique ids), and its many-duplicates shape.
        if duplicates {
            let (old, new) = Shape.manyDuplicates.rows(count: 20_000)
            fold(Changeset(from: old, to: new, algorithm: algorithm), into: &digest)
        } else {
            for (old, new) in [mixScenario(count: 10_000), feedScenario()] {
                fold(Changeset(from: old, to: new, algorithm: algorithm), into: &digest)
            }
            let dk = differenceKitScenario(count: 5_000)
            fold(Changeset(from: dk.source, to: dk.target, id: \.self, algorithm: algorithm), into: &digest)
            for shape in Shape.allCases where shape != .manyDuplicates {
                let (old, new) = shape.rows(count: 20_000)
                fold(Changeset(from: old, to: new, algorithm: algorithm), into: &digest)
            }
        }
        return 3_000 + (duplicates ? 1 : 9)
    }

    struct Header: Identifiable, Equatable, Sendable {
        var id: Int
        var title: Int
    }

    /// Random sections: the items of `lists` dealt into sections, then sections moved,
    /// deleted, inserted and renamed.
    static func sections(_ generator: inout SplitMix64, duplicates: Bool) -> (old: [ArraySection<Header, Item>], new: [ArraySection<Header, Item>]) {
        let (oldItems, newItems) = lists(&generator, duplicates: duplicates)
        let sectionCount = 1 + Int(generator.next() % 8)
        func deal(_ items: [Item], seed: UInt64) -> [ArraySection<Header, Item>] {
            var local = SplitMix64(seed: seed)
            var sections = (0..<sectionCount).map { ArraySection(model: Header(id: $0, title: 0), items: [Item]()) }
            for item in items { sections[Int(local.next() % UInt64(sectionCount))].items.append(item) }
            return sections
        }
        let old = deal(oldItems, seed: generator.next())
        var new = deal(newItems, seed: generator.next())
        if duplicates, generator.next() % 3 == 0, !new.isEmpty { new.append(ArraySection(model: new[0].model, items: [])) }
        if generator.next() % 2 == 0, new.count > 1 { new.swapAt(0, new.count - 1) }
        if generator.next() % 3 == 0, !new.isEmpty { new.remove(at: Int(generator.next() % UInt64(new.count))) }
        if generator.next() % 3 == 0 { new.append(ArraySection(model: Header(id: 100, title: 0), items: [Item(id: 10_000, value: 0)])) }
        if generator.next() % 3 == 0, !new.isEmpty { new[0].model.title += 1 }
        return (old, new)
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    static func fold(_ changeset: SectionedChangeset, into digest: inout Digest) {
        digest.fold(changeset.sectionDeletions)
        digest.fold(changeset.sectionInsertions)
        digest.fold(changeset.sectionMoves.flatMap { [$0.from, $0.to] })
        digest.fold(changeset.sectionUpdates.flatMap { [$0.old, $0.new] })
        digest.fold(changeset.isMinimal ? 1 : 0)
        for stage in changeset.stages {
            digest.fold(try! encoder.encode(stage.update))
            digest.fold(stage.sourceOfSection ?? [-1])
        }
        digest.fold(try! encoder.encode(changeset.batchUpdate))
    }

    static func sectioned(_ digest: inout Digest, duplicates: Bool, _ algorithm: DiffAlgorithm) -> Int {
        var generator = SplitMix64(seed: duplicates ? 33 : 32)
        for _ in 0..<1_500 {
            let (old, new) = sections(&generator, duplicates: duplicates)
            fold(SectionedChangeset(from: old, to: new, algorithm: algorithm), into: &digest)
        }
        return 1_500
    }

    // MARK: Storages

    /// Folds every update `storage` delivers while `body` runs (JSON of its changes, plus its
    /// updated models) and returns how many there were.
    static func foldUpdates(of storage: BaseStorage, into digest: inout Digest, during body: () -> Void) -> Int {
        final class Updates { var list: [StorageUpdate] = [] }
        let updates = Updates()
        let token = storage.addObserver { updates.list.append($0) }
        body()
        storage.removeObserver(token)
        for update in updates.list {
            digest.fold(try! encoder.encode(update))
            for (indexPath, model) in update.updatedModels.sorted(by: { $0.key < $1.key }) {
                digest.fold([indexPath.section, indexPath.item])
                digest.fold(Array(String(describing: model).utf8))
            }
        }
        return updates.list.count
    }

    static func singleSection(_ digest: inout Digest, duplicates: Bool) -> Int {
        var generator = SplitMix64(seed: duplicates ? 35 : 34)
        var count = 0
        for _ in 0..<500 {
            let (old, new) = lists(&generator, duplicates: duplicates)
            let storage = SingleSectionHashableStorage(items: old)
            count += foldUpdates(of: storage, into: &digest) {
                storage.setItems(new)
                storage.addItems(Array(old.prefix(3)), UpdateOldValuesAccumulationStrategy())
            }
        }
        return count
    }

    static func setSections(_ digest: inout Digest, duplicates: Bool) -> Int {
        var generator = SplitMix64(seed: duplicates ? 37 : 36)
        var count = 0
        for _ in 0..<500 {
            let (old, new) = sections(&generator, duplicates: duplicates)
            let storage = MemoryStorage()
            storage.setSections(old)
            count += foldUpdates(of: storage, into: &digest) {
                storage.setSections(new)
                if let first = new.first { try? storage.setItems(first.items.reversed(), forSection: 0) }
            }
        }
        return count
    }

    /// Random mutation sequences on a MemoryStorage, half of them inside `performUpdates`.
    static func mutations(_ digest: inout Digest, duplicates: Bool) -> Int {
        var generator = SplitMix64(seed: duplicates ? 39 : 38)
        var count = 0
        var nextID = 0
        for round in 0..<300 {
            let storage = MemoryStorage()
            func item() -> Item {
                nextID += 1
                return Item(id: duplicates ? Int(generator.next() % 5) : nextID, value: Int(generator.next() % 3))
            }
            func indexPath(inserting: Bool) -> IndexPath {
                let sections = max(1, storage.numberOfSections)
                let section = Int(generator.next() % UInt64(sections + 1))
                let items = storage.numberOfItems(inSection: section)
                return IndexPath(item: Int(generator.next() % UInt64(items + (inserting ? 1 : 0) + 1)), section: section)
            }
            func mutate() {
                switch generator.next() % 8 {
                case 0: try? storage.addItem(item(), toSection: Int(generator.next() % 4))
                case 1: try? storage.addItems((0..<Int(generator.next() % 5)).map { _ in item() }, toSection: Int(generator.next() % 3))
                case 2: try? storage.insertItem(item(), to: indexPath(inserting: true))
                case 3: try? storage.removeItems(at: [indexPath(inserting: false), indexPath(inserting: false)])
                case 4: try? storage.moveItem(at: indexPath(inserting: false), to: indexPath(inserting: false))
                case 5:
                    if let existing = storage.item(at: indexPath(inserting: false)) as? Item {
                        try? storage.replaceItem(existing, with: Item(id: existing.id, value: existing.value + 1))
                    }
                case 6: try? storage.deleteSections([Int(generator.next() % 3)])
                default: try? storage.moveSection(Int(generator.next() % 3), toSection: Int(generator.next() % 3))
                }
            }
            count += foldUpdates(of: storage, into: &digest) {
                for _ in 0..<30 {
                    if round % 2 == 0 {
                        mutate()
                    } else {
                        storage.performUpdates { for _ in 0..<(1 + Int(generator.next() % 6)) { mutate() } }
                    }
                }
            }
        }
        return count
    }
}
