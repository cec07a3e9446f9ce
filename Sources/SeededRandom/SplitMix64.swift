/// SplitMix64, a small and fast pseudo-random generator: the project's one seeded source of
/// randomness. Tests and benchmarks seed it so that a run can be replayed from its seed; the
/// outbox seeds it once per commit from the system's generator, so that a commit of thousands
/// of changes makes one system call instead of thousands (its mutation IDs must be unique, not
/// secret).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// A generator seeded from the system's random source.
    public static func seededBySystem() -> SplitMix64 {
        var system = SystemRandomNumberGenerator()
        return SplitMix64(seed: system.next())
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with the given `probability` (0…1).
    public mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }
}
