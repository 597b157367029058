/// A small deterministic generator, SplitMix64 (S. Vigna, https://prng.di.unimi.it/splitmix64.c), so that whatever
/// draws from it can be replayed from its seed: the JWT robustness tests' mutations, the benchmark's generated review
/// history.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The state: the seed, advanced by each draw.
    public var state: UInt64

    /// A generator starting from `seed`.
    /// - Parameter seed: the first state.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
