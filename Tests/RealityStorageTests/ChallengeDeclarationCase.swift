import Foundation
import OutOfBoxCore
import RealityCore

/// Out of Box's challenge (``Challenge/declaration``), held to every declaration check; saved and
/// read through the catalog's own repository calls.
struct ChallengeCase: DeclaredRecordCase {
    let sample = Challenge(
        id: "sample-challenge", title: "Draw the view from a window", description: "Ten minutes, one pencil.",
        category: .nature, timeInvestment: .long, socialRequirement: .withStrangers, costLevel: .high,
        difficultyLevel: 4, tags: ["drawing", "window"], locationType: .outdoors, seasonality: .winter,
        isActive: false, createdAt: Date(timeIntervalSince1970: 1_780_000_000.125),
        updatedAt: Date(timeIntervalSince1970: 1_780_000_100.5))
    var keptElsewhere: Set<String> { [] }
    var updatedAt: any KeyPath<Challenge, Date> & Sendable { \.updatedAt }
    func merged(_ merge: FieldMerge<Challenge>) -> Challenge { Challenge.declaration.merged(merge) }
    func edited(_ record: Challenge) -> Challenge {
        var edited = record
        edited.title = "Edited"
        edited.seasonality = nil
        edited.tags = []
        return edited
    }
    func saveAndRead(_ record: Challenge, first: Bool, in store: any StoreUnderTest) async throws -> Challenge? {
        try await store.saveChallenges([record], catalogVersion: nil)
        return try await store.challenge(id: record.id)
    }
}

/// A person's day (``UserChallenge/declaration``), held to every declaration check; saved and
/// read through the assignments' repository calls (a save of a day already kept updates it).
struct UserChallengeCase: DeclaredRecordCase {
    let sample: UserChallenge = {
        var item = UserChallenge(
            id: UUID(), userID: UUID(), challengeID: "sample-challenge",
            localDay: LocalDay(year: 2026, month: 3, day: 29)!,
            assignedAt: Date(timeIntervalSince1970: 1_780_000_000.25))
        item.status = .completed
        item.completedDate = Date(timeIntervalSince1970: 1_780_000_600.5)
        item.skippedDate = Date(timeIntervalSince1970: 1_780_000_700.75)
        item.skipReason = .weather
        item.photoAssetID = String(repeating: "ab", count: 32)
        item.userRating = 4
        item.completionTime = 600.25
        item.userNotes = "Every field"
        item.updatedAt = Date(timeIntervalSince1970: 1_780_000_800.125)
        return item
    }()
    var keptElsewhere: Set<String> { [] }
    var updatedAt: any KeyPath<UserChallenge, Date> & Sendable { \.updatedAt }
    func merged(_ merge: FieldMerge<UserChallenge>) -> UserChallenge { UserChallenge.declaration.merged(merge) }
    func edited(_ record: UserChallenge) -> UserChallenge {
        var edited = record
        edited.status = .assigned
        edited.completedDate = nil
        edited.skippedDate = nil
        edited.skipReason = nil
        edited.photoAssetID = nil
        edited.userRating = nil
        edited.completionTime = nil
        edited.userNotes = nil
        return edited
    }
    func saveAndRead(_ record: UserChallenge, first: Bool, in store: any StoreUnderTest) async throws
        -> UserChallenge?
    {
        if first {
            _ = try await store.assign(record)
        } else {
            let kept = try await store.assignment(of: record.userID, on: record.localDay)
            _ = try await store.updateAssignment(record, whereStatus: kept?.status ?? .assigned)
        }
        return try await store.assignment(of: record.userID, on: record.localDay)
    }
}
