import Foundation
import GRDB
import RealityCore

/// Removes an account and everything it owns or wrote (SPEC D4, the right to be forgotten),
/// inside the caller's transaction.
enum AccountDeletion {
    static func delete(_ userID: UserID, at date: Date, in db: Database) throws {
        let user = userID.uuidString
        // The user's annotations, with what hangs off them (others' comments, reactions, views,
        // stars, grants, attachments, the R*Tree and full-text rows).
        let annotations = try String.fetchAll(
            db, sql: "SELECT id FROM annotations WHERE ownerID = ?", arguments: [user])
        for id in annotations.compactMap(AnnotationID.init(uuidString:)) {
            try AnnotationWrites.purge(id, in: db)
        }
        // Their comments on other people's annotations; those annotations' search text follows.
        let commented = try String.fetchAll(
            db, sql: "SELECT DISTINCT annotationID FROM comments WHERE authorID = ?", arguments: [user])
        try db.execute(sql: "DELETE FROM comments WHERE authorID = ?", arguments: [user])
        for id in commented.compactMap(AnnotationID.init(uuidString:)) {
            try AnnotationWrites.refreshCommentText(of: id, in: db)
        }
        for statement in statements {
            try db.execute(sql: statement, arguments: [user])
        }
        try db.execute(
            sql: "INSERT INTO deletions (userID, deletedAt) VALUES (?, ?)", arguments: [user, date.storeValue])
        // Others may hold copies of what went (no tombstones are kept for it): every sync token
        // issued so far now answers 410 and devices pull their scopes afresh.
        try SyncLog.startNewEpoch(in: db)
    }

    /// Each takes the user's ID as its one argument.
    private static let statements =
        [
            "DELETE FROM grants WHERE targetType = 'layer' AND targetID IN (SELECT id FROM layers WHERE ownerID = ?1)",
            "DELETE FROM layers WHERE ownerID = ?1",
            "DELETE FROM grants WHERE userID = ?1 OR grantedBy = ?1",
            "DELETE FROM reactions WHERE userID = ?1",
            "DELETE FROM views WHERE userID = ?1",
            "DELETE FROM stars WHERE userID = ?1",
            "DELETE FROM anchors WHERE worldMapID IN (SELECT id FROM world_maps WHERE ownerID = ?1)",
            "DELETE FROM world_maps WHERE ownerID = ?1",
        ] + RecordType.ownedKinds.map { "DELETE FROM \($0.tableName) WHERE ownerID = ?1" } + [
            "DELETE FROM notifications WHERE recipientID = ?1 OR actorID = ?1",
            "DELETE FROM activities WHERE actorID = ?1",
            "DELETE FROM invitations WHERE inviterID = ?1 OR acceptedBy = ?1",
            "DELETE FROM challenge_assignments WHERE userID = ?1",
            "DELETE FROM challenge_preferences WHERE userID = ?1",
            "DELETE FROM challenge_reminders WHERE userID = ?1",
            "DELETE FROM content_reports WHERE reporterID = ?1",
            "DELETE FROM content_feedback WHERE userID = ?1",
            "DELETE FROM photo_comments WHERE authorID = ?1 OR photoID IN (SELECT id FROM shared_photos WHERE ownerID = ?1)",
            """
            DELETE FROM shared_photo_audience
            WHERE userID = ?1 OR photoID IN (SELECT id FROM shared_photos WHERE ownerID = ?1)
            """,
            "DELETE FROM shared_photos WHERE ownerID = ?1",
            "DELETE FROM friendships WHERE userID = ?1 OR friendID = ?1",
            "DELETE FROM friend_requests WHERE fromID = ?1 OR toID = ?1",
            "DELETE FROM blocks WHERE blockerID = ?1 OR blockedID = ?1",
            // Bytes nobody else holds go with the user's references, and their renditions' rows;
            // shared bytes stay for the others.
            """
            DELETE FROM asset_renditions WHERE sha256 IN (SELECT sha256 FROM asset_refs WHERE ownerID = ?1)
                AND NOT EXISTS (SELECT 1 FROM asset_refs r WHERE r.sha256 = asset_renditions.sha256 AND r.ownerID != ?1)
            """,
            """
            DELETE FROM asset_blobs WHERE sha256 IN (SELECT sha256 FROM asset_refs WHERE ownerID = ?1)
                AND NOT EXISTS (SELECT 1 FROM asset_refs r WHERE r.sha256 = asset_blobs.sha256 AND r.ownerID != ?1)
            """,
            "DELETE FROM asset_refs WHERE ownerID = ?1",
            "DELETE FROM sessions WHERE userID = ?1",
            "DELETE FROM plan_sharing WHERE userID = ?1",
            "DELETE FROM rate_buckets WHERE subject = ?1",
            "DELETE FROM accounts WHERE userID = ?1",
            "DELETE FROM users WHERE id = ?1",
        ]
}
