import Foundation
import ModelStorage
import ModelStorageTesting
@testable import ModelStorageViews
import SeededRandom
import Testing

/// Random users against random storage changes: swipes and drags on random index paths the view
/// shows, while changes made this turn or during an animation are pending.
@MainActor
@Suite struct ItemEditingPropertyTests {
    @Test("every action reaches the item the user touched; the view ends equal to the storage, no rule broken")
    func randomUsers() throws {
        var random = SplitMix64(seed: 0xED17_5EED)
        var outcomes: [Outcome: Int] = [:]
        for _ in 0..<150 {
            try run(steps: 60, random: &random, outcomes: &outcomes)
        }
        // Both paths are exercised: actions the storage took, and actions on items that had left it.
        #expect(outcomes[.applied, default: 0] > 1_000 && outcomes[.itemLeft, default: 0] > 10)
    }

    /// What became of one user action.
    private enum Outcome { case applied, itemLeft, noOp }

    /// One screen through `steps` random steps, counting what became of the user's actions.
    private func run(steps: Int, random: inout SplitMix64, outcomes: inout [Outcome: Int]) throws {
        let ids = Box(0)
        let first = Int.random(in: 0..<6, using: &random), second = Int.random(in: 1..<6, using: &random)
        ids.value = first + second
        let screen = try EditingScreen([(0..<first).map { Row(id: $0 + 1) }, (first..<first + second).map { Row(id: $0 + 1) }])
        screen.editing.setHandlers(EditingHandlers<Row>(canDeleteItem: { _ in true }, canMoveItem: { _ in true }))
        for _ in 0..<steps {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<3: try changeStorage(screen, random: &random, ids: ids)
            case 3..<5: outcomes[try swipe(screen, random: &random), default: 0] += 1
            case 5..<7: outcomes[try drag(screen, random: &random), default: 0] += 1
            case 7: screen.scheduler.runNextTurn()
            case 8: screen.view.advance(by: .milliseconds(Int.random(in: 0..<400, using: &random)))
            default: screen.view.layoutIfNeeded()
            }
        }
        screen.settle()
        #expect(screen.shownRows == screen.storedRows.map { $0.map(Optional.some) })
        #expect(screen.view.violations.isEmpty)
    }

    /// A random change of the storage (an insertion, a removal or a move), not sent yet.
    private func changeStorage(_ screen: EditingScreen, random: inout SplitMix64, ids: Box<Int>) throws {
        let stored = screen.storedRows
        let section = Int.random(in: 0..<stored.count, using: &random)
        let count = stored[section].count
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            ids.value += 1
            try screen.storage.insertItem(Row(id: ids.value), to: path(section, Int.random(in: 0...count, using: &random)))
        case 1 where count > 0: try screen.storage.removeItems(at: [path(section, Int.random(in: 0..<count, using: &random))])
        case 2 where count > 0:
            let target = Int.random(in: 0..<stored.count, using: &random)
            let limit = stored[target].count - (target == section ? 1 : 0)
            try screen.storage.moveItem(at: path(section, Int.random(in: 0..<count, using: &random)),
                                        to: path(target, Int.random(in: 0...limit, using: &random)))
        default: break
        }
    }

    /// A random displayed index path, or `nil` when the view shows no item.
    private func displayedPath(_ screen: EditingScreen, random: inout SplitMix64) -> IndexPath? {
        screen.view.layoutIfNeeded()
        let counts = screen.view.cachedItemCounts ?? []
        let sections = counts.indices.filter { counts[$0] > 0 }
        guard let section = sections.randomElement(using: &random) else { return nil }
        return path(section, Int.random(in: 0..<counts[section], using: &random))
    }

    /// A swipe to delete on a random row: the swiped item leaves the storage (or had left it
    /// already), every other item stays.
    private func swipe(_ screen: EditingScreen, random: inout SplitMix64) throws -> Outcome {
        guard let target = displayedPath(screen, random: &random) else { return .noOp }
        let touched = screen.updater.item(at: target) as! Row
        let before = Set(screen.storedRows.joined())
        let result = Result { () throws(UserActionError) in try screen.view.simulateSwipeToDelete(at: target) }
        if case .failure(let error) = result {
            #expect(error == .itemLeftStorage(target) && !before.contains(touched))
            return .itemLeft
        }
        #expect(Set(screen.storedRows.joined()) == before.subtracting([touched]))
        #expect(before.contains(touched))
        return .applied
    }

    /// A drag of a random row to a random place: the view shows the move at once, and the dragged
    /// item is where the storage says the view's destination is.
    private func drag(_ screen: EditingScreen, random: inout SplitMix64) throws -> Outcome {
        guard let source = displayedPath(screen, random: &random) else { return .noOp }
        let counts = screen.view.cachedItemCounts ?? []
        let section = Int.random(in: 0..<counts.count, using: &random)
        let destination = path(section, Int.random(in: 0...(counts[section] - (section == source[0] ? 1 : 0)), using: &random))
        let touched = screen.updater.item(at: source) as! Row
        let before = screen.storedRows.joined().sorted { $0.id < $1.id }
        if source == destination {   // a drop where it was: a no-op
            let stored = screen.storedRows
            try screen.view.simulateUserMove(from: source, to: destination)
            #expect(screen.storedRows == stored)
            return .noOp
        }
        let result = Result { () throws(UserActionError) in try screen.view.simulateUserMove(from: source, to: destination) }
        if case .failure(let error) = result {
            #expect(error == .itemLeftStorage(source) && !before.contains(touched))
            return .itemLeft
        }
        #expect(screen.updater.item(at: destination) as? Row == touched)
        #expect(screen.storedRows.joined().sorted { $0.id < $1.id } == before)
        if let stored = screen.updater.storageIndexPath(forDisplayed: destination) {
            #expect(screen.storage.item(at: stored) as? Row == touched)
        } else {
            Issue.record("the dragged item \(touched) is not in the storage")
        }
        return .applied
    }
}
