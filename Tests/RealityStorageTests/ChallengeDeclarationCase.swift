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
