// Colors, materials and shapes (https://developer.apple.com/documentation/swiftui/color,
// .../material, .../shape and the pages named below). Part of the SwiftUI stub module.

// https://developer.apple.com/documentation/swiftui/color
@frozen public struct Color: Hashable, CustomStringConvertible, Sendable, ShapeStyle {
    // https://developer.apple.com/documentation/swiftui/color/red
    public static let red = Color()
    // https://developer.apple.com/documentation/swiftui/color/orange
    public static let orange = Color()
    // https://developer.apple.com/documentation/swiftui/color/yellow
    public static let yellow = Color()
    // https://developer.apple.com/documentation/swiftui/color/green
    public static let green = Color()
    // https://developer.apple.com/documentation/swiftui/color/blue
    public static let blue = Color()
    // https://developer.apple.com/documentation/swiftui/color/pink
    public static let pink = Color()
    // https://developer.apple.com/documentation/swiftui/color/gray
    public static let gray = Color()
    // https://developer.apple.com/documentation/swiftui/color/primary
    public static let primary = Color()
    // https://developer.apple.com/documentation/swiftui/color/secondary
    public static let secondary = Color()
    // https://developer.apple.com/documentation/swiftui/color/accentcolor
    public static var accentColor: Color { Color() }
    // https://developer.apple.com/documentation/swiftui/color/opacity(_:)
    public func opacity(_ opacity: Double) -> Color { self }
    // https://developer.apple.com/documentation/swiftui/color/description
    public var description: String { "" }
}

// https://developer.apple.com/documentation/swiftui/color (conforms to View)
extension Color: View {
    nonisolated public var body: Never { fatalError("interface stub") }
}

extension ShapeStyle where Self == Color {
    // https://developer.apple.com/documentation/swiftui/shapestyle/red
    public static var red: Color { .red }
    // https://developer.apple.com/documentation/swiftui/shapestyle/orange
    public static var orange: Color { .orange }
    // https://developer.apple.com/documentation/swiftui/shapestyle/yellow
    public static var yellow: Color { .yellow }
    // https://developer.apple.com/documentation/swiftui/shapestyle/green
    public static var green: Color { .green }
    // https://developer.apple.com/documentation/swiftui/shapestyle/blue
    public static var blue: Color { .blue }
    // https://developer.apple.com/documentation/swiftui/shapestyle/pink
    public static var pink: Color { .pink }
    // https://developer.apple.com/documentation/swiftui/shapestyle/gray
    public static var gray: Color { .gray }
}

// https://developer.apple.com/documentation/swiftui/material
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct Material: Sendable, ShapeStyle {}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 10.0, *)
extension ShapeStyle where Self == Material {
    // https://developer.apple.com/documentation/swiftui/shapestyle/thinmaterial
    public static var thinMaterial: Material { Material() }
}

@available(iOS 15.0, macOS 12.0, *)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
extension ShapeStyle where Self == Material {
    // https://developer.apple.com/documentation/swiftui/shapestyle/bar
    public static var bar: Material { Material() }
}

// https://developer.apple.com/documentation/swiftui/animatable
public protocol Animatable {
    // https://developer.apple.com/documentation/swiftui/animatable/animatabledata-swift.associatedtype
    associatedtype AnimatableData
}

// https://developer.apple.com/documentation/swiftui/emptyanimatabledata
@frozen public struct EmptyAnimatableData: Sendable {}

extension Animatable {
    // https://developer.apple.com/documentation/swiftui/animatable/animatabledata-swift.property
    public typealias AnimatableData = EmptyAnimatableData
}

// https://developer.apple.com/documentation/swiftui/path
@frozen public struct Path: Sendable {
    // https://developer.apple.com/documentation/swiftui/path/init()
    public init() {}
}

// https://developer.apple.com/documentation/swiftui/shape
nonisolated public protocol Shape: Sendable, Animatable, View {
    // https://developer.apple.com/documentation/swiftui/shape/path(in:)
    nonisolated func path(in rect: CGRect) -> Path
}

extension Shape {
    // https://developer.apple.com/documentation/swiftui/shape/body
    public var body: Never { fatalError("interface stub") }
}

// https://developer.apple.com/documentation/swiftui/circle
@frozen public struct Circle: Shape {
    // https://developer.apple.com/documentation/swiftui/circle/init()
    @inlinable public init() {}
    // https://developer.apple.com/documentation/swiftui/circle/path(in:)
    public func path(in rect: CGRect) -> Path { Path() }
}

// https://developer.apple.com/documentation/swiftui/capsule
@frozen public struct Capsule: Shape {
    // https://developer.apple.com/documentation/swiftui/capsule/init(style:)
    @inlinable public init(style: RoundedCornerStyle = .continuous) {}
    // https://developer.apple.com/documentation/swiftui/capsule/path(in:)
    public func path(in rect: CGRect) -> Path { Path() }
}

// https://developer.apple.com/documentation/swiftui/roundedrectangle
@frozen public struct RoundedRectangle: Shape {
    // https://developer.apple.com/documentation/swiftui/roundedrectangle/init(cornerradius:style:)
    @inlinable public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}
    // https://developer.apple.com/documentation/swiftui/roundedrectangle/path(in:)
    public func path(in rect: CGRect) -> Path { Path() }
}

// https://developer.apple.com/documentation/swiftui/roundedcornerstyle
public enum RoundedCornerStyle: Hashable, Sendable {
    // https://developer.apple.com/documentation/swiftui/roundedcornerstyle/circular
    case circular
    // https://developer.apple.com/documentation/swiftui/roundedcornerstyle/continuous
    case continuous
}

// https://developer.apple.com/documentation/swiftui/fillstyle
@frozen public struct FillStyle: Equatable, Sendable {
    // https://developer.apple.com/documentation/swiftui/fillstyle/init(eofill:antialiased:)
    @inlinable public init(eoFill: Bool = false, antialiased: Bool = true) {}
}
