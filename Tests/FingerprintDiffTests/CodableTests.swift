import FingerprintDiff
import Foundation
import Testing
import SeededRandom

/// The JSON form of updates: documented shape, lossless round trip, and corrupted input that
/// gives typed errors (from decoding or from `validate`), never a crash in `apply`.
@Suite("Codable updates")
struct CodableTests {
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("the JSON shape is the documented one")
    func documentedShape() throws {
        let changeset = Changeset(deletions: [1], insertions: [0], moves: [.init(from: 3, to: 1)],
                                  updates: [.init(old: 4, new: 4)])
        #expect(try Self.json(changeset)
            == #"{"deletions":[1],"insertions":[0],"isMinimal":true,"moves":[{"from":3,"to":1}],"updates":[{"new":4,"old":4}]}"#)
        #expect(try Self.json(BatchUpdate(changeset))
            == #"{"deletions":[1],"insertions":[0],"moves":[{"from":3,"to":1}],"reloads":[4],"reloadsAfterMoves":[]}"#)
        let sectioned = SectionedBatchUpdate(
            deletedSections: [2], movedSections: [.init(from: 0, to: 1)], updatedSections: [0],
            deletedItems: [[1, 4]], insertedItems: [[1, 0]],
            movedItems: [IndexPathMove(from: [1, 2], to: [3, 0])], updatedItems: [[1, 1]],
            updatedItemsAfterMoves: [[3, 0]])
        #expect(try Self.json(sectioned) == #"{"deletedItems":[[1,4]],"deletedSections":[2],"insertedItems":[[1,0]],"#
            + #""insertedSections":[],"movedItems":[{"from":[1,2],"to":[3,0]}],"movedSections":[{"from":0,"to":1}],"#
            + #""updatedItems":[[1,1]],"updatedItemsAfterMoves":[[3,0]],"updatedSections":[0]}"#)
        #expect(try Self.json(IndexPathUpdate(old: [0, 1], new: [2, 3])) == #"{"new":[2,3],"old":[0,1]}"#)
        // Absent arrays decode as empty.
        let sparse = try JSONDecoder().decode(BatchUpdate.self, from: Data(#"{"deletions":[0]}"#.utf8))
        #expect(sparse == BatchUpdate(deletions: [0]))
    }

    @Test("random changesets and batch updates survive JSON and still apply", arguments: ChangesetPropertyTests.shapes)
    func flatRoundTrip(shape: ChangesetPropertyTests.Shape) throws {
        var generator = SplitMix64(seed: UInt64(shape.maxSize * 31 + shape.alphabet))
        for _ in 0..<(shape.maxSize >= 2000 ? 20 : 100) {
            let (old, new) = ChangesetPropertyTests.randomCase(shape, using: &generator)
            let changeset = Changeset(from: old, to: new)
            let decoded = try JSONDecoder().decode(Changeset.self, from: JSONEncoder().encode(changeset))
            #expect(decoded == changeset)
            try decoded.validate(oldCount: old.count, newCount: new.count)
            let update = try JSONDecoder().decode(BatchUpdate.self, from: JSONEncoder().encode(BatchUpdate(changeset)))
            #expect(update == BatchUpdate(changeset))
            #expect(try update.apply(to: old, with: new) == new)
        }
    }

    @Test("random sectioned updates survive JSON and still apply", arguments: 0..<100)
    func sectionedRoundTrip(seed: UInt64) throws {
        let input = RandomSections(seed: seed, maxSections: 10, maxItems: 30, duplicates: false)
        let (old, new) = input.sections { Item(id: $0, content: $1) }
        let update = SectionedChangeset(from: old, to: new).batchUpdate
        let decoded = try JSONDecoder().decode(SectionedBatchUpdate.self, from: JSONEncoder().encode(update))
        #expect(decoded == update)
        #expect(try decoded.apply(to: old.map(\.items), with: new.map(\.items)) == new.map(\.items))
    }

    /// One random edit of a JSON text: a number replaced by an awkward one, a character
    /// deleted or inserted, a bracketed element duplicated, or two numbers swapped.
    static func corrupt(_ text: String, using random: inout SplitMix64) -> String {
        var bytes = Array(text.utf8)
        let numberRanges: [Range<Int>] = {
            var ranges: [Range<Int>] = [], start: Int?
            for (index, byte) in bytes.enumerated() {
                let digit = (byte >= 48 && byte <= 57) || byte == 45
                if digit, start == nil { start = index }
                if !digit, let begin = start { ranges.append(begin..<index); start = nil }
            }
            return ranges
        }()
        let awkward = ["-1", "0", "1", "2", "7", "40", "1000000", "9223372036854775807", "-9223372036854775808",
                       "99999999999999999999", "1.5", "null", "\"3\"", "[]", "[0]", "[0,0,0]", "{}"]
        switch Int.random(in: 0..<5, using: &random) {
        case 0 where !numberRanges.isEmpty, 4 where !numberRanges.isEmpty:
            let range = numberRanges.randomElement(using: &random)!
            bytes.replaceSubrange(range, with: Array(awkward.randomElement(using: &random)!.utf8))
        case 1 where !bytes.isEmpty:
            bytes.remove(at: Int.random(in: 0..<bytes.count, using: &random))
        case 2:
            let inserted = Array(",[]{}:0-\"".utf8).randomElement(using: &random)!
            bytes.insert(inserted, at: Int.random(in: 0...bytes.count, using: &random))
        case 3 where numberRanges.count >= 2:
            // Duplicate a number in place ("3" -> "3,3"): a repeated index.
            let range = numberRanges.randomElement(using: &random)!
            bytes.replaceSubrange(range, with: bytes[range] + Array(",".utf8) + bytes[range])
        default:
            if numberRanges.count >= 2 {
                let first = numberRanges.randomElement(using: &random)!, second = numberRanges.randomElement(using: &random)!
                let a = Array(bytes[first]), b = Array(bytes[second])
                if first.lowerBound < second.lowerBound {
                    bytes.replaceSubrange(second, with: a); bytes.replaceSubrange(first, with: b)
                } else if second.lowerBound < first.lowerBound {
                    bytes.replaceSubrange(first, with: b); bytes.replaceSubrange(second, with: a)
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Outcomes of decoding and applying corrupted JSON; each must be reached for the test to
    /// mean something.
    struct Outcomes {
        var decodingErrors = 0, validationErrors = 0, stillLegal = 0
    }

    @Test("corrupted flat JSON gives typed errors, never a crash")
    func corruptedFlat() throws {
        var random = SplitMix64(seed: 0xC0DE)
        var outcomes = Outcomes()
        for round in 0..<3000 {
            let (old, new) = ChangesetPropertyTests.randomCase(
                ChangesetPropertyTests.Shape(maxSize: 12, alphabet: round % 3 == 0 ? 4 : 0, changesContent: true), using: &random)
            let changeset = Changeset(from: old, to: new)
            var text = try Self.json(round % 2 == 0 ? AnyEncodable(changeset) : AnyEncodable(BatchUpdate(changeset)))
            for _ in 0...Int.random(in: 0..<3, using: &random) { text = Self.corrupt(text, using: &random) }
            let data = Data(text.utf8)
            do {
                let update: BatchUpdate
                if round % 2 == 0 {
                    let decoded = try JSONDecoder().decode(Changeset.self, from: data)
                    do { try decoded.validate(oldCount: old.count, newCount: new.count) } catch {
                        outcomes.validationErrors += 1
                        continue
                    }
                    #expect(decoded.matchedOffsets(oldCount: old.count, newCount: new.count) != nil)
                    update = BatchUpdate(decoded)
                } else {
                    update = try JSONDecoder().decode(BatchUpdate.self, from: data)
                }
                do {
                    try update.validate(oldCount: old.count, newCount: new.count)
                } catch {
                    outcomes.validationErrors += 1
                    // apply validates first: the same typed error, nothing applied.
                    #expect(throws: error) { try update.apply(to: old, with: new) }
                    continue
                }
                outcomes.stillLegal += 1
                #expect(try update.apply(to: old, with: new).count == new.count)
            } catch is DecodingError {
                outcomes.decodingErrors += 1
            }
        }
        #expect(outcomes.decodingErrors > 100 && outcomes.validationErrors > 100 && outcomes.stillLegal > 10,
                "\(outcomes)")
    }

    @Test("corrupted sectioned JSON gives typed errors, never a crash")
    func corruptedSectioned() throws {
        var random = SplitMix64(seed: 0xFEED)
        var outcomes = Outcomes()
        for round in 0..<2000 {
            let input = RandomSections(seed: UInt64(round), maxSections: 5, maxItems: 6, duplicates: false)
            let (oldSections, newSections) = input.sections { Item(id: $0, content: $1) }
            let old = oldSections.map(\.items), new = newSections.map(\.items)
            var text = try Self.json(SectionedChangeset(from: oldSections, to: newSections).batchUpdate)
            for _ in 0...Int.random(in: 0..<3, using: &random) { text = Self.corrupt(text, using: &random) }
            let update: SectionedBatchUpdate
            do {
                update = try JSONDecoder().decode(SectionedBatchUpdate.self, from: Data(text.utf8))
            } catch is DecodingError {
                outcomes.decodingErrors += 1
                continue
            }
            do {
                try update.validate(oldItemCounts: old.map(\.count), newItemCounts: new.map(\.count))
            } catch {
                outcomes.validationErrors += 1
                #expect(throws: error) { try update.apply(to: old, with: new) }
                continue
            }
            outcomes.stillLegal += 1
            #expect(try update.apply(to: old, with: new).map(\.count) == new.map(\.count))
            #expect(try update.applyToSections(oldSections.map(\.model), with: newSections.map(\.model)).count
                    == newSections.count)
        }
        #expect(outcomes.decodingErrors > 100 && outcomes.validationErrors > 100 && outcomes.stillLegal > 10,
                "\(outcomes)")
    }

    @Test("a hand-made changeset whose update names the wrong pair is rejected")
    func unmatchedUpdate() {
        // 0 stays at 0, 1 moves to 2, 2 shifts to 1: the update 0~1 is not a matched pair.
        let changeset = Changeset(moves: [.init(from: 1, to: 2)], updates: [.init(old: 0, new: 1)])
        #expect(throws: BatchUpdateError.updateNotMatched(old: 0, new: 1)) {
            try changeset.validate(oldCount: 3, newCount: 3)
        }
        #expect(throws: BatchUpdateError.updateOutOfRange(old: 5, new: 0, oldCount: 3, newCount: 3)) {
            try Changeset(updates: [.init(old: 5, new: 0)]).validate(oldCount: 3, newCount: 3)
        }
    }
}

/// A type-erased `Encodable`, to encode one of two update types through one path.
struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}
