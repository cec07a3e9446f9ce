import Foundation
import OutOfBoxCore
import RealityStore

extension DeviceChallengeService {
    /// The engine over the device's copy of the person's history: offline, it knows what that copy
    /// holds.
    var localPersonalization: ChallengePersonalization<DeviceStore> {
        ChallengePersonalization(userID: userID, store: store)
    }

    /// What the personalization engine knows of the person.
    public func personalization() async throws -> PersonalizationReport {
        try await either(online: { try await $0.personalization() }) { _ in try await localPersonalization.report() }
    }

    /// The person's week against their own past.
    public func insights() async throws -> ChallengeInsights {
        try await either(online: { try await $0.insights() }) { _ in try await localPersonalization.insights() }
    }

    /// Challenges the engine recommends today, with reasons.
    public func recommendations(count: Int) async throws -> [Recommendation] {
        try await either(online: { try await $0.recommendations(count: count) }) { _ in
            try await localPersonalization.recommendations(count: count)
        }
    }

    /// Resets the engine's model of the person, on the server (their model is the same on every
    /// device, so this needs it), and keeps the preferences that now say so.
    public func resetPersonalization() async throws -> PersonalizationReport {
        guard isOnline else { throw SyncError.network("the model is reset on the server, which cannot be reached") }
        let report = try await server.resetPersonalization()
        try await store.saveChallengePreferences(try await server.preferences(), of: userID)
        return report
    }
}
