import Foundation

/// A catalog as JSON: the shipped one (``ShippedCatalog``) and an administrator's import have this
/// shape (docs/out-of-box.md).
public struct CatalogFile: Codable, Sendable {
    /// The catalog's version; an import without one changes challenges without a version.
    public var version: Int?
    public var challenges: [Entry]

    /// One challenge as a catalog writes it: without dates, which the store keeps.
    public struct Entry: Codable, Sendable {
        public var id: String
        public var title: String
        public var description: String
        public var category: ChallengeCategory
        public var timeInvestment: TimeInvestment
        public var socialRequirement: SocialRequirement
        public var costLevel: CostLevel
        public var difficultyLevel: Int
        public var tags: [String]
        public var locationType: LocationType
        public var seasonality: Seasonality?
        /// False retires the challenge; absent means active.
        public var isActive: Bool?
    }

    /// The most challenges one file may hold.
    public static let challengeLimit = 5000

    /// The file's challenges, dated `now` and validated; throws for the first one that breaks a
    /// rule (naming it), for a repeated ID, and for too many.
    public func validatedChallenges(at now: Date) throws(ChallengeError) -> [Challenge] {
        guard !challenges.isEmpty, challenges.count <= Self.challengeLimit else {
            throw .invalid(field: "challenges", reason: "must hold 1 to \(Self.challengeLimit) challenges")
        }
        if let version, version < 1 { throw .invalid(field: "version", reason: "must be 1 or more") }
        var seen = Set<String>()
        var result: [Challenge] = []
        result.reserveCapacity(challenges.count)
        for (index, entry) in challenges.enumerated() {
            let challenge = Challenge(
                id: entry.id, title: entry.title, description: entry.description, category: entry.category,
                timeInvestment: entry.timeInvestment, socialRequirement: entry.socialRequirement,
                costLevel: entry.costLevel, difficultyLevel: entry.difficultyLevel, tags: entry.tags,
                locationType: entry.locationType, seasonality: entry.seasonality, isActive: entry.isActive ?? true,
                createdAt: now, updatedAt: now)
            do {
                try challenge.validate()
            } catch .invalid(let field, let reason) {
                throw .invalid(field: "challenges[\(index)].\(field)", reason: reason)
            } catch {
                throw error
            }
            guard seen.insert(challenge.id).inserted else {
                throw .invalid(field: "challenges[\(index)].id", reason: "repeats \(challenge.id)")
            }
            result.append(challenge)
        }
        return result
    }
}

/// The catalog the project ships (`ShippedCatalog.json`, written for Out of Box): installed on a
/// server's first start and upgraded when a newer version ships.
public enum ShippedCatalog {
    /// The shipped catalog, parsed. A failure here is a bug in the shipped file, which a test reads.
    public static func file() throws -> CatalogFile { try parsed.get() }

    /// Parsed once per process: every server start (and every test server) installs from it.
    private static let parsed = Result { try JSONDecoder().decode(CatalogFile.self, from: Data(json.utf8)) }

    /// Installs the shipped catalog into `store` when the store holds an older version (or none);
    /// answers whether it did.
    @discardableResult
    public static func install(into store: some ChallengeRepository, now: Date = Date()) async throws -> Bool {
        let file = try file()
        guard let version = file.version, try await store.catalogVersion() < version else { return false }
        try await store.saveChallenges(try file.validatedChallenges(at: now), catalogVersion: version)
        return true
    }
}
