import ArgumentParser
import Foundation
import RealityCore
import RealityStore

/// `reality status`
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Sync state: account, pending changes, last sync per scope, rejections.")
    @OptionGroup var global: GlobalOptions

    /// `reality status --json`.
    struct Report: Encodable {
        struct Scope: Encodable {
            var scope: SyncScope
            var lastSyncedAt: Date?
            var hasToken: Bool
        }
        var server: String?
        var userID: UserID?
        /// The account's display name, when the device knows it.
        var userName: String?
        /// How conflicts are settled (`reality sync --strategy`), in the words it takes.
        var strategy: ConflictWord
        var signedIn: Bool
        var pendingChanges: Int
        var openConflicts: Int
        var scopes: [Scope]
        /// Rejected changes waiting for the user (`reality rejections`).
        var rejections: Int
        /// Out of Box days done or changed offline, waiting to be sent (`reality sync`).
        var pendingChallenges: Int
    }

    func run() async throws {
        try await Device.run(global) { device in
            let store = try await device.container.store()
            let status = try await store.deviceSyncStatus()
            var pendingChallenges = 0
            if let account = status.account {
                pendingChallenges = try await store.pendingAssignments(of: account.userID.rawValue).count
            }
            let names = try await store.names(users: Set(status.account.map { [$0.userID] } ?? []), layers: [])
            let report = Report(
                server: status.account?.serverURL, userID: status.account?.userID,
                userName: status.account.flatMap { names.users[$0.userID] },
                strategy: ConflictWord(try await store.conflictStrategy()),
                signedIn: status.account?.token != nil, pendingChanges: status.pendingChanges,
                openConflicts: status.openConflicts,
                scopes: status.scopes.map {
                    .init(scope: $0.scope, lastSyncedAt: $0.lastSyncedAt, hasToken: $0.hasToken)
                },
                rejections: status.rejections,
                pendingChallenges: pendingChallenges)
            let zone = try await device.timeZone()
            try device.output.print(report) { Self.describe(report, in: zone) }
        }
    }

    static func describe(_ report: Report, in zone: TimeZone) -> String {
        var lines: [String] = []
        if let server = report.server, let user = report.userID {
            let who = report.userName.map { "\($0) (\(user))" } ?? user.uuidString
            lines.append("account   \(who) on \(server)\(report.signedIn ? "" : " (signed out)")")
        } else {
            lines.append("account   none (reality login --server URL --email E)")
        }
        lines.append("pending   \(report.pendingChanges) changes")
        if report.pendingChallenges > 0 {
            let days = report.pendingChallenges == 1 ? "day" : "days"
            lines.append(
                "pending   \(report.pendingChallenges) Out of Box \(days) done offline (sent by `reality sync`)")
        }
        lines.append("conflicts \(report.openConflicts) open")
        lines.append("strategy  \(report.strategy.rawValue): \(report.strategy.meaning)")
        for scope in report.scopes {
            lines.append(
                "\(scope.scope.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) "
                    + (scope.lastSyncedAt.map { "last synced \(Show.when($0, in: zone))" } ?? "never synced"))
        }
        if report.rejections > 0 {
            let changes = report.rejections == 1 ? "change" : "changes"
            lines.append("rejected  \(report.rejections) \(changes) kept on this device: see `reality rejections`")
        }
        return lines.joined(separator: "\n")
    }
}
