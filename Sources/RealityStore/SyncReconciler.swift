import Foundation
import GRDB
import RealityCore

/// Brings a server version of a record into the device store, settling it against the device's
/// pending edits with the chosen strategy (docs/sync-protocol.md, "Conflicts").
struct SyncReconciler {
    let strategy: ConflictResolutionStrategy
    /// The account's user (for stars).
    let owner: UserID?
    let now: Date

    /// What happened to one record.
    enum Outcome: Equatable {
        /// The server's version replaced the device's.
        case applied
        /// Merged with pending edits; the merged record waits to be pushed.
        case merged
        /// Kept as an open conflict for the user (`manual`).
        case conflict
        /// The version the device's pending edits already build on (its change tag is the
        /// base's): nothing was edited concurrently, the edits stay and wait to be pushed.
        case kept
    }

    /// Stores `remote` (tag `changeTag`, seen in `scope`, nil to keep the scope on record);
    /// `json` is its JSON as the server sent it, when at hand, else `remote` is encoded.
    func reconcile(
        _ remote: SyncRecord, json: Data? = nil, changeTag: String, scope: SyncScope?, in db: Database
    ) throws -> Outcome {
        let type = remote.recordType
        let id = remote.recordID
        let remoteJSON = try json ?? remote.jsonData()
        let meta = try SyncMetadataRecord.fetch(type, id, in: db)
        var entry = SyncMetadataRecord.Entry(
            changeTag: changeTag, scope: scope?.rawValue, baseVersion: remoteJSON, syncStatus: .synced,
            conflictVersion: nil)
        if meta?.syncStatus == .conflict, let data = meta?.conflictVersion,
            var conflict = try? RealityJSON.decode(ConflictData.self, from: data)
        {
            conflict.remoteVersion = remoteJSON
            entry.syncStatus = .conflict
            entry.conflictVersion = try RealityJSON.encode(conflict)
            try SyncMetadataRecord.save(type, id, entry, at: now, in: db)
            // The server's version the conflict already holds (met in the push, pulled again) is
            // the same conflict, not another.
            return Self.isSameVersion(changeTag, as: meta) ? .kept : .conflict
        }
        // Delete against edit, the deletion wins (docs/sync-protocol.md): a change the server
        // rejected because the record was deleted meanwhile is settled by the deletion.
        if Self.isDeleted(remote), try HeldRejections.holding(type, id, in: db) != nil {
            try SyncMetadataRecord.dropPendingEdits(type, id, in: db)
            try LocalSyncRecords.write(remote, owner: owner, in: db)
            try SyncMetadataRecord.save(type, id, entry, at: now, in: db)
            return .applied
        }
        guard try SyncMetadataRecord.hasPendingEdit(type, id, in: db),
            let local = try LocalSyncRecords.read(type, id, owner: owner, in: db)
        else {
            try LocalSyncRecords.write(remote, owner: owner, in: db)
            try SyncMetadataRecord.save(type, id, entry, at: now, in: db)
            return .applied
        }
        let base = try meta?.baseVersion.map { try SyncRecord(type: type, json: $0) }
        switch settle(base: base, local: local, remote: remote) {
        case .store(let record, let needsPush):
            try LocalSyncRecords.write(record, owner: owner, in: db)
            if needsPush, let held = try HeldRejections.holding(type, id, in: db) {
                // A rejected change merged with the server's version stays held: it waits for
                // the user, who has not fixed what was rejected yet.
                entry.syncStatus = .pendingUpload
                try SyncMetadataRecord.dropPendingEdits(type, id, in: db)
                try Outbox.append(
                    [
                        Outbox.Entry(
                            recordType: type.rawValue, recordID: id, operation: "save", payload: Data("{}".utf8))
                    ],
                    heldBy: held, at: now, in: db)
            } else if needsPush {
                entry.syncStatus = .pendingUpload
                try SyncMetadataRecord.requeueSave(type, id, at: now, in: db)
            } else {
                try SyncMetadataRecord.dropPendingEdits(type, id, in: db)
            }
            try SyncMetadataRecord.save(type, id, entry, at: now, in: db)
            guard needsPush else { return .applied }
            return Self.isSameVersion(changeTag, as: meta) ? .kept : .merged
        case .keepBoth(let localJSON, let localDate, let remoteDate):
            entry.syncStatus = .conflict
            entry.conflictVersion = try RealityJSON.encode(
                ConflictData(
                    localVersion: localJSON, remoteVersion: remoteJSON, localModifiedAt: localDate,
                    remoteModifiedAt: remoteDate, resolutionStrategy: .manual))
            try SyncMetadataRecord.save(type, id, entry, at: now, in: db)
            return .conflict
        }
    }

    /// Whether `changeTag` is the version `meta` already builds on.
    private static func isSameVersion(_ changeTag: String, as meta: SyncMetadataRecord.Entry?) -> Bool {
        !changeTag.isEmpty && meta?.changeTag == changeTag
    }

    /// Whether `record` is a deletion (annotations, layers and comments are deleted softly).
    static func isDeleted(_ record: SyncRecord) -> Bool {
        switch record {
        case .annotation(let annotation): annotation.isDeleted
        case .layer(let layer): layer.isDeleted
        case .comment(let comment): comment.isDeleted
        default: false
        }
    }

    /// How a record with pending edits is settled against the server's version.
    enum Settlement {
        case store(SyncRecord, needsPush: Bool)
        case keepBoth(local: Data, localModifiedAt: Date, remoteModifiedAt: Date)
    }

    /// `local` settled against `remote` (from `base`, when known) with the strategy.
    func settle(base: SyncRecord?, local: SyncRecord, remote: SyncRecord) -> Settlement {
        switch (local, remote) {
        case (.annotation(let mine), .annotation(let theirs)):
            guard case .annotation(let original)? = base else {
                return settle(nil, mine, theirs, SyncRecord.annotation)
            }
            return settle(original, mine, theirs, SyncRecord.annotation)
        case (.layer(let mine), .layer(let theirs)):
            guard case .layer(let original)? = base else { return settle(nil, mine, theirs, SyncRecord.layer) }
            return settle(original, mine, theirs, SyncRecord.layer)
        case (.comment(let mine), .comment(let theirs)):
            guard case .comment(let original)? = base else { return settle(nil, mine, theirs, SyncRecord.comment) }
            return settle(original, mine, theirs, SyncRecord.comment)
        default:
            // Profiles and world maps are not merged field by field: the device's pending
            // version goes up over the server's, whose tag becomes its base.
            return .store(local, needsPush: true)
        }
    }

    private func settle<Record: Mergeable>(
        _ base: Record?, _ local: Record, _ remote: Record, _ wrap: (Record) -> SyncRecord
    ) -> Settlement {
        switch ConflictResolver.resolve(strategy, base: base, local: local, remote: remote) {
        case .resolved(var merged):
            let needsPush = merged.hasEdits(beyond: remote)
            // Nothing to push: the record stays as the server has it, dated as every other
            // device has it (a later local date of an edit the server already holds would stay
            // here alone, since the feed does not send this version again).
            if !needsPush { merged.updatedAt = remote.updatedAt }
            return .store(wrap(merged), needsPush: needsPush)
        case .keepBoth:
            let json = (try? wrap(local).jsonData()) ?? Data()
            return .keepBoth(local: json, localModifiedAt: local.updatedAt, remoteModifiedAt: remote.updatedAt)
        }
    }
}
