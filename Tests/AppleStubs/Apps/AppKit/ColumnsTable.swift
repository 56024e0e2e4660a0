// A Mac table with several columns as an AppKit developer writes it in code, type-checked by make
// apple-check against the stubs: titled columns with a width, alternating rows, cell views reused
// by the column's identifier (set on the view they make), and selection through the data source
// (the table's delegate) that updates the window's title.
import AppKit
import ModelStorage
import ModelStorageViews

struct Person: Identifiable, Hashable, Sendable {
    var id: Int
    var name: String
    var email: String
}

final class PeopleViewController: NSViewController {
    let storage = SingleSectionHashableStorage<Person>()
    private let tableView = NSTableView()
    private var dataSource: TableViewDataSource?
    private let detail = NSTextField(labelWithString: "")

    override func loadView() {
        let scrollView = NSScrollView(frame: NSRect(x: 0, y: 0, width: 480, height: 320))
        scrollView.documentView = tableView
        scrollView.hasVerticalScroller = true
        scrollView.autohidesScrollers = true
        view = scrollView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let name = NSTableColumn(identifier: NSUserInterfaceItemIdentifier("name"))
        name.title = "Name"
        name.width = 200
        let email = NSTableColumn(identifier: NSUserInterfaceItemIdentifier("email"))
        email.title = "Email"
        tableView.addTableColumn(name)
        tableView.addTableColumn(email)
        tableView.usesAlternatingRowBackgroundColors = true
        tableView.allowsMultipleSelection = false

        let dataSource = TableViewDataSource(tableView: tableView, storage: storage) { tableView, column, _, person in
            let identifier = column?.identifier ?? NSUserInterfaceItemIdentifier("cell")
            let text = identifier.rawValue == "email" ? person.email : person.name
            if let field = tableView.makeView(withIdentifier: identifier, owner: nil) as? NSTextField {
                field.stringValue = text
                return field
            }
            let field = NSTextField(labelWithString: text)
            field.identifier = identifier
            return field
        }
        dataSource.setSelectionHandler { [weak self] (people: [Person]) in
            self?.detail.stringValue = people.first?.email ?? ""
            self?.view.window?.title = people.first?.name ?? "People"
        }
        self.dataSource = dataSource

        storage.setItems((1...50).map { Person(id: $0, name: "Person \($0)", email: "p\($0)@example.com") })
    }
}
