import Foundation
import GRDB
import RealityCore

extension SQLiteServerStore: PlanSharingReading, PullHousekeepingReading {
    public func planSharing(relevantTo viewer: UserID, at now: Date) async throws -> [PlanSharingState] {
        try await read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        WITH relevant(id) AS (
                            SELECT ?1
                            UNION
                            SELECT l.ownerID FROM grants g JOIN layers l ON l.id = g.targetID
                            WHERE g.targetType = 'layer' AND g.userID = ?1 AND (g.expiresAt IS NULL OR g.expiresAt > ?2)
                            UNION
                            SELECT l.ownerID FROM grants g JOIN annotations a ON a.id = g.targetID
                                JOIN layers l ON l.id = a.layerID
                            WHERE g.targetType = 'annotation' AND g.userID = ?1 AND (g.expiresAt IS NULL OR g.expiresAt > ?2)
                        )
                        SELECT u.id, u.subscriptionTier, u.subscriptionExpiresAt, p.sharing
                        FROM relevant r JOIN users u ON u.id = r.id LEFT JOIN plan_sharing p ON p.userID = r.id
                        """),
                arguments: [viewer.uuidString, now.storeValue]
            ).map { row in
                PlanSharingState(
                    userID: try row.identifier("id"), tier: try row.enumValue("subscriptionTier"),
                    expiresAt: row.optionalDate("subscriptionExpiresAt"), shown: row["sharing"])
            }
        }
    }

    public func sharedTargets(ownedBy owner: UserID) async throws -> [GrantTarget] {
        try await read { db in
            let layers = try String.fetchAll(
                db,
                sql: """
                    SELECT l.id FROM layers l WHERE l.ownerID = ? AND l.isDeleted = 0
                    AND EXISTS (SELECT 1 FROM grants g WHERE g.targetType = 'layer' AND g.targetID = l.id)
                    """,
                arguments: [owner.uuidString])
            let annotations = try String.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT a.id FROM grants g JOIN annotations a ON a.id = g.targetID
                        JOIN layers l ON l.id = a.layerID
                    WHERE g.targetType = 'annotation' AND l.ownerID = ? AND a.isDeleted = 0
                    """,
                arguments: [owner.uuidString])
            return layers.compactMap { LayerID(uuidString: $0).map(GrantTarget.layer) }
                + annotations.compactMap { AnnotationID(uuidString: $0).map(GrantTarget.annotation) }
        }
    }
}
