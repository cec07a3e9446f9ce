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
            let hint = pushed.rejected > 0 ? " (see `reality rejections`)" : ""
            write(
                event,
                "\(Timestamp.format(event.at))  pushed  \(pushed.saved) saved, \(pushed.conflicts) conflicts, "
                    + "\(pushed.rejected) rejected\(hint)")
        }
        let pulledCount = summary.pulled.values.reduce(0, +)
        if pulledCount + summary.merged + summary.conflicts + summary.removed > 0 {
            var event = Event("pulled")
            event.pulled = summary.pulled
            event.merged = summary.merged
            event.openConflicts = summary.conflicts
            event.removed = summary.removed
            let scopes = SyncScope.allCases.map { "\($0.rawValue) \(summary.pulled[$0.rawValue] ?? 0)" }
                .joined(separator: ", ")
            write(
                event,
                "\(Timestamp.format(event.at))  pulled  \(scopes); merged \(summary.merged), "
                    + "open conflicts \(summary.conflicts), removed \(summary.removed)")
        }
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
