// The performance record of ModelStorage. `DiffBenchmarks --help` lists the modes; `make bench`
// runs the default tables, `make bench-full` the whole matrix.
import Foundation

let arguments: Arguments
do {
    arguments = try Arguments(CommandLine.arguments)
} catch {
    FileHandle.standardError.write(Data("DiffBenchmarks: \(error)\n\n\(Arguments.help)\n".utf8))
    exit(2)
}

Report.start(json: arguments.json)
switch arguments.mode {
case .help:
    print(Arguments.help)
case .phases:
    PhaseReport.run()
    Report.finish(mode: "phases")
case .memory(let breakdown):
    if breakdown { MemoryReport.runBreakdown() } else { MemoryReport.run(); StreamMemoryReport.run() }
    Report.finish(mode: "memory")
case .database:
    try await DatabaseReport.run(filter: arguments.filter)
    Report.finish(mode: "database")
case .updater:
    ViewUpdaterReport.run()
    Report.finish(mode: "updater")
case .scale:
    let plan = BenchmarkPlan(full: false)
    plan.registerScale(sizes: [100_000, 1_000_000])
    plan.registerOutline(levels: [5, 6])
    plan.registerOutlineView(levels: [5, 6])
    let medians = try plan.run(filter: arguments.filter, iterations: arguments.iterations)
    if !arguments.json {
        print("Medians of one run; ratios compare medians of this run.")
    }
    plan.report(medians)
    if let filter = arguments.filter {
        // The background row alone (it is not a benchmark body): `--filter setItemsInBackground`.
        if "setItemsInBackground".range(of: filter, options: .regularExpression) != nil { await ScaleReport.backgroundRow() }
    } else {
        await ScaleReport.run()
    }
    Report.finish(mode: "scale", medians: medians.mapValues(\.median))
case .digests:
    GoldenDigests.run()
case let .instructions(scenario, algorithm, runs):
    try InstructionReport.run(scenario: scenario, algorithm: algorithm, runs: runs)
case .tables:
    let plan = BenchmarkPlan(full: arguments.full)
    plan.registerDiffs()
    plan.registerStorages()
    plan.registerSingleChanges()
    plan.registerViewUpdates()
    plan.registerUserActions()
    plan.registerStorageList()
    plan.registerTableSteps()
    plan.registerSectioned()
    plan.registerScale(sizes: arguments.full ? [100_000, 1_000_000] : [100_000])
    plan.registerRepeatedIDs()
    let medians = try plan.run(filter: arguments.filter, iterations: arguments.iterations)
    if !arguments.json {
        print("Medians of one run" + (arguments.full ? " (--full)" : "") + "; ratios compare medians of this run.")
    }
    plan.report(medians)
    if arguments.filter == nil && !arguments.json { ViewUpdaterReport.run() }   // --updater gives its JSON
    Report.finish(mode: "tables", medians: medians.mapValues(\.median))
}
