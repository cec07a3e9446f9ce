import Foundation

/// A person's report of content they find wrong (seed 004's `/content/report`, issue 22): hidden
/// from them at once, and queued for an administrator, who dismisses it or acts on it.
public struct ContentReport: Codable, Sendable, Hashable, Identifiable {
    @LowercaseUUID public var id: UUID
    @LowercaseUUID public var reporterID: UUID
    public var kind: Kind
    /// What is reported: a challenge's ID, or a shared photo's or a comment's (lowercase).
    public var targetID: String
    public var reason: Reason
    public var details: String?
    public var status: Status
    public var createdAt: Date
    public var resolvedAt: Date?

    /// What can be reported.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case challenge
        /// A shared photo (``SharedPhoto``).
        case photo
        /// A comment on a shared photo (``PhotoComment``).
        case comment
    }

    /// Why.
    public enum Reason: String, Codable, Sendable, CaseIterable {
        case inappropriate, unsafe, spam, wrongInformation, other
    }

    /// Where it stands.
    public enum Status: String, Codable, Sendable, CaseIterable {
        /// Waiting for an administrator.
        case open
        /// Looked at; nothing to do.
        case dismissed
        /// Acted on: the challenge was retired, or the photo or comment taken down, for everyone.
        case actioned
    }

    public init(
        id: UUID = UUID(), reporterID: UUID, kind: Kind, targetID: String, reason: Reason, details: String?,
        status: Status = .open, createdAt: Date, resolvedAt: Date? = nil
    ) {
        self.id = id
        self.reporterID = reporterID
        self.kind = kind
        self.targetID = targetID
        self.reason = reason
        self.details = details
        self.status = status
        self.createdAt = createdAt
        self.resolvedAt = resolvedAt
    }

    /// The longest `details`, in Unicode scalars (as JSON Schema counts).
    public static let detailsLimit = 1_000
}

/// What a person tells the makers (seed 004's `/content/feedback`, issue 22), read by an
/// administrator.
public struct ContentFeedback: Codable, Sendable, Hashable, Identifiable {
    @LowercaseUUID public var id: UUID
    @LowercaseUUID public var userID: UUID
    /// The challenge it is about, if any.
    public var challengeID: String?
    public var message: String
    public var createdAt: Date

    public init(id: UUID = UUID(), userID: UUID, challengeID: String?, message: String, createdAt: Date) {
        self.id = id
        self.userID = userID
        self.challengeID = challengeID
        self.message = message
        self.createdAt = createdAt
    }

    /// The longest message, in Unicode scalars (as JSON Schema counts).
    public static let messageLimit = 2_000
}

/// What an administrator does with a report.
public enum ModerationAction: String, Codable, Sendable, CaseIterable {
    /// Nothing is wrong: the report is dismissed.
    case dismiss
    /// The challenge leaves the catalog for everyone (retired, its history kept).
    case retire
    /// The photo or comment is taken down for everyone, and its owner told.
    case remove

    /// The action that acts on a report of `kind`.
    public static func acting(on kind: ContentReport.Kind) -> ModerationAction {
        kind == .challenge ? .retire : .remove
    }
}
