import Foundation

/// One challenge of the catalog (seed 004's `ChallengeDTO`): a small real-world thing to do, with
/// the traits that filters, preferences and the daily pick read.
public struct Challenge: Codable, Sendable, Hashable, Identifiable {
    /// A stable slug (`photo-something-blue`): lowercase letters, digits and hyphens, 3–60 long.
    public var id: String
    /// What to do, in a few words (at most ``Challenge/titleLimit`` characters).
    public var title: String
    /// What to do, exactly (at most ``Challenge/descriptionLimit`` characters).
    public var description: String
    public var category: ChallengeCategory
    public var timeInvestment: TimeInvestment
    public var socialRequirement: SocialRequirement
    public var costLevel: CostLevel
    /// 1 (easy) to 5 (hard).
    public var difficultyLevel: Int
    /// Lowercase words (at most ``Challenge/tagLimit`` of them).
    public var tags: [String]
    public var locationType: LocationType
    /// The season it belongs to; nil for the whole year.
    public var seasonality: Seasonality?
    /// Whether it is still given out; a retired challenge stays in people's histories.
    public var isActive: Bool
    public var createdAt: Date
    public var updatedAt: Date

    /// A challenge; see the properties.
    public init(
        id: String, title: String, description: String, category: ChallengeCategory,
        timeInvestment: TimeInvestment, socialRequirement: SocialRequirement, costLevel: CostLevel,
        difficultyLevel: Int, tags: [String], locationType: LocationType, seasonality: Seasonality? = nil,
        isActive: Bool = true, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.category = category
        self.timeInvestment = timeInvestment
        self.socialRequirement = socialRequirement
        self.costLevel = costLevel
        self.difficultyLevel = difficultyLevel
        self.tags = tags
        self.locationType = locationType
        self.seasonality = seasonality
        self.isActive = isActive
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

extension Challenge {
    /// The longest title.
    public static let titleLimit = 80
    /// The longest description.
    public static let descriptionLimit = 500
    /// The most tags.
    public static let tagLimit = 8
    /// The difficulty levels.
    public static let difficultyLevels = 1...5

    /// Throws ``ChallengeError/invalid(field:reason:)`` for the first field that breaks a rule.
    public func validate() throws(ChallengeError) {
        guard Self.isSlug(id) else {
            throw .invalid(field: "id", reason: "must be 3–60 lowercase letters, digits and hyphens")
        }
        try Self.checkText(title, field: "title", limit: Self.titleLimit)
        try Self.checkText(description, field: "description", limit: Self.descriptionLimit)
        guard Self.difficultyLevels.contains(difficultyLevel) else {
            throw .invalid(field: "difficultyLevel", reason: "must be 1 to 5")
        }
        guard tags.count <= Self.tagLimit else {
            throw .invalid(field: "tags", reason: "at most \(Self.tagLimit) tags")
        }
        for tag in tags where !Self.isTag(tag) {
            throw .invalid(field: "tags", reason: "a tag is 2–24 lowercase letters, digits and hyphens")
        }
        guard updatedAt >= createdAt else {
            throw .invalid(field: "updatedAt", reason: "must not be before createdAt")
        }
    }

    private static func checkText(_ text: String, field: String, limit: Int) throws(ChallengeError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalid(field: field, reason: "must not be empty") }
        guard text.count <= limit else { throw .invalid(field: field, reason: "at most \(limit) characters") }
    }

    /// Whether `text` can be a challenge's ID: what every path that takes one checks first.
    static func isSlug(_ text: String) -> Bool {
        (3...60).contains(text.utf8.count) && text.utf8.allSatisfy(isSlugByte) && text.first != "-"
    }

    private static func isTag(_ text: String) -> Bool {
        (2...24).contains(text.utf8.count) && text.utf8.allSatisfy(isSlugByte)
    }

    private static func isSlugByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "-")
    }
}
