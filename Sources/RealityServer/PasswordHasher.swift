import HummingbirdBcrypt
import RealityCore

/// bcrypt on a Dispatch thread: a hash takes a quarter of a second at cost 12, which must not
/// hold up the event loops (where the server's tasks run, `ServerThreads`).
struct PasswordHasher: Sendable {
    let cost: UInt8
    /// A hash of no one's password at ``cost``, checked against when a login names an unknown
    /// email, so that the answer takes as long as for a known one.
    private let dummyHash: String

    /// A hasher at `cost` (computes its dummy hash at once: one hash's time).
    init(cost: UInt8) {
        self.cost = cost
        self.dummyHash = Bcrypt.hash(TokenDigest.newToken(), cost: cost)
    }

    func hash(_ password: String) async -> String {
        let cost = self.cost
        return await onDispatchThread { Bcrypt.hash(password, cost: cost) }
    }

    func verify(_ password: String, hash: String) async -> Bool {
        await onDispatchThread { Bcrypt.verify(password, hash: hash) }
    }

    /// The threads hashes run on, as `/health` checks them: degraded when a trivial job waits
    /// longer than `limit` for one (every sign-in would wait as long on top of its hash).
    func healthDependency(slowAfter limit: Duration = Self.slowThreads) -> HealthDependency {
        HealthDependency(name: "password hashing") {
            let waited = await ContinuousClock().measure { await onDispatchThread {} }
            guard waited > limit else { return nil }
            return .init(status: .degraded, detail: "password hashing waited \(waited) for a thread")
        }
    }

    /// How long a trivial job may wait for a hashing thread before `/health` says so: the time of
    /// some twenty hashes at the default cost queued ahead of it.
    static var slowThreads: Duration { .seconds(5) }

    /// Spends the time of a ``verify(_:hash:)`` that fails.
    func verifyDummy(_ password: String) async {
        _ = await verify(password, hash: dummyHash)
    }
}
