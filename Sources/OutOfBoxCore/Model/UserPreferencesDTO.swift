import Foundation

/// Everything a person sets in Out of Box (seed 004's `UserPreferencesDTO`), backed up on the
/// server so that every device restores it.
public struct UserPreferencesDTO: Codable, Sendable, Hashable {
    public var notificationSettings: NotificationSettingsDTO
    public var challengePreferences: ChallengePreferencesDTO
    public var privacySettings: PrivacySettingsDTO
    public var appSettings: AppSettingsDTO
    /// Whether the daily pick is personalized (absent: it is not).
    public var personalization: PersonalizationSettingsDTO?

    /// Preferences; see the properties.
    public init(
        notificationSettings: NotificationSettingsDTO, challengePreferences: ChallengePreferencesDTO,
        privacySettings: PrivacySettingsDTO, appSettings: AppSettingsDTO,
        personalization: PersonalizationSettingsDTO? = nil
    ) {
        self.notificationSettings = notificationSettings
        self.challengePreferences = challengePreferences
        self.privacySettings = privacySettings
        self.appSettings = appSettings
        self.personalization = personalization
    }

    /// Whether `today` picks with the personalization engine: the person turned it on and lets
    /// their interactions train it (``PrivacySettingsDTO/allowAnalytics``).
    public var isPersonalized: Bool {
        personalization?.enabled == true && privacySettings.allowAnalytics
    }

    /// The zone of a person who never gave one.
    public static let defaultZone = "UTC"

    /// A new person's preferences, in `timeZone`.
    public static func defaults(timeZone: String) -> UserPreferencesDTO {
        UserPreferencesDTO(
            notificationSettings: NotificationSettingsDTO(
                enabled: false, timeWindow: TimeWindowDTO(start: "09:00", end: "18:00"), timeZone: timeZone),
            challengePreferences: ChallengePreferencesDTO(
                preferredCategories: [], maxTimeInvestment: .long, budgetLevel: .medium, socialComfortLevel: 4,
                difficultyPreference: 3, locationPreferences: []),
            privacySettings: PrivacySettingsDTO(shareCompletionsWithFriends: false, allowAnalytics: true),
            appSettings: AppSettingsDTO(theme: .auto, hemisphere: .northern))
    }

    /// The zone the person's days are counted in.
    public var zone: TimeZone { TimeZone(identifier: notificationSettings.timeZone) ?? .gmt }

    /// Throws for the first value that breaks a rule.
    public func validate() throws(ChallengeError) {
        try notificationSettings.validate()
        try challengePreferences.validate()
    }
}

/// When and where a person may be reminded.
public struct NotificationSettingsDTO: Codable, Sendable, Hashable {
    public var enabled: Bool
    public var timeWindow: TimeWindowDTO
    /// An IANA zone name (`Europe/Berlin`); the person's days are counted in it.
    public var timeZone: String

    public init(enabled: Bool, timeWindow: TimeWindowDTO, timeZone: String) {
        self.enabled = enabled
        self.timeWindow = timeWindow
        self.timeZone = timeZone
    }

    func validate() throws(ChallengeError) {
        guard TimeZone(identifier: timeZone) != nil else {
            throw .invalid(field: "notificationSettings.timeZone", reason: "must be an IANA time zone name")
        }
        try timeWindow.validate()
    }
}

/// A daily window of local time, `HH:mm` to `HH:mm`; it may run past midnight.
public struct TimeWindowDTO: Codable, Sendable, Hashable {
    public var start: String
    public var end: String

    public init(start: String, end: String) {
        self.start = start
        self.end = end
    }

    /// Minutes after midnight of a `HH:mm` time; nil when it is not one.
    /// The hours (0–23) that start within the window and end by its end; a window past midnight
    /// wraps.
    public var wholeHours: [Int] {
        guard let start = Self.minutes(start), let end = Self.minutes(end) else { return [] }
        let length = (end - start + 24 * 60) % (24 * 60)
        let first = (start + 59) / 60
        return (0..<24).map { (first + $0) % 24 }.filter { hour in
            let offset = (hour * 60 - start + 24 * 60) % (24 * 60)
            return offset + 60 <= length
        }
    }

    public static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2, let hour = Int(parts[0]),
            let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }

    func validate() throws(ChallengeError) {
        guard let start = Self.minutes(start), let end = Self.minutes(end) else {
            throw .invalid(field: "notificationSettings.timeWindow", reason: "start and end are HH:mm")
        }
        guard start != end else {
            throw .invalid(field: "notificationSettings.timeWindow", reason: "must not be empty")
        }
    }
}

/// What challenges a person wants.
public struct ChallengePreferencesDTO: Codable, Sendable, Hashable {
    /// The categories given; empty for all.
    public var preferredCategories: [ChallengeCategory]
    /// The longest a daily challenge may take.
    public var maxTimeInvestment: TimeInvestment
    /// The most a daily challenge may cost.
    public var budgetLevel: CostLevel
    /// 1 (alone only) to 4 (strangers too): how far up ``SocialRequirement`` a challenge may go.
    public var socialComfortLevel: Int
    /// 1 to 5: the difficulty the daily pick favours.
    public var difficultyPreference: Int
    /// The places given; empty for all.
    public var locationPreferences: [LocationType]

    public init(
        preferredCategories: [ChallengeCategory], maxTimeInvestment: TimeInvestment, budgetLevel: CostLevel,
        socialComfortLevel: Int, difficultyPreference: Int, locationPreferences: [LocationType]
    ) {
        self.preferredCategories = preferredCategories
        self.maxTimeInvestment = maxTimeInvestment
        self.budgetLevel = budgetLevel
        self.socialComfortLevel = socialComfortLevel
        self.difficultyPreference = difficultyPreference
        self.locationPreferences = locationPreferences
    }

    /// The social comfort levels.
    public static let socialComfortLevels = 1...SocialRequirement.allCases.count

    func validate() throws(ChallengeError) {
        guard Self.socialComfortLevels.contains(socialComfortLevel) else {
            throw .invalid(
                field: "challengePreferences.socialComfortLevel",
                reason: "must be 1 to \(Self.socialComfortLevels.upperBound)")
        }
        guard Challenge.difficultyLevels.contains(difficultyPreference) else {
            throw .invalid(field: "challengePreferences.difficultyPreference", reason: "must be 1 to 5")
        }
    }

    /// Whether a challenge is within these preferences (the difficulty is only favoured, never required).
    public func admits(_ challenge: Challenge) -> Bool {
        (preferredCategories.isEmpty || preferredCategories.contains(challenge.category))
            && challenge.timeInvestment <= maxTimeInvestment && challenge.costLevel <= budgetLevel
            && challenge.socialRequirement.rank < socialComfortLevel
            && (locationPreferences.isEmpty || locationPreferences.contains(challenge.locationType))
    }
}

/// Out of Box's personalization for one person (issue 22): whether their daily challenge is
/// chosen by the engine, and from when it learns.
public struct PersonalizationSettingsDTO: Codable, Sendable, Hashable {
    /// `today` picks with the engine (when ``PrivacySettingsDTO/allowAnalytics`` allows it to learn).
    public var enabled: Bool
    /// Kept by the server: when the person last reset their model; nothing before it is learned.
    /// A client's value is ignored.
    public var resetAt: Date?

    public init(enabled: Bool, resetAt: Date? = nil) {
        self.enabled = enabled
        self.resetAt = resetAt
    }
}

/// What a person shares.
public struct PrivacySettingsDTO: Codable, Sendable, Hashable {
    /// A completion with a photo is shared with every friend at once (`/api/v1/social/photos`);
    /// off, the person shares the photos they choose.
    public var shareCompletionsWithFriends: Bool
    /// Interactions may train the person's own personalization model.
    public var allowAnalytics: Bool
    /// Who may find the person by their email to send a friend request (absent: everyone).
    public var findableBy: SocialAudience?
    /// Who may send the person a friend request (absent: everyone).
    public var friendRequestsFrom: SocialAudience?

    public init(
        shareCompletionsWithFriends: Bool, allowAnalytics: Bool, findableBy: SocialAudience? = nil,
        friendRequestsFrom: SocialAudience? = nil
    ) {
        self.shareCompletionsWithFriends = shareCompletionsWithFriends
        self.allowAnalytics = allowAnalytics
        self.findableBy = findableBy
        self.friendRequestsFrom = friendRequestsFrom
    }
}

/// How the app looks and counts seasons.
public struct AppSettingsDTO: Codable, Sendable, Hashable {
    public enum Theme: String, Codable, Sendable, CaseIterable { case light, dark, auto }
    public enum Hemisphere: String, Codable, Sendable, CaseIterable { case northern, southern }

    public var theme: Theme
    /// Which half of the world the person lives in, for seasonal challenges.
    public var hemisphere: Hemisphere

    public init(theme: Theme, hemisphere: Hemisphere) {
        self.theme = theme
        self.hemisphere = hemisphere
    }
}
