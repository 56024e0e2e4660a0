import FingerprintDiff
import Foundation
import Testing

/// The usage examples of README.md, verbatim, so that they keep compiling and stay true.
@Suite("README examples")
struct ReadmeExampleTests {
    struct Contact: Identifiable, Equatable {
        let id: UUID
        var name: String
    }

    @Test("diff, batch update, index paths, oracle")
    func basicUsage() throws {
        let ada = Contact(id: UUID(), name: "Ada")
        let bob = Contact(id: UUID(), name: "Bob")
        let cyd = Contact(id: UUID(), name: "Cyd")
        let old = [ada, bob, cyd]
        let new = [cyd, ada, Contact(id: bob.id, name: "Bobby")]

        let changeset = Changeset(from: old, to: new)   // Heckel, O(n)
        // changeset.moves == [Move(from: 2, to: 0)], changeset.updates == [Update(old: 1, new: 2)]

        let batch = BatchUpdate(changeset)
        let paths = batch.indexPaths(inSection: 0)
        // tableView.performBatchUpdates {
        //     tableView.deleteRows(at: paths.deletions, with: .fade)
        //     tableView.insertRows(at: paths.insertions, with: .fade)
        //     for move in paths.moves { tableView.moveRow(at: move.from, to: move.to) }
        //     tableView.reloadRows(at: paths.reloads, with: .none)
        // }
        // then, if batch.stageCount == 2: tableView.reloadRows(at: paths.reloadsAfterMoves, ...)

        // The same rules UIKit enforces, checked without UIKit:
        try batch.validate(oldCount: old.count, newCount: new.count)
        let applied = try batch.apply(to: old, with: new)   // applied == new

        #expect(applied == new)

        #expect(changeset.moves == [Changeset.Move(from: 2, to: 0)])
        #expect(changeset.updates == [Changeset.Update(old: 1, new: 2)])
        #expect(paths.moves.count == 1 && batch.stageCount == 1)
    }

    @Test("plain values and Myers")
    func plainValues() {
        let lines = Changeset(from: ["a", "b", "c"], to: ["b", "c", "d"], id: \.self, algorithm: .myers)
        // lines.deletions == [0], lines.insertions == [2]
        #expect(lines.deletions == [0] && lines.insertions == [2] && lines.isMinimal)
    }
}
