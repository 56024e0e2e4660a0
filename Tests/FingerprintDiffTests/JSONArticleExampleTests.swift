import FingerprintDiff
import Foundation
import Testing

/// The example of the DocC article SendingUpdatesAsJSON, verbatim: `DocumentationExampleTests`
/// checks that it matches.
@Suite("DocC article examples (JSON)")
struct JSONArticleExampleTests {
    @Test("Sending updates as JSON")
    func sendingUpdatesAsJSON() throws {
        let update = BatchUpdate(deletions: [0], insertions: [2], moves: [Changeset.Move(from: 3, to: 0)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(update)
        // {"deletions":[0],"insertions":[2],"moves":[{"from":3,"to":0}],"reloads":[],"reloadsAfterMoves":[]}
        #expect(String(decoding: json, as: UTF8.self)
            == #"{"deletions":[0],"insertions":[2],"moves":[{"from":3,"to":0}],"reloads":[],"reloadsAfterMoves":[]}"#)

        let received = try JSONDecoder().decode(BatchUpdate.self, from: json)
        let rows = ["a", "b", "c", "d"]
        var shown = rows
        do {
            try received.validate(oldCount: rows.count, newCount: 4)
            shown = try received.apply(to: rows, with: ["d", "b", "e", "c"])   // ["d", "b", "e", "c"]
        } catch {
            // a BatchUpdateError: the update does not fit these rows; reload instead
        }
        #expect(shown == ["d", "b", "e", "c"])
        // And one that does not fit: refused with a typed error, nothing applied.
        #expect(throws: BatchUpdateError.indexOutOfRange(.moveSource, index: 3, count: 3)) {
            try received.apply(to: ["a", "b", "c"], with: ["d", "b", "e", "c"])
        }
    }
}
