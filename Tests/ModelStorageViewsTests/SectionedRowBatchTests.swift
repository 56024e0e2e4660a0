import Foundation
import ModelStorageViews
import SeededRandom
import Testing

/// `SectionedRowBatch.steps(from:to:)` on random batches written by UIKit's rules (sections
/// deleted, inserted, moved and reloaded; items deleted, inserted and moved within and across
/// sections, also into and out of moved sections): the steps, applied to the old rows as
/// `NSTableView` applies each call, give the new rows, and only deleted or reloaded rows lose
/// their views.
@Suite struct SectionedRowBatchTests {
    /// A section: its id and its items' ids.
    typealias Section = (id: Int, items: [Int])

    /// Random old and new sections and the batch between them, by UIKit's rules.
    struct Case {
        var old: [Section] = [], new: [Section] = []
        var batch = SectionedRowBatch()

        init(_ random: inout SplitMix64) {
            var nextID = 0
            func fresh() -> Int { nextID += 1; return nextID }
            old = (0..<Int.random(in: 0...5, using: &random)).map { _ in (fresh(), (0..<Int.random(in: 0...4, using: &random)).map { _ in fresh() }) }
            new = old.filter { _ in Int.random(in: 0...4, using: &random) > 0 }.shuffled(using: &random)
            for _ in 0..<Int.random(in: 0...2, using: &random) { new.insert((fresh(), [fresh()]), at: Int.random(in: 0...new.count, using: &random)) }
            var pool = new.flatMap(\.items).filter { _ in Int.random(in: 0...4, using: &random) > 0 }.shuffled(using: &random)
            pool += (0..<Int.random(in: 0...4, using: &random)).map { _ in fresh() }
            for index in new.indices { new[index].items = [] }
            for item in pool where !new.isEmpty { new[Int.random(in: 0..<new.count, using: &random)].items.append(item) }
            for index in new.indices where Bool.random(using: &random) { new[index].items.shuffle(using: &random) }
            batch = Self.batch(from: old, to: new, &random)
        }

        /// The batch by definition: sections and items matched by id, those that keep their order
        /// (a greedy increasing run) unmoved unless drawn to move anyway, the others moved.
        static func batch(from old: [Section], to new: [Section], _ random: inout SplitMix64) -> SectionedRowBatch {
            var batch = SectionedRowBatch()
            let newSection = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1.id, $0) })
            let oldSection = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1.id, $0) })
            batch.deletedSections = old.indices.filter { newSection[old[$0].id] == nil }
            batch.insertedSections = new.indices.filter { oldSection[new[$0].id] == nil }
            let kept = Self.unmoved(old.indices.compactMap { newSection[old[$0].id] }, &random)
            batch.movedSections = old.indices.compactMap { index in
                newSection[old[index].id].flatMap { kept.contains($0) ? nil : .init(from: index, to: $0) }
            }
            // Where each item is, old and new.
            var oldPlace: [Int: IndexPath] = [:], newPlace: [Int: IndexPath] = [:]
            for (section, content) in old.enumerated() { for (item, id) in content.items.enumerated() { oldPlace[id] = IndexPath(indexes: [section, item]) } }
            for (section, content) in new.enumerated() { for (item, id) in content.items.enumerated() { newPlace[id] = IndexPath(indexes: [section, item]) } }
            // Sections whose items neither leave nor arrive may be reloaded instead (unmoved ones).
            let reloadable = old.indices.filter { index in
                guard let target = newSection[old[index].id], kept.contains(target) else { return false }
                return old[index].items.allSatisfy { newPlace[$0].map { $0[0] == target } ?? true }
                    && new[target].items.allSatisfy { oldPlace[$0].map { $0[0] == index } ?? true }
            }
            batch.reloadedSections = reloadable.filter { _ in Int.random(in: 0...3, using: &random) == 0 }
            let reloaded = Set(batch.reloadedSections)
            for (id, from) in oldPlace where !reloaded.contains(from[0]) && newSection[old[from[0]].id] != nil {
                guard let to = newPlace[id], oldSection[new[to[0]].id] != nil else { batch.deletedItems.append(from); continue }
                if oldSection[new[to[0]].id] != from[0] { batch.movedItems.append(.init(from: from, to: to)) }
            }
            for (id, to) in newPlace where oldSection[new[to[0]].id].map({ !reloaded.contains($0) }) ?? false {
                guard let from = oldPlace[id], newSection[old[from[0]].id] != nil else { batch.insertedItems.append(to); continue }
            }
            // Items that stay in their section: unmoved when in order.
            for (index, section) in old.enumerated() where !reloaded.contains(index) {
                guard let target = newSection[section.id] else { continue }
                let staying = section.items.filter { newPlace[$0]?[0] == target }
                let keptItems = Self.unmoved(staying.map { newPlace[$0]![1] }, &random)
                for id in staying where !keptItems.contains(newPlace[id]![1]) {
                    batch.movedItems.append(.init(from: oldPlace[id]!, to: newPlace[id]!))
                }
            }
            return batch
        }

        /// The values of a greedy increasing run of `values` (each larger than the last kept),
        /// less a few drawn at random.
        static func unmoved(_ values: [Int], _ random: inout SplitMix64) -> Set<Int> {
            var kept: Set<Int> = [], last = -1
            for value in values where value > last {
                last = value
                if Int.random(in: 0...5, using: &random) > 0 { kept.insert(value) }
            }
            return kept
        }
    }

    /// The rows of `sections`: header, items, footer (as the flags say), as keys.
    static func rows(_ sections: [Section], headers: Bool, footers: Bool) -> [String] {
        sections.flatMap { (headers ? ["H\($0.id)"] : []) + $0.items.map { "I\($0)" } + (footers ? ["F\($0.id)"] : []) }
    }

    /// `steps` applied to `table` as `NSTableView` applies each call at once, inserted and
    /// reloaded rows read from `target`; the rows removed. A step out of range is an issue and
    /// ends the steps.
    static func apply(_ steps: [RowSteps.Step], to table: [String], reading target: [String]) -> (table: [String], removed: Set<String>) {
        var table = table, removed: Set<String> = []
        for step in steps {
            switch step {
            case .remove(let rows):
                guard rows.allSatisfy({ $0 < table.count }) else { break }
                removed.formUnion(rows.map { table[$0] })
                for row in rows.reversed() { table.remove(at: row) }
                continue
            case .move(let from, let to):
                guard from < table.count, to < table.count else { break }
                table.insert(table.remove(at: from), at: to)
                continue
            case .insert(let rows):
                guard rows.allSatisfy({ $0 < target.count }) else { break }
                for row in rows where row <= table.count { table.insert(target[row], at: row) }
                continue
            case .reload(let rows):
                guard rows.allSatisfy({ $0 < table.count && $0 < target.count }) else { break }
                for row in rows { table[row] = target[row] }
                continue
            }
            Issue.record("\(step) out of range of \(table.count) rows")
            break
        }
        return (table, removed)
    }

    @Test("random batches on sections, as row steps on a table without sections, give the new rows; rows keep their views",
          arguments: 0..<300)
    func randomBatches(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let sample = Case(&random)
        let headers = seed % 4 != 0, footers = seed % 3 == 0
        let old = FlatRows(itemCounts: sample.old.map(\.items.count), headers: headers, footers: footers)
        let new = FlatRows(itemCounts: sample.new.map(\.items.count), headers: headers, footers: footers)
        let target = Self.rows(sample.new, headers: headers, footers: footers)
        let steps = sample.batch.steps(from: old, to: new).steps
        let (table, removed) = Self.apply(steps, to: Self.rows(sample.old, headers: headers, footers: footers), reading: target)
        #expect(table == target, "seed \(seed): \(sample.old) -> \(sample.new) by \(sample.batch)")
        // Only the rows of reloaded and deleted sections, and items arriving in inserted sections,
        // may be removed and inserted again (UIKit's rules: nothing moves out of a deleted section
        // or into an inserted one).
        let replaced = Self.rows((sample.batch.reloadedSections + sample.batch.deletedSections).map { sample.old[$0] },
                                 headers: headers, footers: footers)
            + sample.batch.insertedSections.flatMap { sample.new[$0].items.map { "I\($0)" } }
        #expect(removed.subtracting(replaced).isDisjoint(with: target), "seed \(seed): rows that stay lost their views")
    }

    @Test("a section moved with items leaving and arriving: its header, footer and staying items move, each once")
    func movedSection() {
        var batch = SectionedRowBatch()
        // [A: a1 a2 a3] [B: b1] -> [B: b1 a2] [A: a1 a3 c]
        batch.movedSections = [.init(from: 0, to: 1)]
        batch.movedItems = [.init(from: IndexPath(indexes: [0, 1]), to: IndexPath(indexes: [0, 1]))]
        batch.insertedItems = [IndexPath(indexes: [1, 2])]
        let old = FlatRows(itemCounts: [3, 1], headers: true, footers: true)
        let new = FlatRows(itemCounts: [2, 3], headers: true, footers: true)
        let target = ["B", "b1", "a2", "B.", "A", "a1", "a3", "c", "A."]
        let steps = batch.steps(from: old, to: new).steps
        #expect(Self.apply(steps, to: ["A", "a1", "a2", "a3", "A.", "B", "b1", "B."], reading: target).table == target)
        #expect(steps.filter { if case .move = $0 { true } else { false } }.count <= 5)
        #expect(!steps.contains { if case .remove = $0 { true } else { false } })
    }
}
