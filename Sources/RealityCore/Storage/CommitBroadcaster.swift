import Foundation
import Synchronization

/// Fans commit events out to every open `commits()` stream of one store, in this process only
/// (the SQLite and the PostgreSQL store each hold one; PostgreSQL's other instances hear of
/// commits through its notification channel instead).
public final class CommitBroadcaster: Sendable {
    private let continuations = Mutex<[UUID: AsyncStream<CommitEvent>.Continuation]>([:])

    /// A broadcaster with no streams yet.
    public init() {}

    /// A new stream that receives every event sent after this call.
    public func stream() -> AsyncStream<CommitEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: CommitEvent.self, bufferingPolicy: .bufferingNewest(64))
        let key = UUID()
        continuations.withLock { $0[key] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.continuations.withLock { _ = $0.removeValue(forKey: key) }
        }
        return stream
    }

    /// Sends `event` to every open stream.
    public func send(_ event: CommitEvent) {
        let targets = continuations.withLock { Array($0.values) }
        for continuation in targets { continuation.yield(event) }
    }
}
