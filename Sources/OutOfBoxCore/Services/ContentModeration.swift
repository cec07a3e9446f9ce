import Foundation

/// Reports and feedback (seed 004's `/content/report` and `/content/feedback`, issue 22): a person
/// reports a challenge, a shared photo or a comment they can see, which is hidden from them at once;
/// an administrator works through the open reports, dismissing them, retiring the challenge or
/// taking the photo or comment down for everyone; feedback is kept for them.
public struct ContentModeration<Store: ChallengeRepository & SocialRepository>: Sendable {
    let store: Store
    let notifier: any SocialNotifier
    let clock: @Sendable () -> Date

    /// Moderation over `store`, telling the owner of what is taken down through `notifier`;
    /// `clock` tells the time.
    public init(store: Store, notifier: any SocialNotifier, clock: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.notifier = notifier
        self.clock = clock
    }

    /// `userID` reports `targetID`.
    public func report(
        by userID: UUID, kind: ContentReport.Kind, targetID: String, reason: ContentReport.Reason, details: String?
    ) async throws -> ContentReport {
        if let details {
            try PersonText.check(details, field: "details", limit: ContentReport.detailsLimit, allowEmpty: true)
        }
        let target = try await checkedTarget(kind, targetID, reportedBy: userID)
        let report = ContentReport(
            reporterID: userID, kind: kind, targetID: target, reason: reason, details: details, createdAt: clock())
        try await store.saveReport(report)
        return report
    }

    /// `userID`'s feedback, about `challengeID` when given.
    public func feedback(by userID: UUID, message: String, challengeID: String?) async throws -> ContentFeedback {
        try PersonText.check(message, field: "message", limit: ContentFeedback.messageLimit, allowEmpty: false)
        if let challengeID {
            guard Challenge.isSlug(challengeID),
                try await store.challenge(id: challengeID) != nil
            else {
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

    /// Resolves open report `id` by `action`: `dismiss`, or the action that fits what it reports
    /// (``ModerationAction/acting(on:)``).
    public func resolve(_ id: UUID, by action: ModerationAction) async throws -> ContentReport {
        guard let report = try await store.report(id: id), report.status == .open else {
            throw ChallengeError.reportNotFound
        }
        if action != .dismiss {
            let fitting = ModerationAction.acting(on: report.kind)
            guard action == fitting else {
                throw ChallengeError.invalid(
                    field: "action", reason: "must be dismiss or \(fitting.rawValue) for a \(report.kind.rawValue)")
            }
            try await takeDown(report)
        }
        guard
            let resolved = try await store.resolveReport(
                id, as: action == .dismiss ? .dismissed : .actioned, at: clock())
        else { throw ChallengeError.reportNotFound }
        return resolved
    }

    /// Retires the reported challenge, or deletes the reported photo or comment and tells its owner.
    private func takeDown(_ report: ContentReport) async throws {
        let id = UUID(uuidString: report.targetID)
        switch report.kind {
        case .challenge:
            guard var challenge = try await store.challenge(id: report.targetID), challenge.isActive else { return }
            challenge.isActive = false
            challenge.updatedAt = clock()
            try await store.saveChallenges([challenge], catalogVersion: nil)
        case .photo:
            guard let id, let photo = try await store.sharedPhoto(id: id),
                try await store.takeDownSharedPhoto(id: id, at: clock())
            else { return }
            try await notifier.notify(
                photo.ownerID, actor: nil, title: "Photo taken down",
                body: "A photo you shared was taken down after a report.")
        case .comment:
            guard let id, let comment = try await store.comment(id: id), try await store.deleteComment(id: id)
            else { return }
            try await notifier.notify(
                comment.authorID, actor: nil, title: "Comment taken down",
                body: "A comment you wrote was taken down after a report.")
        }
    }

    /// The target's ID as kept, once the reporter is found able to see it (and it is not theirs).
    private func checkedTarget(_ kind: ContentReport.Kind, _ targetID: String, reportedBy userID: UUID)
        async throws -> String
    {
        switch kind {
        case .challenge:
            guard Challenge.isSlug(targetID),
                try await store.challenge(id: targetID) != nil
            else {
                throw ChallengeError.challengeNotFound
            }
            return targetID
        case .photo:
            let photos = SharedPhotos(store: store, notifier: notifier)
            guard let id = UUID(uuidString: targetID) else { throw ChallengeError.photoNotFound }
            let photo = try await photos.visiblePhoto(id, to: userID)
            guard photo.ownerID != userID else {
                throw ChallengeError.invalid(field: "targetID", reason: "is your own photo")
            }
            return id.uuidString.lowercased()
        case .comment:
            guard let id = UUID(uuidString: targetID), let comment = try await store.comment(id: id) else {
                throw ChallengeError.commentNotFound
            }
            guard comment.authorID != userID else {
                throw ChallengeError.invalid(field: "targetID", reason: "is your own comment")
            }
            let photos = SharedPhotos(store: store, notifier: notifier)
            let visible: [PhotoComment]
            do {
                visible = try await photos.comments(
                    on: comment.photoID, for: userID, limit: SocialLimits.commentsPerPhoto)
            } catch ChallengeError.photoNotFound {
                throw ChallengeError.commentNotFound
            }
            guard visible.contains(where: { $0.id == id }) else { throw ChallengeError.commentNotFound }
            return id.uuidString.lowercased()
        }
    }

    /// The newest feedback first.
    public func feedbackList(limit: Int) async throws -> [ContentFeedback] {
        try await store.feedback(limit: limit)
    }
}
