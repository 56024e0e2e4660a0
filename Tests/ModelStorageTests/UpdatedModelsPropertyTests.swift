import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// `StorageUpdate.updatedModels` over the update's own representation of its models
/// (`UpdatedModels`: none, one model kept as it is, or a dictionary) run against a plain
/// dictionary on random operations: after every operation it reads as the dictionary does,
/// however the update was made (the public initialiser, or the one-model form a replacement
/// makes) and whichever way it was changed (assigned, changed in place by key, removed from).
@Suite struct UpdatedModelsPropertyTests {
    /// A random index path among a few, so that keys repeat.
    static func path(_ random: inout SplitMix64) -> IndexPath {
        IndexPath(indexes: [Int.random(in: 0...2, using: &random), Int.random(in: 0...3, using: &random)])
    }

    /// An update whose models read as `expected`, made one of the ways the package makes them.
    static func update(_ random: inout SplitMix64, next: inout Int) -> (StorageUpdate, [IndexPath: Int]) {
        next += 1
        switch Int.random(in: 0...3, using: &random) {
        case 0:
            return (StorageUpdate(changes: SectionedBatchUpdate(), models: .none), [:])
        case 1:
            let key = path(&random)
            return (StorageUpdate(changes: SectionedBatchUpdate(), models: .one(key, next)), [key: next])
        default:
            var dictionary: [IndexPath: Int] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &random) { next += 1; dictionary[path(&random)] = next }
            return (StorageUpdate(updatedModels: dictionary), dictionary)
        }
    }

    /// What `update`'s models read as, as integers; `nil` when one is not an `Int`.
    static func read(_ update: StorageUpdate) -> [IndexPath: Int]? {
        var result: [IndexPath: Int] = [:]
        for (key, model) in update.updatedModels {
            guard let value = model as? Int else { return nil }
            result[key] = value
        }
        return result
    }

    @Test("updatedModels reads and changes as a plain dictionary does, from every representation",
          arguments: 0..<16 as Range<UInt64>)
    func randomOperationsAgainstADictionary(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var next = 0
        for _ in 0..<200 {
            var (update, expected) = Self.update(&random, next: &next)
            #expect(Self.read(update) == expected)
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                let key = Self.path(&random)
                next += 1
                let copy = update, copied = expected
                switch Int.random(in: 0...4, using: &random) {
                case 0:
                    update.updatedModels[key] = next
                    expected[key] = next
                case 1:
                    update.updatedModels[key] = nil
                    expected[key] = nil
                case 2:
                    #expect((update.updatedModels.removeValue(forKey: key) as? Int) == expected.removeValue(forKey: key))
                case 3:
                    update.updatedModels = [key: next]
                    expected = [key: next]
                default:
                    #expect(update.updatedModels.count == expected.count)
                    #expect(update.updatedModels.isEmpty == expected.isEmpty)
                }
                #expect(Self.read(update) == expected)
                #expect(Self.read(copy) == copied, "a copy taken before the change keeps its models")
            }
        }
    }

    @Test("a replaced item's update carries its one new model at its index path")
    func replacementCarriesItsModel() throws {
        let storage = MemoryStorage()
        try storage.addItems([Cell(id: 1), Cell(id: 2), Cell(id: 3)])
        var delivered: [StorageUpdate] = []
        storage.addObserver { delivered.append($0) }
        try storage.replaceItem(Cell(id: 2), with: Cell(id: 2, version: 1))
        #expect(delivered.count == 1)
        let models = try #require(delivered.first?.updatedModels)
        #expect(models.count == 1)
        #expect(models[IndexPath(indexes: [0, 1])] as? Cell == Cell(id: 2, version: 1))
    }
}
