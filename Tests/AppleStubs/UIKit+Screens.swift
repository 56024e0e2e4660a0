// UIKit declarations of ordinary list screens beyond UIKit.swift's (colors, controls made with a
// primary action, scrolling to an item, context menus, search controllers, grouped headers,
// disclosure accessories), each from its documentation page, in the UIKit stub module (check.sh
// compiles this file with UIKit.swift).

extension UIColor {
    // https://developer.apple.com/documentation/uikit/uicolor/systemblue
    public class var systemBlue: UIColor { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uicolor/systemgreen
    public class var systemGreen: UIColor { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uicolor/systemorange
    public class var systemOrange: UIColor { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uicolor/systemred
    public class var systemRed: UIColor { fatalError("interface stub") }
}

extension UIControl {
    // https://developer.apple.com/documentation/uikit/uicontrol/init(frame:primaryaction:)
    @available(iOS 14.0, tvOS 14.0, *)
    public convenience init(frame: CGRect, primaryAction: UIAction?) { fatalError("interface stub") }
}

extension UICollectionView {
    // https://developer.apple.com/documentation/uikit/uicollectionview/scrolltoitem(at:at:animated:)
    public func scrollToItem(at indexPath: IndexPath, at scrollPosition: UICollectionView.ScrollPosition, animated: Bool) {}
}

extension UITableView {
    // https://developer.apple.com/documentation/uikit/uitableview/scrolltorow(at:at:animated:)
    public func scrollToRow(at indexPath: IndexPath, at scrollPosition: UITableView.ScrollPosition, animated: Bool) {}
    // https://developer.apple.com/documentation/uikit/uitableview/allowsmultipleselectionduringediting
    public var allowsMultipleSelectionDuringEditing: Bool { get { fatalError("interface stub") } set {} }
}

extension UIListContentConfiguration {
    // https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/groupedheader()
    @available(iOS, introduced: 14.0, deprecated: 18.0)
    @available(tvOS, introduced: 14.0, deprecated: 18.0)
    public static func groupedHeader() -> UIListContentConfiguration { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/header()
    @available(iOS 18.0, tvOS 18.0, visionOS 2.0, *)
    public static func header() -> UIListContentConfiguration { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uilistcontentconfiguration-swift.struct/image
    public var image: UIImage? { get { fatalError("interface stub") } set {} }
}

extension UICellAccessory {
    // https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/disclosureindicatoroptions
    public struct DisclosureIndicatorOptions {
        // https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/disclosureindicatoroptions/init(ishidden:reservedlayoutwidth:tintcolor:)
        public init(isHidden: Bool? = nil, reservedLayoutWidth: UICellAccessory.LayoutDimension? = nil, tintColor: UIColor? = nil) {}
    }
    // https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/disclosureindicator(displayed:options:)
    public static func disclosureIndicator(displayed: UICellAccessory.DisplayedState = .always,
                                           options: UICellAccessory.DisclosureIndicatorOptions = DisclosureIndicatorOptions()) -> UICellAccessory {
        fatalError("interface stub")
    }
}

extension UIMenu {
    // https://developer.apple.com/documentation/uikit/uimenu/options-swift.struct
    public struct Options: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        // https://developer.apple.com/documentation/uikit/uimenu/options-swift.struct/displayinline
        public static let displayInline = Options(rawValue: 1 << 0)
        // https://developer.apple.com/documentation/uikit/uimenu/options-swift.struct/destructive
        public static let destructive = Options(rawValue: 1 << 1)
    }
    // https://developer.apple.com/documentation/uikit/uimenu/identifier-swift.struct
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
    // https://developer.apple.com/documentation/uikit/uimenu/elementsize
    @available(iOS 16.0, tvOS 16.0, *)
    public enum ElementSize: Int, Sendable {
        case small, medium, large
        // https://developer.apple.com/documentation/uikit/uimenu/elementsize/automatic
        @available(iOS 17.0, tvOS 17.0, *)
        case automatic = -1
    }
    // https://developer.apple.com/documentation/uikit/uimenu/init(title:subtitle:image:identifier:options:preferredelementsize:children:)
    @available(iOS 16.0, tvOS 16.0, *)
    @MainActor @preconcurrency
    public convenience init(title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: UIMenu.Identifier? = nil,
                            options: UIMenu.Options = [],
                            preferredElementSize: UIMenu.ElementSize = { if #available(iOS 17.0, tvOS 17.0, watchOS 10.0, *) { .automatic } else { .large } }(),
                            children: [UIMenuElement] = []) { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/uikit/uicontextmenuconfiguration
@available(iOS 13.0, tvOS 17.0, *)
@MainActor open class UIContextMenuConfiguration: NSObject {
    // https://developer.apple.com/documentation/uikit/uicontextmenuconfiguration/init(identifier:previewprovider:actionprovider:)
    @MainActor @preconcurrency
    public convenience init(identifier: (any NSCopying)? = nil, previewProvider: UIContextMenuContentPreviewProvider? = nil,
                            actionProvider: UIContextMenuActionProvider? = nil) { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/uikit/uicontextmenucontentpreviewprovider
public typealias UIContextMenuContentPreviewProvider = () -> UIViewController?

// https://developer.apple.com/documentation/uikit/uicontextmenuactionprovider
public typealias UIContextMenuActionProvider = ([UIMenuElement]) -> UIMenu?

// https://developer.apple.com/documentation/uikit/uisearchbar
@MainActor open class UISearchBar: UIView {
    // https://developer.apple.com/documentation/uikit/uisearchbar/text
    open var text: String? { get { fatalError("interface stub") } set {} }
    // https://developer.apple.com/documentation/uikit/uisearchbar/placeholder
    open var placeholder: String? { get { fatalError("interface stub") } set {} }
}

// https://developer.apple.com/documentation/uikit/uisearchresultsupdating
@MainActor public protocol UISearchResultsUpdating: NSObjectProtocol {
    // https://developer.apple.com/documentation/uikit/uisearchresultsupdating/updatesearchresults(for:)
    func updateSearchResults(for searchController: UISearchController)
}

// https://developer.apple.com/documentation/uikit/uisearchcontroller
@MainActor open class UISearchController: UIViewController {
    // https://developer.apple.com/documentation/uikit/uisearchcontroller/init(searchresultscontroller:)
    public init(searchResultsController: UIViewController?) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uisearchcontroller/init(nibname:bundle:)
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uisearchcontroller/init(coder:)
    public required init?(coder: NSCoder) { fatalError("interface stub") }
    // https://developer.apple.com/documentation/uikit/uisearchcontroller/searchresultsupdater
    weak open var searchResultsUpdater: (any UISearchResultsUpdating)?
    // https://developer.apple.com/documentation/uikit/uisearchcontroller/searchbar
    open var searchBar: UISearchBar { fatalError("interface stub") }
}

extension UINavigationItem {
    // https://developer.apple.com/documentation/uikit/uinavigationitem/searchcontroller
    @available(tvOS, unavailable)
    public var searchController: UISearchController? { get { fatalError("interface stub") } set {} }
}
