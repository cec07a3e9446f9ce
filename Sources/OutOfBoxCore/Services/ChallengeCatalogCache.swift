import Synchronization

/// The catalog as a store last read it, trusted while the store's catalog generation (advanced in
/// the transaction of every catalog change, on any instance) is the one it was read under: a
/// person's `today` then reads one number instead of every challenge. Each store holds one.
public final class ChallengeCatalogCache: Sendable {
    /// A catalog read under one generation.
    public struct Snapshot: Sendable {
        /// Every challenge, retired ones too, by ID order.
        public let challenges: [Challenge]
        /// The same, by ID.
        public let byID: [String: Challenge]

        init(_ challenges: [Challenge]) {
            self.challenges = challenges
            self.byID = Dictionary(challenges.map { ($0.id, $0) }) { first, _ in first }
        }
    }

    private let state = Mutex<(generation: Int64, snapshot: Snapshot)?>(nil)

    public init() {}

    /// The catalog of `generation`: the one kept when it was read under that generation, else
    /// `load()`'s, kept for the next caller.
    public func catalog(generation: Int64, load: () async throws -> [Challenge]) async throws -> Snapshot {
        if let kept = state.withLock({ $0 }), kept.generation == generation { return kept.snapshot }
        let snapshot = Snapshot(try await load())
        state.withLock { current in
            if current.map({ $0.generation <= generation }) ?? true { current = (generation, snapshot) }
        }
        return snapshot
    }
}
