import OutOfBoxCore

/// `POST /api/v1/challenges/{id}/complete`: an optional photo (an asset the caller uploaded) and notes.
public struct CompleteChallengeRequest: Codable, Sendable, Hashable {
    /// The photo's asset ID (its SHA-256), from `POST /api/v1/assets` or a finished upload.
    public var photoAssetID: String?
    public var notes: String?

    public init(photoAssetID: String? = nil, notes: String? = nil) {
        self.photoAssetID = photoAssetID
        self.notes = notes
    }
}

/// `POST /api/v1/challenges/{id}/skip`.
public struct SkipChallengeRequest: Codable, Sendable, Hashable {
    public var reason: SkipReason?

    public init(reason: SkipReason? = nil) { self.reason = reason }
}

/// `POST /api/v1/challenges/{id}/rate`.
public struct RateChallengeRequest: Codable, Sendable, Hashable {
    /// 1 to 5.
    public var rating: Int

    public init(rating: Int) { self.rating = rating }
}

/// `POST /api/v1/challenges/history`: assignments a device made or changed offline, one per day.
public struct OfflineAssignmentsRequest: Codable, Sendable, Hashable {
    public var assignments: [UserChallenge]

    public init(assignments: [UserChallenge]) { self.assignments = assignments }
}

/// The answer to ``OfflineAssignmentsRequest``: the assignment that stands for each day sent, in
/// the order sent.
public struct OfflineAssignmentsAnswer: Codable, Sendable, Hashable {
    public var assignments: [AssignedChallenge]

    public init(assignments: [AssignedChallenge]) { self.assignments = assignments }
}

/// The answer to an administrator's catalog import.
public struct CatalogImportReport: Codable, Sendable, Hashable {
    /// How many challenges were added or changed.
    public var imported: Int
    /// The catalog version the store now holds.
    public var catalogVersion: Int

    public init(imported: Int, catalogVersion: Int) {
        self.imported = imported
        self.catalogVersion = catalogVersion
    }
}

/// `POST /api/v1/challenges/reminders`: daily reminders for the next `days` days.
public struct ScheduleRemindersRequest: Codable, Sendable, Hashable {
    /// 1 to 30 (``ChallengeReminder/days``).
    public var days: Int

    public init(days: Int) { self.days = days }
}

/// `DELETE /api/v1/challenges/reminders`: how many scheduled reminders were cancelled.
public struct CancelledReminders: Codable, Sendable, Hashable {
    public var cancelled: Int

    public init(cancelled: Int) { self.cancelled = cancelled }
}

/// `POST /api/v1/content/report`.
public struct ReportContentRequest: Codable, Sendable, Hashable {
    public var kind: ContentReport.Kind
    /// The reported challenge's ID.
    public var targetID: String
    public var reason: ContentReport.Reason
    /// At most ``ContentReport/detailsLimit`` characters.
    public var details: String?

    public init(kind: ContentReport.Kind, targetID: String, reason: ContentReport.Reason, details: String? = nil) {
        self.kind = kind
        self.targetID = targetID
        self.reason = reason
        self.details = details
    }
}

/// `POST /api/v1/content/feedback`.
public struct FeedbackRequest: Codable, Sendable, Hashable {
    /// 1 to ``ContentFeedback/messageLimit`` characters.
    public var message: String
    /// The challenge it is about, if any.
    public var challengeID: String?

    public init(message: String, challengeID: String? = nil) {
        self.message = message
        self.challengeID = challengeID
    }
}

/// `POST /api/v1/admin/reports/{id}/resolve`.
public struct ResolveReportRequest: Codable, Sendable, Hashable {
    public var action: ModerationAction

    public init(action: ModerationAction) { self.action = action }
}
