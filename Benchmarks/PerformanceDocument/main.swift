// Writes Documentation/Performance.md, and the README's performance table between its markers,
// from the JSON documents the benchmark's modes write (`make performance`). Every table of the
// document is a table of the JSON, as the benchmark reported it; nothing here types a figure.
//
//   PerformanceDocument JSON_FOLDER PERFORMANCE_MD README_MD
import Foundation

/// A table as the benchmark reports it (`Report.Table` in DiffBenchmarks).
struct Table: Decodable {
    var title: String
    var columns: [String]
    var rows: [[String]]
    var notes: [String]
}

/// One run of one mode (`Report.Document` in DiffBenchmarks).
struct Run: Decodable {
    var mode: String
    var command: String
    var date: String
    var machine: [String: String]
    var tables: [Table]
}

/// The modes of the document, in its order: the file, the heading, the command that makes it,
/// and what it measures.
let sections: [(file: String, heading: String, command: String, about: String)] = [
    ("tables", "The benchmark tables", "DiffBenchmarks --format json`, printed for people by `make bench",
     "Medians of one run. Each diff is shown next to its floor (the time to fingerprint both lists with XXH3, measured in the same run: the least a diff over hashed fingerprints can cost) and next to the standard library's `new.difference(from: old).inferringMoves()` where one run of it takes under a few seconds; each storage operation next to the bare `Changeset` it runs. Ratios compare medians of the same run. mix-N: N `Int` ids with 1% deleted, inserted, moved and changed; feed-1k: a feed page with new items on top and a few edits; dk5k and dk100k: DifferenceKit's published scenario (5,000 and 100,000 UUIDs, its deletions, insertions, moves and updates)."),
    ("phases", "Where the time of one diff goes", "DiffBenchmarks --phases --format json`, printed by `make phases",
     "Medians of each step of one Heckel diff: the C core's calls alone (with malloc), then the Swift facade end to end, against the floor."),
    ("memory", "Memory", "DiffBenchmarks --memory --format json`, printed by `make memory",
     "Peak extra memory of one diff of 1,000,000 elements (result included), and the resident memory that 200,000 mutations add, by kind of subscriber."),
    ("updater", "The view updater", "DiffBenchmarks --updater --format json",
     "A storm of single mutations with simulated animations and display frames, driven by the benchmark's clock (no real time passes in the updater's decisions), and the memory an updater adds to a storage."),
    ("database", "DatabaseStorage", "DiffBenchmarks --database --format json`, printed by `make database",
     "SQLite files of 10,000 and 100,000 books in 20 genres (the sections), indexed on the request's order; each commit changes 100 rows. Commit to delivered update is timed from the start of the write; GRDB's `ValueObservation` of `fetchAll` on the same database is the baseline of the same run."),
    ("scale", "MemoryStorage at 100,000 and 1,000,000 items", "DiffBenchmarks --scale --format json`, printed by `make bench-scale",
     "Medians of change after change on one screen, each against one whole `Changeset` of the same list (or the diff the call runs) measured in the same run, with the target each figure must meet: one change through `ViewUpdater` with a view that does nothing (the main actor's time of the storage's change, the flush, the batch and its completion), look-ups after 1,000 random edits, `StorageList`'s coordinator (over a view that does nothing, and over a `SimulatedView` whose own time is counted apart), the whole-list calls, the main actor's share of a background `setItems` (its processor time from the call to the delivery), and memory from malloc's statistics. A million-item row runs fewer iterations than a 100,000-item one, never a smaller list."),
    ("instructions", "Instructions per diff", "Benchmarks/instructions.sh --format json`, printed by `make instructions",
     "Instructions executed per diff under valgrind's callgrind (fingerprinting the ids included), each column one release build (`make instructions` counts two: libxxhash's XXH3 and the package's own; `instructions.sh BINARY` one): these counts do not move with the machine's load the way times do."),
]

/// A Markdown table: the first column on the left, the figures on the right.
func markdown(_ table: Table) -> String {
    func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
    var lines = ["| " + table.columns.map(cell).joined(separator: " | ") + " |",
                 "|" + table.columns.indices.map { $0 == 0 ? "---|" : "---:|" }.joined()]
    for row in table.rows {
        let cells = row + Array(repeating: "", count: max(0, table.columns.count - row.count))
        lines.append("| " + cells.map(cell).joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n")
}

/// The machine and the conditions of one run, in a sentence.
func conditions(_ run: Run) -> String {
    let m = run.machine
    var parts: [String] = []
    if let processor = m["processor"] { parts.append(processor) }
    if let cores = m["cores"] { parts.append("\(cores) cores") }
    if let memory = m["memory"] { parts.append(memory) }
    if let distribution = m["distribution"] { parts.append(distribution) }
    if let swift = m["swift"] { parts.append(swift) }
    let load = "load average (1, 5, 15 min) \(m["load at start"] ?? "n/a") at the start, \(m["load at end"] ?? "n/a") at the end"
    return "Run on \(run.date): `\(run.command)`; \(parts.joined(separator: ", ")); \(load)."
}

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: PerformanceDocument JSON_FOLDER PERFORMANCE_MD README_MD\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[1])
let toolchain = (try? String(contentsOf: folder.appendingPathComponent("toolchain.txt"), encoding: .utf8))?
    .trimmingCharacters(in: .whitespacesAndNewlines)

var runs: [String: Run] = [:]
for section in sections {
    let url = folder.appendingPathComponent(section.file + ".json")
    guard let data = try? Data(contentsOf: url) else { continue }
    do {
        var run = try JSONDecoder().decode(Run.self, from: data)
        if run.machine["swift"] == nil, let toolchain { run.machine["swift"] = toolchain }
        runs[section.file] = run
    } catch {
        FileHandle.standardError.write(Data("PerformanceDocument: \(url.path): \(error)\n".utf8))
        exit(1)
    }
}
guard let main = runs["tables"], let diffs = main.tables.first(where: { $0.title.hasPrefix("Diffs") }) else {
    FileHandle.standardError.write(Data("PerformanceDocument: no diff table in \(folder.path)/tables.json\n".utf8))
    exit(1)
}

// The document.
var document = """
    # Performance

    Every table below is generated by `make performance` from the JSON files in
    `Documentation/performance/` (one per benchmark mode); do not edit this file by hand. To
    regenerate the document from the committed JSON without running the benchmark:
    `make performance-document`.

    Times are medians. The machine is a shared virtual machine, so absolute times move with its
    load (noted for each run); compare the ratios, which put each figure next to a baseline
    measured in the same run, and the instruction counts, which do not depend on the load.

    The benchmark does not run other diff libraries. Its dk5k and dk100k rows use the inputs of
    DifferenceKit's published benchmark, so that DifferenceKit's own figures can be set beside
    them by input, not by machine.

    """
for section in sections {
    guard let run = runs[section.file] else { continue }
    document += "\n## \(section.heading)\n\n"
    document += "`\(section.command)`. \(section.about)\n\n"
    document += conditions(run) + "\n"
    for table in run.tables {
        document += "\n### \(table.title)\n\n" + markdown(table) + "\n"
        if !table.notes.isEmpty { document += "\n" + table.notes.joined(separator: "\n\n") + "\n" }
    }
}
try document.write(to: URL(fileURLWithPath: arguments[2]), atomically: true, encoding: .utf8)

// The README's table: the diff table of the default run, with the run's command and machine.
let begin = "<!-- performance-table:begin -->", end = "<!-- performance-table:end -->"
let readmeURL = URL(fileURLWithPath: arguments[3])
let readme = try String(contentsOf: readmeURL, encoding: .utf8)
guard let start = readme.range(of: begin), let stop = readme.range(of: end), start.upperBound <= stop.lowerBound else {
    FileHandle.standardError.write(Data("PerformanceDocument: \(arguments[3]) has no \(begin) ... \(end)\n".utf8))
    exit(1)
}
let m = main.machine
let machine = [m["processor"], m["cores"].map { "\($0) cores" }, m["memory"], m["distribution"], m["swift"]]
    .compactMap { $0 }.joined(separator: ", ")
let table = """

    `make bench` on \(machine), \(String(main.date.prefix(10))), load average \(m["load at start"] ?? "n/a") \
    (a shared machine). Median time of one diff; in parentheses, its multiple of the floor (fingerprinting \
    both lists with XXH3, in the same run); stdlib is `new.difference(from: old).inferringMoves()`:

    \(markdown(diffs))

    """
try (readme[..<start.upperBound] + table + readme[stop.lowerBound...])
    .write(to: readmeURL, atomically: true, encoding: .utf8)
