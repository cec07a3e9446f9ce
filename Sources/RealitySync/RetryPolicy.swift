import Foundation

/// Exponential backoff with full jitter (docs/sync-protocol.md, "Retries"): before retry `n`
/// (from 0) wait a random time between 0 and `min(cap, base · 2ⁿ)`; a 429 waits its `Retry-After`.
public struct RetryPolicy: Sendable {
    /// The first ceiling, in seconds.
    public var base: Double
    /// The largest ceiling, in seconds.
    public var cap: Double
    /// How many retries before giving up; nil retries for ever (the `--watch` mode).
    public var maxRetries: Int?

    /// A policy with the given parts; the defaults are the protocol's 0.5 s doubling to 60 s.
    public init(base: Double = 0.5, cap: Double = 60, maxRetries: Int? = 5) {
        self.base = base
        self.cap = cap
        self.maxRetries = maxRetries
    }

    /// The ceiling of the wait before retry `attempt`.
    public func ceiling(attempt: Int) -> Double {
        min(cap, base * pow(2, Double(min(attempt, 62))))
    }

    /// The wait before retry `attempt`, drawn from `generator`.
    public func delay(attempt: Int, using generator: inout some RandomNumberGenerator) -> Double {
        Double.random(in: 0...ceiling(attempt: attempt), using: &generator)
    }

    /// Runs `operation`, retrying transient ``SyncError``s as the policy says.
    public func run<T: Sendable>(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> T
    ) async throws -> T {
        var attempt = 0
        var generator = SystemRandomNumberGenerator()
        while true {
            do {
                return try await operation()
            } catch let error as SyncError where error.isTransient {
                if let maxRetries, attempt >= maxRetries { throw error }
                let wait: Double
                if case .rateLimited(let retryAfter) = error {
                    wait = retryAfter
                } else {
                    wait = delay(attempt: attempt, using: &generator)
                }
                attempt += 1
                try await Task.sleep(for: .milliseconds(Int(wait * 1000)))
            }
        }
    }
}
