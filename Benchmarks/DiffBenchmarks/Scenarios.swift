import Foundation
import SeededRandom

/// A row with an integer identity and a content value.
struct Row: Identifiable, Equatable, Hashable, Sendable {
    let id: Int
    var value: Int
}

/// The scenario DifferenceKit publishes: n UUIDs; the target drops offsets [0.2n, 0.3n),
/// inserts 0.1n new UUIDs at offset 0.3n, then shuffles its first 0.02n elements.
func differenceKitScenario(count n: Int) -> (source: [UUID], target: [UUID]) {
    var generator = SplitMix64(seed: UInt64(n))
    func uuid() -> UUID {
        let a = generator.next(), b = generator.next()
        return withUnsafeBytes(of: (a, b)) { bytes in
            UUID(uuid: bytes.load(as: uuid_t.self))
        }
    }
    let source = (0..<n).map { _ in uuid() }
    var target = source
    target.removeSubrange((n * 2 / 10)..<(n * 3 / 10))
    target.insert(contentsOf: (0..<(n / 10)).map { _ in uuid() }, at: n * 3 / 10)
    target[0..<(n / 50)].shuffle(using: &generator)
    return (source, target)
}

/// 1% deleted, 1% inserted, 1% moved, 1% content-changed, over `n` rows: every row gets a
/// sort key (its position, or a random one when moved or inserted), then the rows are sorted.
func mixScenario(count n: Int) -> (old: [Row], new: [Row]) {
    var generator = SplitMix64(seed: 1_000_003)
    let old = (0..<n).map { Row(id: $0, value: 0) }
    let onePercent = n / 100
    var fate = [UInt8](repeating: 0, count: n) // 1 deleted, 2 moved, 3 changed
    for (kind, count) in [(UInt8(1), onePercent), (2, onePercent), (3, onePercent)] {
        var placed = 0
        while placed < count {
            let k = Int.random(in: 0..<n, using: &generator)
            if fate[k] == 0 { fate[k] = kind; placed += 1 }
        }
    }
    var keyed: [(key: Double, row: Row)] = []
    keyed.reserveCapacity(n + onePercent)
    for (k, row) in old.enumerated() {
        switch fate[k] {
        case 1: continue
        case 2: keyed.append((Double.random(in: 0..<Double(n), using: &generator), row))
        case 3: keyed.append((Double(k), Row(id: row.id, value: 1)))
        default: keyed.append((Double(k), row))
        }
    }
    for k in 0..<onePercent {
        keyed.append((Double.random(in: 0..<Double(n), using: &generator), Row(id: n + k, value: 0)))
    }
    keyed.sort { $0.key < $1.key }
    return (old, keyed.map(\.row))
}

/// A feed refresh: `n` rows, then 20 new rows on top, 5 rows removed and 10 changed (random
/// positions). New rows on top defeat a common-prefix shortcut; the tail is unchanged.
func feedScenario(count n: Int = 1_000) -> (old: [Row], new: [Row]) {
    var generator = SplitMix64(seed: 7_001)
    let old = (0..<n).map { Row(id: $0, value: 0) }
    var new = old
    for _ in 0..<10 { new[Int.random(in: 0..<new.count, using: &generator)].value += 1 }
    for _ in 0..<5 { new.remove(at: Int.random(in: 0..<new.count, using: &generator)) }
    new.insert(contentsOf: (0..<20).map { Row(id: n + $0, value: 0) }, at: 0)
    return (old, new)
}

/// The named shapes run at 100,000 and 1,000,000 rows.
enum Shape: String, CaseIterable {
    case append, prepend, noChange = "no-change", allNew = "all-new", reversed, shuffled
    case manyDuplicates = "many-duplicates"

    func rows(count n: Int) -> (old: [Row], new: [Row]) {
        var generator = SplitMix64(seed: UInt64(n) &+ UInt64(rawValue.count))
        let old = (0..<n).map { Row(id: $0, value: 0) }
        switch self {
        case .append: return (old, old + (n..<(n + n / 10)).map { Row(id: $0, value: 0) })
        case .prepend: return (old, (n..<(n + n / 10)).map { Row(id: $0, value: 0) } + old)
        case .noChange: return (old, old)
        case .allNew: return (old, (n..<(2 * n)).map { Row(id: $0, value: 0) })
        case .reversed: return (old, old.reversed())
        case .shuffled: return (old, old.shuffled(using: &generator))
        case .manyDuplicates:
            let dupOld = (0..<n).map { _ in Row(id: Int.random(in: 0..<100, using: &generator), value: 0) }
            var dupNew = dupOld
            for _ in 0..<(n / 100) {
                dupNew[Int.random(in: 0..<n, using: &generator)] = Row(id: Int.random(in: 0..<100, using: &generator), value: 0)
            }
            for _ in 0..<(n / 100) {
                dupNew.swapAt(Int.random(in: 0..<n, using: &generator), Int.random(in: 0..<n, using: &generator))
            }
            return (dupOld, dupNew)
        }
    }
}

/// Human-readable element counts: 100k, 1M.
func countLabel(_ n: Int) -> String {
    n >= 1_000_000 ? "\(n / 1_000_000)M" : "\(n / 1000)k"
}
