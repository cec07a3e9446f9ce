import Foundation
import GRDB
import RealityCore

/// Invitations in `invitations` (migration people20; issue 20).
extension SQLiteServerStore: InvitationRepository {
    public func saveInvitation(_ invitation: Invitation) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO invitations (id, inviterID, email, layerID, annotationID, level, grantExpiresAt,
                        createdAt, expiresAt, status, acceptedBy)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    invitation.id.uuidString, invitation.inviterID.uuidString, invitation.email,
                    invitation.layerID?.uuidString, invitation.annotationID?.uuidString, invitation.level.rawValue,
                    invitation.grantExpiresAt?.storeValue, invitation.createdAt.storeValue,
                    invitation.expiresAt.storeValue, invitation.status.rawValue, invitation.acceptedBy?.uuidString,
                ])
        }
    }

    public func invitation(id: InvitationID) async throws -> Invitation? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM invitations WHERE id = ?", arguments: [id.uuidString])
                .flatMap(Self.invitation(row:))
        }
    }

    public func invitations(sentBy inviterID: UserID, limit: Int) async throws -> [Invitation] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM invitations WHERE inviterID = ? ORDER BY createdAt DESC, id LIMIT ?",
                arguments: [inviterID.uuidString, max(limit, 0)]
            ).compactMap(Self.invitation(row:))
        }
    }

    public func openInvitations(to email: String, now: Date) async throws -> [Invitation] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM invitations WHERE email = ? AND status = 'pending' AND expiresAt > ?
                    ORDER BY createdAt, id
                    """,
                arguments: [email, now.storeValue]
            ).compactMap(Self.invitation(row:))
        }
    }

    public func settleInvitation(_ id: InvitationID, as status: Invitation.Status, by userID: UserID?) async throws
        -> Bool
    {
        try await write { db in
            try db.execute(
                sql: "UPDATE invitations SET status = ?, acceptedBy = ? WHERE id = ? AND status = 'pending'",
                arguments: [status.rawValue, userID?.uuidString, id.uuidString])
            return db.changesCount > 0
        }
    }

    /// An invitation from its row; nil for one this version cannot read.
    private static func invitation(row: Row) -> Invitation? {
        guard let id = InvitationID(uuidString: row["id"]), let inviter = UserID(uuidString: row["inviterID"]),
            let level = PermissionLevel(rawValue: row["level"]),
            let status = Invitation.Status(rawValue: row["status"])
        else { return nil }
        return Invitation(
            id: id, inviterID: inviter, email: row["email"],
            layerID: (row["layerID"] as String?).flatMap(LayerID.init(uuidString:)),
            annotationID: (row["annotationID"] as String?).flatMap(AnnotationID.init(uuidString:)), level: level,
            grantExpiresAt: (row["grantExpiresAt"] as Int64?).map(Timestamp.date(milliseconds:)),
            createdAt: Timestamp.date(milliseconds: row["createdAt"]),
            expiresAt: Timestamp.date(milliseconds: row["expiresAt"]), status: status,
            acceptedBy: (row["acceptedBy"] as String?).flatMap(UserID.init(uuidString:)))
    }
}
