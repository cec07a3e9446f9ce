import Foundation
import RealityCore
import Synchronization

/// Token buckets per caller (SPEC "Bad input, everywhere": a per-user rate limit).
///
/// The buckets sit behind a lock rather than in an actor: every request takes a token, and a
/// lock held for a dictionary update costs far less than a hop to an actor's executor and back.
/// Buckets that have refilled completely carry no information and are dropped, so memory stays
/// bounded by the callers of the last few seconds.
final class RateLimiter: Sendable {
    /// Whose bucket a request takes from.
    enum Caller: Hashable {
        /// A signed-in user.
        case user(UserID)
        /// An anonymous caller, by IP address.
        case address(String)
    }

    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private struct State {
        var buckets: [Caller: Bucket] = [:]
        var lastSweep: ContinuousClock.Instant
    }

    private let burst: Double
    private let perSecond: Double
    private let clock = ContinuousClock()
    private let state: Mutex<State>

    /// Buckets of `burst` requests refilling at `perSecond`.
    init(burst: Int, perSecond: Double) {
        self.burst = Double(max(burst, 1))
        self.perSecond = max(perSecond, 0.001)
        self.state = Mutex(State(lastSweep: clock.now))
    }

    /// The limiter `configuration` sets (`--rate-limit-burst`, `--rate-limit-per-second`).
    convenience init(_ configuration: ServerConfiguration) {
        self.init(burst: configuration.rateLimitBurst, perSecond: configuration.rateLimitPerSecond)
    }

    /// Takes one token for `caller`; nil when allowed, else the seconds to wait.
    func acquire(_ caller: Caller) -> Int? {
        let now = clock.now
        return state.withLock { state in
            sweep(&state, now)
            var bucket = state.buckets[caller] ?? Bucket(tokens: burst, updated: now)
            bucket.tokens = min(burst, bucket.tokens + seconds(now - bucket.updated) * perSecond)
            bucket.updated = now
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                state.buckets[caller] = bucket
                return nil
            }
            state.buckets[caller] = bucket
            return max(1, Int(((1 - bucket.tokens) / perSecond).rounded(.up)))
        }
    }

    private func sweep(_ state: inout State, _ now: ContinuousClock.Instant) {
        guard seconds(now - state.lastSweep) > 10 else { return }
        state.lastSweep = now
        state.buckets = state.buckets.filter { _, bucket in
            bucket.tokens + seconds(now - bucket.updated) * perSecond < burst
        }
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
