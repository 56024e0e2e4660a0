// StorageList's and ViewUpdater's spellings before SwiftUI's conventions (a selection of ids
// without their types, the list's own refresh action, one content listener): they keep
// compiling, deprecated. make apple-check type-checks this file without turning warnings into
// errors and requires the deprecation warnings.
// deprecated: init(_:)
// deprecated: onRefresh
// deprecated: didChangeContent
import SwiftUI
import ModelStorage
import ModelStorageViews

struct OldSong: Identifiable, Hashable, Sendable {
    let id: Int
    var title: String
}

struct OldSpellingScreen: View {
    let storage: MemoryStorage
    @State private var selected: Set<AnyHashable> = []

    var body: some View {
        StorageList(storage)
            .row(OldSong.self) { song in Text(song.title) }
            .selection($selected)
            .onRefresh { try? await Task.sleep(for: .milliseconds(1)) }
    }
}

@MainActor
func followOldStyle(_ updater: ViewUpdater<MemoryStorage>) {
    updater.didChangeContent = { print(updater.numberOfSections) }
}
