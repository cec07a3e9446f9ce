/// What goes wrong in Out of Box (seed 004's `ChallengeError` and `CloudKitError`), each case with
/// one HTTP status and one exit code of the command line (docs/out-of-box.md).
public enum ChallengeError: Error, Sendable, Equatable {
    /// No such challenge, or none of the caller's.
    case challengeNotFound
    /// The challenge was already completed (409).
    case alreadyCompleted
    /// The challenge was skipped, so it cannot be completed or skipped again (409).
    case alreadySkipped
    /// The challenge is not the caller's to act on now: never assigned to them (404 on the wire).
    case notAssigned
    /// A rating needs a completed challenge (409).
    case notCompleted
    /// A value breaks a rule; `field` names it (400).
    case invalid(field: String, reason: String)
    /// The photo could not be stored or is not an image (400 when it is not one).
    case photoSaveFailed(String)
    /// The device could not reach the server.
    case networkUnavailable
    /// No signed-in person.
    case unauthorized
    /// A limit of the person's plan.
    case quotaExceeded
    /// The catalog is empty: nothing can be assigned.
    case catalogEmpty
    /// No such reminder of the caller's (404).
    case reminderNotFound
    /// Reminders need the person's notifications on (409).
    case notificationsOff
    /// No such open report (404).
    case reportNotFound
    /// No one the caller may reach has that email or ID (404; the same whether no one has it, or
    /// its owner's privacy settings or a block keep them out of reach).
    case personNotFound
    /// No such friend request for the caller to act on (404).
    case friendRequestNotFound
    /// They are friends already (409).
    case alreadyFriends
    /// A request between them waits already (409).
    case requestPending
    /// The other person declined the caller's request lately (409).
    case requestDeclined
    /// They are not friends (404).
    case notFriends
    /// No shared photo the caller may see (404).
    case photoNotFound
    /// No comment the caller may see or remove (404).
    case commentNotFound
    /// The completion is shared already (409).
    case alreadyShared
    /// A bound of the social side (``SocialLimits``) is reached; the text says which (409).
    case limitReached(String)

    /// A stable snake_case code for clients.
    public var code: String {
        switch self {
        case .challengeNotFound: "challenge_not_found"
        case .alreadyCompleted: "already_completed"
        case .alreadySkipped: "already_skipped"
        case .notAssigned: "not_assigned"
        case .notCompleted: "not_completed"
        case .invalid: "invalid"
        case .photoSaveFailed: "photo_save_failed"
        case .networkUnavailable: "network_unavailable"
        case .unauthorized: "unauthorized"
        case .quotaExceeded: "quota_exceeded"
        case .catalogEmpty: "catalog_empty"
        case .reminderNotFound: "reminder_not_found"
        case .notificationsOff: "notifications_off"
        case .reportNotFound: "report_not_found"
        case .personNotFound: "person_not_found"
        case .friendRequestNotFound: "friend_request_not_found"
        case .alreadyFriends: "already_friends"
        case .requestPending: "request_pending"
        case .requestDeclined: "request_declined"
        case .notFriends: "not_friends"
        case .photoNotFound: "photo_not_found"
        case .commentNotFound: "comment_not_found"
        case .alreadyShared: "already_shared"
        case .limitReached: "limit_reached"
        }
    }

    /// What a person reads.
    public var message: String {
        switch self {
        case .challengeNotFound: "No such challenge."
        case .alreadyCompleted: "This challenge is already completed."
        case .alreadySkipped: "This challenge was skipped."
        case .notAssigned: "This challenge was never given to you."
        case .notCompleted: "Complete the challenge before rating it."
        case .invalid(let field, let reason): "\(field) \(reason)."
        case .photoSaveFailed(let reason): "The photo could not be saved: \(reason)."
        case .networkUnavailable: "The server cannot be reached."
        case .unauthorized: "Sign in first."
        case .quotaExceeded: "Your plan's limit is reached."
        case .catalogEmpty: "There are no challenges to give."
        case .reminderNotFound: "No such reminder."
        case .notificationsOff: "Turn notifications on first (notificationSettings.enabled)."
        case .reportNotFound: "No such open report."
        case .personNotFound: "No one you can send a friend request to has that email or ID."
        case .friendRequestNotFound: "No such friend request for you to act on."
        case .alreadyFriends: "You are friends already."
        case .requestPending: "A friend request between you is waiting already."
        case .requestDeclined: "They declined your last request; ask again later."
        case .notFriends: "You are not friends."
        case .photoNotFound: "No such shared photo."
        case .commentNotFound: "No such comment."
        case .alreadyShared: "This completion's photo is shared already."
        case .limitReached(let what): "\(what)."
        }
    }

    /// The field at fault, for ``invalid(field:reason:)``.
    public var field: String? {
        switch self {
        case .invalid(let field, _): field
        case .photoSaveFailed: "photoAssetID"
        default: nil
        }
    }
}
