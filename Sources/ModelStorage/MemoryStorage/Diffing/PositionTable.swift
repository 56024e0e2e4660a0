/// A map from 64-bit keys to positions (`0..<2^31`) for a few hundred keys at a time, read
/// once: the identities of the nodes or items two trees do not share, to their positions.
///
/// A `Dictionary` hashes each key with SipHash, most of the time of matching a few hundred
/// keys; here the key's bits are mixed by one multiplication (Fibonacci hashing, whose high bits
/// spread sequential identities and aligned addresses alike) and the table is probed linearly.
/// Sized once for the keys it will hold, never grown.
///
/// - Complexity: insertion and look-up O(1) on average.
struct PositionTable {
    /// Per bucket: a key, and its position, or -1 for an empty bucket; a power of two long.
    private var keys: [UInt64], positions: [Int32]
    /// 64 minus the base-2 logarithm of the bucket count: the shift that keeps the bits of a
    /// bucket index.
    private let shift: UInt64

    /// An empty table for at most `capacity` keys (at most half of its buckets are used).
    init(capacity: Int) {
        var size = 16, bits: UInt64 = 4
        while size < 2 * capacity {
            size *= 2
            bits += 1
        }
        keys = [UInt64](repeating: 0, count: size)
        positions = [Int32](repeating: -1, count: size)
        shift = 64 - bits
    }

    /// The bucket where `key` is, or the empty one where it would go.
    private func bucket(of key: UInt64) -> Int {
        let mask = keys.count - 1
        var bucket = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while positions[bucket] >= 0 && keys[bucket] != key { bucket = (bucket + 1) & mask }
        return bucket
    }

    /// Maps `key` to `position`, in place of any position it had. The table holds at most its
    /// capacity of keys.
    mutating func insert(_ key: UInt64, at position: Int) {
        let bucket = bucket(of: key)
        keys[bucket] = key
        positions[bucket] = Int32(position)
    }

    /// The position of `key`, or `nil`.
    func position(of key: UInt64) -> Int? {
        let position = positions[bucket(of: key)]
        return position >= 0 ? Int(position) : nil
    }
}
