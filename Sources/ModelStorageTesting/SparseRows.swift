import Foundation

/// The rows of a list of sections, each holding a value or nothing, with only the rows that hold
/// a value stored: per section its row count and a dictionary from row to value. A
/// ``SimulatedView`` keeps its cells (the visible rows) and its selection this way, so that what
/// it does per batch costs what the batch and the held rows hold, never the list's length.
struct SparseRows<Row> {
    /// Rows per section.
    private(set) var counts: [Int]
    /// Per section: the value of each row that holds one.
    private var held: [[Int: Row]]

    /// `counts` rows per section, none holding a value.
    init(counts: [Int] = []) {
        self.counts = counts
        held = Array(repeating: [:], count: counts.count)
    }

    /// The value of the row at `path` (a section and a row in range), or `nil` when it holds none.
    subscript(path: IndexPath) -> Row? {
        get {
            precondition(contains(path), "SparseRows: \(path) is out of range")
            return held[path[0]][path[1]]
        }
        set {
            precondition(contains(path), "SparseRows: \(path) is out of range")
            held[path[0]][path[1]] = newValue
        }
    }

    /// Whether `path` names a row: a section in range and a row in it.
    func contains(_ path: IndexPath) -> Bool {
        path.count == 2 && counts.indices.contains(path[0]) && path[1] >= 0 && path[1] < counts[path[0]]
    }

    /// The rows that hold a value, with it, in order of section and row. O(k log k) for k of them.
    var heldRows: [(path: IndexPath, row: Row)] {
        held.indices.flatMap { section in
            held[section].sorted { $0.key < $1.key }.map { (IndexPath(indexes: [section, $0.key]), $0.value) }
        }
    }

    /// Drops every value; the counts stay.
    mutating func removeAll() {
        for section in held.indices where !held[section].isEmpty { held[section] = [:] }
    }

    /// Drops the values of the rows for which `shouldRemove` is true. O(k) for k held rows.
    mutating func removeAll(where shouldRemove: (IndexPath, Row) -> Bool) {
        for section in held.indices where !held[section].isEmpty {
            held[section] = held[section].filter { !shouldRemove(IndexPath(indexes: [section, $0.key]), $0.value) }
        }
    }

    /// Takes the row at `source` out of its section (the rows after it move up one) and puts it
    /// at `destination`, a row of the sections as they are once it left, up to one past the last
    /// (the rows from there move down one), with its value: as `Array.remove(at:)` then
    /// `insert(_:at:)` do on each section. O(k) for the k held rows of the two sections.
    mutating func moveRow(from source: IndexPath, to destination: IndexPath) {
        precondition(contains(source), "SparseRows: \(source) is out of range")
        let value = held[source[0]].removeValue(forKey: source[1])
        held[source[0]] = Self.shifted(held[source[0]], from: source[1] + 1, by: -1)
        counts[source[0]] -= 1
        precondition(destination.count == 2 && counts.indices.contains(destination[0]) && destination[1] >= 0
                     && destination[1] <= counts[destination[0]], "SparseRows: \(destination) is out of range")
        held[destination[0]] = Self.shifted(held[destination[0]], from: destination[1], by: 1)
        counts[destination[0]] += 1
        held[destination[0]][destination[1]] = value
    }

    /// `rows` with every row from `first` on moved by `offset`.
    private static func shifted(_ rows: [Int: Row], from first: Int, by offset: Int) -> [Int: Row] {
        guard rows.keys.contains(where: { $0 >= first }) else { return rows }
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.key >= first ? $0.key + offset : $0.key, $0.value) })
    }

    /// Every row of every section, `nil` where it holds no value: the dense form, O(rows).
    var dense: [[Row?]] {
        counts.indices.map { section in
            var rows = [Row?](repeating: nil, count: counts[section])
            for (row, value) in held[section] { rows[row] = value }
            return rows
        }
    }

    /// The rows of section `section` that hold a value, with it, in an order of their own.
    func heldRows(inSection section: Int) -> [Int: Row] { held[section] }

    /// Puts `rows` into section `section`, whose rows all hold no value yet.
    mutating func setHeldRows(_ rows: [Int: Row], inSection section: Int) {
        precondition(held[section].isEmpty && rows.keys.allSatisfy { (0..<counts[section]).contains($0) },
                     "SparseRows: rows out of range or section not empty")
        held[section] = rows
    }
}
