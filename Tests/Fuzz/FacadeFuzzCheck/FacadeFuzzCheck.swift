// Decodes a fuzzer input into two lists of identifiable elements and checks every rule of the
// Swift facade on them: the batch-update oracle, identity of matched pairs, the most pairs
// possible, exact updates, minimal moves, and for Heckel never more moves than occurrence order
// (that very matching for unique ids). Shared by the libFuzzer
// harness (Tests/Fuzz/facade_harness.swift, compiled in one module with the FingerprintDiff
// sources) and the corpus replay of the ordinary test run.
//
// Input format: byte 0 bits 0-1 alphabet (2, 8, 64, 256 ids), bit 2 a terrible fingerprint
// (4 values), bits 3-5 Myers cost limit (0: default, k: 4^k); byte 1 old/new split (x/255);
// then one element per byte: id = byte % alphabet, content = byte / alphabet % 2.
//
// The same bytes are also read as sections (every byte divisible by 9 starts a section with id
// byte / 9 % 5 and title byte / 45 % 2, the others are its items) and the sectioned diff is
// checked: its stages and its single batch each legal and turning old into new. Last, the same
// bytes are read as hand-made updates (ArbitraryUpdateCheck.swift): validate and apply agree,
// and the transforms of a legal update hold.
#if canImport(FingerprintDiff)
import FingerprintDiff
#endif

/// The facade's invariants on one decoded input.
public enum FacadeFuzzCheck {
    /// An element of a fuzzed list.
    struct Element: Identifiable, Equatable {
        var id: Int
        var content: Int
    }

    /// An id whose fingerprint has only 4 values: collisions everywhere.
    struct ClumsyID: Hashable, Fingerprintable {
        var value: Int
        func fingerprint(into hasher: inout FingerprintHasher) { hasher.combine(UInt64(value & 3)) }
    }

    struct ClumsyElement: Identifiable, Equatable {
        var id: ClumsyID
        var content: Int
    }

    /// Returns nil when every rule holds, else a description of the first broken one.
    public static func run(_ data: [UInt8]) -> String? {
        let mode = data.first ?? 0
        let split = data.count > 1 ? Int(data[1]) : 128
        let alphabet = [2, 8, 64, 256][Int(mode & 3)]
        let clumsy = mode & 4 != 0
        let budgetCode = Int((mode >> 3) & 7)
        let elements = data.count > 2 ? Array(data[2...]) : []
        let oldCount = elements.count * split / 255
        let decoded = elements.map { Element(id: Int($0) % alphabet, content: Int($0) / alphabet % 2) }
        let old = Array(decoded[..<oldCount]), new = Array(decoded[oldCount...])
        let algorithms: [DiffAlgorithm] = [.heckel, budgetCode == 0 ? .myers : .myers(costLimit: 1 << (2 * UInt64(budgetCode)))]
        for algorithm in algorithms {
            let failure: String?
            // The changeset built in the pass that confirms the pairs must be the one read from
            // the confirmed matching afterwards (the path it replaced).
            let sameAsByMatching: Bool
            if clumsy {
                let clumsyOld = old.map { ClumsyElement(id: ClumsyID(value: $0.id), content: $0.content) }
                let clumsyNew = new.map { ClumsyElement(id: ClumsyID(value: $0.id), content: $0.content) }
                let changeset = Changeset(from: clumsyOld, to: clumsyNew, algorithm: algorithm)
                failure = check(changeset, clumsyOld, clumsyNew, ids: { $0.id.value }, heckel: algorithm == .heckel)
                sameAsByMatching = changeset == Changeset._computeByMatching(
                    clumsyOld, clumsyNew, algorithm, identity: _IdentifiableIdentity<ClumsyElement>())
            } else {
                let changeset = Changeset(from: old, to: new, algorithm: algorithm)
                failure = check(changeset, old, new, ids: { $0.id }, heckel: algorithm == .heckel)
                sameAsByMatching = changeset == Changeset._computeByMatching(
                    old, new, algorithm, identity: _IdentifiableIdentity<Element>())
            }
            if let failure { return "\(algorithm): \(failure)" }
            if !sameAsByMatching { return "\(algorithm): the one-pass changeset differs from the matching's" }
            let sectionedFailure: String?
            let oldSections = sections(elements[..<oldCount], alphabet: alphabet)
            let newSections = sections(elements[oldCount...], alphabet: alphabet)
            if clumsy {
                func clumsySections(_ sections: [ArraySection<Group, Element>]) -> [ArraySection<Group, ClumsyElement>] {
                    sections.map { section in
                        ArraySection(model: section.model, items: section.items.map {
                            ClumsyElement(id: ClumsyID(value: $0.id), content: $0.content)
                        })
                    }
                }
                let clumsyOld = clumsySections(oldSections), clumsyNew = clumsySections(newSections)
                sectionedFailure = checkSectioned(SectionedChangeset(from: clumsyOld, to: clumsyNew, algorithm: algorithm),
                                                  clumsyOld, clumsyNew)
            } else {
                sectionedFailure = checkSectioned(SectionedChangeset(from: oldSections, to: newSections, algorithm: algorithm),
                                                  oldSections, newSections)
            }
            if let sectionedFailure { return "\(algorithm) sectioned: \(sectionedFailure)" }
        }
        if let failure = ArbitraryUpdateCheck.run(data) { return "arbitrary update: \(failure)" }
        return nil
    }

    /// A section's identity and title.
    struct Group: Identifiable, Equatable {
        var id: Int
        var title: Int
    }

    /// Bytes read as sections: a byte divisible by 9 starts a section, the others are items.
    static func sections(_ bytes: ArraySlice<UInt8>, alphabet: Int) -> [ArraySection<Group, Element>] {
        var result: [ArraySection<Group, Element>] = []
        for byte in bytes {
            if byte % 9 == 0 {
                result.append(ArraySection(model: Group(id: Int(byte / 9) % 5, title: Int(byte / 45) % 2), items: []))
                continue
            }
            if result.isEmpty { result.append(ArraySection(model: Group(id: 7, title: 0), items: [])) }
            result[result.count - 1].items.append(Element(id: Int(byte) % alphabet, content: Int(byte) / alphabet % 2))
        }
        return result
    }

    /// The sectioned rules: every stage legal on the data before it, the stages and the single
    /// batch each turning old into new (items and section models), at most three stages.
    static func checkSectioned<E: Equatable>(_ changeset: SectionedChangeset, _ old: [ArraySection<Group, E>],
                                             _ new: [ArraySection<Group, E>]) -> String? {
        let oldItems = old.map(\.items), newItems = new.map(\.items)
        let oldModels = old.map(\.model), newModels = new.map(\.model)
        do {
            try changeset.validate(oldItemCounts: oldItems.map(\.count), newItemCounts: newItems.map(\.count))
            guard try changeset.apply(to: oldItems, with: newItems) == newItems else { return "stages: apply(old) != new" }
            guard try changeset.applyToSections(oldModels, with: newModels) == newModels else { return "stages: section models" }
            guard try changeset.batchUpdate.apply(to: oldItems, with: newItems) == newItems else { return "batch: apply(old) != new" }
            guard try changeset.batchUpdate.applyToSections(oldModels, with: newModels) == newModels else {
                return "batch: section models"
            }
        } catch {
            return "illegal: \(error)"
        }
        guard changeset.stages.count <= 3 else { return "more than three stages" }
        return nil
    }

    static func check<E: Equatable>(_ changeset: Changeset, _ old: [E], _ new: [E], ids: (E) -> Int, heckel: Bool) -> String? {
        let batch = BatchUpdate(changeset)
        do {
            guard try batch.apply(to: old, with: new) == new else { return "apply(old) != new" }
        } catch {
            return "illegal batch update: \(error)"
        }
        let deleted = Set(changeset.deletions), inserted = Set(changeset.insertions)
        let movedFrom = Set(changeset.moves.map(\.from)), movedTo = Set(changeset.moves.map(\.to))
        let stayOld = old.indices.filter { !deleted.contains($0) && !movedFrom.contains($0) }
        let stayNew = new.indices.filter { !inserted.contains($0) && !movedTo.contains($0) }
        guard stayOld.count == stayNew.count else { return "unmoved elements do not pair up" }
        let pairs = (zip(stayOld, stayNew).map { ($0, $1) } + changeset.moves.map { ($0.from, $0.to) }).sorted { $0.0 < $1.0 }
        for (i, j) in pairs where ids(old[i]) != ids(new[j]) { return "pair \(i)->\(j) has different ids" }
        var counts: [Int: (Int, Int)] = [:]
        for element in old { counts[ids(element), default: (0, 0)].0 += 1 }
        for element in new { counts[ids(element), default: (0, 0)].1 += 1 }
        guard pairs.count == counts.values.reduce(0, { $0 + min($1.0, $1.1) }) else { return "not every matchable id matched" }
        let expectedUpdates = pairs.filter { old[$0.0] != new[$0.1] }.map { Changeset.Update(old: $0.0, new: $0.1) }
        guard changeset.updates == expectedUpdates else { return "updates are not exactly the changed pairs" }
        var tails: [Int] = []
        for (_, j) in pairs {
            var low = 0, high = tails.count
            while low < high { let mid = (low + high) / 2; if tails[mid] < j { low = mid + 1 } else { high = mid } }
            if low == tails.count { tails.append(j) } else { tails[low] = j }
        }
        guard changeset.moves.count == pairs.count - tails.count else { return "moves not minimal for the matching" }
        if heckel {
            var seenOld: [Int: [Int]] = [:]
            for (i, element) in old.enumerated() { seenOld[ids(element), default: []].append(i) }
            var taken: [Int: Int] = [:]
            let byNew = pairs.sorted { $0.1 < $1.1 }
            var expected: [(Int, Int)] = []
            for (j, element) in new.enumerated() {
                let id = ids(element), k = taken[id, default: 0]
                if let queue = seenOld[id], k < queue.count { expected.append((queue[k], j)); taken[id] = k + 1 }
            }
            // Repeated ids: never more moves than occurrence order; unique ids: that very matching.
            let unique = Set(old.map(ids)).count == old.count && Set(new.map(ids)).count == new.count
            if unique {
                guard byNew.map(\.0) == expected.map(\.0) && byNew.map(\.1) == expected.map(\.1) else {
                    return "unique ids: Heckel is not the only matching"
                }
            } else {
                var occurrenceTails: [Int] = []
                for (i, _) in expected {
                    var low = 0, high = occurrenceTails.count
                    while low < high {
                        let mid = (low + high) / 2
                        if occurrenceTails[mid] < i { low = mid + 1 } else { high = mid }
                    }
                    if low == occurrenceTails.count { occurrenceTails.append(i) } else { occurrenceTails[low] = i }
                }
                guard changeset.moves.count <= expected.count - occurrenceTails.count else {
                    return "Heckel moves \(changeset.moves.count), occurrence order \(expected.count - occurrenceTails.count)"
                }
            }
        }
        return nil
    }
}
