// A folder tree as a SwiftUI developer writes it over an OutlineStorage: StorageList(outline) with
// rows that read their OutlineRowState (an open or closed folder icon, the item count of an
// expanded folder), the folders' ids selected, deleted and dragged (onDelete, onMove), a toolbar
// button that collapses every folder through the storage, and a failed disclosure tap shown in an
// alert. On iOS the list's cells show each row's level and an outline disclosure; on macOS an
// outline view shows the tree with its own disclosure triangles (the Delete key deletes, a drag
// onto a folder or between rows moves). Type-checked by make apple-check over UIKit and AppKit.
import SwiftUI
import ModelStorage
import ModelStorageViews

struct Folder: Identifiable, Equatable, Sendable {
    let id: String
    var name: String
    var children: [Folder]? = nil
}

@MainActor
final class FolderTree {
    let outline: OutlineStorage<Folder>

    init() {
        outline = (try? OutlineStorage(roots: [
            Folder(id: "docs", name: "Documents", children: [Folder(id: "cv", name: "CV.pdf")]),
            Folder(id: "music", name: "Music", children: [Folder(id: "jazz", name: "Jazz", children: [])]),
        ], children: \.children)) ?? OutlineStorage()
    }

    /// Collapses every folder (and below it): the outline shows its roots.
    func collapseAll() {
        let roots = outline.children(of: nil)?.map(\.id) ?? []
        try? outline.collapse(roots, recursively: true)
    }
}

struct FolderRow: View {
    let folder: Folder
    let state: OutlineRowState

    var body: some View {
        HStack(spacing: 8) {
            Image(systemName: state.hasChildren ? (state.isExpanded ? "folder.fill" : "folder") : "doc")
            Text(folder.name)
            Spacer()
            if state.isExpanded, let children = folder.children {
                Text("\(children.count)").foregroundStyle(.secondary)
            }
        }
    }
}

struct FoldersScreen: View {
    let tree: FolderTree
    @State private var selection: Set<Folder.ID> = []
    @State private var failure: String?

    var body: some View {
        NavigationStack {
            StorageList(tree.outline) { folder, state in
                FolderRow(folder: folder, state: state)
            }
            .selection($selection)
            .onDelete { folder in print("deleted", folder.name) }    // the outline removed it, with what is inside
            .onMove { folder, indexPath in print("moved", folder.name, "to row", indexPath.item) }
            .onActionError { error in failure = "\(error)" }
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Button("Collapse All") { tree.collapseAll() }
                }
            }
            .alert("Could not open the folder", isPresented: Binding(get: { @MainActor in failure != nil },
                                                                    set: { @MainActor in if !$0 { failure = nil } })) {
                Button("OK", role: .cancel) { failure = nil }
            }
            .navigationTitle("Folders")
        }
    }
}
