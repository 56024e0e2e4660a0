// An interface stub of the UIKit declarations ModelStorageViews and its documented examples use,
// for `make apple-check` (Tests/AppleStubs/check.sh), which type-checks them on Linux with
// `canImport(UIKit)` true. Each declaration is written from Apple's documentation page named
// above it (https://developer.apple.com/documentation/uikit/...): names, labels, types,
// optionality, `@MainActor` and `open` as the page declares them; nothing added to make code
// compile. Bodies are placeholders: this module is type-checked against, never run.
//
// Two things Swift on Linux cannot spell as the SDK does:
// - `@objc optional` protocol requirements (no Objective-C runtime): written as requirements
//   with a default in an extension, which gives the same "nearly matches" warning for a
//   misspelled witness declared in an extension (an error under -warnings-as-errors).
// - The SDK's attributes on imported closures (`@Sendable` or not) depend on the SDK version:
//   `-D STUB_SENDABLE_CLOSURES` builds the `@Sendable` spelling, and check.sh type-checks the
//   product against both.
@_exported import Foundation

// MARK: IndexPath (UIKit's additions to Foundation's IndexPath)

extension IndexPath {
    // https://developer.apple.com/documentation/foundation/indexpath/init(row:section:)
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    // https://developer.apple.com/documentation/foundation/indexpath/init(item:section:)
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    // https://developer.apple.com/documentation/foundation/indexpath/section
    public var section: Int { get { self[0] } set { self[0] = newValue } }
    // https://developer.apple.com/documentation/foundation/indexpath/row
    public var row: Int { get { self[1] } set { self[1] = newValue } }
    // https://developer.apple.com/documentation/foundation/indexpath/item
    public var item: Int { get { self[1] } set { self[1] = newValue } }
}

// MARK: Responders, views, windows

// https://developer.apple.com/documentation/uikit/uiresponder
@MainActor open class UIResponder: NSObject {}

// https://developer.apple.com/documentation/uikit/uiview
@MainActor open class UIView: UIResponder {
    // https://developer.apple.com/documentation/uikit/uiview/init(frame:)
    public init(frame: CGRect) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uiview/init(coder:)
    public required init?(coder: NSCoder) { fatalError("interface stub") }
    // NSObject's init(), which the SDK's UIView inherits (as init(frame:) with a zero frame).
    public convenience override init() { self.init(frame: .zero) }
    // https://developer.apple.com/documentation/uikit/uiview/window
    open var window: UIWindow? { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uiview/frame
    open var frame: CGRect { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uiview/bounds
    open var bounds: CGRect { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uiview/addsubview(_:)
    open func addSubview(_ view: UIView) {}
    // https://developer.apple.com/documentation/uikit/uiview/backgroundcolor (`@NSCopying` there, which Swift
    // allows on stored properties only: the copy is the SDK's business, the type is the same)
    open var backgroundColor: UIColor? { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexibleleftmargin
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        // https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexiblewidth
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        // https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexiblerightmargin
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        // https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexibletopmargin
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        // https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexibleheight
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        // https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexiblebottommargin
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }
    // https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.property
    open var autoresizingMask: UIView.AutoresizingMask { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uiview/translatesautoresizingmaskintoconstraints
    open var translatesAutoresizingMaskIntoConstraints: Bool { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uiview/leadinganchor
    open var leadingAnchor: NSLayoutXAxisAnchor { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uiview/trailinganchor
    open var trailingAnchor: NSLayoutXAxisAnchor { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uiview/topanchor
    open var topAnchor: NSLayoutYAxisAnchor { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uiview/bottomanchor
    open var bottomAnchor: NSLayoutYAxisAnchor { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uiview/centerxanchor
    open var centerXAnchor: NSLayoutXAxisAnchor { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uiview/centeryanchor
    open var centerYAnchor: NSLayoutYAxisAnchor { fatalError("interface stub") }
}

// MARK: Auto Layout

// https://developer.apple.com/documentation/uikit/nslayoutconstraint
@MainActor open class NSLayoutConstraint: NSObject {
    // https://developer.apple.com/documentation/uikit/nslayoutconstraint/activate(_:)
    open class func activate(_ constraints: [NSLayoutConstraint]) {}
    // https://developer.apple.com/documentation/uikit/nslayoutconstraint/isactive
    open var isActive: Bool { get { fatalError("interface stub") } set {} }
}

// https://developer.apple.com/documentation/uikit/nslayoutanchor
@MainActor open class NSLayoutAnchor<AnchorType>: NSObject where AnchorType: AnyObject {
    // https://developer.apple.com/documentation/uikit/nslayoutanchor/constraint(equalto:)
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/nslayoutanchor/constraint(equalto:constant:)
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        fatalError("interface stub")
    }
}

// https://developer.apple.com/documentation/uikit/nslayoutxaxisanchor
@MainActor open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}

// https://developer.apple.com/documentation/uikit/nslayoutyaxisanchor
@MainActor open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

// https://developer.apple.com/documentation/uikit/uilabel
@MainActor open class UILabel: UIView {
    // https://developer.apple.com/documentation/uikit/uilabel/text
    open var text: String? { get { fatalError("interface stub") } set {} }
}

// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor open class UIWindow: UIView {}

// https://developer.apple.com/documentation/uikit/uiscrollview
@MainActor open class UIScrollView: UIView {
    // https://developer.apple.com/documentation/uikit/uiscrollview/refreshcontrol
    @available(tvOS, unavailable)
    open var refreshControl: UIRefreshControl? { get { fatalError("interface stub") } set {} }
}

// MARK: Controls, actions, bar items

// https://developer.apple.com/documentation/uikit/uicontrol
@MainActor open class UIControl: UIView {
    // https://developer.apple.com/documentation/uikit/uicontrol/event
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/uikit/uicontrol/event/valuechanged
        public static let valueChanged = Event(rawValue: 1 << 12)
        // https://developer.apple.com/documentation/uikit/uicontrol/event/primaryactiontriggered
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    }
    // https://developer.apple.com/documentation/uikit/uicontrol/addaction(_:for:)
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
}

// https://developer.apple.com/documentation/uikit/uirefreshcontrol
@available(tvOS, unavailable)
@MainActor open class UIRefreshControl: UIControl {
    // https://developer.apple.com/documentation/uikit/uirefreshcontrol/init()
    public init() { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uiview/init(frame:) (UIView's, which
    // UIRefreshControl inherits, with UIControl's init(frame:primaryAction:))
    public override init(frame: CGRect) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uiview/init(coder:)
    public required init?(coder: NSCoder) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uirefreshcontrol/isrefreshing
    open var isRefreshing: Bool { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uirefreshcontrol/beginrefreshing()
    open func beginRefreshing() {}
    // https://developer.apple.com/documentation/uikit/uirefreshcontrol/endrefreshing()
    open func endRefreshing() {}
}

// https://developer.apple.com/documentation/uikit/uiimage
open class UIImage: NSObject {
    // https://developer.apple.com/documentation/uikit/uiimage/init(systemname:)
    public init?(systemName name: String) { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/uikit/uicolor
open class UIColor: NSObject {
    // https://developer.apple.com/documentation/uikit/uicolor/label
    open class var label: UIColor { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uicolor/secondarylabel
    open class var secondaryLabel: UIColor { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uicolor/systembackground
    @available(tvOS, unavailable)
    open class var systemBackground: UIColor { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/uikit/uifont
open class UIFont: NSObject {}

// https://developer.apple.com/documentation/uikit/uimenuelement
@MainActor open class UIMenuElement: NSObject {
    // https://developer.apple.com/documentation/uikit/uimenuelement/attributes
    public struct Attributes: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/uikit/uimenuelement/attributes/disabled
        public static let disabled = Attributes(rawValue: 1 << 0)
        // https://developer.apple.com/documentation/uikit/uimenuelement/attributes/destructive
        public static let destructive = Attributes(rawValue: 1 << 1)
    }
    // https://developer.apple.com/documentation/uikit/uimenuelement/state
    public enum State: Int, Sendable {
        case off, on, mixed
    }
}

// https://developer.apple.com/documentation/uikit/uimenu
@MainActor open class UIMenu: UIMenuElement {}

// https://developer.apple.com/documentation/uikit/uiactionhandler
public typealias UIActionHandler = (UIAction) -> Void

// https://developer.apple.com/documentation/uikit/uiaction
@MainActor open class UIAction: UIMenuElement {
    // https://developer.apple.com/documentation/uikit/uiaction/identifier-swift.struct
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }
    // https://developer.apple.com/documentation/uikit/uiaction/init(title:image:identifier:discoverabilitytitle:attributes:state:handler:)
    @MainActor @preconcurrency public convenience init(title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil,
                            discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
                            state: UIMenuElement.State = .off, handler: @escaping UIActionHandler) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uiaction/title
    open var title: String { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uiaction/sender
    open var sender: Any? { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/uikit/uibaritem
@MainActor open class UIBarItem: NSObject {
    // https://developer.apple.com/documentation/uikit/uibaritem/title
    open var title: String? { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uibaritem/isenabled
    open var isEnabled: Bool { get { fatalError("interface stub") } set {} }
}

// https://developer.apple.com/documentation/uikit/uibarbuttonitem
@MainActor open class UIBarButtonItem: UIBarItem {
    // https://developer.apple.com/documentation/uikit/uibarbuttonitem/systemitem
    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize,
             bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo,
             pageCurl, close
    }
    // https://developer.apple.com/documentation/uikit/uibarbuttonitem/init(systemitem:primaryaction:menu:)
    @MainActor @preconcurrency
    public convenience init(systemItem: UIBarButtonItem.SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        fatalError("interface stub")
    }
    // https://developer.apple.com/documentation/uikit/uibarbuttonitem/init(title:image:primaryaction:menu:)
    @MainActor @preconcurrency
    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        fatalError("interface stub")
    }
    // https://developer.apple.com/documentation/uikit/uibarbuttonitem/primaryaction
    open var primaryAction: UIAction? { get { fatalError("interface stub") } set {} }
}

// https://developer.apple.com/documentation/uikit/uinavigationitem
@MainActor open class UINavigationItem: NSObject {
    // https://developer.apple.com/documentation/uikit/uinavigationitem/title
    open var title: String? { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uinavigationitem/rightbarbuttonitem
    open var rightBarButtonItem: UIBarButtonItem? { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uinavigationitem/leftbarbuttonitem
    open var leftBarButtonItem: UIBarButtonItem? { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uinavigationitem/rightbarbuttonitems
    open var rightBarButtonItems: [UIBarButtonItem]? { get { fatalError("interface stub") } set {} }
}

// MARK: Swipe actions

// https://developer.apple.com/documentation/uikit/uicontextualaction
@available(tvOS, unavailable)
@MainActor open class UIContextualAction: NSObject {
    // https://developer.apple.com/documentation/uikit/uicontextualaction/style-swift.enum
    public enum Style: Int, Sendable {
        case normal, destructive
    }
    // https://developer.apple.com/documentation/uikit/uicontextualaction/handler-swift.typealias
    public typealias Handler = @MainActor (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void
    // https://developer.apple.com/documentation/uikit/uicontextualaction/init(style:title:handler:)
    public convenience init(style: UIContextualAction.Style, title: String?, handler: @escaping UIContextualAction.Handler) {
        fatalError("interface stub")
    }
    // https://developer.apple.com/documentation/uikit/uicontextualaction/title
    open var title: String? { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uicontextualaction/backgroundcolor
    open var backgroundColor: UIColor! { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uicontextualaction/image
    open var image: UIImage? { get { fatalError("interface stub") } set {} }
}

// https://developer.apple.com/documentation/uikit/uiswipeactionsconfiguration
@available(tvOS, unavailable)
@MainActor open class UISwipeActionsConfiguration: NSObject {
    // https://developer.apple.com/documentation/uikit/uiswipeactionsconfiguration/init(actions:)
    public convenience init(actions: [UIContextualAction]) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uiswipeactionsconfiguration/actions
    open var actions: [UIContextualAction] { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uiswipeactionsconfiguration/performsfirstactionwithfullswipe
    open var performsFirstActionWithFullSwipe: Bool { get { fatalError("interface stub") } set {} }
}

// MARK: View controllers

// https://developer.apple.com/documentation/uikit/uiviewcontroller
@MainActor open class UIViewController: UIResponder {
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:)
    public required init?(coder: NSCoder) { fatalError("interface stub") }
    // NSObject's init(), which the SDK's UIViewController inherits (init(nibName: nil, bundle: nil)).
    public convenience override init() { self.init(nibName: nil, bundle: nil) }
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/view
    open var view: UIView! { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/title
    open var title: String? { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload()
    open func viewDidLoad() {}
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/viewwillappear(_:)
    open func viewWillAppear(_ animated: Bool) {}
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidappear(_:)
    open func viewDidAppear(_ animated: Bool) {}
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdiddisappear(_:)
    open func viewDidDisappear(_ animated: Bool) {}
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/navigationitem
    open var navigationItem: UINavigationItem { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/editbuttonitem
    open var editButtonItem: UIBarButtonItem { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/isediting
    open var isEditing: Bool { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/setediting(_:animated:)
    open func setEditing(_ editing: Bool, animated: Bool) {}
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/navigationcontroller
    open var navigationController: UINavigationController? { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/uikit/uinavigationcontroller
@MainActor open class UINavigationController: UIViewController {
    // https://developer.apple.com/documentation/uikit/uinavigationcontroller/init(rootviewcontroller:)
    public init(rootViewController: UIViewController) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uinavigationcontroller/init(nibname:bundle:)
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uinavigationcontroller/init(coder:)
    public required init?(coder aDecoder: NSCoder) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uinavigationcontroller/pushviewcontroller(_:animated:)
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {}
    // https://developer.apple.com/documentation/uikit/uinavigationcontroller/topviewcontroller
    open var topViewController: UIViewController? { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/uikit/uitableviewcontroller ("Table view controllers
// already adopt the protocols you need to manage your table view's content"): the SDK declares
// @interface UITableViewController : UIViewController <UITableViewDelegate, UITableViewDataSource>,
// and Swift imports the methods of the protocols an Objective-C class adopts as members of the
// class, so a subclass's table view methods are overrides (`override func tableView(_:didSelectRowAt:)`).
@MainActor open class UITableViewController: UIViewController, UITableViewDelegate, UITableViewDataSource {
    // https://developer.apple.com/documentation/uikit/uitableviewcontroller/init(style:)
    public init(style: UITableView.Style) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uitableviewcontroller/init(nibname:bundle:)
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uitableviewcontroller/init(coder:)
    public required init?(coder: NSCoder) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uitableviewcontroller/tableview
    open var tableView: UITableView! { get { fatalError("interface stub") } set {} }

    // The protocols' methods, as members (see above). UITableViewDataSource:
    // https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:numberofrowsinsection:)
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:cellforrowat:)
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uitableviewdatasource/numberofsections(in:)
    open func numberOfSections(in tableView: UITableView) -> Int { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:titleforheaderinsection:)
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:titleforfooterinsection:)
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:caneditrowat:)
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:commit:forrowat:)
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    // https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:canmoverowat:)
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:moverowat:to:)
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    // UITableViewDelegate:
    // https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:didselectrowat:)
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    // https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:diddeselectrowat:)
    open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    // https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:editingstyleforrowat:)
    open func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
        fatalError("interface stub")
    }
    // https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:trailingswipeactionsconfigurationforrowat:)
    @available(tvOS, unavailable)
    open func tableView(_ tableView: UITableView,
                        trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        fatalError("interface stub")
    }
    // https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:leadingswipeactionsconfigurationforrowat:)
    @available(tvOS, unavailable)
    open func tableView(_ tableView: UITableView,
                        leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        fatalError("interface stub")
    }
    // https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:contextmenuconfigurationforrowat:point:)
    @available(iOS 13.0, tvOS 17.0, *)
    open func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
                        point: CGPoint) -> UIContextMenuConfiguration? { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:indentationlevelforrowat:)
    open func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath) -> Int { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/uikit/uicollectionviewcontroller
@MainActor open class UICollectionViewController: UIViewController {
    // https://developer.apple.com/documentation/uikit/uicollectionviewcontroller/init(collectionviewlayout:)
    public init(collectionViewLayout layout: UICollectionViewLayout) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uicollectionviewcontroller/init(nibname:bundle:)
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uicollectionviewcontroller/init(coder:)
    public required init?(coder: NSCoder) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uicollectionviewcontroller/collectionview
    open var collectionView: UICollectionView! { get { fatalError("interface stub") } set {} }
}

// MARK: Content configurations

// https://developer.apple.com/documentation/uikit/uicontentconfiguration-9eib5
public protocol UIContentConfiguration {}

// https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct
public struct UIListContentConfiguration: UIContentConfiguration {
    // https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/cell()
    public static func cell() -> UIListContentConfiguration { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/subtitlecell()
    public static func subtitleCell() -> UIListContentConfiguration { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/text
    public var text: String?
    // https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/secondarytext
    public var secondaryText: String?
    // https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/textproperties-swift.struct
    public struct TextProperties {
        // https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/textproperties-swift.struct/color
        public var color: UIColor { get { fatalError("interface stub") } set {} }
        // https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/textproperties-swift.struct/font
        public var font: UIFont { get { fatalError("interface stub") } set {} }
    }
    // https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/textproperties-swift.property
    public var textProperties: UIListContentConfiguration.TextProperties { get { fatalError("interface stub") } set {} }
}

// MARK: UITableView

// https://developer.apple.com/documentation/uikit/uitableviewcell
@MainActor open class UITableViewCell: UIView {
    // https://developer.apple.com/documentation/uikit/uitableviewcell/cellstyle
    public enum CellStyle: Int, Sendable {
        case `default`, value1, value2, subtitle
    }
    // https://developer.apple.com/documentation/uikit/uitableviewcell/editingstyle-swift.enum
    public enum EditingStyle: Int, Sendable {
        case none, delete, insert
    }
    // https://developer.apple.com/documentation/uikit/uitableviewcell/accessorytype-swift.enum
    public enum AccessoryType: Int, Sendable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }
    // https://developer.apple.com/documentation/uikit/uitableviewcell/accessorytype-swift.property
    open var accessoryType: UITableViewCell.AccessoryType { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uitableviewcell/showsreordercontrol
    open var showsReorderControl: Bool { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uitableviewcell/init(style:reuseidentifier:)
    public init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uitableviewcell/init(coder:)
    public required init?(coder: NSCoder) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uitableviewcell/textlabel
    open var textLabel: UILabel? { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uitableviewcell/detailtextlabel
    open var detailTextLabel: UILabel? { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uitableviewcell/defaultcontentconfiguration() (UIKit's Swift
    // overlay, as UICollectionViewListCell's and UITableViewHeaderFooterView's: not open)
    @MainActor @preconcurrency public func defaultContentConfiguration() -> UIListContentConfiguration { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uitableviewcell/contentconfiguration (as above)
    @MainActor @preconcurrency public var contentConfiguration: (any UIContentConfiguration)? {
        get { fatalError("interface stub") } set {}
    }
}

// https://developer.apple.com/documentation/uikit/uitableview
@MainActor open class UITableView: UIScrollView {
    // https://developer.apple.com/documentation/uikit/uitableview/rowanimation
    public enum RowAnimation: Int, Sendable {
        case fade, right, left, top, bottom, none, middle
        case automatic = 100
    }

    // https://developer.apple.com/documentation/uikit/uitableview/style-swift.enum
    public enum Style: Int, Sendable {
        case plain, grouped
        // https://developer.apple.com/documentation/uikit/uitableview/style-swift.enum/insetgrouped
        @available(tvOS, unavailable)
        case insetGrouped
    }

    // https://developer.apple.com/documentation/uikit/uitableview/init(frame:style:)
    public init(frame: CGRect, style: UITableView.Style) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uitableview/init(coder:)
    public required init?(coder: NSCoder) { fatalError("interface stub") }

    // https://developer.apple.com/documentation/uikit/uitableview/datasource
    weak open var dataSource: (any UITableViewDataSource)?
    // https://developer.apple.com/documentation/uikit/uitableview/delegate
    weak open var delegate: (any UITableViewDelegate)?
    // https://developer.apple.com/documentation/uikit/uitableview/scrollposition
    public enum ScrollPosition: Int, Sendable {
        case none, top, middle, bottom
    }
    // https://developer.apple.com/documentation/uikit/uitableview/deselectrow(at:animated:)
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {}
    // https://developer.apple.com/documentation/uikit/uitableview/selectrow(at:animated:scrollposition:)
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: UITableView.ScrollPosition) {}
    // https://developer.apple.com/documentation/uikit/uitableview/indexpathforselectedrow
    open var indexPathForSelectedRow: IndexPath? { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uitableview/indexpathsforselectedrows
    open var indexPathsForSelectedRows: [IndexPath]? { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uitableview/allowsselection
    open var allowsSelection: Bool { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uitableview/allowsmultipleselection
    open var allowsMultipleSelection: Bool { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uitableview/allowsselectionduringediting
    open var allowsSelectionDuringEditing: Bool { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uitableview/isediting
    open var isEditing: Bool { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uitableview/setediting(_:animated:)
    open func setEditing(_ editing: Bool, animated: Bool) {}

    // https://developer.apple.com/documentation/uikit/uitableview/register(_:forcellreuseidentifier:)-3l3ct
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {}
    // https://developer.apple.com/documentation/uikit/uitableview/dequeuereusablecell(withidentifier:)
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uitableview/dequeuereusablecell(withidentifier:for:)
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        fatalError("interface stub")
    }

    #if STUB_SENDABLE_CLOSURES
    // The same page, with the closures imported as @Sendable.
    open func performBatchUpdates(_ updates: (@Sendable () -> Void)?, completion: (@Sendable (Bool) -> Void)? = nil) {}
    #else
    // https://developer.apple.com/documentation/uikit/uitableview/performbatchupdates(_:completion:)
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}
    #endif
    // https://developer.apple.com/documentation/uikit/uitableview/insertsections(_:with:)
    open func insertSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
    // https://developer.apple.com/documentation/uikit/uitableview/deletesections(_:with:)
    open func deleteSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
    // https://developer.apple.com/documentation/uikit/uitableview/reloadsections(_:with:)
    open func reloadSections(_ sections: IndexSet, with animation: UITableView.RowAnimation) {}
    // https://developer.apple.com/documentation/uikit/uitableview/movesection(_:tosection:)
    open func moveSection(_ section: Int, toSection newSection: Int) {}
    // https://developer.apple.com/documentation/uikit/uitableview/insertrows(at:with:)
    open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
    // https://developer.apple.com/documentation/uikit/uitableview/deleterows(at:with:)
    open func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
    // https://developer.apple.com/documentation/uikit/uitableview/reloadrows(at:with:)
    open func reloadRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
    // https://developer.apple.com/documentation/uikit/uitableview/reconfigurerows(at:)
    open func reconfigureRows(at indexPaths: [IndexPath]) {}
    // https://developer.apple.com/documentation/uikit/uitableview/moverow(at:to:)
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
    // https://developer.apple.com/documentation/uikit/uitableview/reloaddata()
    open func reloadData() {}
    // https://developer.apple.com/documentation/uikit/uitableview/indexpathsforvisiblerows
    open var indexPathsForVisibleRows: [IndexPath]? { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/uikit/uiscrollviewdelegate
@MainActor public protocol UIScrollViewDelegate: NSObjectProtocol {}

// https://developer.apple.com/documentation/uikit/uitableviewdelegate
@MainActor public protocol UITableViewDelegate: UIScrollViewDelegate {
    // optional:
    // https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:didselectrowat:)
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    // https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:diddeselectrowat:)
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    // https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:editingstyleforrowat:)
    func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle
    // https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:trailingswipeactionsconfigurationforrowat:)
    @available(tvOS, unavailable) // requirement: left out on tvOS
    func tableView(_ tableView: UITableView,
                   trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration?
    // https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:leadingswipeactionsconfigurationforrowat:)
    @available(tvOS, unavailable) // requirement: left out on tvOS
    func tableView(_ tableView: UITableView,
                   leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration?
    // https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:contextmenuconfigurationforrowat:point:)
    @available(iOS 13.0, tvOS 17.0, *)
    func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
                   point: CGPoint) -> UIContextMenuConfiguration?
    // https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:indentationlevelforrowat:)
    func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath) -> Int
}

// The optional requirements (`@objc optional` in the SDK).
extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { fatalError("interface stub") }
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) { fatalError("interface stub") }
    public func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
        fatalError("interface stub")
    }
    @available(tvOS, unavailable)
    public func tableView(_ tableView: UITableView,
                          trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        fatalError("interface stub")
    }
    @available(tvOS, unavailable)
    public func tableView(_ tableView: UITableView,
                          leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        fatalError("interface stub")
    }
    @available(iOS 13.0, tvOS 17.0, *)
    public func tableView(_ tableView: UITableView, contextMenuConfigurationForRowAt indexPath: IndexPath,
                          point: CGPoint) -> UIContextMenuConfiguration? { fatalError("interface stub") }
    public func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath) -> Int { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/uikit/uitableviewdatasource
@MainActor public protocol UITableViewDataSource: NSObjectProtocol {
    // https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:numberofrowsinsection:)
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    // https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:cellforrowat:)
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    // optional:
    // https://developer.apple.com/documentation/uikit/uitableviewdatasource/numberofsections(in:)
    func numberOfSections(in tableView: UITableView) -> Int
    // https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:titleforheaderinsection:)
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    // https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:titleforfooterinsection:)
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
    // https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:caneditrowat:)
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
    // https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:commit:forrowat:)
    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
    // https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:canmoverowat:)
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
    // https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:moverowat:to:)
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

// The optional requirements (`@objc optional` in the SDK).
extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { fatalError("interface stub") }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { fatalError("interface stub") }
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { fatalError("interface stub") }
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { fatalError("interface stub") }
    public func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        fatalError("interface stub")
    }
    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { fatalError("interface stub") }
    public func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        fatalError("interface stub")
    }
}

// MARK: UICollectionView

// https://developer.apple.com/documentation/uikit/uicollectionreusableview
@MainActor open class UICollectionReusableView: UIView {}

// https://developer.apple.com/documentation/uikit/uicollectionviewcell
@MainActor open class UICollectionViewCell: UICollectionReusableView {
    // https://developer.apple.com/documentation/uikit/uicollectionviewcell/contentconfiguration-13e7k (UIKit's
    // Swift overlay: not open)
    @MainActor @preconcurrency public var contentConfiguration: (any UIContentConfiguration)? {
        get { fatalError("interface stub") } set {}
    }
}

// https://developer.apple.com/documentation/uikit/uicollectionviewlistcell
@MainActor open class UICollectionViewListCell: UICollectionViewCell {
    // https://developer.apple.com/documentation/uikit/uicollectionviewlistcell/accessories-8nui4 (UIKit's Swift
    // overlay: not open)
    @MainActor @preconcurrency public var accessories: [UICellAccessory] { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uicollectionviewlistcell/defaultcontentconfiguration() (a list
    // cell's, not every collection view cell's; UIKit's Swift overlay: not open)
    @MainActor @preconcurrency public func defaultContentConfiguration() -> UIListContentConfiguration { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uicollectionviewlistcell/indentationlevel
    open var indentationLevel: Int { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uicollectionviewlistcell/indentationwidth
    open var indentationWidth: CGFloat { get { fatalError("interface stub") } set {} }
}

// https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct
public struct UICellAccessory {
    // https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/displayedstate
    public enum DisplayedState {
        case always, whenEditing, whenNotEditing
    }
    // https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/layoutdimension
    public enum LayoutDimension {
        case actual, standard
        case custom(CGFloat)
    }
    // https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/reorderoptions
    public struct ReorderOptions {
        // https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/reorderoptions/init(ishidden:reservedlayoutwidth:tintcolor:showsverticalseparator:)
        public init(isHidden: Bool? = nil, reservedLayoutWidth: UICellAccessory.LayoutDimension? = nil,
                    tintColor: UIColor? = nil, showsVerticalSeparator: Bool? = nil) {}
    }
    // https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/reorder(displayed:options:)
    public static func reorder(displayed: UICellAccessory.DisplayedState = .whenEditing,
                               options: UICellAccessory.ReorderOptions = ReorderOptions()) -> UICellAccessory {
        fatalError("interface stub")
    }
}

// https://developer.apple.com/documentation/uikit/uicollectionviewlayout
@MainActor open class UICollectionViewLayout: NSObject {}

// https://developer.apple.com/documentation/uikit/uicollectionviewflowlayout
@MainActor open class UICollectionViewFlowLayout: UICollectionViewLayout {}

// https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct
public struct UICollectionLayoutListConfiguration {
    // https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/appearance-swift.enum
    public enum Appearance: Sendable {
        case plain, grouped, insetGrouped
        // https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/appearance-swift.enum/sidebar
        @available(tvOS, unavailable)
        case sidebar
        case sidebarPlain
    }
    // https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/init(appearance:)
    public init(appearance: UICollectionLayoutListConfiguration.Appearance) {}
    // https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/headermode-swift.enum
    public enum HeaderMode: Hashable {
        case none, supplementary, firstItemInSection
    }
    // https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/headermode-swift.property
    public var headerMode: UICollectionLayoutListConfiguration.HeaderMode = .none
    // https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/swipeactionsconfigurationprovider
    @available(tvOS, unavailable)
    public typealias SwipeActionsConfigurationProvider = (IndexPath) -> UISwipeActionsConfiguration?
    // https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/trailingswipeactionsconfigurationprovider
    @available(tvOS, unavailable)
    public var trailingSwipeActionsConfigurationProvider: UICollectionLayoutListConfiguration.SwipeActionsConfigurationProvider? {
        get { fatalError("interface stub") } set {}
    }
    // https://developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration-swift.struct/leadingswipeactionsconfigurationprovider
    @available(tvOS, unavailable)
    public var leadingSwipeActionsConfigurationProvider: UICollectionLayoutListConfiguration.SwipeActionsConfigurationProvider? {
        get { fatalError("interface stub") } set {}
    }
}

// https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout
@MainActor open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    // https://developer.apple.com/documentation/uikit/uicollectionviewcompositionallayout/list(using:)
    @MainActor @preconcurrency
    public static func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
        fatalError("interface stub")
    }
}

// https://developer.apple.com/documentation/uikit/uicollectionview
@MainActor open class UICollectionView: UIScrollView {
    // https://developer.apple.com/documentation/uikit/uicollectionview/init(frame:collectionviewlayout:)
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uicollectionview/init(coder:)
    public required init?(coder: NSCoder) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uicollectionview/register(_:forcellwithreuseidentifier:)-(anyclass?,_)
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {}
    // https://developer.apple.com/documentation/uikit/uicollectionview/dequeuereusablecell(withreuseidentifier:for:)
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        fatalError("interface stub")
    }
    // https://developer.apple.com/documentation/uikit/uicollectionview/elementkindsectionheader
    public static let elementKindSectionHeader: String = "UICollectionElementKindSectionHeader"
    // https://developer.apple.com/documentation/uikit/uicollectionview/elementkindsectionfooter
    public static let elementKindSectionFooter: String = "UICollectionElementKindSectionFooter"

    // https://developer.apple.com/documentation/uikit/uicollectionview/cellregistration
    public struct CellRegistration<Cell, Item> where Cell: UICollectionViewCell {
        // https://developer.apple.com/documentation/uikit/uicollectionview/cellregistration/handler
        public typealias Handler = (Cell, IndexPath, Item) -> Void
        // https://developer.apple.com/documentation/uikit/uicollectionview/cellregistration/init(handler:)
        public init(handler: @escaping UICollectionView.CellRegistration<Cell, Item>.Handler) {}
    }

    // https://developer.apple.com/documentation/uikit/uicollectionview/supplementaryregistration
    public struct SupplementaryRegistration<Supplementary> where Supplementary: UICollectionReusableView {
        // https://developer.apple.com/documentation/uikit/uicollectionview/supplementaryregistration/handler
        public typealias Handler = (Supplementary, String, IndexPath) -> Void
        // https://developer.apple.com/documentation/uikit/uicollectionview/supplementaryregistration/init(elementkind:handler:)
        public init(elementKind: String, handler: @escaping UICollectionView.SupplementaryRegistration<Supplementary>.Handler) {}
    }

    // https://developer.apple.com/documentation/uikit/uicollectionview/datasource
    weak open var dataSource: (any UICollectionViewDataSource)?
    // https://developer.apple.com/documentation/uikit/uicollectionview/delegate
    weak open var delegate: (any UICollectionViewDelegate)?

    // https://developer.apple.com/documentation/uikit/uicollectionview/scrollposition
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/uikit/uicollectionview/scrollposition/top
        public static let top = ScrollPosition(rawValue: 1 << 0)
        // https://developer.apple.com/documentation/uikit/uicollectionview/scrollposition/centeredvertically
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        // https://developer.apple.com/documentation/uikit/uicollectionview/scrollposition/bottom
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
    }
    // https://developer.apple.com/documentation/uikit/uicollectionview/allowsselection
    open var allowsSelection: Bool { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uicollectionview/allowsmultipleselection
    open var allowsMultipleSelection: Bool { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uicollectionview/indexpathsforselecteditems
    open var indexPathsForSelectedItems: [IndexPath]? { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uicollectionview/selectitem(at:animated:scrollposition:)
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: UICollectionView.ScrollPosition) {}
    // https://developer.apple.com/documentation/uikit/uicollectionview/deselectitem(at:animated:)
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {}
    // https://developer.apple.com/documentation/uikit/uicollectionview/isediting
    @available(iOS 14.0, tvOS 14.0, *)
    open var isEditing: Bool { get { fatalError("interface stub") } set {} }

    // https://developer.apple.com/documentation/uikit/uicollectionview/dequeueconfiguredreusablesupplementary(using:for:)
    @MainActor @preconcurrency public func dequeueConfiguredReusableSupplementary<Supplementary>(
        using registration: UICollectionView.SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
    ) -> Supplementary where Supplementary: UICollectionReusableView { fatalError("interface stub") }

    // https://developer.apple.com/documentation/uikit/uicollectionview/dequeueconfiguredreusablecell(using:for:item:)
    @MainActor @preconcurrency public func dequeueConfiguredReusableCell<Cell, Item>(
        using registration: UICollectionView.CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
    ) -> Cell
    where Cell: UICollectionViewCell { fatalError("interface stub") }

    #if STUB_SENDABLE_CLOSURES
    // The same page, with the closures imported as @Sendable.
    open func performBatchUpdates(_ updates: (@Sendable () -> Void)?, completion: (@Sendable (Bool) -> Void)? = nil) {}
    #else
    // https://developer.apple.com/documentation/uikit/uicollectionview/performbatchupdates(_:completion:)
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {}
    #endif
    // https://developer.apple.com/documentation/uikit/uicollectionview/insertsections(_:)
    open func insertSections(_ sections: IndexSet) {}
    // https://developer.apple.com/documentation/uikit/uicollectionview/deletesections(_:)
    open func deleteSections(_ sections: IndexSet) {}
    // https://developer.apple.com/documentation/uikit/uicollectionview/reloadsections(_:)
    open func reloadSections(_ sections: IndexSet) {}
    // https://developer.apple.com/documentation/uikit/uicollectionview/movesection(_:tosection:)
    open func moveSection(_ section: Int, toSection newSection: Int) {}
    // https://developer.apple.com/documentation/uikit/uicollectionview/insertitems(at:)
    open func insertItems(at indexPaths: [IndexPath]) {}
    // https://developer.apple.com/documentation/uikit/uicollectionview/deleteitems(at:)
    open func deleteItems(at indexPaths: [IndexPath]) {}
    // https://developer.apple.com/documentation/uikit/uicollectionview/reloaditems(at:)
    open func reloadItems(at indexPaths: [IndexPath]) {}
    // https://developer.apple.com/documentation/uikit/uicollectionview/reconfigureitems(at:)
    open func reconfigureItems(at indexPaths: [IndexPath]) {}
    // https://developer.apple.com/documentation/uikit/uicollectionview/moveitem(at:to:)
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
    // https://developer.apple.com/documentation/uikit/uicollectionview/reloaddata()
    open func reloadData() {}
    // https://developer.apple.com/documentation/uikit/uicollectionview/indexpathsforvisibleitems
    open var indexPathsForVisibleItems: [IndexPath] { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/uikit/uicollectionviewdatasource
@MainActor public protocol UICollectionViewDataSource: NSObjectProtocol {
    // https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:numberofitemsinsection:)
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    // https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:cellforitemat:)
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    // optional:
    // https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/numberofsections(in:)
    func numberOfSections(in collectionView: UICollectionView) -> Int
    // https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:viewforsupplementaryelementofkind:at:)
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView
    // https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:canmoveitemat:)
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    // https://developer.apple.com/documentation/uikit/uicollectionviewdatasource/collectionview(_:moveitemat:to:)
    func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

// The optional requirements (`@objc optional` in the SDK).
extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { fatalError("interface stub") }
    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> UICollectionReusableView { fatalError("interface stub") }
    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        fatalError("interface stub")
    }
    public func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
                               to destinationIndexPath: IndexPath) { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/uikit/uicollectionviewdelegate
@MainActor public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    // optional:
    // https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:didselectitemat:)
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    // https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:diddeselectitemat:)
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    // https://developer.apple.com/documentation/uikit/uicollectionviewdelegate/collectionview(_:contextmenuconfigurationforitemsat:point:)
    @available(iOS 16.0, tvOS 17.0, *)
    func collectionView(_ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
                        point: CGPoint) -> UIContextMenuConfiguration?
}

// The optional requirements (`@objc optional` in the SDK).
extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { fatalError("interface stub") }
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) { fatalError("interface stub") }
    @available(iOS 16.0, tvOS 17.0, *)
    public func collectionView(_ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath],
                               point: CGPoint) -> UIContextMenuConfiguration? { fatalError("interface stub") }
}
