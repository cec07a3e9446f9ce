import Foundation

/// A limit whose token buckets live in the store, so that every server instance on one database
/// takes from the same bucket (issue 22): the limits that keep a route from listing who has an
/// account must hold across a deployment, not once per instance.
///
/// A bucket holds ``burst`` tokens and refills at ``perSecond``; each request takes one.
public struct SharedRateLimit: Sendable, Hashable {
    /// The limit's stable name, its buckets' key in the store beside the subject.
    public let name: String
    /// Tokens a full bucket holds: requests allowed at once.
    public let burst: Int
    /// Tokens the bucket gains each second.
    public let perSecond: Double

    /// A limit named `name` of `burst` requests at once, refilling at `perSecond`.
    public init(name: String, burst: Int, perSecond: Double) {
        self.name = name
        self.burst = max(burst, 1)
        self.perSecond = max(perSecond, 0.001)
    }

    /// The whole seconds (at least 1) until a bucket holding `tokens` has one.
    public func wait(holding tokens: Double) -> Int {
        max(1, Int(((1 - tokens) / perSecond).rounded(.up)))
    }
}

/// The store's token buckets of ``SharedRateLimit``s. One take is one atomic statement, so that
/// concurrent requests on several instances never take more than the bucket holds.
public protocol RateBucketStore: Sendable {
    /// Takes a token from `subject`'s bucket of `limit` as of `now`: nil when taken, else the whole
    /// seconds (at least 1) until the bucket has one again. A refused take changes nothing.
    func takeToken(_ limit: SharedRateLimit, subject: String, now: Date) async throws -> Int?
}
