#if GRDB
import ModelStorage
import ModelStorageGRDB
import Testing

// The DatabaseStorage example of README.md, verbatim, so that it keeps compiling and stays true
// (run by ReadmeExampleRunTests.swift, behind a SimulatedView).

struct Novel: Codable, FetchableRecord, PersistableRecord, Identifiable, Equatable, Sendable {
    var id: Int64
    var title: String
    var genre: String
}

@MainActor
final class NovelList {
    let storage: DatabaseStorage<Novel>
    let updater: ViewUpdater<DatabaseStorage<Novel>>
    private var observing: Task<Void, any Error>?

    init(database: any DatabaseWriter, view: any BatchUpdatingView) throws {
        storage = try DatabaseStorage(writer: database,
                                      request: Novel.order(Column("genre"), Column("title")),
                                      sectionColumn: "genre")            // headers: the genre
        updater = ViewUpdater(storage: storage, view: view)              // each commit: one animated batch
        storage.addErrorObserver { error in
            // .database, .decoding, .duplicateID ...: the list keeps what it showed
        }
        observing = Task { try await self.storage.observe() }           // until cancelled
    }

    func title(at indexPath: IndexPath) -> String? { updater.displayedItem(at: indexPath)?.title }

    func stop() { observing?.cancel() }
}

/// Polls a condition for up to 60 s (the recorder's waiting, without a storage of books).
@MainActor
struct UpdateRecorderWaiter {
    func wait(until condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition() {
            if ContinuousClock.now > deadline {
                Issue.record("timed out waiting")
                return
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
#endif
