import Foundation
import ModelStorage
@testable import ModelStorageViews
import SeededRandom
import Testing

/// Items of several types, as a feed's `MemoryStorage` holds them.
private struct Song: Sendable, Equatable { var title: String }
private struct Ad: Sendable, Equatable { var sponsor: String }
private protocol Post: Sendable { var text: String { get } }
private struct Photo: Post { var text: String }
private struct Poll: Post { var text: String }

/// A cell of the tests: which registration made it, for which item.
private struct TestCell: Equatable {
    var registration: String
    var text: String
}

@MainActor
@Suite struct CellRegistryTests {
    /// A registry whose unregistered items are recorded, not asserted.
    private func registry() -> (CellRegistry<IndexPath, TestCell>, Box<[String]>) {
        let reports = Box<[String]>([])
        let registry = CellRegistry<IndexPath, TestCell>()
        registry.reportUnregistered = { reports.value.append($0) }
        return (registry, reports)
    }

    @Test("each item reaches the registration of its type, typed; a later registration of a type replaces the earlier")
    func byType() {
        let (registry, reports) = registry()
        registry.register(Song.self) { _, song in TestCell(registration: "song", text: song.title) }
        registry.register(Ad.self) { _, ad in TestCell(registration: "ad", text: ad.sponsor) }
        #expect(registry.cell(for: Song(title: "Blue"), in: path(0, 0)) == TestCell(registration: "song", text: "Blue"))
        #expect(registry.cell(for: Ad(sponsor: "Acme"), in: path(0, 1)) == TestCell(registration: "ad", text: "Acme"))
        registry.register(Song.self) { indexPath, song in TestCell(registration: "song2", text: "\(indexPath[1]) \(song.title)") }
        #expect(registry.cell(for: Song(title: "Gold"), in: path(0, 4)) == TestCell(registration: "song2", text: "4 Gold"))
        #expect(reports.value.isEmpty)
    }

    @Test("a registration of a protocol takes its conformers; the exact type wins over it")
    func byProtocol() {
        let (registry, reports) = registry()
        registry.register((any Post).self) { _, post in TestCell(registration: "post", text: post.text) }
        registry.register(Poll.self) { _, poll in TestCell(registration: "poll", text: poll.text) }
        #expect(registry.cell(for: Photo(text: "sea"), in: path(0, 0)) == TestCell(registration: "post", text: "sea"))
        #expect(registry.cell(for: Poll(text: "yes?"), in: path(0, 0)) == TestCell(registration: "poll", text: "yes?"))
        #expect(registry.cellKind(of: Photo(text: "a")) == registry.cellKind(of: Photo(text: "b")))
        #expect(registry.cellKind(of: Photo(text: "a")) != registry.cellKind(of: Poll(text: "a")))
        #expect(reports.value.isEmpty)
    }

    @Test("an unregistered type: no cell, one report that names the type, each time it is asked")
    func unregistered() {
        let (registry, reports) = registry()
        registry.register(Song.self) { _, song in TestCell(registration: "song", text: song.title) }
        #expect(registry.cell(for: Ad(sponsor: "Acme"), in: path(0, 0)) == nil)
        #expect(registry.cell(for: 42, in: path(0, 1)) == nil)
        #expect(reports.value == [CellRegistry<IndexPath, TestCell>.unregisteredMessage(for: Ad.self),
                                  CellRegistry<IndexPath, TestCell>.unregisteredMessage(for: Int.self)])
        #expect(reports.value[0].contains("Ad") && reports.value[1].contains("Int"))
        // Registering it later: the lookups made before do not stick.
        registry.register(Ad.self) { _, ad in TestCell(registration: "ad", text: ad.sponsor) }
        #expect(registry.cell(for: Ad(sponsor: "Acme"), in: path(0, 0)) == TestCell(registration: "ad", text: "Acme"))
        #expect(reports.value.count == 2)
    }

    @Test("cell kinds: one per registration, the dynamic type for unregistered items")
    func kinds() {
        let (registry, _) = registry()
        registry.register(Song.self) { _, song in TestCell(registration: "song", text: song.title) }
        #expect(registry.cellKind(of: Song(title: "a")) == registry.cellKind(of: Song(title: "b")))
        #expect(registry.cellKind(of: Song(title: "a")) != registry.cellKind(of: Ad(sponsor: "a")))
        #expect(registry.cellKind(of: Ad(sponsor: "a")) == AnyHashable(ObjectIdentifier(Ad.self)))
        #expect(registry.cellKind(of: 1) != registry.cellKind(of: "1"))
    }

    @Test("random registrations and items: every item gets the cell of its registration or is reported, by type")
    func randomRegistrations() {
        var random = SplitMix64(seed: 0x5EED_CE11)
        /// Makers of an item of each type, and the type's name.
        let makers: [(name: String, make: (Int) -> any Sendable)] = [
            ("Song", { Song(title: "s\($0)") }), ("Ad", { Ad(sponsor: "a\($0)") }), ("Photo", { Photo(text: "p\($0)") }),
            ("Poll", { Poll(text: "q\($0)") }), ("Int", { $0 }), ("String", { "t\($0)" }),
        ]
        for _ in 0..<200 {
            let (registry, reports) = registry()
            var registered: Set<String> = []
            for maker in makers where Bool.random(using: &random) {
                registered.insert(maker.name)
                register(maker.name, in: registry)
            }
            var expectedReports = 0
            for index in 0..<Int.random(in: 0..<40, using: &random) {
                let maker = makers.randomElement(using: &random)!
                let cell = registry.cell(for: maker.make(index), in: path(0, index))
                if registered.contains(maker.name) {
                    #expect(cell?.registration == maker.name)
                    #expect(cell?.text == "\(maker.make(index))")
                } else {
                    expectedReports += 1
                    #expect(cell == nil)
                    #expect(reports.value.last?.contains(maker.name) == true)
                }
            }
            #expect(reports.value.count == expectedReports)
        }
    }

    /// Registers the type named `name`, making cells named after it with the item's description.
    private func register(_ name: String, in registry: CellRegistry<IndexPath, TestCell>) {
        switch name {
        case "Song": registry.register(Song.self) { TestCell(registration: name, text: "\($1)") }
        case "Ad": registry.register(Ad.self) { TestCell(registration: name, text: "\($1)") }
        case "Photo": registry.register(Photo.self) { TestCell(registration: name, text: "\($1)") }
        case "Poll": registry.register(Poll.self) { TestCell(registration: name, text: "\($1)") }
        case "Int": registry.register(Int.self) { TestCell(registration: name, text: "\($1)") }
        default: registry.register(String.self) { TestCell(registration: name, text: "\($1)") }
        }
    }
}

/// A value the tests' closures change.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
