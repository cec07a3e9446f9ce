import Logging
import NIOCore
import RealityCore
import Synchronization

/// How many live-event sockets each user holds, and the cap on them
/// (``ConnectionLimits/maxSocketsPerUser``): one account cannot take the server's sockets, nor
/// make every commit cost it hundreds of feed reads.
final class LiveSocketQuota: Sendable {
    private let limit: Int
    private let metrics: ConnectionMetrics
    private let log: ThrottledLog
    private let held = Mutex<[UserID: Int]>([:])

    init(limit: Int, metrics: ConnectionMetrics, log: ThrottledLog) {
        self.limit = limit
        self.metrics = metrics
        self.log = log
    }

    /// Takes one of `userID`'s sockets for as long as `channel` stays open; or, when the user
    /// holds the cap already, the error to refuse the upgrade with.
    func take(for userID: UserID, on channel: any Channel) -> APIError? {
        let taken = held.withLock { held in
            let count = held[userID, default: 0]
            guard count < limit else { return false }
            held[userID] = count + 1
            return true
        }
        guard taken else {
            metrics.liveSocketsRefused.increment()
            log.warning(
                "live_events.refused", "live-event socket refused: per-user cap reached",
                metadata: ["user.id": .string(userID.uuidString), "live_events.cap": .stringConvertible(limit)])
            return APIError(
                .tooManyRequests, code: "too_many_sockets",
                message: "This account already has \(limit) live-event sockets open; close one first.")
        }
        metrics.liveSockets.increment()
        // Released when the connection closes, however the upgrade or the socket ends.
        channel.closeFuture.whenComplete { [self] _ in release(userID) }
        return nil
    }

    private func release(_ userID: UserID) {
        held.withLock { held in
            let count = held[userID, default: 1] - 1
            held[userID] = count > 0 ? count : nil
        }
        metrics.liveSockets.decrement()
    }
}
