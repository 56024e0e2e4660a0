// A library screen as a SwiftUI developer writes it with StorageList: albums as sections with
// headers and footers, songs as rows, selection, swipe to delete, drag to reorder (across albums
// too), pull to refresh on UIKit and a refresh button (macOS has no pull to refresh), and the
// count beside the list (ListSummary, iOS 17 / macOS 14). Type-checked by make apple-check
// (Tests/AppleStubs/check.sh) over UIKit and over AppKit (an NSTableView: header group rows,
// footer rows, row actions, drops between rows).
import SwiftUI
import ModelStorage
import ModelStorageViews

struct Song: Identifiable, Hashable, Sendable {
    let id: Int
    var title: String
    var artist: String
}

struct Album: Sendable {
    var title: String
    var songs: [Song]
}

@MainActor
final class Library {
    let storage = MemoryStorage()

    func show(_ albums: [Album]) {
        try? storage.setItemsForAllSections(albums.map(\.songs))
        storage.setSectionHeaderModels(albums.map(\.title))
        storage.setSectionFooterModels(albums.map(\.songs.count))
    }

    func refresh() async {
        show([Album(title: "Blue", songs: [Song(id: 1, title: "River", artist: "Joni Mitchell")])])
    }
}

@available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
struct LibraryScreen: View {
    let library: Library
    @State private var selected: Set<ItemKey> = []
    @State private var summary = ListSummary()
    @State private var showsArtists = true

    var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 8) {
                HStack {
                    Image(systemName: "music.note.list")
                    Text(summary.isEmpty ? "No songs" : "\(summary.numberOfItems) songs, \(selected.count) selected")
                    Spacer()
                    Button(showsArtists ? "Hide artists" : "Show artists") { showsArtists.toggle() }
                    Button("Refresh") { Task { await library.refresh() } }
                }
                StorageList(library.storage)
                    .row(Song.self) { song in
                        HStack {
                            Text(song.title)
                            Spacer()
                            if showsArtists { Text(song.artist).foregroundStyle(.secondary) }
                        }
                    }
                    .header(String.self) { title in Text(title) }
                    .footer(Int.self) { count in Text("\(count) songs").foregroundStyle(.secondary) }
                    .contentVersion(showsArtists)
                    .selection($selected)
                    .onDelete(Song.self) { song in print("deleted", song.title) }
                    .onMove(Song.self) { song, place in print("moved", song.title, "to", place) }
                    .refreshable { await library.refresh() }
                    .summary(summary)
            }
            .navigationTitle("Library")
        }
    }
}

/// The same list on iOS 16 / macOS 13: a typed storage, without the summary.
struct FavoritesScreen: View {
    let favorites: SingleSectionHashableStorage<Song>
    @State private var selected: Set<Int> = []

    var body: some View {
        StorageList(favorites) { song in
            VStack(alignment: .leading) {
                Text(song.title)
                Text(song.artist)
            }
        }
        .selection($selected)
        .onDelete { song in print("unfavorited", song.title) }
        .onMove { song, place in print("moved", song.title, "to", place) }
    }
}
