import Foundation

/// Where Out of Box keeps its catalog, its assignments and people's preferences: the server's
/// SQLite and PostgreSQL stores implement it, beside the platform's tables.
public protocol ChallengeRepository: Sendable {
    /// The version of the shipped catalog the store holds; 0 when none was installed.
    func catalogVersion() async throws -> Int
    /// Saves `challenges` (a challenge already held by its ID is replaced, keeping its `createdAt`)
    /// and, when given, records `catalogVersion` as installed, in one transaction.
    func saveChallenges(_ challenges: [Challenge], catalogVersion: Int?) async throws
    /// The challenge `id`, retired or not.
    func challenge(id: String) async throws -> Challenge?
    /// Every challenge, by ID; the retired ones only when `includingRetired`.
    func challenges(includingRetired: Bool) async throws -> [Challenge]
    /// The catalog's generation now and the challenges changed after `generation` (every one for 0),
    /// read together: what a device fetches to keep its copy (`fetchChallengeUpdates(since:)`).
    func catalogChanges(since generation: Int64) async throws -> CatalogChanges
    /// The IDs of the challenges whose title, description or tags hold every word of `query`
    /// (as prefixes), through the store's text index, best first.
    func challengeIDs(matching query: String, limit: Int) async throws -> [String]

    /// The person's assignment of `day`, if they have one.
    func assignment(of userID: UUID, on day: LocalDay) async throws -> UserChallenge?
    /// Stores `assignment` unless its person already has one for its day, and answers the one
    /// that stands: two devices asking at once get one assignment, not two.
    func assign(_ assignment: UserChallenge) async throws -> UserChallenge
    /// Stores `assignments` as they are (a history brought in whole), in one transaction; one
    /// that would be a second assignment of its person's day is left out.
    func saveAssignments(_ assignments: [UserChallenge]) async throws
    /// The challenges given to the person on `day` or later.
    func challengeIDs(givenTo userID: UUID, since day: LocalDay) async throws -> Set<String>
    /// The person's latest assignment of `challengeID`.
    func latestAssignment(of userID: UUID, challengeID: String) async throws -> UserChallenge?
    /// Saves `assignment` when its stored status is still `status`; false when it is not (someone
    /// acted first).
    func updateAssignment(_ assignment: UserChallenge, whereStatus status: ChallengeStatus) async throws -> Bool
    /// The person's assignments, newest day first, before `day` when given.
    func assignments(of userID: UUID, before day: LocalDay?, limit: Int) async throws -> [UserChallenge]
    /// Every assignment of the person, oldest first.
    func allAssignments(of userID: UUID) async throws -> [UserChallenge]

    /// What an administrator last set of the app configuration, and when; nil before they set any.
    func appConfiguration() async throws -> (update: AppConfigurationUpdate, updatedAt: Date)?
    /// Saves the administrator's app configuration.
    func saveAppConfiguration(_ update: AppConfigurationUpdate, at date: Date) async throws

    /// The person's saved preferences, if any.
    func challengePreferences(of userID: UUID) async throws -> UserPreferencesDTO?
    /// Saves the person's preferences.
    func saveChallengePreferences(_ preferences: UserPreferencesDTO, of userID: UUID) async throws

    // MARK: Reports and feedback (issue 22)

    /// Keeps a new report.
    func saveReport(_ report: ContentReport) async throws
    /// Report `id`.
    func report(id: UUID) async throws -> ContentReport?
    /// Reports in `status`, oldest first, at most `limit`.
    func reports(status: ContentReport.Status, limit: Int) async throws -> [ContentReport]
    /// The IDs of what `userID` reported of `kind`, hidden from them.
    func reportedTargetIDs(by userID: UUID, kind: ContentReport.Kind) async throws -> Set<String>
    /// Moves open report `id` to `status` at `date`; nil when there is no open report `id`.
    func resolveReport(_ id: UUID, as status: ContentReport.Status, at date: Date) async throws -> ContentReport?
    /// Keeps feedback.
    func saveFeedback(_ feedback: ContentFeedback) async throws
    /// The newest feedback first, at most `limit`.
    func feedback(limit: Int) async throws -> [ContentFeedback]

    // MARK: Reminders (issue 22)

    /// Keeps new reminders, each with the job that delivers it at its time (in one transaction).
    func saveReminders(_ reminders: [ChallengeReminder]) async throws
    /// Reminder `id`, anyone's.
    func reminder(id: UUID) async throws -> ChallengeReminder?
    /// A person's reminders due from `since` on, earliest first.
    func reminders(of userID: UUID, dueFrom since: Date) async throws -> [ChallengeReminder]
    /// Cancels a person's scheduled reminder `id`, or all of them when nil; answers how many.
    func cancelReminders(of userID: UUID, id: UUID?) async throws -> Int
}

/// The challenges changed after a generation of the catalog, and the generation they bring a copy to.
public struct CatalogChanges: Codable, Sendable, Hashable {
    /// The catalog's generation these changes bring a copy to; ask for changes since it next time.
    public var generation: Int64
    /// The challenges added, changed or retired since the generation asked about, by ID.
    public var challenges: [Challenge]

    public init(generation: Int64, challenges: [Challenge]) {
        self.generation = generation
        self.challenges = challenges
    }
}

/// How the service learns about a completion photo: the server answers from the media pipeline.
public protocol ChallengePhotoCheck: Sendable {
    /// The photo `assetID` of `userID`, read by the server; throws ``ChallengeError/photoSaveFailed(_:)``
    /// when it is not an image and ``ChallengeError/invalid(field:reason:)`` when it is not theirs.
    func photo(_ assetID: String, of userID: UUID) async throws -> PhotoMetadata
}

/// What the server read from a completion photo (seed 004's `PhotoMetadata`, from the server's own
/// reading of the file rather than the device's word).
public struct PhotoMetadata: Codable, Sendable, Hashable {
    /// The asset's ID (its SHA-256).
    public var assetID: String
    public var contentType: String
    public var fileSize: Int64
    /// Pixels, upright; nil until the media job has read the image.
    public var width: Int?
    public var height: Int?
    public var createdAt: Date

    public init(assetID: String, contentType: String, fileSize: Int64, width: Int?, height: Int?, createdAt: Date) {
        self.assetID = assetID
        self.contentType = contentType
        self.fileSize = fileSize
        self.width = width
        self.height = height
        self.createdAt = createdAt
    }
}

extension ChallengeRepository {
    /// The person's saved preferences, else a new person's (in ``UserPreferencesDTO/defaultZone``):
    /// what every service reads when it needs them.
    public func preferencesOrDefaults(of userID: UUID) async throws -> UserPreferencesDTO {
        try await challengePreferences(of: userID) ?? .defaults(timeZone: UserPreferencesDTO.defaultZone)
    }
}
