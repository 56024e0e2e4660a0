import FingerprintDiff
import Foundation
import ModelStorage
import SeededRandom

/// A section's identity and own content, for the sectioned scenario.
struct RowGroup: Identifiable, Equatable, Sendable {
    let id: Int
    var title: Int
}

/// 100 sections of 1,000 rows; the new sections move 5 sections, and of the rows move 10% to
/// another section (random position), delete 5% and insert 5% new ones (random section and
/// position).
func sectionedScenario(sections sectionCount: Int = 100, rowsPerSection: Int = 1_000)
    -> (old: [ArraySection<RowGroup, Row>], new: [ArraySection<RowGroup, Row>])
{
    var generator = SplitMix64(seed: 4_242)
    let total = sectionCount * rowsPerSection
    let old = (0..<sectionCount).map { section in
        ArraySection(model: RowGroup(id: section, title: 0),
                     items: (0..<rowsPerSection).map { Row(id: section * rowsPerSection + $0, value: 0) })
    }
    var new = old
    for _ in 0..<5 {
        let section = new.remove(at: Int.random(in: 0..<new.count, using: &generator))
        new.insert(section, at: Int.random(in: 0...new.count, using: &generator))
    }
    var fate = [UInt8](repeating: 0, count: total) // 1 deleted, 2 moved to another section
    for (kind, count) in [(UInt8(1), total / 20), (2, total / 10)] {
        var placed = 0
        while placed < count {
            let k = Int.random(in: 0..<total, using: &generator)
            if fate[k] == 0 { fate[k] = kind; placed += 1 }
        }
    }
    var moving: [Row] = []
    for index in new.indices {
        new[index].items.removeAll { row in
            if fate[row.id] == 2 { moving.append(row) }
            return fate[row.id] != 0
        }
    }
    moving += (0..<total / 20).map { Row(id: total + $0, value: 0) }
    for row in moving {
        let section = Int.random(in: 0..<new.count, using: &generator)
        new[section].items.insert(row, at: Int.random(in: 0...new[section].items.count, using: &generator))
    }
    return (old, new)
}

extension BenchmarkPlan {
    /// The sectioned figures: `SectionedChangeset` against the flat `Changeset` of the same rows
    /// (all sections concatenated) in the same run, and `MemoryStorage.setSections`.
    func registerSectioned() {
        let input = { sectionedScenario() }
        add("sectioned 100x1k flat Changeset", inputKey: "sectioned", input: input,
            prepare: { (old: $0.old.flatMap(\.items), new: $0.new.flatMap(\.items)) }) { rows in
            blackHole(Changeset(from: rows.old, to: rows.new))
        }
        add("sectioned 100x1k SectionedChangeset", inputKey: "sectioned", input: input) { sections in
            blackHole(SectionedChangeset(from: sections.old, to: sections.new))
        }
        add("sectioned 100x1k MemoryStorage.setSections", inputKey: "sectioned", input: input,
            prepare: { sections -> (MemoryStorage, [ArraySection<RowGroup, Row>]) in
                let storage = MemoryStorage()
                storage.setSections(sections.old)
                return (storage, sections.new)
            }) { storage, new in
            storage.setSections(new)
        }
        var table = ResultTable(
            title: "Sectioned, 100 sections x 1,000 rows (5 sections moved, 10% of rows to another section, 5% deleted, 5% inserted)",
            columns: ["diff", "time"])
        table.rows = [
            ("flat Changeset of the same 100,000 rows", [.time("sectioned 100x1k flat Changeset")]),
            ("SectionedChangeset (stages and single batch)", [.time("sectioned 100x1k SectionedChangeset", relativeTo: "sectioned 100x1k flat Changeset")]),
            ("MemoryStorage.setSections, update included", [.time("sectioned 100x1k MemoryStorage.setSections", relativeTo: "sectioned 100x1k flat Changeset")]),
        ]
        tables.append(table)
    }
}
