import Foundation
import Logging
import RealityCore

/// The retention sweep on the server's job runner (issue 20, ``JobKind/retention``): moves the
/// annotations a rule retires into the trash, then purges what has been in the trash for the
/// retention period (``Retention``, the same rules a device's `reality purge` applies). One job,
/// queued when the server starts, that reschedules itself every ``interval``; on PostgreSQL the
/// queue hands it to one instance at a time. Each step commits on its own, so a run killed midway
/// leaves nothing half done and the next run carries on.
struct RetentionJob<Store: DataStore>: JobHandler {
    let store: Store
    /// Time between sweeps.
    let interval: TimeInterval
    let logger: Logger

    var kind: JobKind { .retention }

    func run(_ job: ClaimedJob) async throws {
        let report = try await Retention(store: store).sweep(now: Date(), expiring: true)
        if !report.isEmpty {
            logger.info(
                "retention: swept",
                metadata: [
                    "retention.expired": "\(report.expired)", "retention.purged.annotations": "\(report.annotations)",
                    "retention.purged.layers": "\(report.layers)", "retention.purged.comments": "\(report.comments)",
                ])
        }
    }

    func nextRun(after date: Date) -> Date? { date.addingTimeInterval(interval) }
}
