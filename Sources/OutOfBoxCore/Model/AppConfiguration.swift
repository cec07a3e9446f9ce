import Foundation

/// What the server tells every Out of Box client before anything else (seed 004's app
/// configuration): feature flags, the oldest client version it still serves, and the version of
/// the catalog it holds. An administrator changes the first two (``AppConfigurationUpdate``).
public struct AppConfiguration: Codable, Sendable, Hashable {
    /// Features by name, on or off (`personalization`, …); a name not listed is off.
    public var featureFlags: [String: Bool]
    /// The oldest client version (`MAJOR.MINOR.PATCH`) the server still serves.
    public var minimumClientVersion: String
    /// The catalog version the server holds (0 before one is installed).
    public var catalogVersion: Int
    /// When an administrator last changed it; nil for the defaults.
    public var updatedAt: Date?

    public init(featureFlags: [String: Bool], minimumClientVersion: String, catalogVersion: Int, updatedAt: Date?) {
        self.featureFlags = featureFlags
        self.minimumClientVersion = minimumClientVersion
        self.catalogVersion = catalogVersion
        self.updatedAt = updatedAt
    }

    /// Whether `client` (a version such as `0.1.0`) is at least ``minimumClientVersion``.
    public func serves(client: String) -> Bool {
        guard let have = AppVersion(client), let need = AppVersion(minimumClientVersion) else { return false }
        return have >= need
    }
}

/// An administrator's change of the ``AppConfiguration``: the whole of what they set.
public struct AppConfigurationUpdate: Codable, Sendable, Hashable {
    public var featureFlags: [String: Bool]
    public var minimumClientVersion: String

    public init(featureFlags: [String: Bool], minimumClientVersion: String) {
        self.featureFlags = featureFlags
        self.minimumClientVersion = minimumClientVersion
    }

    /// The configuration before an administrator sets one.
    public static let defaults = AppConfigurationUpdate(featureFlags: [:], minimumClientVersion: "0.1.0")

    /// The most flags.
    public static let flagLimit = 100

    /// Throws for the first value that breaks a rule.
    public func validate() throws(ChallengeError) {
        guard featureFlags.count <= Self.flagLimit else {
            throw .invalid(field: "featureFlags", reason: "at most \(Self.flagLimit) flags")
        }
        for name in featureFlags.keys.sorted() where !Challenge.isSlug(name) {
            throw .invalid(field: "featureFlags", reason: "a flag's name is 3–60 lowercase letters, digits and hyphens")
        }
        guard AppVersion(minimumClientVersion) != nil else {
            throw .invalid(field: "minimumClientVersion", reason: "must be a version such as 1.2.0")
        }
    }
}

/// A version `MAJOR[.MINOR[.PATCH]]`, compared part by part (missing parts are 0).
struct AppVersion: Comparable {
    let parts: [Int]

    init?(_ text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(pieces.count), text.utf8.count <= 32 else { return nil }
        var parts: [Int] = []
        for piece in pieces {
            guard !piece.isEmpty, piece.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(piece) else {
                return nil
            }
            parts.append(value)
        }
        self.parts = parts + Array(repeating: 0, count: 3 - parts.count)
    }

    static func < (lhs: AppVersion, rhs: AppVersion) -> Bool { lhs.parts.lexicographicallyPrecedes(rhs.parts) }
}
