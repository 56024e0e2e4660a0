// A bookshelf over a DatabaseStorage (GRDB) as a SwiftUI developer writes it: books sectioned by
// shelf with headers, a delete that is a request to the database (it may throw: the row stays
// and an alert says why), a destructive toolbar button, pull to refresh, an empty state, and the
// storage observed by .task for as long as the screen is shown. Type-checked by make
// apple-check over UIKit and AppKit, against ModelStorageGRDB built as a module.
import SwiftUI
import GRDB
import ModelStorage
import ModelStorageGRDB
import ModelStorageViews

struct Book: Codable, FetchableRecord, PersistableRecord, Identifiable, Hashable, Sendable {
    var id: Int64
    var shelf: String
    var title: String
}

@MainActor
final class Bookshelf {
    let database: DatabaseQueue
    let books: DatabaseStorage<Book>

    init(database: DatabaseQueue) throws {
        self.database = database
        books = try DatabaseStorage(writer: database, request: Book.order(Column("shelf"), Column("title")),
                                    sectionColumn: "shelf")
    }

    func delete(_ book: Book) throws {
        _ = try database.write { db in try Book.deleteOne(db, id: book.id) }
    }

    func deleteAll() throws {
        _ = try database.write { db in try Book.deleteAll(db) }
    }
}

@available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
struct BookshelfScreen: View {
    let shelf: Bookshelf
    @State private var summary = ListSummary()
    @State private var selected: Set<Book.ID> = []
    @State private var failure: (any Error)?
    @State private var confirmsDeletion = false

    var body: some View {
        NavigationStack {
            StorageList(shelf.books) { book in
                VStack(alignment: .leading) {
                    Text(book.title)
                    Text(book.shelf).font(.caption).foregroundStyle(.secondary)
                }
            }
            .header(String.self) { shelfName in Text(shelfName) }
            .selection($selected)
            .onDelete { book in try shelf.delete(book) }   // a request: a throw keeps the row
            .onActionError { failure = $0 }
            .summary(summary)
            .refreshable { try? await Task.sleep(for: .milliseconds(100)) }
            .overlay {
                if summary.isEmpty {
                    ContentUnavailableView {
                        Label("No books", systemImage: "books.vertical")
                    } description: {
                        Text("Books you add appear here.")
                    }
                }
            }
            .task {
                do { try await shelf.books.observe() } catch { failure = error }
            }
            .toolbar {
                ToolbarItem(placement: .destructiveAction) {
                    Button("Delete all", role: .destructive) { confirmsDeletion = true }
                        .disabled(summary.isEmpty)
                }
            }
            .confirmationDialog("Delete every book?", isPresented: $confirmsDeletion) {
                Button("Delete all", role: .destructive) {
                    do { try shelf.deleteAll() } catch { failure = error }
                }
            }
            .alert("The database refused", isPresented: Binding(get: { @MainActor in failure != nil }, set: { @MainActor in if !$0 { failure = nil } })) {
                Button("OK") {}
            } message: {
                Text(failure.map { "\($0)" } ?? "")
            }
            .navigationTitle("Bookshelf")
        }
    }
}
