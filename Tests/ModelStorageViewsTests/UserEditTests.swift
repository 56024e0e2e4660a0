import Foundation
import ModelStorage
import ModelStorageTesting
@testable import ModelStorageViews
import SeededRandom
import Testing

/// Who takes a user's action (`UserEdit`), and the two users of that policy, the data sources'
/// `ItemEditing` and `StorageList`'s `ListHost`, answering the same drags alike.
@MainActor
@Suite struct UserEditTests {
    /// What the updater's call does in a random case.
    private enum Apply: CaseIterable { case succeeds, notEditable, itemLeft, refused }

    @Test("random actions: the storage when it takes them, else the app when it takes requests, else the error; a drop in place reaches nobody")
    func policy() {
        var random = SplitMix64(seed: 0x05E5_ED17)
        var seen: Set<String> = []
        for _ in 0..<2_000 {
            let source = path(Int.random(in: 0..<2, using: &random), Int.random(in: 0..<3, using: &random))
            let destination = path(Int.random(in: 0..<2, using: &random), Int.random(in: 0..<3, using: &random))
            let apply = Apply.allCases.randomElement(using: &random)!
            let appTakesRequests = Bool.random(using: &random)
            let isMove = Bool.random(using: &random)
            var calls = 0
            let call = { () throws(UserActionError) in
                calls += 1
                switch apply {
                case .succeeds: return
                case .notEditable: throw .notEditable
                case .itemLeft: throw .itemLeftStorage(source)
                case .refused: throw .storageRefused(StorageError.invalidIndexPath(source))
                }
            }
            let result = Result { () throws(UserActionError) in
                isMove ? try UserEdit.move(from: source, to: destination, appTakesRequests: appTakesRequests, call)
                    : try UserEdit.perform(appTakesRequests: appTakesRequests, call)
            }
            let inPlace = isMove && source == destination
            #expect(calls == (inPlace ? 0 : 1))
            switch (result, apply) {
            case (.success(.unchanged), _): #expect(inPlace); seen.insert("unchanged")
            case (.success(.applied), .succeeds): #expect(!inPlace); seen.insert("applied")
            case (.success(.requested), .notEditable): #expect(!inPlace && appTakesRequests); seen.insert("requested")
            case (.failure(.notEditable), .notEditable): #expect(!inPlace && !appTakesRequests); seen.insert("not editable")
            case (.failure(.itemLeftStorage), .itemLeft), (.failure(.storageRefused), .refused):
                #expect(!inPlace)
                seen.insert("\(apply)")
            default: Issue.record("\(apply), takes requests \(appTakesRequests): \(result)")
            }
        }
        #expect(seen.count == 6)   // every outcome and every error occurred
    }

    @Test("random drags, a third of them where the item was: the data source and the list host move the same items and tell the app of the same moves")
    func dataSourceAndHostAgree() throws {
        var random = SplitMix64(seed: 0xD409_1A5E)
        var inPlace = 0, moves = 0
        for _ in 0..<40 {
            let count = Int.random(in: 1..<12, using: &random)
            let editingScreen = try EditingScreen([rows(1...count)])
            var editingMoves: [Row] = []
            var handlers = EditingHandlers<Row>(canMoveItem: { _ in true })
            handlers.didMoveItem = { item, _, _ in editingMoves.append(item) }
            editingScreen.editing.setHandlers(handlers)
            let hostScreen = HostScreen(RowStorage(items: rows(1...count)))
            var hostMoves: [Row] = []
            hostScreen.host.didMoveItem = { item, _ in hostMoves.append(item as! Row) }
            for _ in 0..<10 {
                let source = path(0, Int.random(in: 0..<count, using: &random))
                let destination = Int.random(in: 0..<3, using: &random) == 0
                    ? source : path(0, Int.random(in: 0..<count, using: &random))
                if source == destination { inPlace += 1 } else { moves += 1 }
                let storedBefore = hostScreen.host.storage.items
                try editingScreen.view.simulateUserMove(from: source, to: destination)
                try hostScreen.view.simulateUserMove(from: source, to: destination)
                if source == destination {
                    #expect(hostScreen.host.storage.items == storedBefore)
                }
                #expect(editingScreen.storedRows == [hostScreen.host.storage.items])
                #expect(editingMoves == hostMoves)
            }
            #expect(editingMoves.count == hostMoves.count)
            editingScreen.settle()
            hostScreen.settle()
            #expect(editingScreen.view.violations.isEmpty && hostScreen.view.violations.isEmpty)
        }
        #expect(inPlace > 50 && moves > 150)
    }

    @Test("a drop where the item was, on the list host: no storage change, no notice")
    func hostDropInPlace() throws {
        let storage = RowStorage(items: rows(1...4))
        let screen = HostScreen(storage)
        var moved: [Row] = []
        screen.host.didMoveItem = { item, _ in moved.append(item as! Row) }
        try screen.view.simulateUserMove(from: path(0, 2), to: path(0, 2))
        #expect(moved.isEmpty && storage.items == rows(1...4))
        try screen.view.simulateUserMove(from: path(0, 0), to: path(0, 2))
        #expect(moved == [Row(id: 1)] && storage.items.map(\.id) == [2, 3, 1, 4])
    }
}
