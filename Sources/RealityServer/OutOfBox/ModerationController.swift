import Foundation
import Hummingbird
import OutOfBoxCore
import RealityAPI
import RealityCore

/// Out of Box's reports and feedback over HTTP (issue 22): a person reports a challenge or sends
/// feedback; an administrator, with the admin token, works through the reports and reads the
/// feedback.
struct ModerationController<Store: ServerStore>: Sendable {
    let services: ServiceContainer<Store>

    func addRoutes(to router: some RouterMethods<APIRequestContext>) {
        router.on(.reportContent, use: report)
        router.on(.contentFeedback, use: feedback)
        router.on(.contentReports, use: reports)
        router.on(.resolveReport, use: resolve)
        router.on(.feedbackList, use: feedbackList)
    }

    private var moderation: ContentModeration<Store> {
        ContentModeration(store: services.store, notifier: ServerSocialNotifier(store: services.store))
    }

    @Sendable func report(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<ContentReport> {
        let userID = try context.requireUser().rawValue
        let body = try await request.decodeJSON(ReportContentRequest.self, limit: context.maxBodyBytes)
        let report = try await moderation.report(
            by: userID, kind: body.kind, targetID: body.targetID, reason: body.reason, details: body.details)
        return JSONResponse(report, status: .created)
    }

    @Sendable func feedback(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<ContentFeedback>
    {
        let userID = try context.requireUser().rawValue
        let body = try await request.decodeJSON(FeedbackRequest.self, limit: context.maxBodyBytes)
        let feedback = try await moderation.feedback(by: userID, message: body.message, challengeID: body.challengeID)
        return JSONResponse(feedback, status: .created)
    }

    @Sendable func reports(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<Page<ContentReport>>
    {
        let parameters = context.query(of: request)
        let limit = try parameters.pageSize(.challengeLimit)
        var status = ContentReport.Status.open
        if let text = try parameters(.reportStatus) {
            guard let value = ContentReport.Status(rawValue: text) else {
                throw APIError.badParameter(.reportStatus, "status must be open, dismissed or actioned.")
            }
            status = value
        }
        return JSONResponse(Page(items: try await moderation.queue(status: status, limit: limit)))
    }

    @Sendable func resolve(_ request: Request, context: APIRequestContext) async throws -> JSONResponse<ContentReport> {
        guard let text = context.parameters.get("id"), let id = UUID(uuidString: text) else {
            throw ChallengeError.reportNotFound
        }
        let body = try await request.decodeJSON(ResolveReportRequest.self, limit: context.maxBodyBytes)
        return JSONResponse(try await moderation.resolve(id, by: body.action))
    }

    @Sendable func feedbackList(_ request: Request, context: APIRequestContext) async throws
        -> JSONResponse<Page<ContentFeedback>>
    {
        let limit = try context.query(of: request).pageSize(.challengeLimit)
        return JSONResponse(Page(items: try await moderation.feedbackList(limit: limit)))
    }
}
