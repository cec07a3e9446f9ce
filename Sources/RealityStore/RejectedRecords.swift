import Foundation
import GRDB
import RealityCore

/// What the device knows about the records of rejected changes: how to name them for people,
/// which other rejected records they go with, and how a discarded change is undone.
enum RejectedRecords {
    typealias Key = HeldRejections.RecordKey

    // MARK: - Names

    /// A few words that identify the record: a note's title or text, a layer's name, a comment's
    /// text; for a reaction, view, star or grant, the same of the record it is on.
    static func summary(of type: String, _ id: String, owner: UserID?, in db: Database) throws -> String? {
        if let record = try RecordType(rawValue: type).flatMap({
            try LocalSyncRecords.read($0, id, owner: owner, in: db)
        }) {
            switch record {
            case .annotation(let note): return note.title ?? note.content.text
            case .layer(let layer): return layer.name
            case .comment(let comment): return comment.text
            case .user(let user): return user.displayName
            case .worldMap(let map): return map.locationName
            case .owned(let record): return record.base.summary
            case .notification, .star, .published: break
            }
        }
        guard let target = target(of: type, id) else { return nil }
        let described = try summary(of: target.type, target.id, owner: owner, in: db)
        let parts = id.split(separator: ":", maxSplits: 2).map(String.init)
        switch type {
        case "reaction": return parts.count > 2 ? "\(parts[2]) on \(described ?? target.id)" : described
        case "grant": return "access to \(described ?? target.id)"
        default: return described
        }
    }

    // MARK: - Groups

    /// The record a rejected record hangs off: an annotation's layer, a comment's annotation, a
    /// layer's parent, the annotation of a reaction, view or star, the target of a grant.
    static func parent(of key: Key, in db: Database) throws -> Key? {
        switch key.type {
        case "annotation":
            return try db.value(String.self, sql: "SELECT layerID FROM annotations WHERE id = ?", arguments: [key.id])
                .map { Key(type: "layer", id: $0) }
        case "comment":
            return try db.value(String.self, sql: "SELECT annotationID FROM comments WHERE id = ?", arguments: [key.id])
                .map { Key(type: "annotation", id: $0) }
        case "layer":
            return try db.value(String.self, sql: "SELECT parentLayerID FROM layers WHERE id = ?", arguments: [key.id])
                .map { Key(type: "layer", id: $0) }
        default:
            return target(of: key.type, key.id)
        }
    }

    /// `chosen` with every open rejection linked to them through parents that are rejected too
    /// (a note and the rejected layer it is in, the comments on a rejected note), oldest first:
    /// a change rejected because another was ("not found") goes back with it, after it.
    static func group(
        of chosen: [HeldRejections.OpenRejection], among open: [HeldRejections.OpenRejection], in db: Database
    )
        throws -> [HeldRejections.OpenRejection]
    {
        var byKey: [Key: [Int64]] = [:]
        for rejection in open { byKey[rejection.key, default: []].append(rejection.id) }
        // Union-find over rejection numbers, joined along parent links between rejected records.
        var root: [Int64: Int64] = [:]
        func find(_ id: Int64) -> Int64 {
            var id = id
            while let next = root[id], next != id { id = next }
            return id
        }
        for rejection in open {
            let sameRecord = find(byKey[rejection.key]?.first ?? rejection.id)
            root[rejection.id] = sameRecord
            if let parent = try parent(of: rejection.key, in: db), let linked = byKey[parent]?.first {
                let (child, parent) = (find(rejection.id), find(linked))
                if child != parent { root[child] = parent }
            }
        }
        let roots = Set(chosen.map { find($0.id) })
        return open.filter { roots.contains(find($0.id)) }
    }

    // MARK: - Undo

    /// Undoes the device's change of a discarded rejection: a record goes back to the server's
    /// version; a reaction, view or grant is undone by storing the server's version of the
    /// record it is on; a star is set back. Returns the record to remove when the server never
    /// had it (removed by ``remove(_:owner:in:)`` once what depends on it is gone).
    static func undo(_ rejection: HeldRejections.OpenRejection, owner: UserID?, at date: Date, in db: Database) throws
        -> Key?
    {
        guard let type = RecordType(rawValue: rejection.recordType) else { return nil }
        if outboxWholeRecordTypes.contains(type.rawValue) {
            // A newer edit queued since stays, with the record as the user has it now.
            guard try !SyncMetadataRecord.hasPendingEdit(type, rejection.recordID, in: db) else { return nil }
            guard var entry = try SyncMetadataRecord.fetch(type, rejection.recordID, in: db),
                let base = entry.baseVersion
            else { return rejection.key }
            try LocalSyncRecords.write(try SyncRecord(type: type, json: base), owner: owner, in: db)
            entry.syncStatus = .synced
            entry.scope = nil
            try SyncMetadataRecord.save(type, rejection.recordID, entry, at: date, in: db)
            return nil
        }
        if type == .star, let owner, let target = target(of: rejection.recordType, rejection.recordID),
            let annotationID = AnnotationID(uuidString: target.id)
        {
            try EngagementRecords.setStarred(
                annotationID: annotationID, userID: owner, starred: rejection.operation == "delete", at: date, in: db)
        } else if let target = target(of: rejection.recordType, rejection.recordID),
            let targetType = RecordType(rawValue: target.type),
            try !SyncMetadataRecord.hasPendingEdit(targetType, target.id, in: db),
            let base = try SyncMetadataRecord.fetch(targetType, target.id, in: db)?.baseVersion
        {
            try LocalSyncRecords.write(try SyncRecord(type: targetType, json: base), owner: owner, in: db)
        }
        return nil
    }

    /// Removes records the server never had, children before parents; refuses (and so rolls
    /// the whole discard back) when a record still has local records in it that stay, such as
    /// notes in a layer: they would be left without their layer.
    static func remove(_ keys: [Key], owner: UserID?, in db: Database) throws {
        var pending = keys
        while !pending.isEmpty {
            var kept: [Key] = []
            for key in pending {
                if try dependents(of: key, in: db) > 0 {
                    kept.append(key)
                } else if let type = RecordType(rawValue: key.type) {
                    try LocalSyncRecords.remove(type, key.id, owner: owner, in: db)
                    try SyncMetadataRecord.delete(type, key.id, in: db)
                }
            }
            guard kept.count < pending.count else {
                let key = kept[0]
                let name = try summary(of: key.type, key.id, owner: owner, in: db).map { " “\($0)”" } ?? ""
                let count = try dependents(of: key, in: db)
                let what = key.type == "layer" ? "notes or layers" : "comments"
                throw ServiceError.invalidOperation(
                    reason: "The \(key.type)\(name) still holds \(count) \(what) that the server does not have: "
                        + "move them elsewhere or discard their rejections too, then discard it.")
            }
            pending = kept
        }
    }

    private static func dependents(of key: Key, in db: Database) throws -> Int {
        switch key.type {
        case "layer":
            return try db.value(
                Int.self,
                sql: """
                    SELECT (SELECT count(*) FROM annotations WHERE layerID = ?1)
                        + (SELECT count(*) FROM layers WHERE parentLayerID = ?1)
                    """,
                arguments: [key.id]) ?? 0
        case "annotation":
            return try db.value(
                Int.self, sql: "SELECT count(*) FROM comments WHERE annotationID = ?", arguments: [key.id])
                ?? 0
        default:
            return 0
        }
    }

    /// The record a reaction, view, star or grant (by its outbox key) is on.
    private static func target(of type: String, _ id: String) -> Key? {
        let parts = id.split(separator: ":", maxSplits: 2).map(String.init)
        switch type {
        case "reaction", "view": return parts.first.map { Key(type: "annotation", id: $0) }
        case "star": return parts.count > 1 ? Key(type: "annotation", id: parts[1]) : nil
        case "grant": return parts.count > 1 ? Key(type: parts[0], id: parts[1]) : nil
        default: return nil
        }
    }
}
