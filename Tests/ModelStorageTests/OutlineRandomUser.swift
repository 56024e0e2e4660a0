import FingerprintDiff
import Foundation
import ModelStorage
import ModelStorageTesting
import Testing

/// A user acting on an outline shown by a `SimulatedView` behind a `ViewUpdater`, at random
/// moments (changes pending, batches animating): drags, swipes to delete and disclosure taps on
/// the rows the view shows, and now and then one on a row it does not show. Each action is
/// checked by id against the model tree, which makes it as the rules state them: it reaches the
/// item of the row the user touched while that item is shown in the storage (by id), else it
/// throws `itemLeftStorage` and changes nothing; a drag puts the item after the row above the
/// drop (the row the view shows there, when the storage shows it), at that row's level, with its
/// subtree, or is refused when that row is the item's own descendant.
@MainActor
struct OutlineRandomUser {
    let updater: ViewUpdater<OutlineStorage<TreeItem>>
    let view: SimulatedView
    var outline: OutlineStorage<TreeItem> { updater.storage }

    /// One random action on `model`'s outline, made in `model` as the rules state, then every
    /// read of the outline checked against it.
    func act(_ model: inout OutlineModel, _ pick: (ClosedRange<Int>) -> Int, _ comment: String) {
        guard let count = view.cachedItemCounts?.first, count > 0 else { return }
        let row = path(0, pick(0...count - 1))
        let touched = updater.displayedItem(at: row)!.id
        let shown = model.rows.contains { $0.item.id == touched }
        let action: String
        switch pick(0...19) {
        case 0..<8:
            let destination = path(0, pick(0...count - 1))
            action = "drag of \(touched) from \(row[1]) to \(destination[1])"
            drag(touched, from: row, to: destination, shown: shown, &model, "\(comment): \(action)")
        case 8..<12:
            action = "swipe of \(touched) at \(row[1])"
            expect(shown, row, "\(comment): \(action)") { () throws(UserActionError) in try view.simulateSwipeToDelete(at: row) }
            if shown { _ = model.apply(.remove([touched])) }
        case 12..<19:
            action = "tap on \(touched) at \(row[1])"
            expect(shown, row, "\(comment): \(action)") { () throws(UserActionError) in try view.simulateDisclosureTap(at: row) }
            if shown {
                _ = model.apply(model.expanded.contains(touched) ? .collapse([touched], recursively: false) : .expand([touched], recursively: false))
            }
        default:
            action = "actions outside the rows"
            let outside = path(pick(0...1), count + pick(0...2))
            #expect(throws: UserActionError.noItemDisplayed(outside), "\(comment)") { try view.simulateDisclosureTap(at: outside) }
            #expect(throws: UserActionError.noItemDisplayed(outside), "\(comment)") { try view.simulateSwipeToDelete(at: outside) }
            #expect(throws: UserActionError.noItemDisplayed(outside), "\(comment)") { try view.simulateUserMove(from: outside, to: row) }
        }
        expectOutline(outline, matches: model, "\(comment): after the \(action)")
    }

    /// A swipe or a tap: taken when the touched item is shown in the storage, else `itemLeftStorage`.
    private func expect(_ shown: Bool, _ row: IndexPath, _ comment: String, _ body: () throws(UserActionError) -> Void) {
        do {
            try body()
            #expect(shown, "\(comment): taken, but the item is not shown in the storage")
        } catch {
            #expect(error == .itemLeftStorage(row) && !shown, "\(comment): \(error)")
        }
    }

    /// A drag of the row at `source` (item `touched`) to `destination`, made in `model` by the
    /// rule: the storage's destination is after the row the view shows above the drop (else
    /// before the one below it, else the same index), read in the storage's rows once the item's
    /// row left them; the item becomes the next sibling of the row above it there.
    private func drag(_ touched: Int, from source: IndexPath, to destination: IndexPath, shown: Bool,
                      _ model: inout OutlineModel, _ comment: String) {
        var displayed = (0..<view.cachedItemCounts![0]).map { updater.displayedItem(at: path(0, $0))!.id }
        displayed.insert(displayed.remove(at: source[1]), at: destination[1])
        var expected: UserActionError?
        var call: OutlineCall?
        if source != destination {
            if shown {
                let rest = model.rows.map(\.item.id).filter { $0 != touched }
                let d = destination[1]
                var place = min(d, rest.count)
                if d > 0, let above = rest.firstIndex(of: displayed[d - 1]) {
                    place = above + 1
                } else if d + 1 < displayed.count, let below = rest.firstIndex(of: displayed[d + 1]) {
                    place = below
                }
                if place == 0 {
                    call = .move(touched, to: nil, at: 0)
                } else if model.subtreeIDs(of: touched).contains(rest[place - 1]) {
                    expected = .storageRefused(.outlineRefused(.moveIntoOwnSubtree("\(touched)")))
                } else {
                    let above = rest[place - 1]
                    let parent = model.parent(of: above)?.item.id
                    let siblings = model.children(of: parent)!.map(\.item.id).filter { $0 != touched }
                    call = .move(touched, to: parent, at: siblings.firstIndex(of: above)! + 1)
                }
            } else {
                expected = .itemLeftStorage(source)
            }
        }
        do {
            try view.simulateUserMove(from: source, to: destination)
            #expect(expected == nil, "\(comment): did not throw \(String(describing: expected))")
        } catch {
            #expect(error == expected, "\(comment)")
        }
        #expect(updater.displayedItem(at: destination)?.id == touched, "\(comment): the view does not show the move")
        if let call { #expect(model.apply(call) == nil, "\(comment): the model refused \(call)") }
    }
}
