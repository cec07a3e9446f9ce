import Foundation
import PostgresNIO
import RealityCore

extension PostgresStore: PlanSharingReading {
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
                { row -> GrantTarget? in
                    let (type, id) = try row.decode((String, UUID).self)
                    return GrantColumns.target(type: type, id: id)
                }
            ).compactMap { $0 }
        }
    }
}
