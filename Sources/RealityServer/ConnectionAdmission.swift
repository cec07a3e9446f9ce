import Logging
import NIOCore
import Synchronization

/// Counts the server's open connections, in all and by remote address, and turns away a new one
/// when either count is at its cap (``ConnectionLimits``): one client cannot hold every socket
/// the server may open. Shared by all event loops; it is asked once per connection, never per
/// request.
final class ConnectionAdmission: Sendable {
    private struct Counts {
        var total = 0
        var byAddress: [String: Int] = [:]
    }

    private let maxPerAddress: Int
    private let maxTotal: Int
    private let metrics: ConnectionMetrics
    private let log: ThrottledLog
    private let counts = Mutex(Counts())

    init(limits: ConnectionLimits, metrics: ConnectionMetrics, log: ThrottledLog) {
        maxPerAddress = limits.maxConnectionsPerAddress
        maxTotal = limits.maxConnections
        self.metrics = metrics
        self.log = log
    }

    /// Admits `channel`'s connection, to be counted until it closes; or, at a cap, closes it at
    /// once and answers false.
    func admit(_ channel: any Channel) -> Bool {
        // Connections are counted by IP address: a client's ports are its own to choose.
        let address = channel.remoteAddress?.ipAddress ?? "unknown"
        let refusal: ConnectionRefusal? = counts.withLock { counts in
            if counts.total >= maxTotal { return .total }
            let held = counts.byAddress[address, default: 0]
            if held >= maxPerAddress { return .perAddress }
            counts.total += 1
            counts.byAddress[address] = held + 1
            return nil
        }
        if let refusal {
            channel.close(promise: nil)
            metrics.countRefused(refusal)
            let limit = refusal == .total ? maxTotal : maxPerAddress
            log.warning(
                "connection.refused.\(refusal.rawValue)", "connection refused: cap reached",
                metadata: ["net.peer.address": .string(address), "connection.cap": .stringConvertible(limit)])
            return false
        }
        metrics.open.increment()
        channel.closeFuture.whenComplete { [self] _ in release(address) }
        return true
    }

    /// Forgets a closed connection of `address`.
    private func release(_ address: String) {
        counts.withLock { counts in
            counts.total -= 1
            let held = counts.byAddress[address, default: 1] - 1
            counts.byAddress[address] = held > 0 ? held : nil
        }
        metrics.open.decrement()
    }
}
