import FingerprintDiff
import Testing

/// The examples of the FingerprintDiff DocC articles (GettingStarted, ChoosingHeckelOrMyers,
/// BatchUpdateRules), verbatim: `DocumentationExampleTests` checks that they match.
@Suite("DocC article examples (FingerprintDiff)")
struct ArticleExampleTests {
    struct Chore: Identifiable, Equatable {
        let id: Int
        var title: String
    }

    @Test("Getting started")
    func gettingStarted() throws {
        let old = [Chore(id: 1, title: "Write"), Chore(id: 2, title: "Test"), Chore(id: 3, title: "Ship")]
        let new = [Chore(id: 3, title: "Ship"), Chore(id: 1, title: "Write"), Chore(id: 2, title: "Test it")]

        let changeset = Changeset(from: old, to: new)
        precondition(changeset.moves == [Changeset.Move(from: 2, to: 0)])
        precondition(changeset.updates == [Changeset.Update(old: 1, new: 2)])
        #expect(changeset.moves == [Changeset.Move(from: 2, to: 0)])
        #expect(changeset.updates == [Changeset.Update(old: 1, new: 2)])

        let batch = BatchUpdate(changeset)
        let paths = try batch.indexPaths(inSection: 0)
        // tableView.performBatchUpdates {
        //     tableView.deleteRows(at: paths.deletions, with: .fade)
        //     tableView.insertRows(at: paths.insertions, with: .fade)
        //     for move in paths.moves { tableView.moveRow(at: move.from, to: move.to) }
        //     tableView.reloadRows(at: paths.reloads, with: .none)
        // }
        #expect(paths.moves.count == 1 && paths.reloads == [IndexPath(indexes: [0, 1])])

        try batch.validate(oldCount: old.count, newCount: new.count)
        let shown = try batch.apply(to: old, with: new)
        precondition(shown == new)
        let undo = batch.inverted                         // takes new back to old
        let back = try undo.apply(to: new, with: old)
        precondition(back == old)
        #expect(shown == new && back == old)
    }

    @Test("Choosing Heckel or Myers")
    func choosingAnAlgorithm() throws {
        let before = ["a", "b", "a", "c"]
        let after = ["b", "a", "c", "a"]

        let byHeckel = Changeset(from: before, to: after, id: \.self)                      // the default
        let bySubsequence = Changeset(from: before, to: after, id: \.self, algorithm: .myers)
        precondition(bySubsequence.moves.count <= byHeckel.moves.count)   // both apply to give `after`
        #expect(try BatchUpdate(byHeckel).apply(to: before, with: after) == after)
        #expect(try BatchUpdate(bySubsequence).apply(to: before, with: after) == after)
    }

    struct Shelf: Identifiable, Equatable {
        let id: String
    }

    struct Book: Identifiable, Equatable {
        let id: Int
        var title: String
    }

    @Test("The batch-update rules")
    func batchUpdateRules() throws {
        let old = [ArraySection(model: Shelf(id: "new"), items: [Book(id: 1, title: "Dune"), Book(id: 2, title: "Emma")]),
                   ArraySection(model: Shelf(id: "read"), items: [Book(id: 3, title: "Ulysses")])]
        let new = [ArraySection(model: Shelf(id: "new"), items: [Book(id: 2, title: "Emma")]),
                   ArraySection(model: Shelf(id: "read"), items: [Book(id: 1, title: "Dune"), Book(id: 3, title: "Ulysses")])]

        let update = SectionedChangeset(from: old, to: new).batchUpdate
        precondition(update.movedItems == [IndexPathMove(from: [0, 0], to: [1, 0])])
        try update.validate(oldItemCounts: old.map(\.items.count), newItemCounts: new.map(\.items.count))
        let items = try update.apply(to: old.map(\.items), with: new.map(\.items))
        precondition(items == new.map(\.items))
        #expect(update.movedItems == [IndexPathMove(from: [0, 0], to: [1, 0])])
        #expect(items == new.map(\.items))
    }
}
