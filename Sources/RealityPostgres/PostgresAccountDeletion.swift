import Foundation
import PostgresNIO
import RealityCore

/// Removes an account and everything it owns or wrote (SPEC D4, the right to be forgotten),
/// inside the caller's transaction, with the SQLite store's `AccountDeletion` semantics: the
/// same rows go, set-wise rather than annotation by annotation.
struct PostgresAccountDeletion {
    let connection: PostgresConnection
    let logger: Logger

    func delete(_ userID: UserID, at date: Date) async throws {
        let user = userID.rawValue
        // The user's annotations (deleted or not), with what hangs off them: others' comments,
        // reactions, views, stars, grants and attachments; anchors that named them are unlinked.
        // One statement: every data-modifying CTE sees the annotations as they were.
        try await connection.query(
            """
            WITH doomed AS (SELECT id FROM annotations WHERE ownerID = \(user)),
                grant_rows AS (DELETE FROM grants WHERE targetType = 'annotation' AND targetID IN (SELECT id FROM doomed)),
                reaction_rows AS (DELETE FROM reactions WHERE annotationID IN (SELECT id FROM doomed)),
                view_rows AS (DELETE FROM views WHERE annotationID IN (SELECT id FROM doomed)),
                star_rows AS (DELETE FROM stars WHERE annotationID IN (SELECT id FROM doomed)),
                comment_rows AS (DELETE FROM comments WHERE annotationID IN (SELECT id FROM doomed)),
                attachment_rows AS (DELETE FROM attachments WHERE annotationID IN (SELECT id FROM doomed)),
                anchor_rows AS (UPDATE anchors SET annotationID = NULL WHERE annotationID IN (SELECT id FROM doomed))
            DELETE FROM annotations WHERE id IN (SELECT id FROM doomed)
            """, logger: logger)
        // Their comments on other people's annotations; those annotations' search vectors follow
        // (a later statement, so it no longer sees the deleted comments).
        let commented = try await connection.rows(
            "DELETE FROM comments WHERE authorID = \(user) RETURNING annotationID", logger: logger
        ) { try $0.decode(UUID.self) }
        if !commented.isEmpty {
            try await connection.query(
                """
                UPDATE annotations a SET search = ts_filter(a.search, '{a}') || coalesce(
                    (SELECT reality_tsvector_agg(c.search ORDER BY c.createdAt, c.id) FROM comments c
                     WHERE c.annotationID = a.id AND NOT c.isDeleted), ''::tsvector)
                WHERE a.id = ANY(\(Array(Set(commented)))) AND NOT a.isDeleted
                """, logger: logger)
        }
        try await connection.query(
            """
            WITH layer_grants AS (
                    DELETE FROM grants WHERE targetType = 'layer'
                    AND targetID IN (SELECT id FROM layers WHERE ownerID = \(user))),
                layer_rows AS (DELETE FROM layers WHERE ownerID = \(user)),
                grant_rows AS (DELETE FROM grants WHERE userID = \(user) OR grantedBy = \(user)),
                reaction_rows AS (DELETE FROM reactions WHERE userID = \(user)),
                view_rows AS (DELETE FROM views WHERE userID = \(user)),
                star_rows AS (DELETE FROM stars WHERE userID = \(user)),
                anchor_rows AS (
                    DELETE FROM anchors WHERE worldMapID IN (SELECT id FROM world_maps WHERE ownerID = \(user))),
                map_rows AS (DELETE FROM world_maps WHERE ownerID = \(user)),
                notification_rows AS (DELETE FROM notifications WHERE recipientID = \(user) OR actorID = \(user)),
                activity_rows AS (DELETE FROM activities WHERE actorID = \(user)),
                blob_rows AS (
                    DELETE FROM asset_blobs b
                    WHERE b.sha256 IN (SELECT sha256 FROM asset_refs WHERE ownerID = \(user))
                    AND NOT EXISTS (SELECT 1 FROM asset_refs r WHERE r.sha256 = b.sha256 AND r.ownerID <> \(user))),
                rendition_rows AS (
                    DELETE FROM asset_renditions d
                    WHERE d.sha256 IN (SELECT sha256 FROM asset_refs WHERE ownerID = \(user))
                    AND NOT EXISTS (SELECT 1 FROM asset_refs r WHERE r.sha256 = d.sha256 AND r.ownerID <> \(user))),
                invitation_rows AS (DELETE FROM invitations WHERE inviterID = \(user) OR acceptedBy = \(user)),
                challenge_rows AS (DELETE FROM challenge_assignments WHERE userID = \(user)),
                preference_rows AS (DELETE FROM challenge_preferences WHERE userID = \(user)),
                reminder_rows AS (DELETE FROM challenge_reminders WHERE userID = \(user)),
                report_rows AS (DELETE FROM content_reports WHERE reporterID = \(user)),
                feedback_rows AS (DELETE FROM content_feedback WHERE userID = \(user)),
                comment_rows AS (
                    DELETE FROM photo_comments WHERE authorID = \(user)
                    OR photoID IN (SELECT id FROM shared_photos WHERE ownerID = \(user))),
                audience_rows AS (
                    DELETE FROM shared_photo_audience WHERE userID = \(user)
                    OR photoID IN (SELECT id FROM shared_photos WHERE ownerID = \(user))),
                shared_rows AS (DELETE FROM shared_photos WHERE ownerID = \(user)),
                friend_rows AS (DELETE FROM friendships WHERE userID = \(user) OR friendID = \(user)),
                request_rows AS (DELETE FROM friend_requests WHERE fromID = \(user) OR toID = \(user)),
                block_rows AS (DELETE FROM blocks WHERE blockerID = \(user) OR blockedID = \(user)),
                asset_rows AS (DELETE FROM asset_refs WHERE ownerID = \(user)),
                session_rows AS (DELETE FROM sessions WHERE userID = \(user)),
                plan_rows AS (DELETE FROM plan_sharing WHERE userID = \(user)),
                bucket_rows AS (DELETE FROM rate_buckets WHERE subject = \(userID.uuidString)),
                account_rows AS (DELETE FROM accounts WHERE userID = \(user)),
                user_rows AS (DELETE FROM users WHERE id = \(user))
            INSERT INTO deletions (userID, deletedAt) VALUES (\(user), \(date.storeValue))
            """, logger: logger)
        for kind in RecordType.ownedKinds {
            try await connection.query(
                "DELETE FROM \(unescaped: kind.tableName) WHERE ownerID = \(user)", logger: logger)
        }
        // Others may hold copies of what went (no tombstones are kept for it): every sync token
        // issued so far now answers 410 and devices pull their scopes afresh.
        try await PostgresSyncLog(connection: connection, logger: logger).startNewEpoch()
    }
}
