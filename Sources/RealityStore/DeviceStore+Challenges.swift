import Foundation
import GRDB
import OutOfBoxCore
import RealityCore

/// Out of Box on a device (issue 21): its copy of the person's assignments, of which those made or
/// changed offline wait for the server (`pending`), and the server's answers replace them.
extension DeviceStore {
    /// The person's assignments made or changed on this device that the server has not taken yet,
    /// oldest day first.
    public func pendingAssignments(of userID: UUID) async throws -> [UserChallenge] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT \(AssignmentRows.selection) FROM challenge_assignments WHERE userID = ? AND pending = 1 ORDER BY localDay",
                arguments: [Self.key(userID)]
            ).compactMap(Self.assignment(row:))
        }
    }

    /// Keeps the assignments the server answered as this device's copy of their days, replacing
    /// what the device held for those days (made offline or not), none of them waiting.
    public func keepServerAssignments(_ assignments: [UserChallenge]) async throws {
        guard !assignments.isEmpty else { return }
        try await write { db in
            for item in assignments { try Self.writeAssignment(item, in: db, replacing: true, pending: false) }
        }
    }

    /// Forgets the device's copy of the person's assignment of `day` (the server's comes with the
    /// next history it answers).
    public func forgetAssignment(of userID: UUID, on day: LocalDay) async throws {
        try await write { db in
            try db.execute(
                sql: "DELETE FROM challenge_assignments WHERE userID = ? AND localDay = ?",
                arguments: [Self.key(userID), day.description])
        }
    }
}
