import ArgumentParser
import Foundation
import OutOfBoxCore
import RealityAPI
import RealitySync

extension ChallengeCommand {
    /// `reality challenge report ID --reason R`: report a challenge; hidden from you at once.
    struct Report: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Report a challenge, a shared photo or a comment; hidden from you at once, an administrator looks at it.",
            discussion: "Reasons: \(ChallengeText.names(ContentReport.Reason.self)).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The challenge's ID (or the photo's or comment's, with --kind).") var id: String
        @Option(help: "What it is: challenge, photo or comment.") var kind = "challenge"
        @Option(help: "Why.") var reason: String
        @Option(help: "More, in words (at most 1,000 characters).") var details: String?

        func run() async throws {
            try await Device.run(global, flags: ["details": "--details", "reason": "--reason"]) { device in
                let request = ReportContentRequest(
                    kind: try ChallengeText.parse(kind, "--kind"), targetID: id,
                    reason: try ChallengeText.parse(reason, "--reason"), details: details)
                let report = try await ChallengeCommand.service(device).report(request)
                try device.output.print(report) {
                    report.kind == .challenge
                        ? "Reported \(report.targetID); you will not be given it again."
                        : "Reported the \(report.kind.rawValue); you will not see it again."
                }
            }
        }
    }

    /// `reality challenge feedback TEXT`: tell the makers something.
    struct Feedback: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Send feedback to the makers.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "What you want to say (at most 2,000 characters).") var message: String
        @Option(help: "The challenge it is about.") var challenge: String?

        func run() async throws {
            try await Device.run(global, flags: ["message": "MESSAGE", "challengeID": "--challenge"]) { device in
                let sent = try await ChallengeCommand.service(device).feedback(
                    FeedbackRequest(message: message, challengeID: challenge))
                try device.output.print(sent) { "Sent. Thank you." }
            }
        }
    }
}

extension ChallengeCommand.Admin {
    /// `reality challenge admin reports`: the report queue; `--resolve ID --action A` works it.
    struct Reports: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Content reports (open ones by default); --resolve ID --action dismiss|retire|remove acts on one."
        )
        @OptionGroup var global: GlobalOptions
        @Option(help: "open, dismissed or actioned.") var status = "open"
        @Option(help: "The report to act on.") var resolve: String?
        @Option(help: "dismiss; retire (a challenge) or remove (a photo or comment) for everyone.") var action: String?
        @Option(help: "The server (default: the one this device signed in to).") var server: String?
        @Option(help: "The admin token (default: $REALITY_ADMIN_TOKEN).") var adminToken: String?

        func run() async throws {
            try await Device.run(global) { device in
                let url = try await ChallengeCommand.serverURL(server, device)
                let transport = SyncTransport(serverURL: url, token: try ChallengeCommand.Admin.token(adminToken))
                if let resolve {
                    guard let id = UUID(uuidString: resolve) else {
                        throw CLIError.invalid("--resolve takes a report's ID.")
                    }
                    guard let action else { throw CLIError.invalid("--resolve needs --action dismiss|retire|remove.") }
                    let report = try await transport.resolveReport(id, by: try ChallengeText.parse(action, "--action"))
                    try device.output.print(report) {
                        "Report \(report.id.uuidString.lowercased()): \(report.status.rawValue)."
                    }
                    return
                }
                let reports = try await transport.contentReports(
                    status: try ChallengeText.parse(status, "--status"), limit: ChallengeLimits.list.upperBound)
                try device.output.table(reports, headers: ["WHEN", "CHALLENGE", "REASON", "STATUS", "DETAILS", "ID"]) {
                    [
                        Show.date($0.createdAt), $0.targetID, $0.reason.rawValue, $0.status.rawValue,
                        Show.clip($0.details),
                        $0.id.uuidString.lowercased(),
                    ]
                }
            }
        }
    }

    /// `reality challenge admin feedback`: the newest feedback.
    struct FeedbackList: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "feedback", abstract: "The newest feedback.")
        @OptionGroup var global: GlobalOptions
        @Option(help: "The server (default: the one this device signed in to).") var server: String?
        @Option(help: "The admin token (default: $REALITY_ADMIN_TOKEN).") var adminToken: String?

        func run() async throws {
            try await Device.run(global) { device in
                let url = try await ChallengeCommand.serverURL(server, device)
                let transport = SyncTransport(serverURL: url, token: try ChallengeCommand.Admin.token(adminToken))
                let items = try await transport.feedbackList(limit: ChallengeLimits.list.upperBound)
                try device.output.table(items, headers: ["WHEN", "CHALLENGE", "MESSAGE"]) {
                    [Show.date($0.createdAt), $0.challengeID ?? "", Show.clip($0.message, 60)]
                }
            }
        }
    }
}
