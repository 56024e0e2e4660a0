/// The command line of `DiffBenchmarks`.
struct Arguments {
    enum Mode {
        /// The benchmark tables (the default).
        case tables
        /// Where the time of one diff goes, step by step.
        case phases
        /// Peak extra memory per element of one diff.
        case memory(breakdown: Bool)
        /// DatabaseStorage against GRDB's ValueObservation.
        case database
        /// The view updater's storm and the memory an updater adds.
        case updater
        /// MemoryStorage at 100,000 and 1,000,000 items against one whole Changeset.
        case scale
        /// Runs `runs` diffs of one scenario inside `instructionProbe`, for callgrind.
        case instructions(scenario: String, algorithm: String, runs: Int)
        /// Digests of the package's outputs on fixed inputs.
        case digests
        case help
    }

    var mode: Mode = .tables
    /// Every scenario and every baseline that takes under 10 s per run (`--full`).
    var full = false
    /// A regular expression over benchmark names (`--filter`).
    var filter: String?
    /// A fixed number of iterations per benchmark instead of the adaptive count.
    var iterations: Int?
    /// `json` for machines.
    var json = false

    static let help = """
        DiffBenchmarks: the performance record of ModelStorage.

        USAGE: DiffBenchmarks [--full] [--filter REGEX] [--iterations N] [--format table|json]
               DiffBenchmarks --phases | --memory [--breakdown] | --database | --updater
               DiffBenchmarks --scale [--filter REGEX]
               DiffBenchmarks --instructions SCENARIO [--algorithm heckel|myers] [--runs N]
               DiffBenchmarks --digests

        With no mode it prints the tables: each diff next to the time to fingerprint its two
        lists ("floor", measured in the same run) and next to the standard library; each
        storage operation next to the bare diff it runs. Times are medians, in the unit that
        fits; progress goes to stderr. The default run takes about a minute; --full adds the
        1,000,000-element shapes and every baseline that takes under 10 s per run.

          --full              the whole matrix (several minutes)
          --filter REGEX      only the benchmarks whose name matches
          --iterations N      N iterations per benchmark instead of the adaptive count
          --format json       the medians as JSON, for machines
          --phases            where the time of one diff goes (C core steps, end to end),
                              at 100, 1,000, 5,000, 100,000 and 1,000,000 elements
          --memory            peak extra memory per element of one 1,000,000-element diff,
                      and what 200,000 mutations cost with a stream that is never read
                              (--breakdown: per step)
          --database          DatabaseStorage: commit to delivered update, and read-and-diff,
                              against GRDB's ValueObservation and fetchAll (--filter: the parts
                              whose title matches, e.g. "pool 10,000")
          --updater           the view updater: a storm of 10,000 mutations a second for 10
                              simulated seconds (batches sent, main-actor time per batch), and
                              the memory an updater adds to a storage (also after the tables)
          --scale             MemoryStorage at 100,000 and 1,000,000 items, each figure against
                              one whole Changeset of the same list in the same run, with its
                              target: one change through ViewUpdater, look-ups after 1,000
                              random edits, StorageList's coordinator, whole-list calls, the
                              background setItems' main-actor share, and memory (the default
                              tables have its medians at 100,000 items; --full at both sizes;
                              --filter setItemsInBackground: the background row alone)
          --instructions S    runs the diffs of scenario S (feed-1k, dk5k, mix-1M, ...) inside
                              the function `instructionProbe`, for
                              valgrind --tool=callgrind --toggle-collect='*instructionProbe*'
                              (make instructions does this)
          --digests           digests of fingerprints, changesets, sectioned changesets and
                              storage updates on fixed inputs, one line per group, to compare
                              before and after a change that must not alter results
                              (make digests compares them with Benchmarks/digests.txt)
        """

    init(_ arguments: [String]) throws(ArgumentError) {
        var rest = arguments.dropFirst()[...]
        func value(of flag: String) throws(ArgumentError) -> String {
            guard let value = rest.popFirst() else { throw ArgumentError("\(flag) needs a value") }
            return value
        }
        var algorithm = "heckel"
        var runs = 10
        var probe: String?
        while let argument = rest.popFirst() {
            switch argument {
            case "--help", "-h": mode = .help
            case "--full": full = true
            case "--filter": filter = try value(of: argument)
            case "--iterations":
                guard let n = Int(try value(of: argument)), n > 0 else { throw ArgumentError("--iterations takes a positive number") }
                iterations = n
            case "--format":
                switch try value(of: argument) {
                case "json": json = true
                case "table", "console": json = false
                case let other: throw ArgumentError("unknown format \(other) (table or json)")
                }
            case "--phases": mode = .phases
            case "--memory": mode = .memory(breakdown: rest.contains("--breakdown"))
            case "--breakdown": break
            case "--database": mode = .database
            case "--updater": mode = .updater
            case "--scale": mode = .scale
            case "--digests": mode = .digests
            case "--instructions": probe = try value(of: argument)
            case "--algorithm": algorithm = try value(of: argument)
            case "--runs":
                guard let n = Int(try value(of: argument)), n > 0 else { throw ArgumentError("--runs takes a positive number") }
                runs = n
            default: throw ArgumentError("unknown argument \(argument)")
            }
        }
        if let probe { mode = .instructions(scenario: probe, algorithm: algorithm, runs: runs) }
    }
}

/// A command line that cannot be run, with the reason.
struct ArgumentError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
