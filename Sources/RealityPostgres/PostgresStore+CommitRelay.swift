import Foundation
import PostgresNIO
import RealityCore

extension PostgresStore {
    /// The channel on which every commit notifies the other instances on the database.
    static let commitChannel = "reality_commits"

    /// Tells the other instances on the database that a commit happened; call inside the commit's
    /// transaction, so that the notice goes out when (and only if) it commits.
    func announceCommit(on connection: PostgresConnection) async throws {
        try await connection.query(
            "SELECT pg_notify(\(Self.commitChannel), \(instanceID.uuidString))", logger: logger)
    }

    /// Listens for the commits of other instances on the database and reports each one to this
    /// process's ``commits()`` streams, as an event without details (its layers and annotations
    /// are not sent over). Runs until cancelled, reconnecting when the listening connection is
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
                        report(nil)
                        for try await notification in notifications where notification.payload != own {
                            broadcaster.send(CommitEvent(layers: [], annotations: []))
                        }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning("Listening for other instances' commits failed", metadata: ["error": "\(error)"])
                report("\(error)")
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }
}
