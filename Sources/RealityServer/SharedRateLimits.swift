import RealityCore

/// The server's limits that every instance on one store shares (issue 22), each named once here.
extension SharedRateLimit {
    /// Lookups by email, per caller: ten at once, then one every six seconds, so that
    /// `GET /api/v1/users?email=` cannot list who has an account.
    static let emailLookups = SharedRateLimit(name: "people.lookup", burst: 10, perSecond: 1.0 / 6)

    /// Friend requests sent, per caller: ten at once, then one every six seconds, so that asking by
    /// email cannot list who has an account.
    static let friendRequests = SharedRateLimit(name: "social.request", burst: 10, perSecond: 1.0 / 6)
}
