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

    @Test("the README's quick start: diff, batch update, oracle")
    func quickStart() throws {
        let ada = Contact(id: UUID(), name: "Ada")
        let bob = Contact(id: UUID(), name: "Bob")
        let cyd = Contact(id: UUID(), name: "Cyd")
        let old = [ada, bob, cyd]
        let new = [cyd, ada, Contact(id: bob.id, name: "Bobby")]

        let changeset = Changeset(from: old, to: new)   // Heckel, O(n)
        precondition(changeset.moves == [Changeset.Move(from: 2, to: 0)])     // cyd moved to the top
        precondition(changeset.updates == [Changeset.Update(old: 1, new: 2)]) // bob renamed

        let batch = BatchUpdate(changeset)
        // The same rules UIKit enforces, checked without UIKit:
        try batch.validate(oldCount: old.count, newCount: new.count)
        let applied = try batch.apply(to: old, with: new)
        precondition(applied == new)

        #expect(applied == new && changeset.deletions.isEmpty && changeset.insertions.isEmpty)
        #expect(throws: BatchUpdateError.self) { try batch.validate(oldCount: old.count + 1, newCount: new.count) }
    }

    @Test("diff, batch update, index paths, oracle")
    func basicUsage() throws {
        let ada = Contact(id: UUID(), name: "Ada")
        let bob = Contact(id: UUID(), name: "Bob")
        let cyd = Contact(id: UUID(), name: "Cyd")
        let old = [ada, bob, cyd]
        let new = [cyd, ada, Contact(id: bob.id, name: "Bobby")]

        let changeset = Changeset(from: old, to: new)   // Heckel, O(n)
        precondition(changeset.moves == [Changeset.Move(from: 2, to: 0)])     // cyd moved to the top
        precondition(changeset.updates == [Changeset.Update(old: 1, new: 2)]) // bob renamed

        let batch = BatchUpdate(changeset)
        let paths = try batch.indexPaths(inSection: 0)
        // tableView.performBatchUpdates {
        //     tableView.deleteRows(at: paths.deletions, with: .fade)
        //     tableView.insertRows(at: paths.insertions, with: .fade)
        //     for move in paths.moves { tableView.moveRow(at: move.from, to: move.to) }
        //     tableView.reloadRows(at: paths.reloads, with: .none)
        // }
        // then, if batch.stageCount == 2: tableView.reloadRows(at: paths.reloadsAfterMoves, ...)

        // The same rules UIKit enforces, checked without UIKit:
        try batch.validate(oldCount: old.count, newCount: new.count)
        let applied = try batch.apply(to: old, with: new)
        precondition(applied == new)

        #expect(applied == new)

        #expect(changeset.moves == [Changeset.Move(from: 2, to: 0)])
        #expect(changeset.updates == [Changeset.Update(old: 1, new: 2)])
        #expect(paths.moves.count == 1 && batch.stageCount == 1)
    }

    @Test("plain values and Myers")
    func plainValues() {
        // Plain values, identified by themselves; a longest common subsequence:
        let lines = Changeset(from: ["a", "b", "c"], to: ["b", "c", "d"], id: \.self, algorithm: .myers)
        precondition(lines.deletions == [0] && lines.insertions == [2])
        #expect(lines.deletions == [0] && lines.insertions == [2] && lines.isMinimal)
    }

    struct Genre: Identifiable, Equatable {
        let id: String
        var title: String
    }

    struct Track: Identifiable, Equatable {
        let id: Int
        var name: String
    }

    @Test("sectioned diff, stages, oracle")
    func sectionedUsage() throws {
        let jazz = Genre(id: "jazz", title: "Jazz"), rock = Genre(id: "rock", title: "Rock")
        let old = [
            ArraySection(model: jazz, items: [Track(id: 1, name: "So What"), Track(id: 2, name: "Naima")]),
            ArraySection(model: rock, items: [Track(id: 3, name: "Paranoid")]),
        ]
        let new = [
            ArraySection(model: rock, items: [Track(id: 3, name: "Paranoid"), Track(id: 2, name: "Naima")]),
            ArraySection(model: Genre(id: "jazz", title: "Jazz & Blues"), items: [Track(id: 1, name: "So What")]),
        ]

        let changes = SectionedChangeset(from: old, to: new)
        precondition(changes.sectionMoves == [Changeset.Move(from: 1, to: 0)])
        precondition(changes.sectionUpdates == [Changeset.Update(old: 0, new: 1)])
        precondition(changes.itemMoves == [IndexPathMove(from: [0, 1], to: [0, 1])])

        var shown = old   // the sections the data source shows
        for stage in changes.stages {   // here: 3 stages (section move, item move, header reload)
            shown = stage.sections(old: old, new: new)
            // tableView.performBatchUpdates {
            //     tableView.moveSection(..) for stage.update.movedSections, deleteRows(..) for
            //     stage.update.deletedItems, ..., reloadSections(..) for stage.update.updatedSections
            // }
        }
        // Or one batch (plus reloads) on the new data: changes.batchUpdate

        // The oracle: every stage legal on the counts before it, the stages applied give new.
        try changes.validate(oldItemCounts: old.map(\.items.count), newItemCounts: new.map(\.items.count))
        let items = try changes.apply(to: old.map(\.items), with: new.map(\.items))
        precondition(items == new.map(\.items) && shown == new)

        #expect(items == new.map(\.items) && shown == new)
        #expect(try changes.applyToSections(old.map(\.model), with: new.map(\.model)) == new.map(\.model))
        #expect(changes.sectionMoves == [Changeset.Move(from: 1, to: 0)])
        #expect(changes.sectionUpdates == [Changeset.Update(old: 0, new: 1)])
        #expect(changes.itemMoves == [IndexPathMove(from: IndexPath(item: 1, section: 0), to: IndexPath(item: 1, section: 0))])
        #expect(changes.stages.count == 3)
    }
}
