#if GRDB
import FingerprintDiff
import Foundation
import GRDB
import ModelStorage
import ModelStorageGRDB
import Testing
import SeededRandom

/// The record of the tests: books, sectioned by genre, ordered by rank within it.
struct Book: Codable, FetchableRecord, PersistableRecord, Identifiable, Equatable, Sendable {
    var id: Int64
    var title: String
    var genre: String
    var rank: Int

    /// Books by genre, then rank, then id (a total order).
    static var ordered: QueryInterfaceRequest<Book> {
        Book.order(Column("genre"), Column("rank"), Column("id"))
    }
}

/// A database file in a new temporary directory, removed when the value is deallocated.
final class TemporaryDatabase: Sendable {
    let directory: URL
    var path: String { directory.appendingPathComponent("books.sqlite").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ModelStorageGRDB-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A configuration that waits for locks held by other connections instead of failing.
    static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        return configuration
    }

    /// A queue on the file with the `book` table created.
    func queue() throws -> DatabaseQueue {
        let queue = try DatabaseQueue(path: path, configuration: Self.configuration())
        try queue.write { db in
            try db.create(table: "book", ifNotExists: true) { table in
                table.primaryKey("id", .integer)
                table.column("title", .text)
                table.column("genre", .text).notNull()
                table.column("rank", .integer).notNull()
            }
        }
        return queue
    }

    /// A pool on the file with the `book` table created (by a queue, closed at once).
    func pool() throws -> DatabasePool {
        _ = try queue()
        return try DatabasePool(path: path, configuration: Self.configuration())
    }
}

/// Starts `storage.observe()` in a task on the main actor and returns the task once the storage
/// observes (its first read done); cancelling the task stops the observation.
@MainActor
func startObserving<Record>(_ storage: DatabaseStorage<Record>) async throws -> Task<Void, any Error> {
    let observation = Task { try await storage.observe() }
    do {
        while !storage.isObserving { try await Task.sleep(for: .milliseconds(5)) }
    } catch {
        observation.cancel()
        throw error
    }
    return observation
}

/// Collects what a storage delivers, checking each update against the oracle as it arrives:
/// applied to the books shown before (read from the database at the previous update), with the
/// books in the database now, it must give exactly those (so a missing reload leaves a stale
/// title and fails), and the storage's ids must be theirs.
@MainActor
final class UpdateRecorder {
    private(set) var updates: [StorageUpdate] = []
    private(set) var errors: [DatabaseStorageError] = []
    /// The books in the database after each update (the first: before any), as the storage
    /// sections them.
    private(set) var shown: [[[Book]]]
    /// Oracle failures: an update that is illegal or does not take the old books to the new.
    private(set) var failures: [String] = []

    init(_ storage: DatabaseStorage<Book>) {
        shown = [Self.books(of: storage)]
        // Weak: the storage may outlive the recorder (its observing task ends a little later).
        storage.addObserver { [weak self, weak storage] update in
            guard let self, let storage else { return }
            let old = shown.last!
            let new = Self.books(of: storage)
            if new.map({ $0.map(\.id) }) != storage.ids {
                failures.append("the storage shows \(storage.ids), the database holds \(new.map { $0.map(\.id) })")
            }
            do {
                try update.validate(oldItemCounts: old.map(\.count), newItemCounts: new.map(\.count))
                let applied = try update.apply(to: old, with: new)
                if applied != new { failures.append("\(update) took \(old) to \(applied), not \(new)") }
            } catch {
                failures.append("\(update) on \(old) -> \(new): \(error)")
            }
            for (path, model) in update.updatedModels {
                if model as? Book != new[path.section][path.item] {
                    failures.append("updated model at \(path) is \(model), not \(new[path.section][path.item])")
                }
            }
            updates.append(update)
            shown.append(new)
        }
        storage.addErrorObserver { [weak self] error in self?.errors.append(error) }
    }

    /// The books of the storage's request, read from the database now, in the storage's sections.
    static func books(of storage: DatabaseStorage<Book>) -> [[Book]] {
        let books = (try? storage.writer.read { db in try storage.request.fetchAll(db) }) ?? []
        guard storage.sectionColumn != nil else { return books.isEmpty ? [] : [books] }
        var sections: [[Book]] = []
        for book in books {
            if book.genre == sections.last?.last?.genre { sections[sections.count - 1].append(book) } else { sections.append([book]) }
        }
        return sections
    }

    /// Waits (polling, up to `timeout`) until `condition` holds.
    func wait(timeout: Duration = .seconds(60), until condition: () -> Bool) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while !condition() {
            if clock.now > deadline {
                Issue.record("timed out waiting")
                return
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}

/// The ids of `request`'s result read directly, grouped into sections by consecutive genres.
func idsInDatabase(_ reader: any DatabaseReader, _ request: QueryInterfaceRequest<Book> = Book.ordered,
                   sectioned: Bool = true) throws -> [[Int64]] {
    let books = try reader.read { db in try request.fetchAll(db) }
    guard sectioned else { return books.isEmpty ? [] : [books.map(\.id)] }
    var sections: [[Int64]] = []
    var lastGenre: String?
    for book in books {
        if book.genre == lastGenre { sections[sections.count - 1].append(book.id) } else { sections.append([book.id]) }
        lastGenre = book.genre
    }
    return sections
}
#endif
