import Foundation
import Synchronization

/// Slows down password guessing (SPEC C1): after a few failed logins for one account, or from one
/// address, each further try must wait a delay that doubles with every failure, up to a cap, and
/// is answered 429 with `Retry-After` until then.
///
/// The account's cap is short (a minute by default), so that an attacker who keeps failing on
/// someone's account delays its owner by at most that much, never locks them out: a right
/// password after the wait signs in and clears the account's failures. The address's cap is
/// longer (15 minutes): it is the attacker's own. An address's failures are not cleared by a
/// success, which an attacker could otherwise earn with an account of their own. Failures are
/// forgotten after ``LoginThrottlePolicy/forgetAfter`` without another one.
///
/// Kept in memory per server instance, like ``RateLimiter``: behind a load balancer over N
/// instances an attacker gets up to N times the tries.
final class LoginThrottle: Sendable {
    /// What a throttle counts failures of.
    enum Key: Hashable {
        /// A normalized email, whether or not an account has it (so that the throttle says nothing
        /// about which exist).
        case account(String)
        /// A caller's IP address.
        case address(String)
    }

    private struct Failures {
        var count: Int
        var last: ContinuousClock.Instant
        var blockedUntil: ContinuousClock.Instant
    }

    /// The most keys kept; past it the forgotten ones go, then arbitrary ones.
    static let capacity = 100_000

    let policy: LoginThrottlePolicy
    private let clock = ContinuousClock()
    private let state = Mutex([Key: Failures]())

    /// A throttle with `policy`.
    init(policy: LoginThrottlePolicy) {
        self.policy = policy
    }

    /// Seconds to wait before `keys` may try again (whole seconds, at least 1), or nil when they
    /// may try now.
    func wait(for keys: [Key]) -> Int? {
        let now = clock.now
        let longest = state.withLock { state in
            keys.compactMap { state[$0].map { $0.blockedUntil - now } }.filter { $0 > .zero }.max()
        }
        guard let longest else { return nil }
        return max(1, Int(longest.inSeconds.rounded(.up)))
    }

    /// Counts a failed try for each of `keys`.
    func recordFailure(for keys: [Key]) {
        let now = clock.now
        state.withLock { state in
            if state.count >= Self.capacity {
                state = state.filter { now - $0.value.last < .seconds(policy.forgetAfter) }
                while state.count >= Self.capacity, let first = state.keys.first { state[first] = nil }
            }
            for key in keys {
                var failures = state[key] ?? Failures(count: 0, last: now, blockedUntil: now)
                if now - failures.last >= .seconds(policy.forgetAfter) { failures.count = 0 }
                failures.count += 1
                failures.last = now
                failures.blockedUntil = now + .seconds(delay(for: key, failures: failures.count))
                state[key] = failures
            }
        }
    }

    /// Forgets the failures of `key` (an account after its right password).
    func clear(_ key: Key) {
        _ = state.withLock { $0.removeValue(forKey: key) }
    }

    /// The wait after the `failures`-th failure of `key`: nothing for the free ones, then the
    /// base delay doubling with each failure, up to the key's cap.
    func delay(for key: Key, failures: Int) -> TimeInterval {
        let (free, cap) =
            switch key {
            case .account: (policy.accountFreeFailures, policy.accountMaxDelay)
            case .address: (policy.addressFreeFailures, policy.addressMaxDelay)
            }
        guard failures > free else { return 0 }
        return min(cap, policy.baseDelay * pow(2, Double(min(failures - free - 1, 40))))
    }
}

extension Duration {
    /// The duration in seconds, fractions included.
    fileprivate var inSeconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}

/// The numbers of the ``LoginThrottle``.
public struct LoginThrottlePolicy: Sendable, Hashable {
    /// Failures for one account before tries must wait.
    public var accountFreeFailures: Int
    /// Failures from one address before tries must wait (higher: many people may share one).
    public var addressFreeFailures: Int
    /// The first wait, seconds; each further failure doubles it.
    public var baseDelay: TimeInterval
    /// The longest wait an account's failures impose, seconds.
    public var accountMaxDelay: TimeInterval
    /// The longest wait an address's failures impose, seconds.
    public var addressMaxDelay: TimeInterval
    /// How long after its last failure a key's failures are forgotten, seconds.
    public var forgetAfter: TimeInterval

    /// The documented defaults: 5 free failures per account and 20 per address, then 1 s
    /// doubling to 60 s (account) or 15 minutes (address); forgotten after an hour.
    public init(
        accountFreeFailures: Int = 5, addressFreeFailures: Int = 20, baseDelay: TimeInterval = 1,
        accountMaxDelay: TimeInterval = 60, addressMaxDelay: TimeInterval = 900, forgetAfter: TimeInterval = 3_600
    ) {
        self.accountFreeFailures = accountFreeFailures
        self.addressFreeFailures = addressFreeFailures
        self.baseDelay = baseDelay
        self.accountMaxDelay = accountMaxDelay
        self.addressMaxDelay = addressMaxDelay
        self.forgetAfter = forgetAfter
    }
}
