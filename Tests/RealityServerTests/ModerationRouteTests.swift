import Foundation
import OutOfBoxCore
import RealityAPI
import RealityCore
import RealityTestSupport
import Testing

@testable import RealityServer

/// Out of Box's reports and feedback over HTTP (issue 22), on both backends: a reported challenge
/// is hidden from its reporter at once and from nobody else; an administrator dismisses reports
/// or retires the challenge for everyone; feedback reaches them; bad input is refused and changes
/// nothing; only the admin token reads the queue.
@Suite struct ModerationRouteTests {
    @Test(arguments: Backend.allCases)
    func aReport_hidesTheChallenge_fromItsReporter_untilAnAdministratorActs(backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let ana = try await api.register("Ana")
            let bob = try await api.register("Bob")
            let target = try await api.send(
                .get, "/api/v1/challenges/search?q=bark%20rubbing", token: ana.token
            ).decode(Page<Challenge>.self).items[0]
            let made = try await api.send(
                .post, "/api/v1/content/report", token: ana.token,
                json: ReportContentRequest(
                    kind: .challenge, targetID: target.id, reason: .unsafe, details: "Sharp bark"))
            #expect(made.status == .created)
            let report = try made.decode(ContentReport.self)
            #expect(report.status == .open && report.reporterID == ana.id.rawValue && report.targetID == target.id)

            // Hidden from Ana at once, everywhere she is offered challenges; Bob still has it.
            func offered(_ session: Session) async throws -> Set<String> {
                let search = try await api.send(
                    .get, "/api/v1/challenges/search?q=bark%20rubbing", token: session.token
                ).decode(Page<Challenge>.self).items
                let available = try await api.send(.get, "/api/v1/challenges?count=100", token: session.token)
                    .decode(Page<Challenge>.self).items
                let recommended = try await api.send(
                    .get, "/api/v1/analytics/recommendations?count=100", token: session.token
                ).decode(Page<Recommendation>.self).items.map(\.challenge)
                return Set((search + available + recommended).map(\.id))
            }
            #expect(!(try await offered(ana)).contains(target.id))
            #expect(try await offered(bob).contains(target.id))

            // Bad input: refused, and nothing kept.
            for bad in [
                #"{"kind": "challenge", "targetID": "no-such-challenge", "reason": "spam"}"#,
                #"{"kind": "photo", "targetID": "\#(target.id)", "reason": "spam"}"#,
                #"{"kind": "challenge", "targetID": "\#(target.id)", "reason": "boring"}"#,
                #"{"kind": "challenge", "targetID": "\#(target.id)", "reason": "spam", "details": "\#(String(repeating: "x", count: 1_001))"}"#,
                #"{"kind": "challenge", "reason": "spam"}"#, "[]", "nope",
            ] {
                let refused = try await api.send(.post, "/api/v1/content/report", token: bob.token, raw: bad)
                #expect([400, 404].contains(refused.status.code), "\(bad.prefix(60)): \(refused.status)")
            }
            #expect(try await api.send(.post, "/api/v1/content/report", raw: "{}").status == .unauthorized)

            // Feedback.
            let sent = try await api.send(
                .post, "/api/v1/content/feedback", token: bob.token,
                json: FeedbackRequest(message: "More winter challenges, please.", challengeID: target.id))
            #expect(sent.status == .created)
            for bad in [
                FeedbackRequest(message: "   "), FeedbackRequest(message: String(repeating: "y", count: 2_001)),
                FeedbackRequest(message: "Hi", challengeID: "no-such-challenge"),
            ] {
                let refused = try await api.send(.post, "/api/v1/content/feedback", token: bob.token, json: bad)
                #expect([400, 404].contains(refused.status.code))
            }

            // Only the administrator reads the queue and the feedback.
            for path in ["/api/v1/admin/reports", "/api/v1/admin/feedback"] {
                let asPerson = try await api.send(.get, path, token: ana.token)
                #expect(asPerson.status == .unauthorized && asPerson.errorCode == "admin_token_refused")
                #expect(try await api.send(.get, path).status == .unauthorized)
            }
            let queue = try await api.send(.get, "/api/v1/admin/reports", token: TestServer.adminToken).decode(
                Page<ContentReport>.self)
            #expect(queue.items.map(\.id) == [report.id], "one report: the refused ones left nothing")
            let feedback = try await api.send(.get, "/api/v1/admin/feedback", token: TestServer.adminToken).decode(
                Page<ContentFeedback>.self)
            #expect(feedback.items.map(\.message) == ["More winter challenges, please."])
            let badStatus = try await api.send(.get, "/api/v1/admin/reports?status=lost", token: TestServer.adminToken)
            #expect(badStatus.status == .badRequest)
            let notAdmin = try await api.send(
                .post, "/api/v1/admin/reports/\(report.id)/resolve", token: ana.token,
                json: ResolveReportRequest(action: .retire))
            #expect([401, 403].contains(notAdmin.status.code))

            // Retired for everyone; resolved once.
            let resolved = try await api.send(
                .post, "/api/v1/admin/reports/\(report.id)/resolve", token: TestServer.adminToken,
                json: ResolveReportRequest(action: .retire)
            ).decode(ContentReport.self)
            #expect(resolved.status == .actioned && resolved.resolvedAt != nil)
            #expect(!(try await offered(bob)).contains(target.id))
            #expect(
                try await api.send(.get, "/api/v1/challenges/\(target.id)", token: bob.token).decode(Challenge.self)
                    .isActive == false)
            let again = try await api.send(
                .post, "/api/v1/admin/reports/\(report.id)/resolve", token: TestServer.adminToken,
                json: ResolveReportRequest(action: .dismiss))
            #expect(again.status == .notFound && again.errorCode == "report_not_found")
            let actioned = try await api.send(
                .get, "/api/v1/admin/reports?status=actioned", token: TestServer.adminToken
            ).decode(Page<ContentReport>.self)
            #expect(actioned.items.map(\.id) == [report.id])

            // Deleting an account takes its reports and feedback.
            #expect(try await api.send(.delete, "/api/v1/me", token: bob.token).status == .noContent)
            #expect(
                try await api.send(.get, "/api/v1/admin/feedback", token: TestServer.adminToken).decode(
                    Page<ContentFeedback>.self
                ).items.isEmpty)
        }
    }
}
