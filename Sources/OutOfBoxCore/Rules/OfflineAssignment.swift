import Foundation

/// How an assignment a device made or changed offline meets what the server holds for that day
/// (issue 21). One pure rule, so that the server and a test reach the same answer:
///
/// - the server holds nothing for the day: the device's assignment stands, with its times;
/// - the server's is settled (completed or skipped): the server's stands; a later rating of the
///   same completed challenge from the device is taken (a later rating replaces an earlier one);
/// - the server's is only assigned and the device's is settled: the device's settlement stands
///   (the person did or passed over that challenge), on the server's row, its completion time
///   counted from the earlier of the two assignments when they are of the same challenge;
/// - both only assigned: the server's stands (the device takes it at its next sync).
public enum OfflineAssignment {
    /// How far ahead of the server's clock a device's times may run.
    public static let clockSkew: TimeInterval = 300
    /// How long ago an assignment sent from offline may have been made: the daily pick's repeat
    /// window (a device offline longer than that has its oldest days refused, and is told).
    public static let oldest: TimeInterval = TimeInterval(DailyPick.repeatWindow) * 86_400

    /// The assignment that stands for `offline`'s day, given the server's (`server`, if any).
    public static func standing(server: UserChallenge?, offline: UserChallenge) -> UserChallenge {
        guard var kept = server else {
            var offline = offline
            offline.completionTime = offline.completedDate.map { max(0, $0.timeIntervalSince(offline.assignedDate)) }
            return offline
        }
        if kept.isSettled {
            if kept.status == .completed, offline.status == .completed, kept.challengeID == offline.challengeID,
                let rating = offline.userRating, offline.updatedAt > kept.updatedAt, rating != kept.userRating
            {
                kept.userRating = rating
                kept.updatedAt = offline.updatedAt
            }
            return kept
        }
        guard offline.isSettled else { return kept }
        let sameChallenge = kept.challengeID == offline.challengeID
        kept.challengeID = offline.challengeID
        kept.assignedDate = sameChallenge ? min(kept.assignedDate, offline.assignedDate) : offline.assignedDate
        kept.status = offline.status
        kept.completedDate = offline.completedDate
        kept.skippedDate = offline.skippedDate
        kept.skipReason = offline.skipReason
        kept.photoAssetID = offline.photoAssetID
        kept.userRating = offline.userRating
        kept.userNotes = offline.userNotes
        kept.completionTime = offline.completedDate.map { max(0, $0.timeIntervalSince(kept.assignedDate)) }
        kept.updatedAt = max(kept.updatedAt, offline.updatedAt)
        return kept
    }

    /// Checks `offline`, the `index`th assignment a device sent for `userID`, against the
    /// model's rules and the server's clock `now`: the person's own, made within ``oldest``, of a
    /// day near its assignment time in some zone, its times in order and not in the future, its status's
    /// dates present and no others, a rating only when completed, and its notes within bounds.
    /// Throws ``ChallengeError/invalid(field:reason:)`` naming the field.
    public static func validate(_ offline: UserChallenge, at index: Int, of userID: UUID, now: Date) throws {
        func refuse(_ field: String, _ reason: String) -> ChallengeError {
            .invalid(field: "assignments[\(index)].\(field)", reason: reason)
        }
        let latest = now.addingTimeInterval(clockSkew)
        guard offline.userID == userID else { throw refuse("userID", "must be your own") }
        guard offline.assignedDate <= latest else { throw refuse("assignedDate", "lies in the future") }
        guard offline.assignedDate >= now.addingTimeInterval(-oldest) else {
            throw refuse("assignedDate", "lies more than \(DailyPick.repeatWindow) days back")
        }
        guard offline.updatedAt <= latest else { throw refuse("updatedAt", "lies in the future") }
        // Every zone's day lies within 14 hours of UTC's: the day must be one the assignment time
        // falls on somewhere.
        let utcDay = LocalDay(offline.assignedDate, in: .gmt)
        guard abs(offline.localDay.days(since: utcDay)) <= 1 else {
            throw refuse("localDay", "must be the day of assignedDate in some time zone")
        }
        let dates: [(String, Date?, Bool)] = [
            ("completedDate", offline.completedDate, offline.status == .completed),
            ("skippedDate", offline.skippedDate, offline.status == .skipped),
        ]
        for (field, date, required) in dates {
            guard (date != nil) == required else {
                throw refuse(field, required ? "is required for status \(offline.status.rawValue)" : "must be empty")
            }
            if let date, date < offline.assignedDate || date > latest {
                throw refuse(field, "must lie between assignedDate and now")
            }
        }
        if offline.status != .skipped, offline.skipReason != nil { throw refuse("skipReason", "must be empty") }
        if let rating = offline.userRating {
            guard offline.status == .completed else { throw refuse("userRating", "needs a completed challenge") }
            guard UserChallenge.ratings.contains(rating) else {
                throw refuse(
                    "userRating", "must be \(UserChallenge.ratings.lowerBound) to \(UserChallenge.ratings.upperBound)")
            }
        }
        if offline.status != .completed, offline.photoAssetID != nil || offline.userNotes != nil {
            throw refuse(offline.photoAssetID != nil ? "photoAssetID" : "userNotes", "needs a completed challenge")
        }
        if let notes = offline.userNotes, notes.count > UserChallenge.notesLimit {
            throw refuse("userNotes", "at most \(UserChallenge.notesLimit) characters")
        }
    }
}
