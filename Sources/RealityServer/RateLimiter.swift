import Foundation

/// Token buckets per caller (SPEC "Bad input, everywhere": a per-user rate limit).
///
/// An actor: it owns the buckets. Buckets that have refilled completely carry no information and
/// are dropped, so memory stays bounded by the callers of the last few seconds.
actor RateLimiter {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private let burst: Double
    private let perSecond: Double
    private let clock = ContinuousClock()
    private var buckets: [String: Bucket] = [:]
    private var lastSweep: ContinuousClock.Instant

    /// Buckets of `burst` requests refilling at `perSecond`.
    init(burst: Int, perSecond: Double) {
        self.burst = Double(max(burst, 1))
        self.perSecond = max(perSecond, 0.001)
        self.lastSweep = clock.now
    }

    /// Takes one token for `key`; nil when allowed, else the seconds to wait.
    func acquire(_ key: String) -> Int? {
        let now = clock.now
        sweep(now)
        var bucket = buckets[key] ?? Bucket(tokens: burst, updated: now)
        bucket.tokens = min(burst, bucket.tokens + seconds(now - bucket.updated) * perSecond)
        bucket.updated = now
        if bucket.tokens >= 1 {
            bucket.tokens -= 1
            buckets[key] = bucket
            return nil
        }
        buckets[key] = bucket
        return max(1, Int(((1 - bucket.tokens) / perSecond).rounded(.up)))
    }

    private func sweep(_ now: ContinuousClock.Instant) {
        guard seconds(now - lastSweep) > 10 else { return }
        lastSweep = now
        buckets = buckets.filter { _, bucket in
            bucket.tokens + seconds(now - bucket.updated) * perSecond < burst
        }
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
