import Foundation
import PostgresNIO
import RealityCore

/// Invitations in `invitations`, as the SQLite store keeps them (issue 20).
extension PostgresStore: InvitationRepository {
    public func saveInvitation(_ invitation: Invitation) async throws {
        _ = try await read { connection in
            try await connection.query(
                """
                INSERT INTO invitations (id, inviterID, email, layerID, annotationID, level, grantExpiresAt,
                    createdAt, expiresAt, status, acceptedBy)
                VALUES (\(invitation.id.rawValue), \(invitation.inviterID.rawValue), \(invitation.email),
                    \(invitation.layerID?.rawValue), \(invitation.annotationID?.rawValue), \(invitation.level.rawValue),
                    \(invitation.grantExpiresAt?.storeValue), \(invitation.createdAt.storeValue),
                    \(invitation.expiresAt.storeValue), \(invitation.status.rawValue), \(invitation.acceptedBy?.rawValue))
                """, logger: logger)
        }
    }

    public func invitation(id: InvitationID) async throws -> Invitation? {
        try await invitations("SELECT \(unescaped: Self.columns) FROM invitations WHERE id = \(id.rawValue)").first
    }

    public func invitations(sentBy inviterID: UserID, limit: Int) async throws -> [Invitation] {
        try await invitations(
            """
            SELECT \(unescaped: Self.columns) FROM invitations WHERE inviterID = \(inviterID.rawValue)
            ORDER BY createdAt DESC, id LIMIT \(max(limit, 0))
            """)
    }

    public func openInvitations(to email: String, now: Date) async throws -> [Invitation] {
        try await invitations(
            """
            SELECT \(unescaped: Self.columns) FROM invitations
            WHERE email = \(email) AND status = 'pending' AND expiresAt > \(now.storeValue)
            ORDER BY createdAt, id
            """)
    }

    public func settleInvitation(_ id: InvitationID, as status: Invitation.Status, by userID: UserID?) async throws
        -> Bool
    {
        try await read { connection in
            try await !connection.rows(
                """
                UPDATE invitations SET status = \(status.rawValue), acceptedBy = \(userID?.rawValue)
                WHERE id = \(id.rawValue) AND status = 'pending' RETURNING 1
                """, logger: logger
            ) { try $0.decode(Int.self) }.isEmpty
        }
    }

    /// The columns ``invitations(_:)`` reads, in order.
    private static let columns = """
        id, inviterID, email, layerID, annotationID, level, grantExpiresAt, createdAt, expiresAt, status, acceptedBy
        """

    private func invitations(_ query: PostgresQuery) async throws -> [Invitation] {
        try await read { connection in
            try await connection.rows(query, logger: logger) { row -> Invitation? in
                let (id, inviter, email, layer, annotation, level, grantExpiresAt, createdAt, expiresAt, status, by) =
                    try row.decode(
                        (UUID, UUID, String, UUID?, UUID?, String, Int64?, Int64, Int64, String, UUID?).self)
                guard let level = PermissionLevel(rawValue: level), let status = Invitation.Status(rawValue: status)
                else { return nil }
                return Invitation(
                    id: InvitationID(id), inviterID: UserID(inviter), email: email, layerID: layer.map(LayerID.init),
                    annotationID: annotation.map(AnnotationID.init), level: level,
                    grantExpiresAt: grantExpiresAt.map(Timestamp.date(milliseconds:)),
                    createdAt: Timestamp.date(milliseconds: createdAt),
                    expiresAt: Timestamp.date(milliseconds: expiresAt), status: status,
                    acceptedBy: by.map(UserID.init))
            }.compactMap { $0 }
        }
    }
}
