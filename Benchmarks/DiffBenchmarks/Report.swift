import Foundation

/// What a run measured, as tables: printed for people as it goes, or, with `--format json`,
/// kept and written as one JSON document at the end, which `PerformanceDocument` turns into
/// Documentation/Performance.md. Every mode reports through it, so a figure printed for people
/// is the figure the document shows.
enum Report {
    /// One table: a title, column headings, rows of cells (the first cell is the row's label),
    /// and notes that belong under it (counts, the conditions of the run).
    struct Table: Codable {
        var title: String
        var columns: [String]
        var rows: [[String]]
        var notes: [String] = []
    }

    /// The JSON document of one run.
    struct Document: Codable {
        /// The mode (`tables`, `phases`, `memory`, `database`, `updater`, `instructions`).
        var mode: String
        /// The command line, as run.
        var command: String
        /// When the run started (ISO 8601, UTC).
        var date: String
        /// The machine: processor, cores, memory, system, and the load averages (1, 5 and 15
        /// minutes) when the run started and when it ended.
        var machine: [String: String]
        var tables: [Table]
        /// The median of every benchmark of the default tables, in ns, by name.
        var medians: [String: Double]?
    }

    /// Tables are kept for one JSON document instead of printed.
    nonisolated(unsafe) static var json = false
    nonisolated(unsafe) private static var tables: [Table] = []
    nonisolated(unsafe) private static var started = Date()
    nonisolated(unsafe) private static var loadAtStart = loadAverages()

    /// Starts a run: with `json`, tables are kept for `finish`.
    static func start(json: Bool) {
        self.json = json
        started = Date()
        loadAtStart = loadAverages()
    }

    /// Reports a table: printed now, or kept for the JSON document.
    static func table(_ title: String, columns: [String], rows: [[String]], notes: [String] = []) {
        if json {
            tables.append(Table(title: title, columns: columns, rows: rows, notes: notes))
            return
        }
        print(render(Table(title: title, columns: columns, rows: rows, notes: notes)))
    }

    /// Ends a run: with `json`, prints the document of every table reported.
    static func finish(mode: String, medians: [String: Double]? = nil) {
        guard json else { return }
        var machine = machineDescription()
        machine["load at start"] = loadAtStart
        machine["load at end"] = loadAverages()
        let document = Document(mode: mode, command: (["DiffBenchmarks"] + CommandLine.arguments.dropFirst()).joined(separator: " "),
                                date: ISO8601DateFormatter().string(from: started), machine: machine,
                                tables: tables, medians: medians)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try! encoder.encode(document), as: UTF8.self))
    }

    /// A table as text, each column as wide as its widest cell, numbers on the right.
    static func render(_ table: Table) -> String {
        var widths = table.columns.map(\.count)
        for row in table.rows {
            for (k, cell) in row.enumerated() where k < widths.count { widths[k] = max(widths[k], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { Formatting.pad($1, widths[min($0, widths.count - 1)], right: $0 > 0) }
                .joined(separator: "  ")
        }
        var lines = ["", table.title, line(table.columns), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
        lines += table.rows.map(line)
        lines += table.notes.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }

    /// `/proc/loadavg`'s three averages ("0.52 0.61 0.70"), or "n/a" where there is none.
    static func loadAverages() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "n/a" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// The processor, the number of cores, the memory and the system.
    static func machineDescription() -> [String: String] {
        let info = ProcessInfo.processInfo
        var machine = ["cores": "\(info.activeProcessorCount)",
                       "memory": "\(info.physicalMemory / 1_073_741_824) GiB",
                       "system": info.operatingSystemVersionString]
        if let cpu = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
           let model = cpu.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
           let name = model.split(separator: ":", maxSplits: 1).last {
            machine["processor"] = name.trimmingCharacters(in: .whitespaces)
        }
        if let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
           let pretty = release.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") }) {
            machine["distribution"] = pretty.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return machine
    }
}
