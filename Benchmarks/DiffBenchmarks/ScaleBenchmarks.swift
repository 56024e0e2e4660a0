import FingerprintDiff
import Foundation
import ModelStorage
import SeededRandom

/// 1,000 changes in turn (an insertion at a random position, a removal, a replacement), as
/// positions on a plain array and as the values a `performUpdates` by value names.
struct ScaleBatchInput {
    enum Step {
        case insert(Int, Message)
        case remove(Int, Message)
        case replace(Int, Message, with: Message)
    }

    let items: [Message]
    let steps: [Step]

    init(count: Int) {
        var generator = SplitMix64(seed: UInt64(count) &+ 1_000)
        items = (0..<count).map { Message(id: $0, status: 0) }
        var array = items
        var steps: [Step] = []
        for k in 0..<1_000 {
            switch k % 3 {
            case 0:
                let position = Int.random(in: 0...array.count, using: &generator)
                let item = Message(id: count + k, status: 0)
                array.insert(item, at: position)
                steps.append(.insert(position, item))
            case 1:
                let position = Int.random(in: 0..<array.count, using: &generator)
                steps.append(.remove(position, array.remove(at: position)))
            default:
                let position = Int.random(in: 0..<array.count, using: &generator)
                let old = array[position], new = Message(id: old.id, status: old.status + 1)
                array[position] = new
                steps.append(.replace(position, old, with: new))
            }
        }
        self.steps = steps
    }
}

extension BenchmarkPlan {
    /// `MemoryStorage` at 100,000 and 1,000,000 items, each figure against one whole `Changeset`
    /// of the same list (or the diff the call runs) in the same run, with the targets of the
    /// persistent-tree sections: single changes through a `ViewUpdater`, look-ups after random
    /// edits, `StorageList`'s coordinator, and the whole-list calls.
    func registerScale(sizes: [Int]) {
        let labels = sizes.map(countLabel)
        let columns = ["work"] + sizes.map { "\($0.formatted()) items" } + (sizes.count > 1 ? ["\(labels[1]) ÷ \(labels[0])"] : [])
            + ["target", "met"]
        var changes = ResultTable(
            title: "MemoryStorage, one section: one change through ViewUpdater and a view that does nothing, change after change (main-actor time of the change, the flush, the batch and its completion; multiple of one whole Changeset of the list)",
            columns: columns)
        var lookups = ResultTable(title: "MemoryStorage after 1,000 random edits made with its look-up index built (per call; multiple of one whole Changeset of the list)",
                                  columns: columns)
        var lists = ResultTable(title: "StorageList's coordinator (ListHost) over a MemoryStorage: one replaceItem shown (the flush, the batch, its completion; multiple of one whole Changeset of the list)",
                                columns: columns)
        var whole = ResultTable(title: "MemoryStorage's whole-list calls against the diff they run, and a batch against its floor",
                                columns: columns)
        for (n, label) in zip(sizes, labels) {
            registerScaleChanges(n, label)
            registerScaleLookups(n, label)
            registerScaleList(n, label)
            registerScaleWholeList(n, label)
        }

        /// A row of `names` (one per size, "scale LABEL SUFFIX"), per call, against `baseline`
        /// of the same size, with its target and verdict.
        func row(_ suffix: String, against baseline: String, perCall: Int = 1, target: String,
                 limits: [Double]?, logarithmic: Bool = false) -> [Cell] {
            let names = labels.map { "scale \($0) \(suffix)" }
            let bases = labels.map { "scale \($0) \(baseline)" }
            var cells = zip(names, bases).map { Cell.time($0, relativeTo: $1, perCall: perCall) }
            if sizes.count > 1 { cells.append(.speedup(slow: names[1], fast: names[0])) }
            cells.append(.note(target))
            guard let limits else { return cells + [.note("-")] }
            var checks = zip(names, bases).enumerated().map { k, pair in
                Limit(benchmark: pair.0, relativeTo: pair.1, perCall: perCall, atMost: limits[min(k, limits.count - 1)])
            }
            if logarithmic && sizes.count > 1 { checks.append(Limit(benchmark: names[1], relativeTo: names[0], atMost: 1.5)) }
            return cells + [.verdict(checks)]
        }
        let oneChange = "≤ 0.5× at 100k, ≤ 0.1× at 1M; 1M ≤ 1.5× 100k"
        let baseline = "Changeset"
        changes.rows = [
            ("one whole Changeset of the list, one item changed (baseline)", labels.map { Cell.time("scale \($0) Changeset") }),
            ("replaceItem(_:with:) of the item in the middle", row("replaceItem", against: baseline, target: oneChange, limits: [0.5, 0.1], logarithmic: true)),
            ("insertItem(_:to:) in the middle", row("insertItem", against: baseline, target: oneChange, limits: [0.5, 0.1], logarithmic: true)),
            ("removeItems(at:) in the middle", row("removeItems(at:)", against: baseline, target: oneChange, limits: [0.5, 0.1], logarithmic: true)),
            ("moveItem(at:to:) from a third to two thirds", row("moveItem", against: baseline, target: oneChange, limits: [0.5, 0.1], logarithmic: true)),
        ]
        lookups.rows = [
            ("indexPath(forItem:) of a random item", row("indexPath(forItem:)", against: baseline, perCall: 1_000, target: "≤ 0.01×", limits: [0.01])),
            ("item(at:) of a random index path", row("item(at:)", against: baseline, perCall: 1_000, target: "≤ 0.01×", limits: [0.01])),
            ("removeItem(_:) of a random item, through ViewUpdater as above", row("removeItem", against: baseline, target: oneChange, limits: [0.5, 0.1], logarithmic: true)),
        ]
        lists.rows = [
            ("first change (a fresh host), a view that does nothing", row("StorageList first change", against: baseline, target: "≤ 0.5×", limits: [0.5])),
            ("change after change on one screen, a view that does nothing", row("StorageList steady change", against: baseline, target: "≤ 0.5×", limits: [0.5])),
            ("first change (a fresh host, laid out), SimulatedView, its own time excluded",
             row("StorageList simulated first change without the view", against: baseline, target: "≤ 0.5×", limits: [0.5])),
            ("change after change, SimulatedView, its own time excluded",
             row("StorageList simulated steady change without the view", against: baseline, target: "≤ 0.5×", limits: [0.5])),
            ("  first change with SimulatedView's own time (its checks, its cells and selection)",
             row("StorageList simulated first change", against: baseline, target: "", limits: nil)),
            ("  change after change with SimulatedView's own time", row("StorageList simulated steady change", against: baseline, target: "", limits: nil)),
        ]
        whole.rows = [
            ("Changeset of the mix rows (1% of each change; the typed diff)", labels.map { Cell.time("scale \($0) mix Changeset") }),
            ("setItems(_:forSection:) of the same as [any Sendable] of two types", row("setItems two types", against: "mix Changeset", target: "≤ 3× the typed diff", limits: [3])),
            ("flat Changeset of 100 sections' rows (5 sections moved, 10% of rows to another section, 5% deleted, 5% inserted)", labels.map { Cell.time("scale \($0) flat Changeset") }),
            ("setSections(_:) of the same", row("setSections", against: "flat Changeset", target: "the flat diff's cost (no figure)", limits: nil)),
            ("1,000 changes on a plain array by index + one Changeset (floor)", labels.map { Cell.time("scale \($0) batch floor") }),
            ("performUpdates of the same 1,000 changes by value", row("performUpdates", against: "batch floor", target: "≤ 3× its floor", limits: [3])),
        ]
        tables += [changes, lookups, lists, whole]
    }

    /// Iterations of a benchmark whose one run is one change: fewer at a million items.
    private func scaleIterations(_ n: Int, many: Int = 51) -> Int { n >= 1_000_000 ? max(5, many / 2) : many }

    private func registerScaleChanges(_ n: Int, _ label: String) {
        let key = "scale-updater-\(label)"
        let input = { MainActor.assumeIsolated { UpdatedScaleStorage(ScaleList(count: n)) } }
        add("scale \(label) Changeset", inputKey: key, input: input) { shown in
            blackHole(Changeset(from: shown.list.items, to: shown.list.oneChanged))
        }
        let changes: [(String, (UpdatedScaleStorage) -> Void)] = [
            ("replaceItem", { shown in MainActor.assumeIsolated { shown.replaceMiddle() } }),
            ("insertItem", { shown in MainActor.assumeIsolated { shown.insertMiddle() } }),
            ("removeItems(at:)", { shown in MainActor.assumeIsolated { shown.removeMiddle() } }),
            ("moveItem", { shown in MainActor.assumeIsolated { shown.moveThird() } }),
        ]
        for (name, change) in changes {
            add("scale \(label) \(name)", inputKey: key, input: input, prepare: { $0 }, iterations: scaleIterations(n), body: change)
        }
    }

    private func registerScaleLookups(_ n: Int, _ label: String) {
        let key = "scale-edited-\(label)"
        let input = { MainActor.assumeIsolated { EditedScaleStorage(ScaleList(count: n)) } }
        add("scale \(label) indexPath(forItem:)", inputKey: key, input: input, prepare: { $0 }, iterations: 25) { edited in
            MainActor.assumeIsolated {
                var found = 0
                for probe in edited.probes where edited.shown.storage.indexPath(forItem: probe) != nil { found += 1 }
                precondition(found == edited.probes.count, "every probe found")
            }
        }
        add("scale \(label) item(at:)", inputKey: key, input: input, prepare: { $0 }, iterations: 25) { edited in
            MainActor.assumeIsolated {
                var found = 0
                for path in edited.paths where edited.shown.storage.item(at: path) != nil { found += 1 }
                precondition(found == edited.paths.count, "every index path valid")
            }
        }
        add("scale \(label) removeItem", inputKey: key, input: input, prepare: { $0 }, iterations: scaleIterations(n)) { edited in
            MainActor.assumeIsolated { edited.removeNextVictim() }
        }
    }

    private func registerScaleList(_ n: Int, _ label: String) {
        for simulated in [false, true] {
            let key = "scale-list-\(simulated)-\(label)"
            let input = { MainActor.assumeIsolated { HostedScaleList(ScaleList(count: n), simulated: simulated) } }
            let name = "scale \(label) StorageList" + (simulated ? " simulated" : "")
            /// One change shown, and with a simulated view, what is left without its own time.
            func show(_ hosted: HostedScaleList, _ name: String) {
                MainActor.assumeIsolated {
                    let start = DispatchTime.now().uptimeNanoseconds
                    let viewTime = hosted.replaceMiddle()
                    if simulated {
                        SelfTimedFigures.record(name + " without the view", Double(DispatchTime.now().uptimeNanoseconds - start) - viewTime)
                    }
                }
            }
            add(name + " first change", inputKey: key, input: input,
                prepare: { hosted in MainActor.assumeIsolated { HostedScaleList(hosted.list, simulated: simulated) } },
                iterations: scaleIterations(n, many: 11)) { show($0, name + " first change") }
            add(name + " steady change", inputKey: key, input: input, prepare: { $0 }, iterations: scaleIterations(n)) {
                show($0, name + " steady change")
            }
        }
    }

    private func registerScaleWholeList(_ n: Int, _ label: String) {
        let mix = { let (old, new) = mixScenario(count: n); return (old: old, new: new, untyped: (old: twoTypes(old), new: twoTypes(new))) }
        add("scale \(label) mix Changeset", inputKey: "scale-mix-\(label)", input: mix) { lists in
            blackHole(Changeset(from: lists.old, to: lists.new))
        }
        add("scale \(label) setItems two types", inputKey: "scale-mix-\(label)", input: mix,
            prepare: { lists -> (MemoryStorage, [any Sendable]) in
                let storage = MemoryStorage()
                try! storage.addItems(lists.untyped.old)
                return (storage, lists.untyped.new)
            }, iterations: scaleIterations(n, many: 11)) { (storage: MemoryStorage, new: [any Sendable]) in
            try! storage.setItems(new, forSection: 0)
        }
        let sectioned = { sectionedScenario(sections: 100, rowsPerSection: n / 100) }
        add("scale \(label) flat Changeset", inputKey: "scale-sectioned-\(label)", input: sectioned,
            prepare: { (old: $0.old.flatMap(\.items), new: $0.new.flatMap(\.items)) }) { rows in
            blackHole(Changeset(from: rows.old, to: rows.new))
        }
        add("scale \(label) setSections", inputKey: "scale-sectioned-\(label)", input: sectioned,
            prepare: { sections -> (MemoryStorage, [ArraySection<RowGroup, Row>]) in
                let storage = MemoryStorage()
                storage.setSections(sections.old)
                return (storage, sections.new)
            }, iterations: scaleIterations(n, many: 11)) { storage, new in
            storage.setSections(new)
        }
        let batch = { ScaleBatchInput(count: n) }
        add("scale \(label) batch floor", inputKey: "scale-batch-\(label)", input: batch) { input in
            var array = input.items
            for step in input.steps {
                switch step {
                case let .insert(position, item): array.insert(item, at: position)
                case let .remove(position, _): array.remove(at: position)
                case let .replace(position, _, new): array[position] = new
                }
            }
            blackHole(Changeset(from: input.items, to: array))
        }
        add("scale \(label) performUpdates", inputKey: "scale-batch-\(label)", input: batch,
            prepare: { input -> (MemoryStorage, ScaleBatchInput) in
                let storage = MemoryStorage()
                try! storage.addItems(input.items)
                storage.addObserver { blackHole($0) }
                _ = storage.indexPath(forItem: input.items[0])
                return (storage, input)
            }, iterations: scaleIterations(n, many: 11)) { storage, input in
            storage.performUpdates {
                for step in input.steps {
                    switch step {
                    case let .insert(position, item): try! storage.insertItem(item, to: IndexPath(indexes: [0, position]))
                    case let .remove(_, item): try! storage.removeItem(item)
                    case let .replace(_, old, new): try! storage.replaceItem(old, with: new)
                    }
                }
            }
        }
    }
}
