import Logging
import Synchronization

/// Warnings about abuse (connections refused, heads timed out) at most one line per kind per
/// interval, each saying how many like it went unwritten since the last: under a flood the log
/// stays readable and the disk stays free, and `/metrics` keeps the exact counts.
final class ThrottledLog: Sendable {
    private struct Entry {
        var lastWritten: ContinuousClock.Instant
        var unwritten: Int
    }

    private let logger: Logger
    private let interval: Duration
    private let entries = Mutex<[String: Entry]>([:])

    /// Writes to `logger`, one line per kind per `interval`.
    init(logger: Logger, interval: Duration = .seconds(10)) {
        self.logger = logger
        self.interval = interval
    }

    /// Writes `message` as a warning unless a line of the same `kind` went out less than the
    /// interval ago; then it is only counted, and the next line written says how many.
    func warning(
        _ kind: String, _ message: @autoclosure () -> Logger.Message, metadata: @autoclosure () -> Logger.Metadata
    ) {
        let now = ContinuousClock.now
        let unwritten: Int? = entries.withLock { entries in
            if let entry = entries[kind], now - entry.lastWritten < interval {
                entries[kind]?.unwritten += 1
                return nil
            }
            defer { entries[kind] = Entry(lastWritten: now, unwritten: 0) }
            return entries[kind]?.unwritten ?? 0
        }
        guard let unwritten else { return }
        var metadata = metadata()
        metadata["log.kind"] = .string(kind)
        metadata["log.unwritten"] = .stringConvertible(unwritten)
        logger.warning(message(), metadata: metadata)
    }
}
