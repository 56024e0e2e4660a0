import ModelStorage
import Testing

// The storage examples of README.md and of the DocC articles, verbatim, so that they keep
// compiling and stay true.

struct Song: Identifiable, Hashable, Sendable {
    let id: Int
    var title: String
}

/// `CollectionDifference` as a differ: a few lines.
struct StandardLibraryDifferExample: HashableDiffer {
    func changeset<Item: Identifiable & Hashable>(from old: [Item], to new: [Item]) -> Changeset {
        let difference = new.difference(from: old) { $0.id == $1.id }.inferringMoves()
        return Changeset(difference, from: old, to: new)!   // non-nil: computed from old and new
    }
}

@MainActor
final class SongList: @MainActor StorageUpdating {   // a view controller: so is its conformance
    let storage = MemoryStorage()
    private(set) var log: [String] = []

    init() { storage.delegate = self }

    func storageDidPerformUpdate(_ update: StorageUpdate) {
        log.append("\(update)")   // to show a storage in a view, let a ViewUpdater apply them (below)
    }

    func storageNeedsReloading() { log.append("reload") }
}

@MainActor
final class SongsScreen {
    let storage = MemoryStorage()
    let updater: ViewUpdater<MemoryStorage>

    /// `view`: a UICollectionView or UITableView (through ModelStorageViews' adapters), or a
    /// SimulatedView in tests. Its data source reads `updater`, never `storage`.
    init(view: any BatchUpdatingView) {
        updater = ViewUpdater(storage: storage, view: view)
    }

    func numberOfItems(inSection section: Int) -> Int { updater.numberOfItems(inSection: section) }
    func title(at indexPath: IndexPath) -> String? { (updater.item(at: indexPath) as? Song)?.title }
}

struct Playlist: Identifiable, Equatable, Sendable {
    let id: String
    var name: String
}

@Suite("README storage examples")
struct StorageReadmeExampleTests {
    @Test @MainActor func memoryStorage() throws {
        let list = SongList()
        let storage = list.storage
        try storage.addItems([Song(id: 1, title: "Blue"), Song(id: 2, title: "Gold")])
        storage.setSectionHeaderModels(["Favourites"])
        try storage.addItem(Song(id: 3, title: "Red"), toSection: 1)   // creates section 1

        try storage.performUpdates { () throws(StorageError) in    // one update for all of it
            try storage.removeItem(Song(id: 1, title: "Blue"))
            try storage.moveItem(at: IndexPath(item: 0, section: 1), to: IndexPath(item: 0, section: 0))
            try storage.replaceItem(Song(id: 2, title: "Gold"), with: Song(id: 2, title: "Gold (live)"))
        }

        do {
            try storage.removeItem(Song(id: 9, title: "?"))
        } catch {
            precondition(error == .itemNotFound("Song(id: 9, title: \"?\")"))   // and nothing changed
        }
        #expect(storage.indexPath(forItem: Song(id: 2, title: "Gold (live)")) == IndexPath(item: 1, section: 0))
        #expect(list.log.count == 4 && list.log.last?.contains("item moves") == true, "\(list.log)")
    }

    @Test func introduction() {
        let songs = SingleSectionHashableStorage(items: [Song(id: 1, title: "Blue"), Song(id: 2, title: "Gold")])
        var reported: [StorageUpdate] = []
        let token = songs.addObserver { reported.append($0) }
        songs.setItems([Song(id: 2, title: "Gold (live)"), Song(id: 1, title: "Blue")])   // the whole new list
        precondition(reported[0].movedIndexPaths.count == 1 && reported[0].updatedIndexPathsAfterMoves == [[0, 0]])
        songs.removeObserver(token)   // one move and one reload: nothing deleted, nothing inserted

        #expect(reported.count == 1)
        #expect(reported[0].deletedIndexPaths.isEmpty && reported[0].insertedIndexPaths.isEmpty)
        #expect(reported[0].updatedModels[[0, 0]] as? Song == Song(id: 2, title: "Gold (live)"))
        songs.setItems([Song(id: 1, title: "Blue")])
        #expect(reported.count == 1, "a removed observer hears nothing")
    }

    @Test func quickStart() throws {
        let storage = MemoryStorage()
        var updates: [StorageUpdate] = []
        let token = storage.addObserver { updates.append($0) }
        try storage.addItems([Song(id: 1, title: "Blue"), Song(id: 2, title: "Gold")])
        storage.setSectionHeaderModels(["Favourites"])
        try storage.addItem(Song(id: 3, title: "Red"), toSection: 1)   // creates section 1

        try storage.performUpdates { () throws(StorageError) in    // one update for all of it
            try storage.removeItem(Song(id: 1, title: "Blue"))
            try storage.moveItem(at: IndexPath(item: 0, section: 1), to: IndexPath(item: 0, section: 0))
            try storage.replaceItem(Song(id: 2, title: "Gold"), with: Song(id: 2, title: "Gold (live)"))
        }

        do {
            try storage.removeItem(Song(id: 9, title: "?"))
        } catch {
            precondition(error == .itemNotFound("Song(id: 9, title: \"?\")"))   // and nothing changed
        }
        storage.removeObserver(token)

        #expect(updates.count == 4, "three calls, then one update for the block; the failed call reports nothing")
        #expect(storage.items(inSection: 0)?.compactMap { ($0 as? Song)?.title } == ["Red", "Gold (live)"])
        #expect(storage.items(inSection: 1)?.isEmpty == true)
        var shown: [[Song]] = [[Song(id: 1, title: "Blue"), Song(id: 2, title: "Gold")], [Song(id: 3, title: "Red")]]
        let now = (0..<storage.numberOfSections).map { storage.items(inSection: $0)!.map { $0 as! Song } }
        shown = try updates[3].apply(to: shown, with: now)
        #expect(shown == now, "the block's one update takes what was shown to the storage's content")
    }

    @Test func singleSectionStorage() async {
        let songs = SingleSectionHashableStorage(items: [Song(id: 1, title: "Blue")])
        let updates = songs.updates                     // AsyncStream<StorageUpdate>
        songs.setItems([Song(id: 2, title: "Gold"), Song(id: 1, title: "Blue")])   // diffed
        songs.addItems([Song(id: 1, title: "Blue (remix)")], UpdateOldValuesAccumulationStrategy())
        precondition(songs.items.map(\.title) == ["Gold", "Blue (remix)"])

        let custom = SingleSectionHashableStorage(items: [Song](), differ: StandardLibraryDifferExample())
        custom.setItems([Song(id: 5, title: "Grey")])

        var received: [String] = []
        for await update in updates {
            received.append(update.description)
            if received.count == 2 { break }
        }
        #expect(received == ["items +[[0, 0]]", "item updates[[0, 1]]"])
        #expect(songs.items.map(\.title) == ["Gold", "Blue (remix)"] && custom.items.count == 1)
    }

    @Test func setSections() {
        let library = MemoryStorage()
        library.setSections([
            ArraySection(model: Playlist(id: "am", name: "Morning"), items: [Song(id: 1, title: "Blue"), Song(id: 2, title: "Gold")]),
            ArraySection(model: Playlist(id: "pm", name: "Evening"), items: [Song(id: 3, title: "Red")]),
        ])
        var reported: [StorageUpdate] = []
        let token = library.addObserver { reported.append($0) }

        library.setSections([   // the whole new content; the storage works out the change
            ArraySection(model: Playlist(id: "pm", name: "Evening"), items: [Song(id: 3, title: "Red"), Song(id: 1, title: "Blue")]),
            ArraySection(model: Playlist(id: "am", name: "Mornings"), items: [Song(id: 2, title: "Gold")]),
        ])
        // one update, legal for performBatchUpdates on the new data: the moved section that gains
        // song 1 is deleted and inserted; the renamed playlist's header is reloaded afterwards
        try? library.setItems([Song(id: 2, title: "Gold"), Song(id: 4, title: "Green")], forSection: 1)
        precondition(reported.last?.insertedIndexPaths == [IndexPath(item: 1, section: 1)])   // diffed by id
        library.removeObserver(token)

        #expect(reported.count == 2)
        #expect(reported[1].insertedIndexPaths == [IndexPath(item: 1, section: 1)] && reported[1].changes.stageCount == 1)
        #expect(library.headerModel(forSection: 0) as? Playlist == Playlist(id: "pm", name: "Evening"))
        #expect(library.items(inSection: 0)?.compactMap { ($0 as? Song)?.id } == [3, 1])
        #expect(library.items(inSection: 1)?.compactMap { ($0 as? Song)?.id } == [2, 4])
        #expect(reported[0].description == "sections -[1] sections +[0] items -[[0, 0]] then reload sections[1]")
    }

    @MainActor @Test func readingAStreamThatCanFallBehind() async throws {
        let storage = MemoryStorage()
        var shownItems: [[Int]] = []
        var reloads = 0
        func show(_ storage: MemoryStorage) {
            reloads += 1
            shownItems = (0..<storage.numberOfSections).map { storage.items(inSection: $0)!.map { $0 as! Int } }
        }
        func apply(_ update: StorageUpdate) {
            // Here every update is taken before the next change, so the storage shows its result.
            let current = (0..<storage.numberOfSections).map { storage.items(inSection: $0)!.map { $0 as! Int } }
            shownItems = (try? update.apply(to: shownItems, with: current)) ?? [[-1]]
        }
        let reader = Task { @MainActor in
            // README:
            while !Task.isCancelled {
                let updates = storage.updates      // subscribe first,
                show(storage)                      // then read: nothing can come in between
                for await update in updates where !update.requiresReload {
                    apply(update)
                }                                  // fell behind, or a reload: read again
            }
        }
        /// Lets the reader run until `done` (at most 10,000 turns).
        func settle(_ done: () -> Bool) async {
            for _ in 0..<10_000 where !done() { await Task.yield() }
        }
        await settle { reloads == 1 }
        for value in 0..<2_500 { try storage.addItem(value) }   // far more than a stream keeps
        await settle { reloads == 2 }
        #expect(shownItems == [Array(0..<2_500)])
        for value in 1...4 {
            try storage.insertItem(-value, to: IndexPath(item: 0, section: 0))
            await settle { shownItems.first?.count == 2_500 + value }
        }
        #expect(shownItems == [[-4, -3, -2, -1] + Array(0..<2_500)])
        reader.cancel()
        #expect(reloads == 2)
    }
}
