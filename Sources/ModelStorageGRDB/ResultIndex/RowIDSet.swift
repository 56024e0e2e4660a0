#if GRDB
import FingerprintDiff

/// The ids of the rows of one read, to refuse a result where two rows have the same id: an
/// open-addressing table keyed by a 64-bit fingerprint of each id, sized once for the expected
/// count (no `Hasher`, no copy of the rows). Integer ids, the usual case, are keyed by a
/// bijective mix of their value, so equal keys mean equal ids; other ids are kept and compared
/// with `==` when their keys are equal.
///
/// - Complexity: O(1) expected per ``insert(_:)``; 12 bytes per slot, at most half of the
///   slots in use. Owned by one read; not copyable.
struct RowIDSet: ~Copyable {
    /// Per slot: 0 empty, -1 an integer id, k > 0 the id `others[k - 1]`.
    private var slots: UnsafeMutableBufferPointer<Int32>
    /// The key of each slot's id (valid where `slots` is not 0).
    private var keys: UnsafeMutableBufferPointer<UInt64>
    /// The ids that are not integers, in insertion order.
    private var others: [RowID] = []
    private var count = 0

    /// An empty set with room for `expected` ids before it grows.
    init(expected: Int) {
        var capacity = 16
        while capacity < 2 * expected { capacity *= 2 }
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0)
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: 0)
    }

    deinit {
        slots.deallocate()
        keys.deallocate()
    }

    /// Adds `id`; `false` when an equal id is already in the set.
    mutating func insert(_ id: RowID) -> Bool {
        let key: UInt64
        let isInteger: Bool
        if case .int64(let integer) = id.value.storage {
            key = UInt64(bitPattern: integer) &* 0x9E37_79B9_7F4A_7C15   // odd: a bijection
            isInteger = true
        } else {
            var hasher = FingerprintHasher()
            id.fingerprint(into: &hasher)
            key = hasher.finalize().rawValue
            isInteger = false
        }
        if 2 * (count + 1) > slots.count { grow() }
        let mask = slots.count - 1
        var slot = Self.home(of: key, mask: mask)
        while slots[slot] != 0 {
            if keys[slot] == key {
                if isInteger && slots[slot] == -1 { return false }
                if !isInteger && slots[slot] > 0 && others[Int(slots[slot]) - 1] == id { return false }
            }
            slot = (slot + 1) & mask
        }
        if isInteger {
            slots[slot] = -1
        } else {
            others.append(id)
            slots[slot] = Int32(others.count)
        }
        keys[slot] = key
        count += 1
        return true
    }

    /// The first slot to probe for `key`: its high bits folded in (the integer mix puts its
    /// entropy there).
    private static func home(of key: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (key >> 32) ^ key) & mask
    }

    /// Doubles the table, placing every entry again.
    private mutating func grow() {
        let oldSlots = slots, oldKeys = keys
        defer {
            oldSlots.deallocate()
            oldKeys.deallocate()
        }
        slots = .allocate(capacity: oldSlots.count * 2)
        slots.initialize(repeating: 0)
        keys = .allocate(capacity: oldSlots.count * 2)
        keys.initialize(repeating: 0)
        let mask = slots.count - 1
        for index in oldSlots.indices where oldSlots[index] != 0 {
            var slot = Self.home(of: oldKeys[index], mask: mask)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = oldSlots[index]
            keys[slot] = oldKeys[index]
        }
    }
}
#endif
