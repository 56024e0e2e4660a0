// Projects as an AppKit developer writes them: a table over a typed storage, a context menu on
// the rows, leading and trailing row actions, single selection that opens a detail pane, a filter,
// and scrolling to a project once the table shows it. Type-checked by make apple-check.
import AppKit
import ModelStorage
import ModelStorageViews

struct Project: Identifiable, Hashable, Sendable {
    var id: Int
    var name: String
    var isArchived = false
}

@MainActor
final class ProjectsViewController: NSViewController, NSTableViewDelegate, NSMenuDelegate {
    let projects = SingleSectionHashableStorage<Project>()
    private let tableView = NSTableView()
    private var dataSource: TableViewDataSource!
    var openProject: (Project) -> Void = { _ in }

    override func loadView() {
        let scrollView = NSScrollView(frame: .zero)
        scrollView.documentView = tableView
        scrollView.hasVerticalScroller = true
        tableView.addTableColumn(NSTableColumn(identifier: NSUserInterfaceItemIdentifier("name")))
        tableView.allowsMultipleSelection = false
        view = scrollView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        dataSource = TableViewDataSource(tableView: tableView, storage: projects) { _, _, _, project in
            NSTextField(labelWithString: project.name)
        }
        tableView.delegate = self
        let menu = NSMenu(title: "Project")
        menu.delegate = self
        tableView.menu = menu
    }

    /// Shows the projects whose name contains `text` (what a search field's action calls).
    func filter(_ all: [Project], by text: String) {
        projects.setItems(all.filter { text.isEmpty || $0.name.localizedCaseInsensitiveContains(text) })
    }

    func scroll(to project: Project) {
        dataSource.updater.whenDisplayed { [weak self] in
            guard let self, let indexPath = self.projects.indexPath(forItemWithID: project.id) else { return }
            self.tableView.scrollRowToVisible(indexPath.item)
            self.tableView.selectRowIndexes(IndexSet(integer: indexPath.item), byExtendingSelection: false)
        }
    }

    func menuNeedsUpdate(_ menu: NSMenu) {
        menu.removeAllItems()
        let row = tableView.clickedRow
        guard row >= 0, let project = dataSource.item(atRow: row, as: Project.self) else { return }
        menu.addItem(withTitle: "Open \(project.name)", action: nil, keyEquivalent: "")
        menu.addItem(NSMenuItem.separator())
        menu.addItem(withTitle: "Archive", action: nil, keyEquivalent: "")
    }

    func tableViewSelectionDidChange(_ notification: Notification) {
        let row = tableView.selectedRow
        guard row >= 0, let project = dataSource.item(atRow: row, as: Project.self) else { return }
        openProject(project)
    }

    func tableView(_ tableView: NSTableView, rowActionsForRow row: Int, edge: NSTableView.RowActionEdge) -> [NSTableViewRowAction] {
        guard let project = dataSource.item(atRow: row, as: Project.self) else { return [] }
        switch edge {
        case .leading:
            let archive = NSTableViewRowAction(style: .regular, title: project.isArchived ? "Restore" : "Archive") { _, _ in
                print("archive", project.name)
            }
            archive.backgroundColor = .systemBlue
            return [archive]
        case .trailing:
            return [NSTableViewRowAction(style: .destructive, title: "Delete") { [weak self] _, _ in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.projects.setItems(self.projects.items.filter { $0.id != project.id })
                }
            }]
        @unknown default:
            return []
        }
    }
}
