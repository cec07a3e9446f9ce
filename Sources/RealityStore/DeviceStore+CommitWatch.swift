import Foundation
import GRDB

extension DeviceStore {
    /// Calls `onCommit` within about `interval` of each commit to the store's file by any
    /// connection or process (another `reality` command on the same store), until cancelled.
    ///
    /// Polls `PRAGMA data_version` on a connection of its own: SQLite changes that value for a
    /// connection whenever another connection, in this process or another, commits. One trivial
    /// query per interval, and no file-system notifications to depend on. A store in memory has
    /// no other connections: it hears its own commits instead.
    public func watchCommits(
        every interval: Duration = .milliseconds(250), _ onCommit: @escaping @Sendable () async -> Void
    ) async throws {
        guard writer is DatabasePool else {
            for await _ in commits() { await onCommit() }
            return
        }
        let connection = try DatabaseQueue(path: writer.path)
        defer { try? connection.close() }
        let dataVersion = "PRAGMA data_version"
        var seen = try await connection.read { try Int.fetchOne($0, sql: dataVersion) }
        while true {
            try await Task.sleep(for: interval)
            let now = try await connection.read { try Int.fetchOne($0, sql: dataVersion) }
            if now != seen {
                seen = now
                await onCommit()
            }
        }
    }
}
