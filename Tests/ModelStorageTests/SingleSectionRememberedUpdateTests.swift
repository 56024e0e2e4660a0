import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage
import SeededRandom

/// A single-section storage's `update(since:)` from the content just before a `setItems` reuses
/// that call's update instead of diffing again: on random changes (lists set, items removed and
/// moved, headers set, the user's moves in a kept content, contents kept at random moments), it
/// equals the differ's update for the same two lists, and takes the kept content to the storage's.
@Suite struct SingleSectionRememberedUpdateTests {
    @Test("update(since:) reusing the last setItems equals the differ's", arguments: 0..<60)
    func rememberedUpdateEqualsTheDiffers(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let initial = (0..<Int.random(in: 0...12, using: &random)).map { Row(id: $0) }
        let storage: SingleSectionStorage<Row> = switch seed % 3 {
        case 0: SingleSectionHashableStorage(items: initial)
        case 1: SingleSectionEquatableStorage(items: initial, differ: .myers)
        default: SingleSectionHashableStorage(items: initial, differ: StandardLibraryDiffer())
        }
        var shown = storage.content
        var reused = 0
        for step in 0..<60 {
            Self.change(storage, shown: &shown, &random)
            if let from = shown.itemsRevision, from == storage.lastItemsChange?.from { reused += 1 }
            let update = storage.update(since: shown)
            let diffed = storage.update(since: shown, reusingLastChange: false)
            let context = "seed \(seed) step \(step): \(shown.items) -> \(storage.items)"
            #expect(update.requiresReload == diffed.requiresReload, "\(context)")
            #expect(update.changes == diffed.changes, "\(context): \(update) against \(diffed)")
            #expect(update.updatedModels.mapValues { $0 as? Row } == diffed.updatedModels.mapValues { $0 as? Row }, "\(context)")
            // (A header change reloads the section as a whole: the items' check is for the rest.)
            if !update.requiresReload && update.changes.updatedSections.isEmpty {
                #expect((try? update.apply(to: [shown.items], with: [storage.items])) == [storage.items], "\(context): \(update)")
            }
            if Int.random(in: 0..<100, using: &random) < 40 { shown = storage.content }
        }
        #expect(reused > 0, "seed \(seed): the remembered update was never reused")
    }

    /// One random change: a list set (titles changed, items inserted, removed, swapped, an id
    /// repeated now and then), an item removed or moved, the header set, or the user's move in
    /// `shown`.
    static func change(_ storage: SingleSectionStorage<Row>, shown: inout SingleSectionStorage<Row>.Content,
                       _ random: inout SplitMix64) {
        var items = storage.items
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<6:
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let offset = items.isEmpty ? 0 : Int.random(in: 0..<items.count, using: &random)
                switch Int.random(in: 0..<5, using: &random) {
                case 0 where !items.isEmpty: items[offset].title += "!"
                case 1: items.insert(Row(id: Int.random(in: 0...30, using: &random)), at: offset)
                case 2 where !items.isEmpty: items.remove(at: offset)
                case 3 where items.count > 1: items.swapAt(offset, Int.random(in: 0..<items.count, using: &random))
                default: break
                }
            }
            storage.setItems(items)
        case 6 where !items.isEmpty:
            try! storage.removeItem(at: path(0, Int.random(in: 0..<items.count, using: &random)))
        case 7 where items.count > 1:
            try! storage.moveItem(at: path(0, Int.random(in: 0..<items.count, using: &random)),
                                  to: path(0, Int.random(in: 0..<items.count, using: &random)))
        case 8:
            storage.setSectionHeaderModel(Int.random(in: 0...3, using: &random))
        default:
            guard shown.items.count > 1 else { return }
            let moved = storage.moveItem(in: &shown, at: path(0, Int.random(in: 0..<shown.items.count, using: &random)),
                                         to: path(0, Int.random(in: 0..<shown.items.count, using: &random)))
            #expect(moved)
        }
    }
}
