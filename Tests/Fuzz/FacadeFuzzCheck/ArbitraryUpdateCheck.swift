// The bytes of a fuzzer input read as updates made by hand (or decoded from an untrusted
// source): indexes from -2 to 17 against lists of up to 15 elements, repeated, conflicting, index
// paths of the wrong length. `validate` and `apply` must agree (apply throws exactly what
// validate throws, never traps), and a legal update's transforms must hold: `withoutMoves`
// gives the same list, `inverted` takes it back.
//
// Input format (after the two bytes `FacadeFuzzCheck.run` reads): byte 2 old count % 16,
// byte 3 new count % 16 when odd (when even, the count that adds up, and indexes within the
// counts: mostly legal updates), then one operation per byte (kind = byte % 5: deletion,
// insertion, move, stage-1 reload, stage-2 reload; index = byte / 5 % 20 - 2; a move takes its
// destination from the next byte). The same bytes are read as sections: byte 2 % 5 old sections, byte 3 % 5
// new sections, items per section from the following bytes % 6, then operations as above on
// index paths [index % 5, next index]; a byte above 250 makes a malformed path. When byte 2 is
// even, only item operations and section reloads, within the counts, with new counts that add
// up (ArbitraryUpdateCheck.mostlyLegalSectioned): many are legal.
#if canImport(FingerprintDiff)
import FingerprintDiff
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum ArbitraryUpdateCheck {
    static func run(_ data: [UInt8]) -> String? {
        guard data.count >= 4 else { return nil }
        if let failure = flat(data) { return "flat: \(failure)" }
        if let failure = sectioned(data) { return "sectioned: \(failure)" }
        return nil
    }

    static func index(_ byte: UInt8) -> Int { Int(byte / 5) % 20 - 2 }

    static func flat(_ data: [UInt8]) -> String? {
        let oldCount = Int(data[2] % 16)
        let operations = Array(data[4...])
        // Byte 3 even: the new count adds up and indexes fall in range, so that many updates
        // are legal and their transforms get checked; odd: anything.
        let leaning = data[3] % 2 == 0
        let deletions = operations.filter { $0 % 5 == 0 }.count, insertions = operations.filter { $0 % 5 == 1 }.count
        let newCount = leaning ? max(0, oldCount - deletions + insertions) : Int(data[3] % 16)
        func old(_ byte: UInt8) -> Int { leaning ? Int(byte / 5) % max(1, oldCount) : index(byte) }
        func new(_ byte: UInt8) -> Int { leaning ? Int(byte / 5) % max(1, newCount) : index(byte) }
        var update = BatchUpdate()
        var bytes = operations.makeIterator()
        while let byte = bytes.next() {
            switch byte % 5 {
            case 0: update.deletions.append(old(byte))
            case 1: update.insertions.append(new(byte))
            case 2: update.moves.append(Changeset.Move(from: old(byte), to: new(bytes.next() ?? 0)))
            case 3: update.reloads.append(old(byte))
            default: update.reloadsAfterMoves.append(new(byte))
            }
        }
        let old = Array(0..<oldCount), new = Array(100..<(100 + newCount))
        var refused: BatchUpdateError?
        do { try update.validate(oldCount: oldCount, newCount: newCount) } catch { refused = error }
        let result: [Int]
        do {
            result = try update.apply(to: old, with: new)
        } catch {
            return refused == error ? nil : "apply threw \(error), validate \(String(describing: refused))"
        }
        if let refused { return "apply accepted what validate refused (\(refused)): \(update)" }
        guard result.count == newCount else { return "\(result.count) elements for \(newCount)" }
        // Transforms of a legal update.
        do {
            guard try update.withoutMoves.apply(to: old, with: result) == result else { return "withoutMoves: \(update)" }
            guard try update.inverted.apply(to: result, with: old) == old else { return "inverted: \(update)" }
            let inserted = Set(update.insertions)
            if update.reloadsAfterMoves.allSatisfy({ !inserted.contains($0) }) && Set(update.reloadsAfterMoves).count == update.reloadsAfterMoves.count {
                guard update.inverted.inverted == update.sortedForComparison else { return "inverted twice: \(update)" }
            }
        } catch {
            return "a transform of \(update) is illegal: \(error)"
        }
        // The same numbers as a changeset: its own validation never traps, and agrees with the
        // matching it describes.
        let changeset = Changeset(deletions: update.deletions, insertions: update.insertions, moves: update.moves,
                                  updates: zip(update.reloads, update.reloadsAfterMoves).map { Changeset.Update(old: $0, new: $1) })
        if (try? changeset.validate(oldCount: oldCount, newCount: newCount)) != nil {
            guard changeset.matchedOffsets(oldCount: oldCount, newCount: newCount) != nil else {
                return "a valid changeset has no matching: \(changeset)"
            }
            guard (try? BatchUpdate(changeset).apply(to: old, with: new)) != nil else { return "valid changeset, illegal batch" }
        }
        return nil
    }

    static func sectioned(_ data: [UInt8]) -> String? {
        let (update, oldCounts, newCounts) = data[2] % 2 == 0 ? mostlyLegalSectioned(data) : anySectioned(data)
        return checkSectioned(update, oldCounts: oldCounts, newCounts: newCounts)
    }

    /// Item operations and section reloads within the sections' counts, the new counts made to
    /// add up: many of these updates are legal.
    static func mostlyLegalSectioned(_ data: [UInt8]) -> (SectionedBatchUpdate, [Int], [Int]) {
        let sectionCount = Int(data[2] / 2 % 5)
        guard sectionCount > 0 else { return (SectionedBatchUpdate(), [], []) }
        var bytes = data[4...].makeIterator()
        let oldCounts = (0..<sectionCount).map { _ in Int((bytes.next() ?? 0) % 6) }
        var operations: [(kind: UInt8, section: Int, destination: Int, value: Int)] = []
        var newCounts = oldCounts
        while let kindByte = bytes.next(), let valueByte = bytes.next() {
            let kind = kindByte % 6, section = Int(kindByte / 6) % sectionCount
            let destination = Int(valueByte / 7) % sectionCount
            switch kind {
            case 0: guard oldCounts[section] > 0 else { continue }; newCounts[section] -= 1
            case 1: newCounts[section] += 1
            case 2: guard oldCounts[section] > 0 else { continue }; newCounts[section] -= 1; newCounts[destination] += 1
            default: break
            }
            operations.append((kind, section, destination, Int(valueByte)))
        }
        var update = SectionedBatchUpdate()
        for operation in operations {
            let (section, value) = (operation.section, operation.value)
            func oldPath() -> IndexPath? {
                oldCounts[section] > 0 ? IndexPath(indexes: [section, value % oldCounts[section]]) : nil
            }
            func newPath(_ newSection: Int) -> IndexPath? {
                newCounts[newSection] > 0 ? IndexPath(indexes: [newSection, value % newCounts[newSection]]) : nil
            }
            switch operation.kind {
            case 0: if let path = oldPath() { update.deletedItems.append(path) }
            case 1: if let path = newPath(section) { update.insertedItems.append(path) }
            case 2: if let from = oldPath(), let to = newPath(operation.destination) { update.movedItems.append(IndexPathMove(from: from, to: to)) }
            case 3: if let path = oldPath() { update.updatedItems.append(path) }
            case 4: if let path = newPath(section) { update.updatedItemsAfterMoves.append(path) }
            default: update.updatedSections.append(section)
            }
        }
        return (update, oldCounts, newCounts.map { max(0, $0) })
    }

    /// Anything: section and item operations with indexes from -2, malformed index paths.
    static func anySectioned(_ data: [UInt8]) -> (SectionedBatchUpdate, [Int], [Int]) {
        var bytes = data[4...].makeIterator()
        func counts(_ sections: Int) -> [Int] { (0..<sections).map { _ in Int((bytes.next() ?? 0) % 6) } }
        let oldCounts = counts(Int(data[2] % 5)), newCounts = counts(Int(data[3] % 5))
        func path() -> IndexPath? {
            guard let first = bytes.next(), let second = bytes.next() else { return nil }
            if first > 250 { return IndexPath(indexes: [index(second)]) }
            if second > 250 { return IndexPath(indexes: [index(first) % 5, 0, 0]) }
            return IndexPath(indexes: [index(first) % 5, index(second)])
        }
        var update = SectionedBatchUpdate()
        while let byte = bytes.next() {
            switch byte % 9 {
            case 0: update.deletedSections.append(index(byte) % 6)
            case 1: update.insertedSections.append(index(byte) % 6)
            case 2: update.movedSections.append(Changeset.Move(from: index(byte) % 6, to: index(bytes.next() ?? 0) % 6))
            case 3: update.updatedSections.append(index(byte) % 6)
            case 4: if let path = path() { update.deletedItems.append(path) }
            case 5: if let path = path() { update.insertedItems.append(path) }
            case 6: if let from = path(), let to = path() { update.movedItems.append(IndexPathMove(from: from, to: to)) }
            case 7: if let path = path() { update.updatedItems.append(path) }
            default: if let path = path() { update.updatedItemsAfterMoves.append(path) }
            }
        }
        return (update, oldCounts, newCounts)
    }

    static func checkSectioned(_ update: SectionedBatchUpdate, oldCounts: [Int], newCounts: [Int]) -> String? {
        let old = oldCounts.enumerated().map { section, count in (0..<count).map { section * 100 + $0 } }
        let new = newCounts.enumerated().map { section, count in (0..<count).map { 1_000 + section * 100 + $0 } }
        var refused: SectionedBatchUpdateError?
        do { try update.validate(oldItemCounts: oldCounts, newItemCounts: newCounts) } catch { refused = error }
        let result: [[Int]]
        do {
            result = try update.apply(to: old, with: new)
        } catch {
            return refused == error ? nil : "apply threw \(error), validate \(String(describing: refused))"
        }
        if let refused { return "apply accepted what validate refused (\(refused)): \(update)" }
        guard result.map(\.count) == newCounts else { return "counts \(result.map(\.count)) for \(newCounts)" }
        do {
            let oldModels = old.indices.map { $0 }, newModels = new.indices.map { 10 + $0 }
            let models = try update.applyToSections(oldModels, with: newModels)
            guard try update.withoutMoves.apply(to: old, with: result) == result else { return "withoutMoves: \(update)" }
            guard try update.withoutMoves.applyToSections(oldModels, with: models) == models else {
                return "withoutMoves sections: \(update)"
            }
            guard try update.inverted.apply(to: result, with: old) == old else { return "inverted: \(update)" }
            guard try update.inverted.applyToSections(models, with: oldModels) == oldModels else {
                return "inverted sections: \(update)"
            }
        } catch {
            return "a transform of \(update) is illegal: \(error)"
        }
        return nil
    }
}

extension BatchUpdate {
    /// The same update with every list in the order ``BatchUpdate/inverted`` produces.
    var sortedForComparison: BatchUpdate {
        BatchUpdate(deletions: deletions.sorted(), insertions: insertions.sorted(),
                    moves: moves.sorted { $0.from < $1.from }, reloads: reloads.sorted(),
                    reloadsAfterMoves: reloadsAfterMoves.sorted())
    }
}
