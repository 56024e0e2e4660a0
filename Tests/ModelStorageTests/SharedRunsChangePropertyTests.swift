import FingerprintDiff
import Foundation
import ModelStorageTesting
import SeededRandom
import Testing

@testable import ModelStorage

/// The net change of a large section read from the runs of chunks the baseline's tree and the
/// live one share (`sharedRunsChangeset`, taken when the changes are too far apart for the
/// window between the common ends): random far and near moves, insertions, removals and
/// replacements, one at a time and in `performUpdates` blocks, on sections large enough for
/// trees of two and three levels (several sections now and then, which the path leaves to the
/// whole diff). Whenever the path answers, its changeset is exactly the whole list's, and it does
/// answer for changes beyond the window; every update is legal and takes the earlier content to
/// the storage; and a view behind a `ViewUpdater` ends showing the storage without breaking
/// UIKit's rules.
@Suite struct SharedRunsChangePropertyTests {
    typealias Mutator = MemoryStoragePropertyTests.Mutator

    /// One change of a large storage: mostly moves of items far apart (first to last and back,
    /// a third to two thirds), also near and random moves (across sections too), a block of
    /// items moved past a chunk or two, insertions, removals and replacements anywhere.
    static func change(_ mutator: inout Mutator, _ storage: MemoryStorage) {
        let section = mutator.int(0...storage.numberOfSections - 1)
        let count = storage.numberOfItems(inSection: section)
        guard count > 300 else {
            try! storage.insertItem(mutator.freshCells(1)[0], to: path(section, mutator.int(0...count)))
            return
        }
        func anywhere() -> Int { mutator.int(0...count - 1) }
        switch mutator.int(0...10) {
        case 0: try! storage.moveItem(at: path(section, 0), to: path(section, count - 1))
        case 1: try! storage.moveItem(at: path(section, count - 1), to: path(section, 0))
        case 2:
            let from = mutator.int(0...count / 3), to = mutator.int(2 * count / 3...count - 1)
            if mutator.chance(50) {
                try! storage.moveItem(at: path(section, from), to: path(section, to))
            } else {
                try! storage.moveItem(at: path(section, to), to: path(section, from))
            }
        case 3:
            let from = anywhere()
            try! storage.moveItem(at: path(section, from), to: path(section, Swift.min(count - 1, from + mutator.int(0...3))))
        case 4:
            let target = mutator.int(0...storage.numberOfSections - 1)
            let room = storage.numberOfItems(inSection: target) - (target == section ? 1 : 0)
            try! storage.moveItem(at: path(section, anywhere()), to: path(target, mutator.int(0...room)))
        case 5: try! storage.insertItem(mutator.freshCells(1)[0], to: path(section, mutator.int(0...count)))
        case 6: try! storage.removeItems(at: [path(section, anywhere())])
        case 7:
            // Many items crossing a chunk that may be left shared: the fewer of the two sides move.
            let block = mutator.int(20...90), past = mutator.int(20...140)
            let start = mutator.int(0...count - block - past)
            storage.performUpdates {
                for _ in 0..<block { try! storage.moveItem(at: path(section, start), to: path(section, start + block + past - 1)) }
            }
        default:
            let old = storage.item(at: path(section, anywhere())) as! Cell
            try! storage.replaceItem(old, with: Cell(id: old.id, version: old.version + 1))
        }
    }

    /// A storage of one section (most seeds) or a few, of a few hundred to a few thousand items.
    static func makeLargeStorage(_ seed: UInt64, _ mutator: inout Mutator) -> MemoryStorage {
        let sectionCount = seed % 4 == 3 ? mutator.int(2...3) : 1
        // Past 4,096 items a tree of 64-item leaves and 16-child inner nodes has three levels or more. Below a few thousand the
        // leaves a few changes copy hold more items than the runs between them, and the shared
        // runs rarely answer (the whole list is diffed then).
        let sizes = (0..<sectionCount).map { _ in
            switch mutator.int(0...3) {
            case 0: mutator.int(4_200...6_000)
            case 1: mutator.int(150...1_000)
            default: mutator.int(Self.answeringSize...3_000)
            }
        }
        let (storage, _) = makeStorage(sizes.map { mutator.freshCells($0).map(\.id) })
        storage.delegate = nil
        return storage
    }

    /// The size from which a single section sees the shared runs answer in a test's changes.
    static let answeringSize = 2_000

    /// Whether the one-section change from `old` to `new` goes beyond the window the windowed
    /// path diffs (more than an eighth of the list between the ends alike), so the net change
    /// is the shared runs' whenever they answer.
    static func windowIsTooLarge(_ old: StoredSection, _ new: StoredSection) -> Bool {
        let oldSlots = old.slots, newSlots = new.slots
        let shorter = Swift.min(oldSlots.count, newSlots.count)
        var prefix = 0
        while prefix < shorter && oldSlots[prefix] == newSlots[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix && oldSlots[oldSlots.count - 1 - suffix] == newSlots[newSlots.count - 1 - suffix] {
            suffix += 1
        }
        let window = oldSlots.count + newSlots.count - 2 * (prefix + suffix)
        return window > Swift.max(64, (oldSlots.count + newSlots.count) / 8)
    }

    /// Checks the shared runs' changeset from `old` to `new` (when they answer) against the whole
    /// list's; returns whether they answered where the windowed path would not.
    static func checkSharedRuns(_ old: [StoredSection], _ new: [StoredSection], since revision: UInt64,
                                _ context: String) -> Bool {
        guard old.count == 1, new.count == 1, old[0].id == new[0].id,
              let changeset = sharedRunsChangeset(old[0], new[0], since: revision) else { return false }
        let whole = netChange(from: old, to: new, since: revision, inPlacePath: false)
        let (changes, _) = oneListChanges(changeset, sectionChanged: new[0].revision > revision)
        #expect(changes == whole.changes, "\(context): shared runs \(changeset) against \(whole)")
        return windowIsTooLarge(old[0], new[0])
    }

    @Test("update(since:) across far moves and scattered changes: the shared runs give the whole list's changeset",
          arguments: 0..<16)
    func updateSinceEqualsTheWholeList(seed: UInt64) {
        var mutator = Mutator(random: SplitMix64(seed: seed))
        let storage = Self.makeLargeStorage(seed, &mutator), initialCount = storage.numberOfItems(inSection: 0)
        var shown = storage.content
        var reached = 0
        for step in 0..<30 {
            for _ in 0..<(mutator.chance(50) ? 1 : mutator.int(2...6)) {
                if mutator.chance(15) {
                    storage.performUpdates { for _ in 0..<mutator.int(1...4) { Self.change(&mutator, storage) } }
                } else {
                    Self.change(&mutator, storage)
                }
            }
            let current = storage.core.sections, context = "seed \(seed) step \(step)"
            if Self.checkSharedRuns(shown.sections, current, since: shown.revision, context) { reached += 1 }
            let update = storage.update(since: shown)
            for other in [netChange(from: shown.sections, to: current, since: shown.revision, inPlacePath: false),
                          netChange(from: shown.sections, to: current, since: shown.revision, generalPathOnly: true)] {
                MemoryStorageContentTests.checkCatchUp(update, from: shown, to: storage, against: other, context)
            }
            if mutator.chance(40) { shown = storage.content }
        }
        if storage.numberOfSections == 1 && initialCount >= Self.answeringSize {
            #expect(reached > 0, "seed \(seed): the shared runs never answered for a change beyond the window")
        }
    }

    @Test("performUpdates of far moves mixed with other changes: the delivered update is the whole list's",
          arguments: 0..<12)
    func performUpdatesEqualsTheWholeList(seed: UInt64) {
        var mutator = Mutator(random: SplitMix64(seed: seed))
        let storage = Self.makeLargeStorage(seed, &mutator), initialCount = storage.numberOfItems(inSection: 0)
        let recorder = UpdateRecorder()
        storage.delegate = recorder
        var reached = 0
        for step in 0..<20 {
            let before = storage.content, context = "seed \(seed) step \(step)"
            storage.performUpdates { for _ in 0..<mutator.int(1...8) { Self.change(&mutator, storage) } }
            let delivered = recorder.take()
            #expect(delivered.reloads == 0 && delivered.updates.count <= 1, "\(context): \(delivered)")
            let current = storage.core.sections
            if Self.checkSharedRuns(before.sections, current, since: before.revision, context) { reached += 1 }
            let whole = netChange(from: before.sections, to: current, since: before.revision, inPlacePath: false)
            guard let update = delivered.updates.first else {
                #expect(whole.isEmpty, "\(context): nothing delivered for \(whole)")
                continue
            }
            MemoryStorageContentTests.checkCatchUp(update, from: before, to: storage, against: whole, context)
        }
        if storage.numberOfSections == 1 && initialCount >= Self.answeringSize {
            #expect(reached > 0, "seed \(seed): the shared runs never answered for a change beyond the window")
        }
    }

    @Test("far moves behind a ViewUpdater: the view ends showing the storage, no rule broken", arguments: 0..<8)
    @MainActor func viewEndsShowingTheStorage(seed: UInt64) {
        var mutator = Mutator(random: SplitMix64(seed: seed))
        let storage = Self.makeLargeStorage(seed, &mutator)
        let scheduler = ManualScheduler()
        let view = SimulatedView(animationDuration: .milliseconds(mutator.int(1...300)), visibleItemCount: mutator.int(1...25))
        let updater = ViewUpdater(storage: storage, view: view, schedule: scheduler.schedule)
        view.dataSource = updater
        view.layoutIfNeeded()
        for step in 0..<60 {
            switch mutator.int(0...9) {
            case 0..<4: Self.change(&mutator, storage)
            case 4: storage.performUpdates { for _ in 0..<mutator.int(1...5) { Self.change(&mutator, storage) } }
            case 5, 6: scheduler.runNextTurn()
            case 7: view.advance(by: .milliseconds(mutator.int(0...400)))
            case 8: view.layoutIfNeeded()
            default: updater.flush()
            }
            if !view.violations.isEmpty {
                Issue.record("seed \(seed) step \(step): \(view.violations)")
                return
            }
        }
        quiesce(updater, view, scheduler)
        expectShowsStorage(updater, view, "seed \(seed)")
    }

    /// The offset and size of each leaf of `tree`, in order, and whether it is its parent's first child.
    static func leaves(of tree: CountedTree<StoredItem>) -> [(offset: Int, count: Int, isFirstChild: Bool)] {
        var found: [(offset: Int, count: Int, isFirstChild: Bool)] = []
        func visit(_ node: CountedTree<StoredItem>.Node, at offset: Int, isFirstChild: Bool) {
            guard !node.isLeaf else { return found.append((offset, node.count, isFirstChild)) }
            var start = offset
            for (index, child) in node.children.enumerated() {
                visit(child, at: start, isFirstChild: index == 0)
                start += child.count
            }
        }
        visit(tree.root, at: 0, isFirstChild: true)
        return found
    }

    @Test("more items crossing a chunk left shared than it holds: the chunk's items move, as in the whole list's diff",
          arguments: 0..<12)
    func crossingItemsOutnumberASharedChunk(seed: UInt64) {
        var mutator = Mutator(random: SplitMix64(seed: seed))
        let (storage, _) = makeStorage([mutator.freshCells(mutator.int(5_000...6_000)).map(\.id)])
        storage.delegate = nil
        func leaves() -> [(offset: Int, count: Int, isFirstChild: Bool)] { Self.leaves(of: storage.core.sections[0].entries) }
        // A leaf split in two halves before the content is taken: the first half is the chunk
        // to be left shared, its previous leaf (not its parent's first child, so that it takes
        // from the leaf before it when it runs short, not from the chunk) gives the items.
        let candidates = leaves().indices.dropFirst(4).dropLast(4).filter { !leaves()[$0 - 1].isFirstChild }
        let kept = candidates.randomElement(using: &mutator.random)!
        let leafCount = leaves().count
        while leaves().count == leafCount {
            try! storage.insertItem(mutator.freshCells(1)[0], to: path(0, leaves()[kept].offset + mutator.int(1...30)))
        }
        let split = leaves(), chunk = split[kept], source = split[kept - 1]
        let taken = mutator.int(chunk.count + 2...Swift.min(source.count - 1, chunk.count + 20))
        let shown = storage.content
        storage.performUpdates {
            var moved = (source.offset + source.count - taken..<source.offset + source.count).map { storage.item(at: path(0, $0)) as! Cell }
            if mutator.chance(30) { moved.shuffle(using: &mutator.random) }
            // Each goes after the one before it, the first after the first item of the other half.
            var anchor = storage.item(at: path(0, split[kept + 1].offset)) as! Cell
            for cell in moved {
                // The anchor's index is where the cell goes once it left its place before it.
                try! storage.moveItem(at: storage.indexPath(forItem: cell)!, to: storage.indexPath(forItem: anchor)!)
                anchor = cell
            }
            // A far move, so the window between the ends alike is the whole list.
            try! storage.moveItem(at: path(0, 0), to: path(0, storage.numberOfItems(inSection: 0) - 1))
        }
        let current = storage.core.sections, context = "seed \(seed)"
        #expect(Self.checkSharedRuns(shown.sections, current, since: shown.revision, context),
                "\(context): the shared runs did not answer")
        MemoryStorageContentTests.checkCatchUp(storage.update(since: shown), from: shown, to: storage,
                                               against: netChange(from: shown.sections, to: current, since: shown.revision,
                                                                  inPlacePath: false), context)
    }
}
