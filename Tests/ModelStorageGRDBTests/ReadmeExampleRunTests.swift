#if GRDB
import ModelStorage
import ModelStorageGRDB
import ModelStorageTesting
import Testing

// The README's DatabaseStorage example (ReadmeExampleTests.swift) run behind a view with UIKit's
// rules: a commit of the database reaches the view as a batch, and the list reads what it shows.
@Suite("README DatabaseStorage example")
@MainActor
struct DatabaseReadmeExampleTests {
    @Test func novelList() async throws {
        let database = try TemporaryDatabase()
        let dbQueue = try DatabaseQueue(path: database.path)
        try await dbQueue.write { db in
            try db.create(table: "novel") { table in
                table.primaryKey("id", .integer)
                table.column("title", .text).notNull()
                table.column("genre", .text).notNull()
            }
            try Novel(id: 1, title: "Dune", genre: "science fiction").insert(db)
        }
        let view = SimulatedView(animationDuration: .zero)
        let list = try NovelList(database: dbQueue, view: view)
        view.dataSource = list.updater
        view.layoutIfNeeded()
        var updates: [StorageUpdate] = []
        list.storage.addObserver { updates.append($0) }
        let recorder = UpdateRecorderWaiter()
        try await recorder.wait { list.storage.isObserving }

        try await dbQueue.write { db in
            try Novel(id: 2, title: "Emma", genre: "classics").insert(db)
        }
        try await recorder.wait { updates.count == 1 }
        #expect(updates.first?.insertedSectionIndexes == [0])
        try await recorder.wait { view.finishAnimations(); return list.updater.isIdle }   // the updater's batch has run
        #expect(list.title(at: IndexPath(item: 0, section: 1)) == "Dune")
        #expect(list.title(at: IndexPath(item: 0, section: 0)) == "Emma")
        #expect(view.visibleCells.map { ($0.item as? Novel)?.title } == ["Emma", "Dune"] && view.violations.isEmpty)
        #expect(list.storage.headerModel(forSection: 0) as? String == "classics")
        list.stop()
    }
}

#endif
