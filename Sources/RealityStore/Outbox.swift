import Foundation
import GRDB
import RealityCore

/// The device's queue of local writes waiting to reach the cloud (SPEC D2, S9).
///
/// Record saves queue only the record's type and ID: the sync engine sends the record as it is
/// when it pushes, so several edits before a sync go up as one. Changes to records of their own
/// (grants, reactions, views, stars, notification reads) queue their payload. Notifications and
/// activity are made by the server, and purges are local retention, so they queue nothing.
enum Outbox {
    /// One queued mutation.
    struct Entry: Hashable, Sendable {
        var recordType: String
        var recordID: String
        var operation: String
        var payload: Data
    }

    /// The entry `change` queues, or nil for changes that stay local.
    static func entry(for change: Change) throws -> Entry? {
        let empty = Data("{}".utf8)
        switch change {
        case .saveAnnotation(let annotation):
            return Entry(
                recordType: "annotation", recordID: annotation.id.uuidString, operation: "save", payload: empty)
        case .saveLayer(let layer):
            return Entry(recordType: "layer", recordID: layer.id.uuidString, operation: "save", payload: empty)
        case .saveComment(let comment):
            return Entry(recordType: "comment", recordID: comment.id.uuidString, operation: "save", payload: empty)
        case .saveUser(let user):
            return Entry(recordType: "user", recordID: user.id.uuidString, operation: "save", payload: empty)
        case .saveWorldMap(let map):
            return Entry(recordType: "worldMap", recordID: map.id.uuidString, operation: "save", payload: empty)
        case .deleteWorldMap(let id):
            return Entry(recordType: "worldMap", recordID: id.uuidString, operation: "delete", payload: empty)
        case .saveOwned(let record):
            return Entry(
                recordType: record.recordType.rawValue, recordID: record.recordID, operation: "save", payload: empty)
        case .deleteOwned(let type, let id, _):
            return Entry(recordType: type.rawValue, recordID: id.lowercasedString, operation: "delete", payload: empty)
        case .grant(let permission, let target):
            let (type, id) = GrantRecord.targetColumns(target)
            return Entry(
                recordType: "grant", recordID: "\(type):\(id):\(permission.userID)", operation: "save",
                payload: try ColumnJSON.encode(permission))
        case .revoke(let userID, let target):
            let (type, id) = GrantRecord.targetColumns(target)
            return Entry(recordType: "grant", recordID: "\(type):\(id):\(userID)", operation: "delete", payload: empty)
        case .addReaction(let reaction, let annotationID):
            return Entry(
                recordType: "reaction", recordID: "\(annotationID):\(reaction.userID):\(reaction.emoji)",
                operation: "save", payload: try ColumnJSON.encode(reaction))
        case .removeReaction(let annotationID, let userID, let emoji):
            return Entry(
                recordType: "reaction", recordID: "\(annotationID):\(userID):\(emoji)", operation: "delete",
                payload: empty)
        case .recordView(let annotationID, let userID, let date), .markRead(let annotationID, let userID, let date):
            let operation = if case .recordView = change { "view" } else { "read" }
            return Entry(
                recordType: "view", recordID: "\(annotationID):\(userID)", operation: operation,
                payload: try ColumnJSON.encode(["at": date]))
        case .setStarred(let annotationID, let userID, let starred, _):
            return Entry(
                recordType: "star", recordID: "\(userID):\(annotationID)", operation: starred ? "save" : "delete",
                payload: empty)
        case .markNotificationRead(let id, _):
            return Entry(
                recordType: "notification", recordID: id.lowercasedString, operation: "read", payload: empty)
        case .addNotification, .addActivity, .purgeAnnotation, .purgeLayer, .purgeComment, .recordSyncMutation,
            .publishPlanSharing:
            return nil
        }
    }

    /// Rows per multi-row `INSERT`.
    static let rowsPerStatement = 64

    /// Appends `entries` to the queue in order, several rows per statement. Held entries of the
    /// same records (rejected changes, see ``HeldRejections``) go back to the queue with them: an
    /// edit of a rejected record queues it again.
    static func append(_ entries: [Entry], at date: Date, in db: Database) throws {
        try insert(entries, at: date, in: db)
        try HeldRejections.release(recordsOf: entries, in: db)
    }

    /// Appends `entries` held by the rejection `rejectionID`: they wait with it for the user.
    static func append(_ entries: [Entry], heldBy rejectionID: Int64, at date: Date, in db: Database) throws {
        var random = SplitMix64.seededBySystem()
        for entry in entries {
            try db.execute(
                sql: """
                    INSERT INTO outbox (mutationID, recordType, recordID, operation, payload, createdAt, rejectionID)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    UUID.timeOrdered(using: &random).lowercasedString, entry.recordType, entry.recordID,
                    entry.operation, entry.payload, date.storeValue, rejectionID,
                ])
        }
    }

    private static func insert(_ entries: [Entry], at date: Date, in db: Database) throws {
        let createdAt = date.storeValue
        var random = SplitMix64.seededBySystem()
        for range in entries.statementRanges(maxRows: rowsPerStatement) {
            let sql = range.count == rowsPerStatement ? fullInsertSQL : insertSQL(rows: range.count)
            try db.cachedStatement(sql: sql).execute { bindings in
                for entry in entries[range] {
                    bindings.bind(UUID.timeOrdered(using: &random).lowercasedString)
                    bindings.bind(entry.recordType)
                    bindings.bind(entry.recordID)
                    bindings.bind(entry.operation)
                    bindings.bind(entry.payload)
                    bindings.bind(createdAt)
                }
            }
        }
    }

    private static let fullInsertSQL = insertSQL(rows: rowsPerStatement)

    private static func insertSQL(rows: Int) -> String {
        """
        INSERT INTO outbox (mutationID, recordType, recordID, operation, payload, createdAt) VALUES \
        \(Array(repeating: "(?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", "))
        """
    }
}
