// A music library as a SwiftUI developer writes it over a MemoryStorage of two item types:
// playlists and tracks in sections with headers, several selected (ItemKeys: a playlist and a
// track with equal ids are two entries), swipe to delete and drag to reorder tracks, pull to
// refresh, a search field, a toolbar with EditButton and a button, a context menu on a row, an
// empty state, an alert when a user's action fails, a count beside the list. Type-checked by
// make apple-check over UIKit and AppKit.
import SwiftUI
import ModelStorage
import ModelStorageViews

struct Playlist: Identifiable, Hashable, Sendable {
    let id: Int
    var name: String
}

struct Track: Identifiable, Hashable, Sendable {
    let id: Int
    var title: String
    var isFavorite = false
}

@available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
@Observable
@MainActor
final class MusicLibrary {
    let storage = MemoryStorage()
    var query = ""
    private(set) var lastRefresh: Date?

    func show(playlists: [Playlist], tracks: [Track]) {
        let matching = query.isEmpty ? tracks : tracks.filter { $0.title.localizedCaseInsensitiveContains(query) }
        try? storage.setItemsForAllSections([playlists as [any Sendable], matching as [any Sendable]])
        storage.setSectionHeaderModels(["Playlists", "Tracks"])
    }

    func refresh() async {
        lastRefresh = Date()
        show(playlists: [Playlist(id: 1, name: "Morning")], tracks: [Track(id: 1, title: "Blue in Green")])
    }

    func addTrack() {
        try? storage.addItem(Track(id: Int.random(in: 100...999), title: "New track"), toSection: 1)
    }
}

@available(iOS 17, macOS 14, tvOS 17, visionOS 1, *)
struct PlaylistsScreen: View {
    @State private var library = MusicLibrary()
    @State private var selection: Set<ItemKey> = []
    @State private var summary = ListSummary()
    @State private var failure: String?

    var body: some View {
        NavigationStack {
            StorageList(library.storage)
                .row(Playlist.self) { playlist in
                    Label(playlist.name, systemImage: "music.note.list")
                }
                .row(Track.self) { track in
                    HStack {
                        Text(track.title).lineLimit(1)
                        Spacer()
                        if track.isFavorite {
                            Image(systemName: "star.fill").foregroundStyle(.yellow).accessibilityLabel("Favorite")
                        }
                    }
                    .contextMenu {
                        Button("Play next", systemImage: "text.insert") { print("next", track.title) }
                        Button("Remove", role: .destructive) { try? library.storage.removeItem(track) }
                    }
                }
                .header(String.self) { title in Text(title).font(.headline) }
                .selection($selection)
                .onDelete(Track.self) { track in print("removed", track.title) }
                .onMove(Track.self) { track, destination in print("moved", track.title, "to", destination) }
                .onActionError { error in failure = "\(error)" }
                .summary(summary)
                .refreshable { await library.refresh() }
                .searchable(text: $library.query, prompt: "Tracks")
                .overlay {
                    if summary.isEmpty {
                        ContentUnavailableView("No music", systemImage: "music.note", description: Text("Pull to refresh."))
                    }
                }
                .navigationTitle("Library")
                .toolbar {
                    #if os(iOS) || os(visionOS)
                    ToolbarItem(placement: .topBarLeading) { EditButton() }
                    #endif
                    ToolbarItem(placement: .primaryAction) {
                        Button("Add", systemImage: "plus") { library.addTrack() }
                    }
                    ToolbarItem(placement: .status) {
                        Text("\(summary.numberOfItems) items, \(selection.count) selected").font(.caption)
                    }
                }
                .alert("Not done", isPresented: Binding(get: { @MainActor in failure != nil }, set: { @MainActor in if !$0 { failure = nil } })) {
                    Button("OK", role: .cancel) {}
                } message: {
                    Text(failure ?? "")
                }
                .onChange(of: library.query) { library.show(playlists: [], tracks: []) }
        }
    }

    /// The tracks the user selected, without the playlists.
    var selectedTrackIDs: [Track.ID] { selection.compactMap { $0.id(as: Track.self) } }
}
