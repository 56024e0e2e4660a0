// UIKit declarations of outline rows (a list cell's outline disclosure accessory), each from its
// documentation page, in the UIKit stub module (check.sh compiles this file with UIKit.swift).
// The outline disclosure is not on tvOS: its pages list iOS, iPadOS, Mac Catalyst and visionOS
// only, and the accessory's class (UICellAccessoryOutlineDisclosure) marks tvOS unavailable.

extension UICellAccessory {
    // https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/actionhandler
    public typealias ActionHandler = () -> Void

    // https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/outlinedisclosureoptions
    @available(tvOS, unavailable)
    public struct OutlineDisclosureOptions {
        // https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/outlinedisclosureoptions/style-swift.enum
        public enum Style {
            // https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/outlinedisclosureoptions/style-swift.enum/automatic
            case automatic
            // https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/outlinedisclosureoptions/style-swift.enum/header
            case header
            // https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/outlinedisclosureoptions/style-swift.enum/cell
            case cell
        }
        // https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/outlinedisclosureoptions/init(style:ishidden:reservedlayoutwidth:tintcolor:)
        public init(style: UICellAccessory.OutlineDisclosureOptions.Style? = nil, isHidden: Bool? = nil,
                    reservedLayoutWidth: UICellAccessory.LayoutDimension? = nil, tintColor: UIColor? = nil) {}
        // https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/outlinedisclosureoptions/style-swift.property
        public var style: UICellAccessory.OutlineDisclosureOptions.Style { get { fatalError("interface stub") } set {} }
    }

    // https://developer.apple.com/documentation/uikit/uicellaccessory-swift.struct/outlinedisclosure(displayed:options:actionhandler:)
    @available(tvOS, unavailable)
    public static func outlineDisclosure(displayed: UICellAccessory.DisplayedState = .always,
                                         options: UICellAccessory.OutlineDisclosureOptions = OutlineDisclosureOptions(),
                                         actionHandler: UICellAccessory.ActionHandler? = nil) -> UICellAccessory {
        fatalError("interface stub")
    }
}
