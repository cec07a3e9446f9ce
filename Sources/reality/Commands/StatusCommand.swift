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
        var signedIn: Bool
        var pendingChanges: Int
        var openConflicts: Int
        var scopes: [Scope]
        /// Rejected changes waiting for the user (`reality rejections`).
        var rejections: Int
    }

    func run() async throws {
        try await Device.run(global) { device in
            let status = try await device.container.store().deviceSyncStatus()
            let report = Report(
                server: status.account?.serverURL, userID: status.account?.userID,
                signedIn: status.account?.token != nil, pendingChanges: status.pendingChanges,
                openConflicts: status.openConflicts,
                scopes: status.scopes.map { .init(scope: $0.scope, lastSyncedAt: $0.lastSyncedAt, hasToken: $0.hasToken) },
                rejections: status.rejections)
            try device.output.print(report) { Self.describe(report) }
        }
    }

    static func describe(_ report: Report) -> String {
        var lines: [String] = []
        if let server = report.server, let user = report.userID {
            lines.append("account   \(user) on \(server)\(report.signedIn ? "" : " (signed out)")")
        } else {
            lines.append("account   none (reality login --server URL --email E --password P)")
        }
        lines.append("pending   \(report.pendingChanges) changes")
        lines.append("conflicts \(report.openConflicts) open")
        for scope in report.scopes {
            lines.append("\(scope.scope.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) "
                + (scope.lastSyncedAt.map { "last synced \(Show.date($0))" } ?? "never synced"))
        }
        if report.rejections > 0 {
            let changes = report.rejections == 1 ? "change" : "changes"
            lines.append("rejected  \(report.rejections) \(changes) kept on this device: see `reality rejections`")
        }
        return lines.joined(separator: "\n")
    }
}
