import FingerprintDiff
import Foundation
import ModelStorage
import ModelStorageTesting
import SeededRandom
import Testing

/// `OutlineStorage` against a plain model tree (`OutlineModel`) on random trees and random
/// sequences of every public call, valid and invalid: after each call every read agrees with
/// the model, the call threw exactly the error the contract names (and then changed and
/// reported nothing), and the update an observer received, applied to the rows before, gives
/// the rows after, reloads included.
@Suite struct OutlineStoragePropertyTests {
    /// A random outline built by `init(roots:children:)` (with one planted duplicate id, which
    /// must be refused, for some seeds) and its model.
    static func randomOutline(_ caller: inout OutlineCaller, _ comment: String) -> (OutlineStorage<TreeItem>, OutlineModel) {
        var roots = caller.forest()
        if caller.chance(15), !roots.isEmpty {
            // The same id twice, once as a root and once below the last root.
            let twin = TreeItem(id: roots[0].id, version: 1)
            roots[roots.count - 1].children = (roots[roots.count - 1].children ?? []) + [twin]
            do {
                _ = try OutlineStorage(roots: roots, children: \.children)
                Issue.record("\(comment): a duplicate id was accepted")
            } catch {
                #expect(error == .duplicateID("\(twin.id)"), "\(comment)")
            }
            roots = caller.forest()
        }
        do {
            return (try OutlineStorage(roots: roots, children: \.children), OutlineModel(roots: roots))
        } catch {
            Issue.record("\(comment): \(error) for unique ids")
            return (OutlineStorage(), OutlineModel())
        }
    }

    @Test("random calls: every read agrees with a model tree, each update takes the rows there", arguments: 0..<30)
    func randomCalls(seed: UInt64) {
        var caller = OutlineCaller(seed: seed)
        var (outline, model) = Self.randomOutline(&caller, "seed \(seed)")
        var received: [StorageUpdate] = []
        outline.addObserver { received.append($0) }
        expectOutline(outline, matches: model, "seed \(seed): built")
        for step in 0..<30 {
            // First most of the tree expanded, so that the calls move shown rows.
            let call = step == 0 ? .setExpandedIDs(Set(model.allIDs.filter { _ in caller.chance(70) })) : caller.call(for: model)
            let before = model.rows
            let expected = model.apply(call)
            received = []
            do {
                try call.perform(on: outline)
                if let expected { Issue.record("seed \(seed) step \(step): \(call) did not throw \(expected)") }
            } catch {
                #expect(error == expected, "seed \(seed) step \(step): \(call)")
                #expect(received.isEmpty, "seed \(seed) step \(step): the refused \(call) reported \(received)")
            }
            let comment = "seed \(seed) step \(step): \(call)"
            expectOutline(outline, matches: model, probes: [-1, caller.nextID - 1], comment)
            expectDelivered(received, from: before, to: model.rows, comment)
            if model.allIDs.count > 60 {
                // Keep the trees small: a new one, the old one's observer gone with it.
                (outline, model) = Self.randomOutline(&caller, comment)
                outline.addObserver { received.append($0) }
            }
        }
    }

    @Test("observers that change the outline while an update is delivered: each update legal on what it saw",
          arguments: 0..<15)
    func callsFromInsideADelivery(seed: UInt64) {
        var caller = OutlineCaller(seed: seed)
        let (outline, built) = Self.randomOutline(&caller, "seed \(seed)")
        var model = built
        var depth = 0
        var copy = outline.visibleItems
        var log: [String] = []
        func perform(_ call: OutlineCall, _ comment: String) {
            // The model first: a call made from inside this call's delivery comes after it.
            let expected = model.apply(call)
            log.append(call.description)
            do {
                try call.perform(on: outline)
                if let expected { Issue.record("\(comment): \(call) did not throw \(expected)") }
            } catch {
                #expect(error == expected, "\(comment): \(call)")
            }
        }
        let changer: (StorageUpdate) -> Void = { _ in
            guard depth < 2, caller.chance(40) else { return }
            depth += 1
            defer { depth -= 1 }
            perform(caller.call(for: model), "seed \(seed), nested after \(log)")
        }
        let checker: (StorageUpdate) -> Void = { update in
            // While an update is delivered the storage's reads show the rows it leads to.
            let shown = (0..<outline.numberOfItems(inSection: 0)).map { outline.item(at: path(0, $0)) as! TreeItem }
            do {
                copy = try update.apply(to: [copy], with: [shown])[0]
                #expect(copy == shown, "seed \(seed) after \(log): \(update)")
            } catch {
                Issue.record("seed \(seed) after \(log): illegal \(update) on \(copy) -> \(shown): \(error)")
            }
        }
        let observers = caller.chance(50)
            ? [outline.addObserver(changer), outline.addObserver(checker)]
            : [outline.addObserver(checker), outline.addObserver(changer)]
        // Both hold the outline, which holds them: removed when the test ends.
        defer { for observer in observers { outline.removeObserver(observer) } }
        for step in 0..<20 {
            log = []
            perform(caller.call(for: model), "seed \(seed) step \(step)")
            expectOutline(outline, matches: model, "seed \(seed) step \(step): \(log)")
            #expect(copy == outline.visibleItems, "seed \(seed) step \(step): the observer's rows after \(log)")
            if model.allIDs.count > 60 { break }
        }
    }

    @Test("an outline behind a ViewUpdater: random calls and the user's drags, swipes and disclosure taps at random moments end with the view showing the visible rows",
          arguments: 0..<12)
    @MainActor func viewStorms(seed: UInt64) {
        var caller = OutlineCaller(seed: seed)
        let (outline, built) = Self.randomOutline(&caller, "seed \(seed)")
        var model = built
        var calls: [String] = []
        // The user's actions, each checked against the model and made in it (`OutlineRandomUser`).
        let actions: (ViewUpdater<OutlineStorage<TreeItem>>, SimulatedView, (ClosedRange<Int>) -> Int, String) -> Void = { updater, view, pick, comment in
            calls.append("user")
            OutlineRandomUser(updater: updater, view: view).act(&model, pick, comment)
        }
        let updater = ViewUpdaterPropertyTests().storm(seed: seed, storage: outline, steps: 150, actionWeight: 30, actions: actions) { _ in
            // The model first: a call made from inside this call's delivery comes after it.
            guard model.allIDs.count < 60 else { return }
            let call = caller.call(for: model)
            let expected = model.apply(call)
            calls.append(call.description)
            do throws(OutlineError) {
                try call.perform(on: outline)
                if let expected { Issue.record("seed \(seed): \(call) did not throw \(expected)") }
            } catch {
                #expect(error == expected, "seed \(seed): \(call)")
            }
        }
        expectOutline(outline, matches: model, "seed \(seed) after \(calls.count) calls")
        #expect(shownItems(updater) == [outline.visibleItems.map { AnyHashable($0) }], "seed \(seed): the view's rows")
    }
}
