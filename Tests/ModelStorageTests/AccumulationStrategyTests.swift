import Testing

@testable import ModelStorage
import SeededRandom

/// The accumulation strategies against a table of cases, duplicates on both sides included.
@Suite struct AccumulationStrategyTests {
    /// `"a1"`: id `a`, version 1.
    struct Tagged: Identifiable, Equatable, CustomStringConvertible {
        var id: Character
        var version: Int
        var description: String { "\(id)\(version)" }
    }

    static func parse(_ text: String) -> [Tagged] {
        text.split(separator: " ").map { Tagged(id: $0.first!, version: Int(String($0.dropFirst()))!) }
    }

    static let cases: [(old: String, new: String, additive: String, updateOld: String, deleteOld: String)] = [
        ("a1 b1", "c1", "a1 b1 c1", "a1 b1 c1", "a1 b1 c1"),
        ("a1 b1 c1", "b2", "a1 b1 c1 b2", "a1 b2 c1", "a1 c1 b2"),
        ("", "a1 b1", "a1 b1", "a1 b1", "a1 b1"),
        ("a1 b1", "", "a1 b1", "a1 b1", "a1 b1"),
        // new repeats an id: occurrences beyond old's are appended, none is lost
        ("a1 b1", "a2 a3", "a1 b1 a2 a3", "a2 b1 a3", "b1 a2 a3"),
        // old holds an id twice: k-th old occurrence takes the k-th new one
        ("a1 b1 a2", "a3 c1 a4 a5", "a1 b1 a2 a3 c1 a4 a5", "a3 b1 a4 c1 a5", "b1 a3 c1 a4 a5"),
        ("a1 a2 a3", "a9", "a1 a2 a3 a9", "a9 a2 a3", "a9"),
        ("a1 b1 c1", "c2 b2 a2", "a1 b1 c1 c2 b2 a2", "a2 b2 c2", "c2 b2 a2"),
    ]

    @Test(arguments: 0..<cases.count)
    func strategy(caseIndex: Int) {
        let entry = Self.cases[caseIndex]
        let old = Self.parse(entry.old)
        let new = Self.parse(entry.new)
        #expect(AdditiveAccumulationStrategy().accumulate(oldItems: old, newItems: new) == Self.parse(entry.additive))
        #expect(UpdateOldValuesAccumulationStrategy().accumulate(oldItems: old, newItems: new) == Self.parse(entry.updateOld))
        #expect(DeleteOldValuesAccumulationStrategy().accumulate(oldItems: old, newItems: new) == Self.parse(entry.deleteOld))
    }

    @Test func updateOldValuesNeverLosesAnItem() {
        var random = SplitMix64(seed: 3)
        for _ in 0..<500 {
            func list() -> [Tagged] {
                (0..<Int.random(in: 0...12, using: &random)).map { _ in
                    Tagged(id: "abcd".randomElement(using: &random)!, version: Int.random(in: 0...99, using: &random))
                }
            }
            let old = list()
            let new = list()
            let result = UpdateOldValuesAccumulationStrategy().accumulate(oldItems: old, newItems: new)
            // Every new item is in the result; per id, max(old, new) occurrences.
            for item in new { #expect(result.contains(item)) }
            for id in Set((old + new).map(\.id)) {
                let count = { (list: [Tagged]) in list.filter { $0.id == id }.count }
                #expect(count(result) == max(count(old), count(new)))
            }
        }
    }
}
