import FingerprintDiff
import Foundation
import Testing

@testable import ModelStorage

/// `indexPath(forItem:)`: the per-section index of Hashable items stays right through
/// mutations, and compares by type as well as value.
@Suite struct MemoryStorageLookupTests {
    @Test func theIndexFollowsEveryKindOfMutation() throws {
        let storage = MemoryStorage()
        try storage.addItems((0..<10).map { Cell(id: $0) })
        #expect(storage.indexPath(forItem: Cell(id: 7)) == path(0, 7))
        try storage.addItem(Cell(id: 10))                       // append keeps the index
        #expect(storage.indexPath(forItem: Cell(id: 10)) == path(0, 10))
        try storage.insertItem(Cell(id: 11), to: path(0, 0))     // shifts everything
        #expect(storage.indexPath(forItem: Cell(id: 7)) == path(0, 8))
        try storage.removeItem(Cell(id: 0))
        #expect(storage.indexPath(forItem: Cell(id: 7)) == path(0, 7) && storage.indexPath(forItem: Cell(id: 0)) == nil)
        try storage.moveItem(at: path(0, 7), to: path(1, 0))
        #expect(storage.indexPath(forItem: Cell(id: 7)) == path(1, 0))
        try storage.replaceItem(Cell(id: 8), with: Cell(id: 8, version: 1))
        #expect(storage.indexPath(forItem: Cell(id: 8)) == nil && storage.indexPath(forItem: Cell(id: 8, version: 1)) == path(0, 7))
        try storage.deleteSections([0])
        #expect(storage.indexPath(forItem: Cell(id: 7)) == path(0, 0))
    }

    @Test func valuesThatAnyHashableEquatesAreStillDifferentTypes() throws {
        let storage = MemoryStorage()
        try storage.addItem(Int64(1))
        try storage.addItem(1)
        #expect(storage.indexPath(forItem: 1) == path(0, 1))
        #expect(storage.indexPath(forItem: Int64(1)) == path(0, 0))
        #expect(storage.indexPath(forItem: 1.0) == nil)
    }

    @Test func duplicatesResolveToTheFirstOccurrence() throws {
        let storage = MemoryStorage()
        try storage.addItems(["a", "b", "a"])
        #expect(storage.indexPath(forItem: "a") == path(0, 0))
        try storage.removeItems(["a", "a"])
        #expect(storage.items(inSection: 0)!.map { $0 as! String } == ["b", "a"])
    }

    /// A value whose hash is always the same: every look-up after the first item collides.
    struct Colliding: Hashable, Sendable {
        var value: Int
        func hash(into hasher: inout Hasher) { hasher.combine(0) }
    }

    @Test func hashCollisionsStillFindTheRightItem() throws {
        let storage = MemoryStorage()
        try storage.addItems((0..<20).map { Colliding(value: $0) })
        for value in [0, 7, 19] { #expect(storage.indexPath(forItem: Colliding(value: value)) == path(0, value)) }
        #expect(storage.indexPath(forItem: Colliding(value: 20)) == nil)
        try storage.removeItems([Colliding(value: 3), Colliding(value: 5), Colliding(value: 3)])
        #expect(storage.indexPath(forItem: Colliding(value: 19)) == path(0, 17))
        #expect(throws: StorageError.itemNotFound("Colliding(value: 5)")) { try storage.removeItem(Colliding(value: 5)) }
    }
}
