import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// `_exactCast(_:to:)`, the cast the whole-list diffs read the storage's items with, answers
/// what `as?` answers, on random values of several types: exactly the type, another type, a
/// subclass instance boxed as itself or as its superclass, an optional.
@Suite struct ExactTypeCastTests {
    class Animal: @unchecked Sendable, Equatable {
        let id: Int
        init(id: Int) { self.id = id }
        static func == (lhs: Animal, rhs: Animal) -> Bool { lhs.id == rhs.id && type(of: lhs) == type(of: rhs) }
    }

    final class Cat: Animal, @unchecked Sendable {}

    struct Song: Equatable, Sendable {
        var id: Int
    }

    /// A random value of one of the kinds above.
    static func value(_ random: inout SplitMix64) -> any Sendable {
        let id = Int.random(in: 0..<100, using: &random)
        switch Int.random(in: 0..<7, using: &random) {
        case 0: return Song(id: id)
        case 1: return id
        case 2: return Animal(id: id)
        case 3: return Cat(id: id)
        case 4: return Cat(id: id) as Animal
        case 5: return Song(id: id) as Song?
        default: return "\(id)"
        }
    }

    @Test("answers as? does, for every kind of value and target type", arguments: 0..<20)
    func answersWhatTheCastAnswers(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<50 {
            let item = Self.value(&random)
            #expect(_exactCast(item, to: Song.self) == item as? Song)
            #expect(_exactCast(item, to: Int.self) == item as? Int)
            #expect(_exactCast(item, to: Animal.self) == item as? Animal)
            #expect(_exactCast(item, to: Cat.self) == item as? Cat)
            #expect(_exactCast(item, to: Song?.self) == item as? Song?)
        }
    }
}
