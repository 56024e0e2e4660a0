// AppKit declarations of ordinary table screens beyond AppKit.swift's (menus, colors, the clicked
// row, scrolling to a row, a row action's color, a key event's special key), each from its
// documentation page, in the AppKit stub module (check.sh compiles this file with AppKit.swift).
//
// What Swift on Linux cannot spell as the SDK does: `Selector` is the Objective-C runtime's
// (https://developer.apple.com/documentation/objectivec/selector); here a value type of the same
// name, which `#selector` cannot make (no Objective-C on Linux: the screens pass `nil`).

// https://developer.apple.com/documentation/objectivec/selector
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral {
    // https://developer.apple.com/documentation/objectivec/selector/init(_:)
    public init(_ str: String) {}
    public init(stringLiteral value: String) {}
}

// https://developer.apple.com/documentation/appkit/nscolor
open class NSColor: NSObject, @unchecked Sendable {
    // https://developer.apple.com/documentation/appkit/nscolor/systemblue
    open class var systemBlue: NSColor { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nscolor/systemred
    open class var systemRed: NSColor { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nscolor/systemorange
    open class var systemOrange: NSColor { fatalError("interface stub") }
}

extension NSTableViewRowAction {
    // https://developer.apple.com/documentation/appkit/nstableviewrowaction/backgroundcolor
    public var backgroundColor: NSColor! { get { fatalError("interface stub") } set {} }
}

// https://developer.apple.com/documentation/appkit/nsmenuitem
@MainActor open class NSMenuItem: NSObject {
    // https://developer.apple.com/documentation/appkit/nsmenuitem/init(title:action:keyequivalent:)
    public init(title string: String, action selector: Selector?, keyEquivalent charCode: String) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nsmenuitem/separator()
    open class func separator() -> NSMenuItem { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nsmenuitem/title
    open var title: String { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/appkit/nsmenuitem/representedobject
    open var representedObject: Any? { get { fatalError("interface stub") } set {} }
}

// https://developer.apple.com/documentation/appkit/nsmenudelegate
@MainActor public protocol NSMenuDelegate: NSObjectProtocol {
    // optional:
    // https://developer.apple.com/documentation/appkit/nsmenudelegate/menuneedsupdate(_:)
    func menuNeedsUpdate(_ menu: NSMenu)
}

// The optional requirements (`@objc optional` in the SDK).
extension NSMenuDelegate {
    public func menuNeedsUpdate(_ menu: NSMenu) { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/appkit/nsmenu
@MainActor open class NSMenu: NSObject {
    // https://developer.apple.com/documentation/appkit/nsmenu/init(title:)
    public init(title: String) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nsmenu/delegate
    weak open var delegate: (any NSMenuDelegate)?
    // https://developer.apple.com/documentation/appkit/nsmenu/additem(_:)
    open func addItem(_ newItem: NSMenuItem) {}
    // https://developer.apple.com/documentation/appkit/nsmenu/additem(withtitle:action:keyequivalent:)
    @discardableResult
    open func addItem(withTitle string: String, action selector: Selector?, keyEquivalent charCode: String) -> NSMenuItem {
        fatalError("interface stub")
    }
    // https://developer.apple.com/documentation/appkit/nsmenu/removeallitems()
    open func removeAllItems() {}
}

extension NSView {
    // https://developer.apple.com/documentation/appkit/nsresponder/menu (a responder's, which
    // NSView overrides)
    public var menu: NSMenu? { get { fatalError("interface stub") } set {} }
}

extension NSTableView {
    // https://developer.apple.com/documentation/appkit/nstableview/clickedrow
    public var clickedRow: Int { fatalError("interface stub") }
    // https://developer.apple.com/documentation/appkit/nstableview/scrollrowtovisible(_:)
    public func scrollRowToVisible(_ row: Int) {}
}

// https://developer.apple.com/documentation/appkit/nsevent
open class NSEvent: NSObject {}

extension NSEvent {
    // https://developer.apple.com/documentation/appkit/nsevent/specialkey-swift.struct
    public struct SpecialKey: RawRepresentable, Hashable, Sendable {
        public init(rawValue: Int) { self.rawValue = rawValue }
        public let rawValue: Int
        // https://developer.apple.com/documentation/appkit/nsevent/specialkey-swift.struct/delete
        public static let delete = NSEvent.SpecialKey(rawValue: 0x7F)
        // https://developer.apple.com/documentation/appkit/nsevent/specialkey-swift.struct/deleteforward
        public static let deleteForward = NSEvent.SpecialKey(rawValue: 0xF728)
    }

    // https://developer.apple.com/documentation/appkit/nsevent/specialkey-swift.property
    public var specialKey: NSEvent.SpecialKey? { fatalError("interface stub") }
}
