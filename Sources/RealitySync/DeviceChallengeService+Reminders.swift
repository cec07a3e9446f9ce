import Foundation
import OutOfBoxCore
import RealityAPI

extension DeviceChallengeService {
    /// The server's reminders of the person: scheduled and delivered by the server, so each of
    /// these needs it.
    public func reminders() async throws -> [ChallengeReminder] {
        try await online().reminders()
    }

    /// Daily reminders for the next `days` days.
    public func scheduleReminders(days: Int) async throws -> [ChallengeReminder] {
        try await online().scheduleReminders(days: days)
    }

    /// One reminder at a random time in the window.
    public func scheduleRandomReminder() async throws -> ChallengeReminder {
        try await online().scheduleRandomReminder()
    }

    /// Cancels reminder `id`.
    public func cancelReminder(_ id: UUID) async throws {
        try await online().cancelReminder(id)
    }

    /// Cancels every scheduled reminder; answers how many.
    public func cancelReminders() async throws -> Int {
        try await online().cancelReminders()
    }

    private func online() throws -> ServerChallengeService {
        guard isOnline else { throw SyncError.network("reminders are kept on the server, which cannot be reached") }
        return server
    }
}

extension DeviceChallengeService {
    /// Reports a challenge on the server, and keeps the report on the device, whose offline picks
    /// then hide the challenge too.
    public func report(_ request: ReportContentRequest) async throws -> ContentReport {
        guard isOnline else { throw SyncError.network("reports go to the server, which cannot be reached") }
        let report = try await server.report(request)
        try await store.saveReport(report)
        return report
    }

    /// Sends feedback to the server.
    public func feedback(_ request: FeedbackRequest) async throws -> ContentFeedback {
        guard isOnline else { throw SyncError.network("feedback goes to the server, which cannot be reached") }
        return try await server.feedback(request)
    }
}
