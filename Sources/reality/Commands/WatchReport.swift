import Foundation
import RealityCore
import RealitySync

/// What `reality sync --watch` prints while it runs: one line per event, written at once (its
/// standard output may be a pipe, which the C library would buffer), as text for people or, with
/// `--json`, as one compact JSON object per line (NDJSON).
struct WatchReport: Sendable {
    let json: Bool

    /// One event of a watch, as the JSON lines name it (`event`).
    struct Event: Encodable {
        var event: String
        var at: Date
        var store: String?
        var server: String?
        var userID: UserID?
        var saved: Int?
        var conflicts: Int?
        var rejected: Int?
        var pulled: [String: Int]?
        var merged: Int?
        var openConflicts: Int?
        var removed: Int?
        var message: String?
        var notificationID: UUID?
        var kind: String?

        init(_ event: String, at date: Date = Date()) {
            self.event = event
            self.at = date
        }
    }

    /// The watch started on `store`, syncing with `server` as `userID`.
    func started(store: String, server: String, userID: UserID) {
        var event = Event("watching")
        event.store = store
        event.server = server
        event.userID = userID
        write(event, "Watching \(store): syncing with \(server) as \(userID). Ctrl-C stops.")
    }

    /// A round of work: a line for what it pushed and a line for what it pulled, if anything.
    func synced(_ summary: SyncSummary) {
        let pushed = summary.pushed
        if pushed.saved + pushed.conflicts + pushed.rejected > 0 {
            var event = Event("pushed")
            event.saved = pushed.saved
            event.conflicts = pushed.conflicts
            event.rejected = pushed.rejected
            event.merged = pushed.merged
            event.openConflicts = pushed.leftForUser
            let hint = pushed.rejected > 0 ? " (see `reality rejections`)" : ""
            let settled =
                pushed.conflicts > 0
                ? " (\(pushed.merged) merged automatically, \(pushed.leftForUser) left for you)" : ""
            write(
                event,
                "\(Timestamp.format(event.at))  pushed  \(pushed.saved) saved, \(pushed.conflicts) conflicts\(settled), "
                    + "\(pushed.rejected) rejected\(hint)")
        }
        // The summary's merges and open conflicts count the push's too; this line is the pull's.
        let merged = summary.merged - pushed.merged
        let open = summary.conflicts - pushed.leftForUser
        let pulledCount = summary.pulled.values.reduce(0, +)
        if pulledCount + merged + open + summary.removed > 0 {
            var event = Event("pulled")
            event.pulled = summary.pulled
            event.merged = merged
            event.openConflicts = open
            event.removed = summary.removed
            let scopes = SyncScope.allCases.map { "\($0.rawValue) \(summary.pulled[$0.rawValue] ?? 0)" }
                .joined(separator: ", ")
            write(
                event,
                "\(Timestamp.format(event.at))  pulled  \(scopes); merged \(merged), "
                    + "open conflicts \(open), removed \(summary.removed)")
        }
    }

    /// A notification that reached this device (`reality watch`).
    func notified(_ notification: AppNotification) {
        var event = Event("notification", at: notification.createdAt)
        event.notificationID = notification.id
        event.kind = notification.type.rawValue
        event.message = "\(notification.title): \(notification.body)"
        write(event, "\(Timestamp.format(event.at))  \(notification.type.rawValue)  \(event.message ?? "")")
    }

    /// A round that failed; the next commit or hint tries again.
    func failed(_ error: any Error) {
        var event = Event("failed")
        event.message = CLIError(error).message
        write(event, "\(Timestamp.format(event.at))  sync failed: \(event.message ?? "")")
    }

    /// The watch stopped (Ctrl-C or SIGTERM).
    func stopped() {
        write(Event("stopped"), "Stopped.")
    }

    private func write(_ event: Event, _ text: String) {
        let line: Data
        if json, let encoded = try? RealityJSON.encode(event) {
            line = encoded + Data("\n".utf8)
        } else {
            line = Data((text + "\n").utf8)
        }
        FileHandle.standardOutput.write(line)
    }
}
