import Foundation
import GRDB
import RealityCore

extension SQLiteStore: ChangeCommitting {
    public func commit(_ changes: ChangeSet, applying pushed: [PushedMutation]) async throws {
        guard !changes.isEmpty else { return }
        let changes = changes.including(pushed)
        let side = Role.side
        do {
            let number = try await writeTransaction { db -> Int64? in
                for precondition in changes.preconditions {
                    try Self.check(precondition, in: db)
                }
                let prior = side == .server ? try SyncLog.prior(for: changes, in: db) : nil
                try Self.apply(changes.changes, in: db)
                if side == .device {
                    try Outbox.append(changes.changes.compactMap(Outbox.entry(for:)), at: Timestamp.now(), in: db)
                }
                return try prior.map { try SyncLog.record(changes, prior: $0, at: Timestamp.now(), in: db) }
            }
            if let number { pushed.acknowledge(committedAs: number) }
        } catch let error as DatabaseError {
            throw StoreError.unavailable(detail: error.description)
        }
        broadcaster.send(changes.commitEvent)
    }

    public func commits() -> AsyncStream<CommitEvent> {
        broadcaster.stream()
    }

    private static func check(_ precondition: Precondition, in db: Database) throws {
        switch precondition {
        case .annotationCountBelow(let owner, let limit, let tier):
            let count =
                try db.value(
                    Int.self, sql: "SELECT count(*) FROM annotations WHERE ownerID = ? AND isDeleted = 0",
                    arguments: [owner.uuidString]) ?? 0
            if count >= limit { throw TierLimitError.annotationLimitReached(limit: limit, tier: tier) }
        case .layerCountBelow(let owner, let limit, let tier):
            let count = try LayerRecord.countedLayers(of: owner, in: db)
            if count >= limit { throw TierLimitError.layerLimitReached(limit: limit, tier: tier) }
        case .ownedCountBelow(let type, let owner, let limit):
            let table = try OwnedRecordTables.table(type).name
            let count =
                try db.value(
                    Int.self, sql: "SELECT count(*) FROM \(table) WHERE ownerID = ?", arguments: [owner.uuidString])
                ?? 0
            if count >= limit { throw OwnedRecordLimit.reached(type, limit: limit) }
        case .annotationAbsent(let id):
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM annotations WHERE id = ?", arguments: [id.uuidString]) != nil {
                throw StoreError.conflict(recordType: .annotation, id: id.uuidString)
            }
        case .annotationUnchanged(let id, let updatedAt):
            let current = try db.value(
                Int64.self, sql: "SELECT updatedAt FROM annotations WHERE id = ?", arguments: [id.uuidString])
            if current != updatedAt.storeValue {
                throw StoreError.conflict(recordType: .annotation, id: id.uuidString)
            }
        case .changeTag(let type, let id, let tag):
            guard let table = SyncRecordTable.of(type),
                let current = try Int64.fetchOne(
                    db.cachedStatement(sql: "SELECT changeSeq FROM \(table.name) WHERE \(table.key) = ?"),
                    arguments: [id]),
                String(current) == tag
            else { throw StoreError.conflict(recordType: type, id: id) }
        case .annotationsAbsent(let ids):
            let statement = try db.cachedStatement(sql: "SELECT 1 FROM annotations WHERE id = ?")
            for id in ids where try Bool.fetchOne(statement, arguments: [id.uuidString]) != nil {
                throw StoreError.conflict(recordType: .annotation, id: id.uuidString)
            }
        case .recordAbsent(let type, let id):
            if let table = SyncRecordTable.of(type),
                try Bool.fetchOne(
                    db.cachedStatement(sql: "SELECT 1 FROM \(table.name) WHERE \(table.key) = ?"), arguments: [id])
                    != nil
            {
                throw StoreError.conflict(recordType: type, id: id)
            }
        case .layerUnchanged(let id, let updatedAt):
            let current = try db.value(
                Int64.self, sql: "SELECT updatedAt FROM layers WHERE id = ?", arguments: [id.uuidString])
            if current != updatedAt.storeValue {
                throw StoreError.conflict(recordType: .layer, id: id.uuidString)
            }
        case .transition(let table, let id, let from, let to):
            try db.cachedStatement(sql: "UPDATE \(table) SET status = ? WHERE id = ? AND status = ?")
                .execute(arguments: [to, id.lowercased(), from])
            if db.changesCount == 0 { throw StoreError.moved(table: table, id: id) }
        }
    }

    /// Applies `changes` in order; consecutive annotation saves go through the batch writer.
    private static func apply(_ changes: [Change], in db: Database) throws {
        var index = changes.startIndex
        while index < changes.endIndex {
            var run: [Annotation] = []
            while index < changes.endIndex, case .saveAnnotation(let annotation) = changes[index] {
                run.append(annotation)
                index += 1
            }
            if !run.isEmpty {
                try AnnotationBatchWrites.save(run, in: db)
                continue
            }
            try apply(changes[index], in: db)
            index += 1
        }
    }

    private static func apply(_ change: Change, in db: Database) throws {
        switch change {
        case .saveAnnotation(let annotation):
            try AnnotationWrites.save(annotation, in: db)
        case .saveLayer(let layer):
            try LayerRecord.save(layer, in: db)
        case .saveComment(let comment):
            try CommentRecord.save(comment, in: db)
        case .saveUser(let user):
            try UserRecord.save(user, in: db)
        case .saveWorldMap(let map):
            try WorldMapRecord.save(map, in: db)
        case .deleteWorldMap(let id):
            try db.execute(sql: "DELETE FROM anchors WHERE worldMapID = ?", arguments: [id.uuidString])
            try db.execute(sql: "DELETE FROM world_maps WHERE id = ?", arguments: [id.uuidString])
        case .saveOwned(let record):
            try OwnedRecordTables.table(record.recordType).save(record, db)
        case .deleteOwned(let type, let id, _):
            try OwnedRecordTables.delete(type, id: id.lowercasedString, in: db)
        case .grant(let permission, let target):
            try GrantRecord.save(permission, on: target, in: db)
        case .revoke(let userID, let target):
            try GrantRecord.delete(userID: userID, on: target, in: db)
        case .addReaction(let reaction, let annotationID):
            try EngagementRecords.add(reaction, to: annotationID, in: db)
        case .removeReaction(let annotationID, let userID, let emoji):
            try EngagementRecords.removeReaction(annotationID: annotationID, userID: userID, emoji: emoji, in: db)
        case .recordView(let annotationID, let userID, let date):
            try EngagementRecords.read(annotationID: annotationID, userID: userID, at: date, countsAsView: true, in: db)
        case .markRead(let annotationID, let userID, let date):
            try EngagementRecords.read(
                annotationID: annotationID, userID: userID, at: date, countsAsView: false, in: db)
        case .setStarred(let annotationID, let userID, let starred, let date):
            try EngagementRecords.setStarred(
                annotationID: annotationID, userID: userID, starred: starred, at: date, in: db)
        case .addNotification(let notification):
            try NotificationRecord.save(notification, in: db)
        case .markNotificationRead(let id, let recipientID):
            try db.execute(
                sql: "UPDATE notifications SET isRead = 1 WHERE id = ? AND recipientID = ?",
                arguments: [id.lowercasedString, recipientID.uuidString])
        case .addActivity(let activity):
            try ActivityRecord.save(activity, in: db)
        case .purgeAnnotation(let id):
            try AnnotationWrites.purge(id, in: db)
        case .purgeLayer(let id):
            try db.execute(sql: "DELETE FROM layers WHERE id = ?", arguments: [id.uuidString])
            try db.execute(
                sql: "DELETE FROM grants WHERE targetType = 'layer' AND targetID = ?", arguments: [id.uuidString])
        case .purgeComment(let id):
            try CommentRecord.purge(id, in: db)
        case .recordSyncMutation:
            break  // the change log records it, with the commit's number
        case .publishPlanSharing(let userID, let sharing, _):
            try db.execute(
                sql: """
                    INSERT INTO plan_sharing (userID, sharing) VALUES (?, ?)
                    ON CONFLICT(userID) DO UPDATE SET sharing = excluded.sharing
                    """,
                arguments: [userID.uuidString, sharing])
        }
    }
}
