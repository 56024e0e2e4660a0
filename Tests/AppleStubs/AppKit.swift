// An interface stub of the AppKit declarations ModelStorageViews and its documented examples
// use, for `make apple-check` (Tests/AppleStubs/check.sh), which type-checks them on Linux with
// `canImport(AppKit)` true. Each declaration is written from Apple's documentation page named
// above it (https://developer.apple.com/documentation/appkit/...): names, labels, types,
// optionality, `@MainActor` and `open` as the page declares them; nothing added to make code
// compile. Bodies are placeholders: this module is type-checked against, never run.
//
// As in UIKit.swift: `@objc optional` requirements are requirements with a default in an
// extension (a misspelled witness gets the same "nearly matches" warning), and
// `-D STUB_SENDABLE_CLOSURES` builds the other spelling of the imported closures whose
// `@Sendable` depends on the SDK (check.sh type-checks the product against both).
@_exported import Foundation

// MARK: IndexPath (AppKit's additions to Foundation's IndexPath)

extension IndexPath {
    // https://developer.apple.com/documentation/foundation/indexpath/init(item:section:)
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    // https://developer.apple.com/documentation/foundation/indexpath/section
    public var section: Int { get { self[0] } set { self[0] = newValue } }
    // https://developer.apple.com/documentation/foundation/indexpath/item-6rh8l
    public var item: Int { get { self[1] } set { self[1] = newValue } }
}

// MARK: Responders, views, windows, animation

// https://developer.apple.com/documentation/appkit/nsanimatablepropertycontainer
@MainActor public protocol NSAnimatablePropertyContainer {
    // https://developer.apple.com/documentation/appkit/nsanimatablepropertycontainer/animator()
    func animator() -> Self
}

// https://developer.apple.com/documentation/appkit/nsresponder
@MainActor open class NSResponder: NSObject {
    // https://developer.apple.com/documentation/appkit/nsresponder/keydown(with:)
    open func keyDown(with event: NSEvent) {}
}

// https://developer.apple.com/documentation/appkit/nsuserinterfaceitemidentification
@MainActor public protocol NSUserInterfaceItemIdentification: NSObjectProtocol {
    // https://developer.apple.com/documentation/appkit/nsuserinterfaceitemidentification/identifier
    var identifier: NSUserInterfaceItemIdentifier? { get set }
}

// https://developer.apple.com/documentation/appkit/nsview
@MainActor open class NSView: NSResponder, NSAnimatablePropertyContainer, NSUserInterfaceItemIdentification {
    // https://developer.apple.com/documentation/appkit/nsview/init(frame:)
    public init(frame frameRect: NSRect) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nsview/init(coder:)
    public required init?(coder: NSCoder) { fatalError("interface stub") }
    // NSObject's init(), which the SDK's NSView inherits (as init(frame:) with a zero frame).
    public convenience override init() { self.init(frame: .zero) }
    // https://developer.apple.com/documentation/appkit/nsview/frame
    open var frame: NSRect { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/appkit/nsview/addsubview(_:)
    open func addSubview(_ view: NSView) {}
    // https://developer.apple.com/documentation/appkit/nsview/window
    open var window: NSWindow? { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nsview/visiblerect
    open var visibleRect: NSRect { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nsanimatablepropertycontainer/animator()
    public func animator() -> Self { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nsview/registerfordraggedtypes(_:)
    open func registerForDraggedTypes(_ newTypes: [NSPasteboard.PasteboardType]) {}
    // https://developer.apple.com/documentation/appkit/nsuserinterfaceitemidentification/identifier
    open var identifier: NSUserInterfaceItemIdentifier? { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/appkit/nsview/translatesautoresizingmaskintoconstraints
    open var translatesAutoresizingMaskIntoConstraints: Bool { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/appkit/nsview/leadinganchor
    open var leadingAnchor: NSLayoutXAxisAnchor { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nsview/trailinganchor
    open var trailingAnchor: NSLayoutXAxisAnchor { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nsview/topanchor
    open var topAnchor: NSLayoutYAxisAnchor { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nsview/bottomanchor
    open var bottomAnchor: NSLayoutYAxisAnchor { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nsview/centerxanchor
    open var centerXAnchor: NSLayoutXAxisAnchor { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nsview/centeryanchor
    open var centerYAnchor: NSLayoutYAxisAnchor { fatalError("interface stub") }
}

// MARK: Auto Layout

// https://developer.apple.com/documentation/appkit/nslayoutconstraint
open class NSLayoutConstraint: NSObject {
    // https://developer.apple.com/documentation/appkit/nslayoutconstraint/activate(_:)
    open class func activate(_ constraints: [NSLayoutConstraint]) {}
    // https://developer.apple.com/documentation/appkit/nslayoutconstraint/isactive
    open var isActive: Bool { get { fatalError("interface stub") } set {} }
}

// https://developer.apple.com/documentation/appkit/nslayoutanchor
open class NSLayoutAnchor<AnchorType>: NSObject where AnchorType: AnyObject {
    // https://developer.apple.com/documentation/appkit/nslayoutanchor/constraint(equalto:)
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nslayoutanchor/constraint(equalto:constant:)
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        fatalError("interface stub")
    }
}

// https://developer.apple.com/documentation/appkit/nslayoutxaxisanchor
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}

// https://developer.apple.com/documentation/appkit/nslayoutyaxisanchor
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

// https://developer.apple.com/documentation/appkit/nsscrollview
@MainActor open class NSScrollView: NSView {
    // https://developer.apple.com/documentation/appkit/nsscrollview/documentview
    open var documentView: NSView? { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/appkit/nsscrollview/hasverticalscroller
    open var hasVerticalScroller: Bool { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/appkit/nsscrollview/hashorizontalscroller
    open var hasHorizontalScroller: Bool { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/appkit/nsscrollview/autohidesscrollers
    open var autohidesScrollers: Bool { get { fatalError("interface stub") } set {} }
}

// MARK: Pasteboard and dragging

// https://developer.apple.com/documentation/appkit/nspasteboard
open class NSPasteboard: NSObject {
    // https://developer.apple.com/documentation/appkit/nspasteboard/pasteboardtype
    public struct PasteboardType: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        // https://developer.apple.com/documentation/appkit/nspasteboard/pasteboardtype/init(rawvalue:)
        public init(rawValue: String) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/appkit/nspasteboard/pasteboardtype/init(_:)
        public init(_ rawValue: String) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/appkit/nspasteboard/pasteboardtype/string
        public static let string = PasteboardType("public.utf8-plain-text")
    }
    // https://developer.apple.com/documentation/appkit/nspasteboard/pasteboarditems
    open var pasteboardItems: [NSPasteboardItem]? { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/appkit/nspasteboardwriting
public protocol NSPasteboardWriting: NSObjectProtocol {}

// https://developer.apple.com/documentation/appkit/nspasteboarditem
open class NSPasteboardItem: NSObject, NSPasteboardWriting {
    // https://developer.apple.com/documentation/appkit/nspasteboarditem/setstring(_:fortype:)
    open func setString(_ string: String, forType type: NSPasteboard.PasteboardType) -> Bool { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nspasteboarditem/string(fortype:)
    open func string(forType type: NSPasteboard.PasteboardType) -> String? { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/appkit/nsdraggingsource
public protocol NSDraggingSource: NSObjectProtocol {}

// https://developer.apple.com/documentation/appkit/nsdragginginfo
public protocol NSDraggingInfo: NSObjectProtocol {
    // https://developer.apple.com/documentation/appkit/nsdragginginfo/draggingpasteboard
    @MainActor var draggingPasteboard: NSPasteboard { get }
    // https://developer.apple.com/documentation/appkit/nsdragginginfo/draggingsource
    @MainActor var draggingSource: Any? { get }
}

// https://developer.apple.com/documentation/appkit/nsdragoperation
public struct NSDragOperation: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/appkit/nsdragoperation/copy
    public static let copy = NSDragOperation(rawValue: 1)
    // https://developer.apple.com/documentation/appkit/nsdragoperation/move
    public static let move = NSDragOperation(rawValue: 16)
}

// https://developer.apple.com/documentation/appkit/nswindow
@MainActor open class NSWindow: NSResponder {
    // https://developer.apple.com/documentation/appkit/nswindow/title
    open var title: String { get { fatalError("interface stub") } set {} }
}

// https://developer.apple.com/documentation/appkit/nscontrol
@MainActor open class NSControl: NSView {
    // https://developer.apple.com/documentation/appkit/nscontrol/stringvalue
    open var stringValue: String { get { fatalError("interface stub") } set {} }
}

// https://developer.apple.com/documentation/appkit/nstextfield
@MainActor open class NSTextField: NSControl {
    // https://developer.apple.com/documentation/appkit/nstextfield/init(labelwithstring:)
    public convenience init(labelWithString stringValue: String) { self.init(frame: .zero) }
}

// https://developer.apple.com/documentation/appkit/nsviewcontroller
@MainActor open class NSViewController: NSResponder {
    // https://developer.apple.com/documentation/appkit/nsviewcontroller/init(nibname:bundle:)
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nsviewcontroller/init(coder:)
    public required init?(coder: NSCoder) { fatalError("interface stub") }
    // NSObject's init(), which the SDK's NSViewController inherits.
    public convenience override init() { self.init(nibName: nil, bundle: nil) }
    // https://developer.apple.com/documentation/appkit/nsviewcontroller/title
    open var title: String? { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/appkit/nsviewcontroller/view
    open var view: NSView { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/appkit/nsviewcontroller/loadview()
    open func loadView() {}
    // https://developer.apple.com/documentation/appkit/nsviewcontroller/viewdidload()
    open func viewDidLoad() {}
}

// https://developer.apple.com/documentation/appkit/nsanimationcontext
open class NSAnimationContext: NSObject {
    #if STUB_SENDABLE_CLOSURES
    // The same page, with the completion handler imported without @Sendable.
    open class func runAnimationGroup(_ changes: (NSAnimationContext) -> Void, completionHandler: (() -> Void)? = nil) {}
    #else
    // https://developer.apple.com/documentation/appkit/nsanimationcontext/runanimationgroup(_:completionhandler:)
    open class func runAnimationGroup(_ changes: (NSAnimationContext) -> Void, completionHandler: (@Sendable () -> Void)? = nil) {}
    #endif
}

// https://developer.apple.com/documentation/appkit/nsuserinterfaceitemidentifier
public struct NSUserInterfaceItemIdentifier: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    // https://developer.apple.com/documentation/appkit/nsuserinterfaceitemidentifier/init(rawvalue:)
    public init(rawValue: String) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/appkit/nsuserinterfaceitemidentifier/init(_:)
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

// MARK: NSTableView

// https://developer.apple.com/documentation/appkit/nstablecolumn
@MainActor open class NSTableColumn: NSObject {
    // https://developer.apple.com/documentation/appkit/nstablecolumn/init(identifier:)
    public init(identifier: NSUserInterfaceItemIdentifier) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nstablecolumn/identifier
    open var identifier: NSUserInterfaceItemIdentifier { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/appkit/nstablecolumn/title
    open var title: String { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/appkit/nstablecolumn/width
    open var width: CGFloat { get { fatalError("interface stub") } set {} }
}

// https://developer.apple.com/documentation/appkit/nstableheaderview
@MainActor open class NSTableHeaderView: NSView {}

// https://developer.apple.com/documentation/appkit/nstablecellview
@MainActor open class NSTableCellView: NSView {
    // https://developer.apple.com/documentation/appkit/nstablecellview/textfield
    // The page's `@IBOutlet` needs Objective-C (not on Linux); the ownership is the page's.
    unowned(unsafe) open var textField: NSTextField?
}

// https://developer.apple.com/documentation/appkit/nstableview
@MainActor open class NSTableView: NSControl {
    // https://developer.apple.com/documentation/appkit/nstableview/animationoptions
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/appkit/nstableview/animationoptions/effectfade
        public static let effectFade = AnimationOptions(rawValue: 0x1)
        // https://developer.apple.com/documentation/appkit/nstableview/animationoptions/effectgap
        public static let effectGap = AnimationOptions(rawValue: 0x2)
        // https://developer.apple.com/documentation/appkit/nstableview/animationoptions/slideup
        public static let slideUp = AnimationOptions(rawValue: 0x10)
        // https://developer.apple.com/documentation/appkit/nstableview/animationoptions/slidedown
        public static let slideDown = AnimationOptions(rawValue: 0x20)
        // https://developer.apple.com/documentation/appkit/nstableview/animationoptions/slideleft
        public static let slideLeft = AnimationOptions(rawValue: 0x30)
        // https://developer.apple.com/documentation/appkit/nstableview/animationoptions/slideright
        public static let slideRight = AnimationOptions(rawValue: 0x40)
    }

    // https://developer.apple.com/documentation/appkit/nstableview/dropoperation
    public enum DropOperation: UInt, Sendable {
        case on, above
    }

    // https://developer.apple.com/documentation/appkit/nstableview/rowactionedge
    public enum RowActionEdge: Int, Sendable {
        // https://developer.apple.com/documentation/appkit/nstableview/rowactionedge/leading
        case leading
        // https://developer.apple.com/documentation/appkit/nstableview/rowactionedge/trailing
        case trailing
    }

    // https://developer.apple.com/documentation/appkit/nstableview/datasource
    weak open var dataSource: (any NSTableViewDataSource)?
    // https://developer.apple.com/documentation/appkit/nstableview/headerview
    open var headerView: NSTableHeaderView? { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/appkit/nstableview/selectedrowindexes
    open var selectedRowIndexes: IndexSet { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nstableview/selectedrow
    open var selectedRow: Int { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nstableview/allowsmultipleselection
    open var allowsMultipleSelection: Bool { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/appkit/nstableview/usesalternatingrowbackgroundcolors
    open var usesAlternatingRowBackgroundColors: Bool { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/appkit/nstableview/allowsemptyselection
    open var allowsEmptySelection: Bool { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/appkit/nstableview/selectrowindexes(_:byextendingselection:)
    open func selectRowIndexes(_ indexes: IndexSet, byExtendingSelection extend: Bool) {}
    // https://developer.apple.com/documentation/appkit/nstableview/deselectall(_:)
    open func deselectAll(_ sender: Any?) {}
    // https://developer.apple.com/documentation/appkit/nstableview/setdroprow(_:dropoperation:)
    open func setDropRow(_ row: Int, dropOperation: NSTableView.DropOperation) {}
    // https://developer.apple.com/documentation/appkit/nstableview/delegate
    weak open var delegate: (any NSTableViewDelegate)?

    // https://developer.apple.com/documentation/appkit/nstableview/makeview(withidentifier:owner:)
    open func makeView(withIdentifier identifier: NSUserInterfaceItemIdentifier, owner: Any?) -> NSView? {
        fatalError("interface stub")
    }
    // https://developer.apple.com/documentation/appkit/nstableview/addtablecolumn(_:)
    open func addTableColumn(_ tableColumn: NSTableColumn) {}
    // https://developer.apple.com/documentation/appkit/nstableview/beginupdates()
    open func beginUpdates() {}
    // https://developer.apple.com/documentation/appkit/nstableview/endupdates()
    open func endUpdates() {}
    // https://developer.apple.com/documentation/appkit/nstableview/insertrows(at:withanimation:)
    open func insertRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {}
    // https://developer.apple.com/documentation/appkit/nstableview/removerows(at:withanimation:)
    open func removeRows(at indexes: IndexSet, withAnimation animationOptions: NSTableView.AnimationOptions = []) {}
    // https://developer.apple.com/documentation/appkit/nstableview/moverow(at:to:)
    open func moveRow(at oldIndex: Int, to newIndex: Int) {}
    // https://developer.apple.com/documentation/appkit/nstableview/reloaddata(forrowindexes:columnindexes:)
    open func reloadData(forRowIndexes rowIndexes: IndexSet, columnIndexes: IndexSet) {}
    // https://developer.apple.com/documentation/appkit/nstableview/reloaddata()
    open func reloadData() {}
    // https://developer.apple.com/documentation/appkit/nstableview/numberofrows
    open var numberOfRows: Int { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nstableview/numberofcolumns
    open var numberOfColumns: Int { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nstableview/rows(in:)
    open func rows(in rect: NSRect) -> NSRange { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nstableview/floatsgrouprows
    open var floatsGroupRows: Bool { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/appkit/nstableview/rowactionsvisible
    open var rowActionsVisible: Bool { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/appkit/nstableview/usesautomaticrowheights
    open var usesAutomaticRowHeights: Bool { get { fatalError("interface stub") } set {} }
}

// https://developer.apple.com/documentation/appkit/nstableviewrowaction
open class NSTableViewRowAction: NSObject {
    // https://developer.apple.com/documentation/appkit/nstableviewrowaction/style-swift.enum
    public enum Style: Int, Sendable {
        // https://developer.apple.com/documentation/appkit/nstableviewrowaction/style-swift.enum/regular
        case regular
        // https://developer.apple.com/documentation/appkit/nstableviewrowaction/style-swift.enum/destructive
        case destructive
    }
    #if STUB_SENDABLE_CLOSURES
    // The same page, with the handler imported as @Sendable.
    public convenience init(style: NSTableViewRowAction.Style, title: String,
                            handler: @escaping @Sendable (NSTableViewRowAction, Int) -> Void) { fatalError("interface stub") }
    #else
    // https://developer.apple.com/documentation/appkit/nstableviewrowaction/init(style:title:handler:)
    public convenience init(style: NSTableViewRowAction.Style, title: String,
                            handler: @escaping (NSTableViewRowAction, Int) -> Void) { fatalError("interface stub") }
    #endif
}

// https://developer.apple.com/documentation/appkit/nstableviewdatasource
public protocol NSTableViewDataSource: NSObjectProtocol {
    // optional:
    // https://developer.apple.com/documentation/appkit/nstableviewdatasource/numberofrows(in:)
    @MainActor func numberOfRows(in tableView: NSTableView) -> Int
    // https://developer.apple.com/documentation/appkit/nstableviewdatasource/tableview(_:pasteboardwriterforrow:)
    @MainActor func tableView(_ tableView: NSTableView, pasteboardWriterForRow row: Int) -> (any NSPasteboardWriting)?
    // https://developer.apple.com/documentation/appkit/nstableviewdatasource/tableview(_:validatedrop:proposedrow:proposeddropoperation:)
    @MainActor func tableView(_ tableView: NSTableView, validateDrop info: any NSDraggingInfo, proposedRow row: Int,
                              proposedDropOperation dropOperation: NSTableView.DropOperation) -> NSDragOperation
    // https://developer.apple.com/documentation/appkit/nstableviewdatasource/tableview(_:acceptdrop:row:dropoperation:)
    @MainActor func tableView(_ tableView: NSTableView, acceptDrop info: any NSDraggingInfo, row: Int,
                              dropOperation: NSTableView.DropOperation) -> Bool
}

// The optional requirements (`@objc optional` in the SDK).
extension NSTableViewDataSource {
    @MainActor public func numberOfRows(in tableView: NSTableView) -> Int { fatalError("interface stub") }
    @MainActor public func tableView(_ tableView: NSTableView, pasteboardWriterForRow row: Int) -> (any NSPasteboardWriting)? {
        fatalError("interface stub")
    }
    @MainActor public func tableView(_ tableView: NSTableView, validateDrop info: any NSDraggingInfo, proposedRow row: Int,
                                     proposedDropOperation dropOperation: NSTableView.DropOperation) -> NSDragOperation {
        fatalError("interface stub")
    }
    @MainActor public func tableView(_ tableView: NSTableView, acceptDrop info: any NSDraggingInfo, row: Int,
                                     dropOperation: NSTableView.DropOperation) -> Bool { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/appkit/nscontroltexteditingdelegate
// All its requirements are optional and none is used here.
public protocol NSControlTextEditingDelegate: NSObjectProtocol {}

// https://developer.apple.com/documentation/appkit/nstableviewdelegate
public protocol NSTableViewDelegate: NSControlTextEditingDelegate {
    // optional:
    // https://developer.apple.com/documentation/appkit/nstableviewdelegate/tableview(_:viewfor:row:)
    @MainActor func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView?
    // https://developer.apple.com/documentation/appkit/nstableviewdelegate/tableview(_:heightofrow:)
    @MainActor func tableView(_ tableView: NSTableView, heightOfRow row: Int) -> CGFloat
    // https://developer.apple.com/documentation/appkit/nstableviewdelegate/tableviewselectiondidchange(_:)
    @MainActor func tableViewSelectionDidChange(_ notification: Notification)
    // https://developer.apple.com/documentation/appkit/nstableviewdelegate/tableview(_:shouldselectrow:)
    @MainActor func tableView(_ tableView: NSTableView, shouldSelectRow row: Int) -> Bool
    // https://developer.apple.com/documentation/appkit/nstableviewdelegate/tableview(_:selectionindexesforproposedselection:)
    @MainActor func tableView(_ tableView: NSTableView,
                              selectionIndexesForProposedSelection proposedSelectionIndexes: IndexSet) -> IndexSet
    // https://developer.apple.com/documentation/appkit/nstableviewdelegate/tableview(_:isgrouprow:)
    @MainActor func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool
    // https://developer.apple.com/documentation/appkit/nstableviewdelegate/tableview(_:rowactionsforrow:edge:)
    @MainActor func tableView(_ tableView: NSTableView, rowActionsForRow row: Int,
                              edge: NSTableView.RowActionEdge) -> [NSTableViewRowAction]
}

// The optional requirements (`@objc optional` in the SDK).
extension NSTableViewDelegate {
    @MainActor public func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
        fatalError("interface stub")
    }
    @MainActor public func tableView(_ tableView: NSTableView, heightOfRow row: Int) -> CGFloat { fatalError("interface stub") }
    @MainActor public func tableViewSelectionDidChange(_ notification: Notification) { fatalError("interface stub") }
    @MainActor public func tableView(_ tableView: NSTableView, shouldSelectRow row: Int) -> Bool { fatalError("interface stub") }
    @MainActor public func tableView(_ tableView: NSTableView,
                                     selectionIndexesForProposedSelection proposedSelectionIndexes: IndexSet) -> IndexSet {
        fatalError("interface stub")
    }
    @MainActor public func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool { fatalError("interface stub") }
    @MainActor public func tableView(_ tableView: NSTableView, rowActionsForRow row: Int,
                                     edge: NSTableView.RowActionEdge) -> [NSTableViewRowAction] { fatalError("interface stub") }
}

// MARK: NSCollectionView

// https://developer.apple.com/documentation/appkit/nscollectionviewitem
@MainActor open class NSCollectionViewItem: NSViewController {
    // https://developer.apple.com/documentation/appkit/nscollectionviewitem/textfield
    // The page's `@IBOutlet` needs Objective-C (not on Linux); the ownership is the page's.
    weak open var textField: NSTextField?
}

// https://developer.apple.com/documentation/appkit/nscollectionview
@MainActor open class NSCollectionView: NSView {
    // https://developer.apple.com/documentation/appkit/nscollectionview/supplementaryelementkind
    public typealias SupplementaryElementKind = String

    // https://developer.apple.com/documentation/appkit/nscollectionview/datasource
    weak open var dataSource: (any NSCollectionViewDataSource)?

    // https://developer.apple.com/documentation/appkit/nscollectionview/makeitem(withidentifier:for:)
    open func makeItem(withIdentifier identifier: NSUserInterfaceItemIdentifier, for indexPath: IndexPath) -> NSCollectionViewItem {
        fatalError("interface stub")
    }

    #if STUB_SENDABLE_CLOSURES
    // The same page, with the closures imported as @Sendable.
    open func performBatchUpdates(_ updates: (@Sendable () -> Void)?, completionHandler: (@Sendable (Bool) -> Void)? = nil) {}
    #else
    // https://developer.apple.com/documentation/appkit/nscollectionview/performbatchupdates(_:completionhandler:)
    open func performBatchUpdates(_ updates: (() -> Void)?, completionHandler: ((Bool) -> Void)? = nil) {}
    #endif
    // https://developer.apple.com/documentation/appkit/nscollectionview/insertsections(_:)
    open func insertSections(_ sections: IndexSet) {}
    // https://developer.apple.com/documentation/appkit/nscollectionview/deletesections(_:)
    open func deleteSections(_ sections: IndexSet) {}
    // https://developer.apple.com/documentation/appkit/nscollectionview/reloadsections(_:)
    open func reloadSections(_ sections: IndexSet) {}
    // https://developer.apple.com/documentation/appkit/nscollectionview/movesection(_:tosection:)
    open func moveSection(_ section: Int, toSection newSection: Int) {}
    // https://developer.apple.com/documentation/appkit/nscollectionview/insertitems(at:)
    open func insertItems(at indexPaths: Set<IndexPath>) {}
    // https://developer.apple.com/documentation/appkit/nscollectionview/deleteitems(at:)
    open func deleteItems(at indexPaths: Set<IndexPath>) {}
    // https://developer.apple.com/documentation/appkit/nscollectionview/reloaditems(at:)
    open func reloadItems(at indexPaths: Set<IndexPath>) {}
    // https://developer.apple.com/documentation/appkit/nscollectionview/moveitem(at:to:)
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
    // https://developer.apple.com/documentation/appkit/nscollectionview/reloaddata()
    open func reloadData() {}
    // https://developer.apple.com/documentation/appkit/nscollectionview/indexpathsforvisibleitems()
    open func indexPathsForVisibleItems() -> Set<IndexPath> { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/appkit/nscollectionviewdatasource
public protocol NSCollectionViewDataSource: NSObjectProtocol {
    // https://developer.apple.com/documentation/appkit/nscollectionviewdatasource/collectionview(_:numberofitemsinsection:)
    @MainActor func collectionView(_ collectionView: NSCollectionView, numberOfItemsInSection section: Int) -> Int
    // https://developer.apple.com/documentation/appkit/nscollectionviewdatasource/collectionview(_:itemforrepresentedobjectat:)
    @MainActor func collectionView(_ collectionView: NSCollectionView,
                                   itemForRepresentedObjectAt indexPath: IndexPath) -> NSCollectionViewItem
    // optional:
    // https://developer.apple.com/documentation/appkit/nscollectionviewdatasource/numberofsections(in:)
    @MainActor func numberOfSections(in collectionView: NSCollectionView) -> Int
    // https://developer.apple.com/documentation/appkit/nscollectionviewdatasource/collectionview(_:viewforsupplementaryelementofkind:at:)
    @MainActor func collectionView(_ collectionView: NSCollectionView,
                                   viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
                                   at indexPath: IndexPath) -> NSView
}

// The optional requirements (`@objc optional` in the SDK).
extension NSCollectionViewDataSource {
    @MainActor public func numberOfSections(in collectionView: NSCollectionView) -> Int { fatalError("interface stub") }
    @MainActor public func collectionView(_ collectionView: NSCollectionView,
                                          viewForSupplementaryElementOfKind kind: NSCollectionView.SupplementaryElementKind,
                                          at indexPath: IndexPath) -> NSView { fatalError("interface stub") }
}
