import ModelStorage
import Testing

/// The examples of the ModelStorage DocC articles (GettingStartedWithStorages,
/// MigratingFromDTModelStorage, ShowingATree), verbatim: `DocumentationExampleTests` checks that they match.
@Suite("DocC article examples (ModelStorage)")
struct ArticleExampleTests {
    struct Message: Identifiable, Hashable, Sendable {
        let id: Int
        var text: String
    }

    final class Inbox: StorageUpdating {
        let storage = MemoryStorage()
        var log: [String] = []

        init() { storage.delegate = self }

        func storageDidPerformUpdate(_ update: StorageUpdate) {
            // tableView.performBatchUpdates { delete, insert, move, reload as listed }
            log.append("+\(update.insertedSectionIndexes.count) sections, +\(update.insertedIndexPaths.count) -\(update.deletedIndexPaths.count) items")
        }

        func storageNeedsReloading() { log.append("reload") }
    }

    @Test("Getting started with storages")
    func gettingStarted() throws {
        let inbox = Inbox()
        try inbox.storage.addItems([Message(id: 1, text: "Hi"), Message(id: 2, text: "Lunch?")])
        try inbox.storage.performUpdates { () throws(StorageError) in   // one update for the block
            try inbox.storage.removeItem(Message(id: 1, text: "Hi"))
            try inbox.storage.insertItem(Message(id: 3, text: "Yes"), to: IndexPath(item: 1, section: 0))
        }
        precondition(inbox.log == ["+1 sections, +0 -0 items", "+0 sections, +1 -1 items"])
        #expect(inbox.log == ["+1 sections, +0 -0 items", "+0 sections, +1 -1 items"])

        do {
            try inbox.storage.moveItem(at: IndexPath(item: 5, section: 0), to: IndexPath(item: 0, section: 0))
        } catch {
            precondition(error == .itemOutOfRange([0, 5], itemCount: 2))   // the storage is as it was
        }
        #expect(throws: StorageError.itemOutOfRange(IndexPath(item: 5, section: 0), itemCount: 2)) {
            try inbox.storage.moveItem(at: IndexPath(item: 5, section: 0), to: IndexPath(item: 0, section: 0))
        }
        #expect(inbox.storage.items(inSection: 0)?.map { ($0 as! Message).id } == [2, 3] && inbox.log.count == 2)

        let feed = SingleSectionHashableStorage(items: [Message(id: 1, text: "Hi")])
        var received: [StorageUpdate] = []
        let token = feed.addObserver { received.append($0) }
        feed.setItems([Message(id: 2, text: "New"), Message(id: 1, text: "Hi")])
        precondition(received[0].insertedIndexPaths == [[0, 0]])   // message 1 stays: not deleted and inserted
        feed.removeObserver(token)
        #expect(received.count == 1 && received[0].insertedIndexPaths == [IndexPath(item: 0, section: 0)])
        #expect(received[0].deletedIndexPaths.isEmpty)
    }

    struct Contact: Identifiable, Hashable, Sendable {
        let id: Int
        var name: String
    }

    @Test("Migrating from DTModelStorage")
    func migrating() throws {
        let storage = MemoryStorage()
        storage.configureForTableViewUsage()
        storage.headerModelProvider = { section in section == 0 ? "Favourites" : "Others" }
        try storage.addItems([Contact(id: 1, name: "Ada")])
        try storage.addItems([Contact(id: 2, name: "Bob"), Contact(id: 3, name: "Cyd")], toSection: 1)
        try storage.insertItems([Contact(id: 4, name: "Dee"), Contact(id: 5, name: "Eve")], at: IndexPath(item: 1, section: 1))
        do {
            try storage.removeItems([Contact(id: 9, name: "Zed")])
        } catch {
            precondition(error == .itemNotFound("Contact(id: 9, name: \"Zed\")"))   // DTModelStorage skipped it; nothing removed
        }
        precondition(storage.headerModel(forSection: 1) as? String == "Others")
        #expect(throws: StorageError.itemNotFound(String(describing: Contact(id: 9, name: "Zed")))) {
            try storage.removeItems([Contact(id: 9, name: "Zed")])
        }
        #expect(storage.headerModel(forSection: 1) as? String == "Others")
        #expect(storage.items(inSection: 1)?.map { ($0 as! Contact).id } == [2, 4, 5, 3])
    }

    struct Folder: Identifiable, Equatable, Sendable {
        let id: String
        var name: String
        var children: [Folder]? = nil
    }

    @Test("Showing a tree")
    func showingATree() throws {
        let outline = try OutlineStorage(roots: [
            Folder(id: "docs", name: "Documents", children: [Folder(id: "cv", name: "CV.pdf")]),
            Folder(id: "pics", name: "Pictures"),
        ], children: \.children)
        try outline.expand(["docs"])
        let shown = outline.visibleItems.map(\.id)      // ["docs", "cv", "pics"]
        #expect(shown == ["docs", "cv", "pics"])
        #expect(outline.numberOfItems(inSection: 0) == 3)

        var counts: [Int] = []
        outline.addObserver { [weak outline] _ in counts.append(outline?.numberOfItems(inSection: 0) ?? -1) }
        try outline.setChildren([Folder(id: "cv", name: "CV.pdf"), Folder(id: "letter", name: "Letter.pdf")], of: "docs")
        let saved = outline.expandedIDs                  // ["docs"]: still expanded
        try outline.collapse(["docs"])
        outline.expandedIDs = saved                      // expanded again, in one update
        #expect(saved == ["docs"])
        #expect(counts == [4, 2, 4])
        #expect(outline.visibleItems.map(\.id) == ["docs", "cv", "letter", "pics"])
        #expect(outline.rowState(forItemWithID: "letter") == OutlineRowState(level: 1, isExpanded: false, hasChildren: false))
    }
}
