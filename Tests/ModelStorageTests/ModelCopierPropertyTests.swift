import Testing
@testable import ModelStorage
import SeededRandom

/// The copy of models into a section's tree (`ModelCopier`: the container's words for a trivial
/// type kept inline, Swift's copy for any other) against Swift's own copy of the same items, on
/// random lists of models of more types than the copier remembers: inline and boxed, trivial and
/// not, classes, optionals and values that are not bitwise takable. The copies must equal Swift's,
/// keep what they reference alive once the originals are gone, and release it when destroyed; a
/// section's tree built from such items must equal the tree built by appending plain copies.
@Suite struct ModelCopierPropertyTests {
    final class Box: @unchecked Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }
    struct Empty: Sendable {}
    struct Small: Sendable { var a: Int8, b: Bool }
    struct Three: Sendable { var a: Int, b: Int, c: Int }
    /// Trivial but four words: kept in a box outside the inline buffer.
    struct Four: Sendable { var a: Int, b: Int, c: Int, d: Int }
    /// Inline (three words) but not trivial: a string.
    struct Named: Sendable { var name: String, rank: Int }
    /// Inline but not trivial: a reference.
    struct Held: Sendable { var box: Box, tag: Int }
    /// Not bitwise takable (a weak reference), so boxed although small.
    struct Weak: @unchecked Sendable {
        weak var box: Box?
        var tag: Int
    }

    /// A random model of one of 15 types (more than the copier's four of each kind), and the box
    /// it references, if any.
    static func randomModel(using random: inout SplitMix64) -> (model: any Sendable, box: Box?) {
        let n = Int.random(in: -1_000_000...1_000_000, using: &random)
        let box = Box(n)
        switch Int.random(in: 0..<15, using: &random) {
        case 0: return (n, nil)
        case 1: return (Int8(truncatingIfNeeded: n), nil)
        case 2: return (Double(n) / 7, nil)
        case 3: return (Empty(), nil)
        case 4: return (Small(a: Int8(truncatingIfNeeded: n), b: n > 0), nil)
        case 5: return (Three(a: n, b: n &* 3, c: -n), nil)
        case 6: return (Four(a: n, b: 1, c: n &* 5, d: -n), nil)
        case 7: return (String(repeating: "é", count: abs(n) % 40) + "\(n)", nil)
        case 8: return (Named(name: "name \(n) " + String(repeating: "x", count: abs(n) % 30), rank: n), nil)
        case 9: return (box, box)
        case 10: return (Held(box: box, tag: n), box)
        case 11: return (Weak(box: box, tag: n), nil)
        case 12: return ([n, n &+ 1, n &+ 2], nil)
        case 13: return (n > 0 ? Optional(n) : nil, nil)
        default: return ((n, Int8(truncatingIfNeeded: n)), nil)
        }
    }

    /// The model's type and contents, or the identity of the box it references, as text.
    static func describe(_ model: any Sendable) -> String {
        switch model {
        case let box as Box: return "Box \(ObjectIdentifier(box)) \(box.value)"
        case let held as Held: return "Held \(ObjectIdentifier(held.box)) \(held.box.value) \(held.tag)"
        case let weak as Weak: return "Weak \(weak.box.map { "\(ObjectIdentifier($0))" } ?? "nil") \(weak.tag)"
        default: return "\(type(of: model)) \(String(reflecting: model))"
        }
    }

    @Test("the copier's copies equal Swift's, keep their references alive and release them", arguments: 0..<30)
    func copiesEqualSwiftsCopies(seed: UInt64) {
        var random = SplitMix64(seed: seed &+ 77)
        let count = Int.random(in: 0...600, using: &random)
        var weakBoxes: [WeakReference] = []
        var expected: [String] = []
        let copies = UnsafeMutablePointer<any Sendable>.allocate(capacity: max(count, 1))
        defer { copies.deallocate() }
        do {
            var originals: [any Sendable] = []
            for _ in 0..<count {
                let (model, box) = Self.randomModel(using: &random)
                originals.append(model)
                if let box { weakBoxes.append(WeakReference(box)) }
            }
            expected = originals.map(Self.describe)
            var copier = ModelCopier()
            originals.withUnsafeBufferPointer { originals in
                for index in originals.indices { copier.initialize(copies + index, to: originals.baseAddress! + index) }
            }
        }
        // The originals are gone: what a copy failed to retain is freed, and its memory reused
        // by the allocations of equal sizes that follow.
        let churn = (0..<count).map { index in index % 2 == 0 ? Four(a: -1, b: -1, c: -1, d: -1) as any Sendable : Box(-1) }
        #expect(weakBoxes.allSatisfy { $0.object != nil }, "a copy does not keep its box alive")
        let copied = (0..<count).map { Self.describe(copies[$0]) }
        let differing = copied.indices.first { copied[$0] != expected[$0] }
        #expect(differing == nil, "copy \(differing ?? 0): \(differing.map { copied[$0] } ?? "") for \(differing.map { expected[$0] } ?? "")")
        copies.deinitialize(count: count)
        #expect(weakBoxes.allSatisfy { $0.object == nil }, "a copy keeps its box alive after it is destroyed")
        #expect(churn.count == count)
    }

    @Test("a section's tree built with the copier equals the tree of plain copies", arguments: 0..<20)
    func treeEqualsTreeOfPlainCopies(seed: UInt64) {
        var random = SplitMix64(seed: seed &+ 1_000)
        let count = seed % 5 == 0 ? Int.random(in: 0...3, using: &random) : Int.random(in: 0...2_000, using: &random)
        let models = (0..<count).map { _ in Self.randomModel(using: &random).model }
        let slots = (0..<count).map { _ in UInt64.random(in: 0...UInt64.max, using: &random) }
        let revisions = (0..<count).map { _ in UInt64.random(in: 0...1_000, using: &random) }
        let revision = UInt64.random(in: 0...1_000, using: &random)
        let step = Labels.wholeRangeStep(count: count)
        var section = StoredSection(id: 1, model: SectionModel(items: models), slots: slots, revision: revision)
        let plainAtRevision = CountedTree((0..<count).map {
            StoredItem(model: models[$0], slot: slots[$0], revision: revision, label: step &* UInt64($0 + 1))
        })
        Self.expectEqual(section.entries, plainAtRevision)
        section.replaceAll(models, slots: slots, revisions: revisions)
        let plain = CountedTree((0..<count).map {
            StoredItem(model: models[$0], slot: slots[$0], revision: revisions[$0], label: step &* UInt64($0 + 1))
        })
        Self.expectEqual(section.entries, plain)
        #expect(section.entries.root.count == count)
    }

    /// Expects `tree` to hold what `plain` holds, in order; names the first element that differs.
    static func expectEqual(_ tree: CountedTree<StoredItem>, _ plain: CountedTree<StoredItem>,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        let built = entries(of: tree), expected = entries(of: plain)
        let differing = built.indices.first { $0 >= expected.count || built[$0] != expected[$0] }
        #expect(built.count == expected.count, sourceLocation: sourceLocation)
        #expect(differing == nil, "item \(differing ?? 0): \(differing.map { built[$0] } ?? "")",
                sourceLocation: sourceLocation)
    }

    /// Every element of `tree` as text, in order.
    static func entries(of tree: CountedTree<StoredItem>) -> [String] {
        tree.map { "\(describe($0.model)) \($0.slot) \($0.revision) \($0.label)" }
    }
}

/// A reference that does not keep its object alive.
struct WeakReference {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}
