/// A multimap from `Int` keys that are already hash values to `ItemLookup.Entry`s: the table
/// under `ItemLookup`.
///
/// A `Dictionary` would hash each key again (SipHash, most of the time of building a look-up
/// index); here the key's own bits choose the bucket. Open addressing with linear probing over
/// the distinct keys; each bucket holds the first node of its key's chain, so entries that share
/// a key (repeated items, colliding hash values) cost O(1) each to add, and never lengthen the
/// probe sequences of other keys. Removed nodes are reused; a bucket whose chain empties is
/// deleted by shifting its successors back (no tombstones), so lookups stay short however many
/// changes the table follows.
///
/// - Complexity: insert O(1) amortized; look-up O(1) average plus the entries of the key;
///   removal O(1) average plus the entries of the key.
struct KeyedEntries {
    /// Node index of the first entry of a key, or `empty`; a power of two long.
    private var buckets: [Int32]
    /// Per node: the key, the entry, and the next node with the same key (or, for a free node,
    /// the next free node), `empty` at the end.
    private var keys: [Int] = []
    private var entries: [ItemLookup.Entry] = []
    private var next: [Int32] = []
    /// The first free node, or `empty`.
    private var free: Int32 = KeyedEntries.empty
    /// The number of non-empty buckets (distinct keys).
    private var distinctKeys = 0

    private static let empty: Int32 = -1

    /// An empty table sized for about `capacity` distinct keys.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        buckets = Array(repeating: Self.empty, count: size)
        keys.reserveCapacity(capacity)
        entries.reserveCapacity(capacity)
        next.reserveCapacity(capacity)
    }

    /// The bucket of `key`, or the empty bucket where it would go.
    private func bucket(of key: Int) -> (bucket: Int, found: Bool) {
        let mask = buckets.count - 1
        var bucket = key & mask
        while true {
            let node = buckets[bucket]
            if node == Self.empty { return (bucket, false) }
            if keys[Int(node)] == key { return (bucket, true) }
            bucket = (bucket + 1) & mask
        }
    }

    /// Every entry under `key` (in no particular order), through `body` until it returns
    /// `false`.
    func forEach(key: Int, _ body: (ItemLookup.Entry) -> Bool) {
        let (bucket, found) = bucket(of: key)
        guard found else { return }
        var node = buckets[bucket]
        while node != Self.empty {
            guard body(entries[Int(node)]) else { return }
            node = next[Int(node)]
        }
    }

    /// Adds `entry` under `key`.
    mutating func insert(_ entry: ItemLookup.Entry, key: Int) {
        let node: Int32
        if free != Self.empty {
            node = free
            free = next[Int(node)]
            keys[Int(node)] = key
            entries[Int(node)] = entry
        } else {
            precondition(keys.count < Int(Int32.max), "KeyedEntries: too many entries")
            node = Int32(keys.count)
            keys.append(key)
            entries.append(entry)
            next.append(Self.empty)
        }
        let (bucket, found) = bucket(of: key)
        if found {
            next[Int(node)] = buckets[bucket]   // at the head: O(1) however many share the key
            buckets[bucket] = node
        } else {
            buckets[bucket] = node
            next[Int(node)] = Self.empty
            distinctKeys += 1
            if distinctKeys * 2 > buckets.count { grow() }
        }
    }

    /// Sets the entry of `entry.slot` under `key` to `entry`, adding it when there is none.
    /// O(1) average plus the entries of the key.
    mutating func upsert(_ entry: ItemLookup.Entry, key: Int) {
        let (bucket, found) = bucket(of: key)
        if found {
            var node = buckets[bucket]
            while node != Self.empty {
                if entries[Int(node)].slot == entry.slot {
                    entries[Int(node)] = entry
                    return
                }
                node = next[Int(node)]
            }
        }
        insert(entry, key: key)
    }

    /// Removes the entry of `slot` under `key`; nothing when there is none.
    mutating func remove(slot: UInt64, key: Int) {
        let (bucket, found) = bucket(of: key)
        guard found else { return }
        var previous = Self.empty, node = buckets[bucket]
        while node != Self.empty && entries[Int(node)].slot != slot {
            previous = node
            node = next[Int(node)]
        }
        guard node != Self.empty else { return }
        if previous == Self.empty {
            buckets[bucket] = next[Int(node)]
        } else {
            next[Int(previous)] = next[Int(node)]
        }
        next[Int(node)] = free
        free = node
        if buckets[bucket] == Self.empty { deleteBucket(bucket) }
    }

    /// Empties `hole` and shifts back the buckets after it that probing would no longer reach.
    private mutating func deleteBucket(_ bucket: Int) {
        let mask = buckets.count - 1
        var hole = bucket, probe = bucket
        while true {
            probe = (probe + 1) & mask
            let node = buckets[probe]
            if node == Self.empty { break }
            let home = keys[Int(node)] & mask
            // The entry at `probe` may fill the hole unless its home lies cyclically in (hole, probe].
            let homeBetween = hole <= probe ? (home > hole && home <= probe) : (home > hole || home <= probe)
            if !homeBetween {
                buckets[hole] = node
                hole = probe
            }
        }
        buckets[hole] = Self.empty
        distinctKeys -= 1
    }

    /// Doubles the buckets and places each chain again.
    private mutating func grow() {
        let old = buckets
        buckets = Array(repeating: Self.empty, count: old.count * 2)
        for node in old where node != Self.empty {
            let (bucket, _) = bucket(of: keys[Int(node)])
            buckets[bucket] = node
        }
    }

    /// Every key with its entries, in no particular order (for invariant checks). O(entries).
    var allEntries: [(key: Int, entries: [ItemLookup.Entry])] {
        buckets.filter { $0 != Self.empty }.map { head in
            var chain: [ItemLookup.Entry] = []
            var node = head
            while node != Self.empty {
                chain.append(entries[Int(node)])
                node = next[Int(node)]
            }
            return (keys[Int(head)], chain)
        }
    }
}
