// A project navigator as an AppKit developer writes it from the docs: an NSOutlineView in a scroll
// view over an OutlineStorage, cells from the outline column, drag and drop of files and groups
// (onto a group: its last child; between rows: a sibling; never into a file), the expansion saved between launches,
// a new group added and selected once the outline shows it, the selection deleted. Type-checked
// by make apple-check.
import AppKit
import ModelStorage
import ModelStorageViews

struct ProjectFile: Identifiable, Equatable, Sendable {
    let id: String            // the path: also what the saved expansion keeps
    var name: String
    var isGroup: Bool
    var children: [ProjectFile]?
}

@MainActor
final class ProjectNavigatorViewController: NSViewController {
    let outline = OutlineStorage<ProjectFile>()
    private let outlineView = NSOutlineView(frame: .zero)
    private var dataSource: OutlineViewDataSource<ProjectFile>?
    var openFile: (ProjectFile) -> Void = { _ in }

    override func loadView() {
        let scrollView = NSScrollView(frame: NSRect(x: 0, y: 0, width: 260, height: 600))
        scrollView.documentView = outlineView
        scrollView.hasVerticalScroller = true
        view = scrollView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let column = NSTableColumn(identifier: NSUserInterfaceItemIdentifier("name"))
        outlineView.addTableColumn(column)
        outlineView.outlineTableColumn = column
        outlineView.headerView = nil
        outlineView.allowsMultipleSelection = true

        let dataSource = OutlineViewDataSource(outlineView: outlineView, storage: outline) { outlineView, column, file, state in
            let identifier = column?.identifier ?? NSUserInterfaceItemIdentifier("name")
            let cell = outlineView.makeView(withIdentifier: identifier, owner: nil) as? NSTableCellView
            let title = state.isLoading ? "\(file.name) …" : file.name
            guard let cell else {
                let label = NSTextField(labelWithString: title)
                label.identifier = identifier
                return label
            }
            cell.textField?.stringValue = title
            return cell
        }
        dataSource.canDragItem = { _ in true }   // every file and group can move, one row at a time
        dataSource.canDropItem = { _, group in group?.isGroup ?? true }   // a file holds nothing
        dataSource.didFailUserAction = { error in print("not moved:", error) }
        dataSource.selectionDidChange = { [weak self] ids in
            guard let self, ids.count == 1, let file = self.outline.item(withID: ids[0]), !file.isGroup else { return }
            self.openFile(file)
        }
        self.dataSource = dataSource

        // The expansion the user left is restored at the next launch, by path.
        outlineView.autosaveName = "ProjectNavigator"
        outlineView.autosaveExpandedItems = true
    }

    func show(_ files: [ProjectFile]) {
        do {
            try outline.setChildren(files, of: nil)
        } catch {
            print("could not show the project:", error)
        }
    }

    /// Adds a group inside `parent` (the roots for `nil`), then selects it once the outline view shows it.
    func addGroup(named name: String, in parent: ProjectFile.ID?) {
        let group = ProjectFile(id: (parent ?? "") + "/" + name, name: name, isGroup: true, children: [])
        do {
            try outline.append([group], to: parent)
            if let parent { try outline.expand([parent]) }
        } catch {
            print("could not add the group:", error)
            return
        }
        dataSource?.updater.whenDisplayed { [weak self] in
            guard let self, let dataSource = self.dataSource else { return }
            dataSource.selectItems(withIDs: [group.id])
            let row = self.outlineView.row(forItem: dataSource.updater.object(forID: group.id))
            if row >= 0 { self.outlineView.scrollRowToVisible(row) }
        }
    }

    func deleteSelection() {
        guard let ids = dataSource?.selectedIDs, !ids.isEmpty else { return }
        try? outline.remove(ids)
    }

    /// The level the outline view shows `file` at (its roots at 0), `nil` when it does not show it.
    func level(of file: ProjectFile) -> Int? {
        guard let object = dataSource?.updater.object(forID: file.id) else { return nil }
        let row = outlineView.row(forItem: object)
        return row < 0 ? nil : outlineView.level(forItem: object)
    }
}
