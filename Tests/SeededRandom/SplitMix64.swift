/// A small, fast, seeded generator, so that every random test and every benchmark input is
/// reproducible from its seed. Shared by the test targets and the benchmarks.
///
/// SplitMix64's structure; its second multiplier (`0xBF58_476C_E5E9_B5B9`) differs from the
/// published one (`0xBF58_476D_1CE4_E5B9`) by an early slip, kept so that the seeds recorded in
/// the tests and the inputs behind the benchmark figures stay the same.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The state, advanced by a fixed odd constant per number.
    public var state: UInt64

    /// A generator whose sequence is determined by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits. O(1).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476C_E5E9_B5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
