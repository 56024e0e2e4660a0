import FingerprintDiff
import Foundation
import ModelStorageViews
import SeededRandom

/// One batch over 100,000 rows, as an `NSTableView` gets it from `SingleSectionTableAdapter`:
/// 1% of the rows deleted, 1% inserted, and `moves` rows moved to random places.
struct TableStepsInput {
    let deleted: [Int]
    let inserted: [Int]
    let moved: [(from: Int, to: Int)]
    let old: [Int]
    let new: [Int]

    init(rows: Int, moves: Int) {
        var random = SplitMix64(seed: 31)
        old = Array(0..<rows)
        var new = old.filter { _ in Int.random(in: 0..<100, using: &random) != 0 }
        for _ in 0..<moves {
            let element = new.remove(at: Int.random(in: 0..<new.count, using: &random))
            new.insert(element, at: Int.random(in: 0...new.count, using: &random))
        }
        for id in rows..<(rows + rows / 100) { new.insert(id, at: Int.random(in: 0...new.count, using: &random)) }
        self.new = new
        let changes = Changeset(from: old, to: new, id: \.self)
        deleted = changes.deletions
        inserted = changes.insertions
        moved = changes.moves.map { ($0.from, $0.to) }
    }
}

extension BenchmarkPlan {
    /// `RowSteps` (the calls an `NSTableView` receives for one batch) at 100,000 rows, against the
    /// bare `Changeset` of the same two lists in the same run.
    func registerTableSteps() {
        var table = ResultTable(title: "NSTableView: the calls of one batch over 100,000 rows (1% deleted, 1% inserted, and moves), RowSteps (multiple of the bare Changeset of the same lists)",
                                columns: ["batch", "time"])
        for moves in [10, 100, 1_000] {
            let key = "table-steps-\(moves)"
            let input = { TableStepsInput(rows: 100_000, moves: moves) }
            let baseline = "table steps \(moves) Changeset"
            add(baseline, inputKey: key, input: input) { input in
                blackHole(Changeset(from: input.old, to: input.new, id: \.self))
            }
            add("table steps \(moves) RowSteps", inputKey: key, input: input) { input in
                blackHole(RowSteps(deleted: input.deleted, inserted: input.inserted, moved: input.moved))
            }
            table.rows += [
                ("\(moves) moves: Changeset of the two lists (baseline)", [.time(baseline)]),
                ("\(moves) moves: RowSteps", [.time("table steps \(moves) RowSteps", relativeTo: baseline)]),
            ]
        }
        tables.append(table)
    }
}
