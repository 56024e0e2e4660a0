import Testing
@testable import ModelStorage
import SeededRandom

/// The in-place read of a stored item as a `T` (`_exactCast(at:to:)`, which reads the value out of
/// the existential's inline buffer when its type is exactly `T`) against the dynamic cast `as? T`
/// it replaces, on random values of types stored inline and boxed, trivial and not, classes,
/// optionals and values that are not bitwise takable, each read as every one of those types.
@Suite struct InPlaceExactCastTests {
    class Box: @unchecked Sendable, Equatable {
        let value: Int
        init(_ value: Int) { self.value = value }
        static func == (a: Box, b: Box) -> Bool { a.value == b.value }
    }
    final class SubBox: Box, @unchecked Sendable {}
    struct Three: Equatable, Sendable { var a: Int, b: Int, c: Int }
    struct Four: Equatable, Sendable { var a: Int, b: Int, c: Int, d: Int }
    struct Named: Equatable, Sendable { var name: String, rank: Int }
    struct Small: Equatable, Sendable { var a: Int8, b: Bool }
    /// Not bitwise takable (a weak reference), so never stored in the inline buffer.
    struct Weak: Equatable, @unchecked Sendable {
        weak var box: Box?
        var tag: Int
        static func == (a: Weak, b: Weak) -> Bool { a.box === b.box && a.tag == b.tag }
    }

    /// `value` read as `T` both ways; `true` when they agree.
    static func agree<T: Equatable>(_ value: any Sendable, as _: T.Type) -> Bool {
        let fast = withUnsafePointer(to: value) { _exactCast(at: $0, to: T.self) }
        return fast == (value as? T)
    }

    /// `value` read as every type of the test.
    static func agreeAll(_ value: any Sendable) -> Bool {
        agree(value, as: Int.self) && agree(value, as: String.self) && agree(value, as: Three.self)
            && agree(value, as: Four.self) && agree(value, as: Named.self) && agree(value, as: Small.self)
            && agree(value, as: Weak.self) && agree(value, as: Box.self) && agree(value, as: SubBox.self)
            && agree(value, as: Int?.self) && agree(value, as: Int8.self) && agree(value, as: [Int].self)
    }

    @Test("reading in place equals as? for every pair of stored and asked types", arguments: 0..<20)
    func inPlaceEqualsCast(seed: UInt64) {
        var random = SplitMix64(seed: seed &+ 9_001)
        let keep = Box(7)
        for _ in 0..<200 {
            let n = Int.random(in: -1_000...1_000, using: &random)
            let text = String(repeating: "x", count: Int.random(in: 0...40, using: &random))
            let values: [any Sendable] = [
                n, text, Three(a: n, b: 1, c: 2), Four(a: n, b: 1, c: 2, d: 3), Named(name: text, rank: n),
                Small(a: Int8(truncatingIfNeeded: n), b: n > 0), Weak(box: keep, tag: n), Box(n), SubBox(n),
                Optional(n) as Int?, Int8(truncatingIfNeeded: n), [n, n], Int?.none as Int?,
            ]
            for value in values { #expect(Self.agreeAll(value), "\(value)") }
        }
    }
}
