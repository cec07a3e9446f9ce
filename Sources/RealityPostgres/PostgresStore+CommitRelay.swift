import Foundation
import PostgresNIO
import RealityCore

extension PostgresStore {
    /// The channel on which every commit notifies the other instances on the database.
    static let commitChannel = "reality_commits"

    /// Tells the other instances on the database that a commit happened; call inside the commit's
    /// transaction, so that the notice goes out when (and only if) it commits.
    func announceCommit(on connection: PostgresConnection) async throws {
        try await announce(.commit, on: connection)
    }

    /// The channel and payload of ``announceCommit(on:)``, for a statement that sends it itself.
    var commitNotice: (channel: String, payload: String) {
        (Self.commitChannel, PostgresNotice.commit.payload(from: instanceID))
    }

    /// Sends `notice` to the other instances on the database; inside a transaction it goes out
    /// when (and only if) the transaction commits.
    func announce(_ notice: PostgresNotice, on connection: PostgresConnection) async throws {
        try await connection.query(
            "SELECT pg_notify(\(Self.commitChannel), \(notice.payload(from: instanceID)))", logger: logger)
    }

    /// Listens for the commits of other instances on the database and reports each one to this
    /// process's ``commits()`` streams, as an event without details (its layers and annotations
    /// are not sent over); while it listens, the store's read caches are trusted and forget what
    /// each notice makes stale (``PostgresReadCaches``). Runs until cancelled, reconnecting when the listening connection is
    /// lost; commits made while it was away are not replayed (live events are hints: devices pull).
    /// `report` hears nil once it listens, and what went wrong each time it lost the connection.
    public func relayCommitsOfOtherInstances(
        report: @escaping @Sendable (_ problem: String?) -> Void = { _ in }
    ) async {
        let own = instanceID.uuidString
        while !Task.isCancelled {
            do {
                try await withConnection { connection in
                    try await connection.listen(on: Self.commitChannel) { notifications in
                        caches.startedHearing()
                        report(nil)
                        for try await notification in notifications {
                            let (instance, notice) = PostgresNotice.parse(notification.payload)
                            guard instance != own else { continue }
                            caches.forget(notice)
                            switch notice {
                            case .commit, .accountDeleted, nil:
                                broadcaster.send(CommitEvent(layers: [], annotations: []))
                            case .sessionRevoked, .sessionIDRevoked, .sessionsOfUserRevoked: break
                            }
                        }
                    }
                }
                caches.stoppedHearing()
            } catch {
                caches.stoppedHearing()
                if Task.isCancelled { return }
                logger.warning("Listening for other instances' commits failed", metadata: ["error": "\(error)"])
                report("\(error)")
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }
}
