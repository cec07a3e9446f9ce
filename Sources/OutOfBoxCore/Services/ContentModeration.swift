import Foundation

/// Reports and feedback (seed 004's `/content/report` and `/content/feedback`, issue 22): a person
/// reports a challenge, which is hidden from them at once; an administrator works through the open
/// reports, dismissing them or retiring the challenge for everyone; feedback is kept for them.
public struct ContentModeration<Store: ChallengeRepository>: Sendable {
    let store: Store
    let clock: @Sendable () -> Date

    /// Moderation over `store`; `clock` tells the time.
    public init(store: Store, clock: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.clock = clock
    }

    /// `userID` reports `targetID`.
    public func report(
        by userID: UUID, kind: ContentReport.Kind, targetID: String, reason: ContentReport.Reason, details: String?
    ) async throws -> ContentReport {
        if let details {
            try Self.checkText(details, field: "details", limit: ContentReport.detailsLimit, allowEmpty: true)
        }
        switch kind {
        case .challenge:
            guard targetID.utf8.count <= 60, try await store.challenge(id: targetID) != nil else {
                throw ChallengeError.challengeNotFound
            }
        }
        let report = ContentReport(
            reporterID: userID, kind: kind, targetID: targetID, reason: reason, details: details, createdAt: clock())
        try await store.saveReport(report)
        return report
    }

    /// `userID`'s feedback, about `challengeID` when given.
    public func feedback(by userID: UUID, message: String, challengeID: String?) async throws -> ContentFeedback {
        try Self.checkText(message, field: "message", limit: ContentFeedback.messageLimit, allowEmpty: false)
        if let challengeID {
            guard challengeID.utf8.count <= 60, try await store.challenge(id: challengeID) != nil else {
                throw ChallengeError.challengeNotFound
            }
        }
        let feedback = ContentFeedback(userID: userID, challengeID: challengeID, message: message, createdAt: clock())
        try await store.saveFeedback(feedback)
        return feedback
    }

    /// The reports in `status`, oldest first: the administrator's queue.
    public func queue(status: ContentReport.Status, limit: Int) async throws -> [ContentReport] {
        try await store.reports(status: status, limit: limit)
    }

    /// Resolves open report `id` by `action`.
    public func resolve(_ id: UUID, by action: ModerationAction) async throws -> ContentReport {
        guard let report = try await store.report(id: id), report.status == .open else {
            throw ChallengeError.reportNotFound
        }
        if action == .retire, var challenge = try await store.challenge(id: report.targetID), challenge.isActive {
            challenge.isActive = false
            challenge.updatedAt = clock()
            try await store.saveChallenges([challenge], catalogVersion: nil)
        }
        guard
            let resolved = try await store.resolveReport(
                id, as: action == .retire ? .actioned : .dismissed, at: clock())
        else { throw ChallengeError.reportNotFound }
        return resolved
    }

    /// The newest feedback first.
    public func feedbackList(limit: Int) async throws -> [ContentFeedback] {
        try await store.feedback(limit: limit)
    }

    private static func checkText(_ text: String, field: String, limit: Int, allowEmpty: Bool) throws {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard allowEmpty || !trimmed.isEmpty else {
            throw ChallengeError.invalid(field: field, reason: "must not be empty")
        }
        guard text.unicodeScalars.count <= limit else {
            throw ChallengeError.invalid(field: field, reason: "at most \(limit) characters")
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" }) else {
            throw ChallengeError.invalid(field: field, reason: "must not hold control characters")
        }
    }
}
