import Foundation
import PostgresNIO
import RealityCore

extension PostgresStore: PlanSharingReading {
    public func planSharing(relevantTo viewer: UserID, at now: Date) async throws -> [PlanSharingState] {
        let user = viewer.rawValue
        let time = now.storeValue
        return try await read { connection in
            try await connection.rows(
                """
                WITH relevant(id) AS (
                    SELECT \(user)::uuid
                    UNION
                    SELECT l.ownerID FROM grants g JOIN layers l ON l.id = g.targetID
                    WHERE g.targetType = 'layer' AND g.userID = \(user) AND (g.expiresAt IS NULL OR g.expiresAt > \(time))
                    UNION
                    SELECT l.ownerID FROM grants g JOIN annotations a ON a.id = g.targetID JOIN layers l ON l.id = a.layerID
                    WHERE g.targetType = 'annotation' AND g.userID = \(user)
                      AND (g.expiresAt IS NULL OR g.expiresAt > \(time))
                )
                SELECT u.id, u.subscriptionTier, u.subscriptionExpiresAt, p.sharing
                FROM relevant r JOIN users u ON u.id = r.id LEFT JOIN plan_sharing p ON p.userID = r.id
                """, logger: logger,
                { row -> PlanSharingState in
                    var cells = ColumnReader(row)
                    return PlanSharingState(
                        userID: try cells.identifier(), tier: try cells.enumValue(),
                        expiresAt: try cells.optionalDate(),
                        shown: try cells.next(Bool?.self))
                })
        }
    }

    public func sharedTargets(ownedBy owner: UserID) async throws -> [GrantTarget] {
        let user = owner.rawValue
        return try await read { connection in
            try await connection.rows(
                """
                SELECT 'layer', l.id FROM layers l WHERE l.ownerID = \(user) AND NOT l.isDeleted
                    AND EXISTS (SELECT 1 FROM grants g WHERE g.targetType = 'layer' AND g.targetID = l.id)
                UNION
                SELECT 'annotation', a.id FROM grants g JOIN annotations a ON a.id = g.targetID
                    JOIN layers l ON l.id = a.layerID
                WHERE g.targetType = 'annotation' AND l.ownerID = \(user) AND NOT a.isDeleted
                """, logger: logger,
                { row -> GrantTarget in
                    let (type, id) = try row.decode((String, UUID).self)
                    return type == "layer" ? .layer(LayerID(id)) : .annotation(AnnotationID(id))
                })
        }
    }
}
