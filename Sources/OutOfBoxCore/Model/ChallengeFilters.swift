/// What a search or a list of challenges keeps (seed 004's `ChallengeFilters`); every field that is
/// nil keeps everything. One rule, ``matches(_:completed:)``, used by the server and the device.
public struct ChallengeFilters: Codable, Sendable, Hashable {
    public var categories: [ChallengeCategory]?
    /// The longest a challenge may take.
    public var maxTimeInvestment: TimeInvestment?
    /// The most a challenge may cost.
    public var maxCostLevel: CostLevel?
    public var socialRequirements: [SocialRequirement]?
    /// The difficulties kept (within 1...5).
    public var difficultyRange: ClosedRange<Int>?
    public var locationTypes: [LocationType]?
    /// Leave out what the person already completed.
    public var excludeCompleted: Bool

    /// Filters; see the properties.
    public init(
        categories: [ChallengeCategory]? = nil, maxTimeInvestment: TimeInvestment? = nil,
        maxCostLevel: CostLevel? = nil, socialRequirements: [SocialRequirement]? = nil,
        difficultyRange: ClosedRange<Int>? = nil, locationTypes: [LocationType]? = nil,
        excludeCompleted: Bool = false
    ) {
        self.categories = categories
        self.maxTimeInvestment = maxTimeInvestment
        self.maxCostLevel = maxCostLevel
        self.socialRequirements = socialRequirements
        self.difficultyRange = difficultyRange
        self.locationTypes = locationTypes
        self.excludeCompleted = excludeCompleted
    }

    /// Throws for a difficulty range outside 1...5.
    public func validate() throws(ChallengeError) {
        if let range = difficultyRange,
            !Challenge.difficultyLevels.contains(range.lowerBound)
                || !Challenge.difficultyLevels.contains(range.upperBound)
        {
            throw .invalid(field: "difficulty", reason: "must lie within 1 to 5")
        }
    }

    /// Whether `challenge` passes, for a person who completed the challenges `completed`.
    public func matches(_ challenge: Challenge, completed: Set<String> = []) -> Bool {
        if let categories, !categories.contains(challenge.category) { return false }
        if let maxTimeInvestment, challenge.timeInvestment > maxTimeInvestment { return false }
        if let maxCostLevel, challenge.costLevel > maxCostLevel { return false }
        if let socialRequirements, !socialRequirements.contains(challenge.socialRequirement) { return false }
        if let difficultyRange, !difficultyRange.contains(challenge.difficultyLevel) { return false }
        if let locationTypes, !locationTypes.contains(challenge.locationType) { return false }
        if excludeCompleted, completed.contains(challenge.id) { return false }
        return true
    }
}
