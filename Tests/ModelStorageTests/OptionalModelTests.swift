import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// Models given as optionals are stored as the models they hold: the same calls made with plain
/// values and with the values wrapped in optionals (nested, typed or type-erased) leave two
/// storages with the same items of the same dynamic types, deliver the same updates, and
/// `nil` is refused as it always was.
@Suite struct OptionalModelTests {
    /// `value` as one of the ways a caller can hand it over: plain, `T?`, `T??`, or an
    /// `(any Sendable)?`.
    static func wrapped<T: Sendable>(_ value: T, _ way: Int) -> any Sendable {
        switch way % 4 {
        case 0: value
        case 1: Optional(value)
        case 2: Optional(Optional(value))
        default: Optional<any Sendable>.some(value)
        }
    }

    /// The dynamic type of every stored item, section by section.
    static func storedTypes(_ storage: MemoryStorage) -> [[ObjectIdentifier]] {
        (0..<storage.numberOfSections).map { storage.items(inSection: $0)!.map { ObjectIdentifier(type(of: $0)) } }
    }

    /// The dynamic type of every header model.
    static func headerTypes(_ storage: MemoryStorage) -> [ObjectIdentifier?] {
        (0..<storage.numberOfSections).map { storage.headerModel(forSection: $0).map { ObjectIdentifier(type(of: $0)) } }
    }

    /// An error boxed in the items' existentials: an existential whose dynamic type is its own.
    struct Failure: Error { var code: Int }
    class Base: @unchecked Sendable { let value: Int; init(_ value: Int) { self.value = value } }
    final class Derived: Base, @unchecked Sendable {}

    @Test("untyped items: optionals found once per stored type give what a look at each item's dynamic type gives",
          arguments: 0..<100)
    func untypedItemsUnwrapLikeEachItemsDynamicType(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let kinds = Int.random(in: 1...12, using: &random)
        let items: [any Sendable] = (0..<Int.random(in: 0...60, using: &random)).map { _ in
            let value = Int.random(in: 0...9, using: &random)
            switch Int.random(in: 0..<kinds, using: &random) {
            case 0: return value
            case 1: return Self.wrapped(value, Int.random(in: 1...3, using: &random))
            case 2: return Self.wrapped("s\(value)", Int.random(in: 0...3, using: &random))
            case 3: return Derived(value) as Base
            case 4: return Optional(Base(value) as Base)
            case 5: return unsafeBitCast([AnyHashable(value)] as [Any], to: [any Sendable].self)[0]
            case 6: return Failure(code: value) as any Error
            case 7: return value < 2 ? Int?.none : Int?.some(value)
            case 8: return value < 2 ? Optional<Int?>.some(nil) : Optional(Optional(value))
            case 9: return Optional<any Sendable>.some(Optional(value))
            case 10: return [value]
            default: return Optional(Failure(code: value) as any Error)
            }
        }
        // The reference: each item's dynamic type looked at.
        var expected: [any Sendable] = []
        var refused: Int?
        for (offset, item) in items.enumerated() {
            guard type(of: item) is any OptionalModel.Type else { expected.append(item); continue }
            guard let model = nonNilModel(item) else { refused = offset; break }
            expected.append(model)
        }
        do {
            let stored = try storedItems(items)
            #expect(refused == nil, "seed \(seed): nil at \(String(describing: refused)) not refused")
            #expect(stored.map { ObjectIdentifier(type(of: $0)) } == expected.map { ObjectIdentifier(type(of: $0)) },
                    "seed \(seed): \(items)")
            #expect(stored.map { "\($0)" } == expected.map { "\($0)" }, "seed \(seed): \(items)")
        } catch {
            #expect(error == .nilItem(at: refused ?? -1), "seed \(seed): \(items)")
        }
    }

    @Test("the issue's case: items added as optionals and set again untyped report nothing")
    func optionalsThenUntypedSetItems() throws {
        let (storage, recorder) = makeStorage([])
        try storage.addItems([FeedPost(id: 5), FeedPost(id: 6)] as [FeedPost?])
        #expect(Self.storedTypes(storage) == [[ObjectIdentifier(FeedPost.self), ObjectIdentifier(FeedPost.self)]])
        _ = recorder.take()
        try storage.setItems([FeedPost(id: 5), FeedPost(id: 6)] as [any Sendable])
        #expect(recorder.take().updates.isEmpty)
        try storage.setItems([FeedPost(id: 6), FeedPost(id: 5, version: 1)] as [any Sendable])
        let updates = recorder.take().updates
        #expect(updates.count == 1 && updates[0].updatedIndexPaths == [path(0, 0)] && updates[0].movedIndexPaths.count == 1)
    }

    @Test("nil, also nested, is refused and changes nothing; a nil supplementary model removes it")
    func nilIsRefused() throws {
        let (storage, recorder) = makeStorage([[1, 2]])
        let nested: FeedPost?? = .some(nil)
        expectRejected(storage, recorder, .nilItem(at: 1)) { try storage.addItems([FeedPost(id: 1), nested] as [FeedPost??]) }
        expectRejected(storage, recorder, .nilItem(at: 0)) { try storage.insertItem(nested, to: path(0, 0)) }
        expectRejected(storage, recorder, .nilItem(at: 1)) {
            try storage.setItems([Self.wrapped(FeedTag(id: 1), 1), Self.wrapped(nested, 3)], forSection: 0)
        }
        try storage.setSupplementaryModel(Optional(Optional(Shelf(id: 3))), forKind: storage.supplementaryHeaderKind, atSectionIndex: 0)
        #expect(Self.headerTypes(storage) == [ObjectIdentifier(Shelf.self)])
        try storage.setSupplementaryModel(Optional<Shelf?>.some(nil), forKind: storage.supplementaryHeaderKind, atSectionIndex: 0)
        #expect(storage.headerModel(forSection: 0) == nil)
        storage.headerModelProvider = { section in Optional(Optional(Shelf(id: section))) }
        #expect(Self.headerTypes(storage) == [ObjectIdentifier(Shelf.self)])
        storage.headerModelProvider = { _ in Optional<Shelf?>.some(nil) }
        #expect(storage.headerModel(forSection: 0) == nil)
    }

    @Test("random calls with plain values and with optionals of them: same items, same types, same updates",
          arguments: 0..<150)
    func plainAndOptionalAgree(seed: UInt64) throws {
        var generator = UntypedDiffingPropertyTests.FeedGenerator(random: SplitMix64(seed: seed))
        let plain = MemoryStorage(), optional = MemoryStorage()
        let plainRecorder = UpdateRecorder(), optionalRecorder = UpdateRecorder()
        plain.delegate = plainRecorder
        optional.delegate = optionalRecorder
        for step in 0..<generator.int(1...20) {
            let context = "seed \(seed) step \(step)"
            let items = (0..<generator.int(0...5)).map { _ in generator.freshItem() }
            let ways = items.map { _ in generator.int(0...3) }
            let nilAt = generator.chance(10) && !items.isEmpty ? generator.int(0...items.count - 1) : nil
            func models(wrapped: Bool) -> [any Sendable] {
                items.indices.map { index in
                    if wrapped, index == nilAt { return Optional<FeedPost>.none }
                    return wrapped ? Self.wrapped(items[index].model, ways[index]) : items[index].model
                }
            }
            let section = generator.int(0...2)
            let call = generator.int(0...5)
            func perform(_ storage: MemoryStorage, wrapped: Bool) throws(StorageError) {
                let models = models(wrapped: wrapped)
                switch call {
                case 0: try storage.addItems(models, toSection: section)
                case 1: try storage.setItems(models, forSection: section)
                case 2: try storage.setItemsForAllSections([models, Array(models.prefix(1))])
                case 3: try storage.insertSection(SectionModel(items: models), atIndex: min(section, storage.numberOfSections))
                case 4:
                    let headers = items.indices.map { wrapped ? Self.wrapped(Shelf(id: $0), ways[$0]) : Shelf(id: $0) as any Sendable }
                    storage.setSectionHeaderModels(headers)
                default:
                    let target = IndexPath(indexes: [0, 0])
                    guard storage.numberOfItems(inSection: 0) > 0, let first = models.first else { return }
                    try Self.replace(FeedItem(storage.item(at: target)!), in: storage, with: first)
                }
            }
            let plainError = Result { () throws(StorageError) in try perform(plain, wrapped: false) }.error
            let optionalError = Result { () throws(StorageError) in try perform(optional, wrapped: true) }.error
            let plainUpdates = plainRecorder.take().updates, optionalUpdates = optionalRecorder.take().updates
            if let nilAt, call != 4, !(call == 5 && nilAt != 0) {
                #expect(optionalError == .nilItem(at: nilAt) || (call == 5 && plain.numberOfItems(inSection: 0) == 0), "\(context)")
                #expect(optionalUpdates.isEmpty, "\(context): a refused call delivered \(optionalUpdates)")
                // Bring the plain storage's change over with plain values, so that both go on equal.
                if plainError == nil {
                    optional.delegate = nil
                    try perform(optional, wrapped: false)
                    optional.delegate = optionalRecorder
                }
            } else {
                #expect(plainError == optionalError, "\(context)")
                #expect(plainUpdates.map(\.changes) == optionalUpdates.map(\.changes), "\(context)")
                #expect(plainUpdates.map { $0.updatedModels.mapValues(FeedItem.init) }
                        == optionalUpdates.map { $0.updatedModels.mapValues(FeedItem.init) }, "\(context)")
                #expect(plainUpdates.flatMap { $0.updatedModels.values.map { ObjectIdentifier(type(of: $0)) } }.sorted()
                        == optionalUpdates.flatMap { $0.updatedModels.values.map { ObjectIdentifier(type(of: $0)) } }.sorted())
            }
            #expect(feedItems(plain) == feedItems(optional), "\(context)")
            #expect(Self.storedTypes(plain) == Self.storedTypes(optional), "\(context): \(feedItems(optional))")
            #expect(Self.headerTypes(plain) == Self.headerTypes(optional), "\(context)")
        }
    }
}

extension OptionalModelTests {
    /// Replaces the first item equal to `old` with `model`, through the typed call.
    static func replace(_ old: FeedItem, in storage: MemoryStorage, with model: any Sendable) throws(StorageError) {
        switch old {
        case let .post(id, version): try storage.replaceItem(FeedPost(id: id, version: version), with: model)
        case let .comment(id, version): try storage.replaceItem(FeedComment(id: id, version: version), with: model)
        case let .tag(id, version): try storage.replaceItem(FeedTag(id: id, version: version), with: model)
        case let .note(text): try storage.replaceItem(FeedNote(text: text), with: model)
        case let .number(value): try storage.replaceItem(value, with: model)
        }
    }
}

extension Result {
    /// The error, or `nil` on success.
    var error: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}
