import Foundation
import GRDB
import RealityCore

/// An open conflict: a record kept with both versions until the user picks one (`manual`).
public struct SyncConflict: Hashable, Sendable {
    /// The kind of record.
    public var recordType: RecordType
    /// Which record.
    public var recordID: String
    /// Both versions.
    public var data: ConflictData
}

/// Which version settles a conflict.
public enum ConflictChoice: String, Hashable, Sendable, CaseIterable {
    /// The device's version is pushed over the server's.
    case local
    /// The server's version replaces the device's.
    case remote
    /// Field by field, the later edit of each field wins (as the `merge` strategy settles).
    case merge
}

extension DeviceStore {
    /// The key of the device's conflict strategy in `meta`.
    static var strategyKey: String { "sync.strategy" }

    /// The conflict strategy the user chose; `merge` by default.
    public func conflictStrategy() async throws -> ConflictResolutionStrategy {
        try await metadata(Self.strategyKey).flatMap(ConflictResolutionStrategy.init(rawValue:)) ?? .merge
    }

    /// Chooses the conflict strategy for later syncs.
    public func setConflictStrategy(_ strategy: ConflictResolutionStrategy) async throws {
        try await setMetadata(Self.strategyKey, to: strategy.rawValue)
    }

    /// The open conflicts, oldest record type and ID first.
    public func openConflicts() async throws -> [SyncConflict] {
        try await read { db in
            try db.rows(
                sql: """
                    SELECT recordType, recordID, conflictVersion FROM sync_metadata
                    WHERE syncStatus = 'conflict' AND conflictVersion IS NOT NULL ORDER BY recordType, recordID
                    """
            ).compactMap { row in
                guard let type = RecordType(rawValue: row["recordType"]),
                    let data = try? RealityJSON.decode(ConflictData.self, from: row["conflictVersion"] as Data)
                else { return nil }
                return SyncConflict(recordType: type, recordID: row["recordID"], data: data)
            }
        }
    }

    /// Settles the open conflict on the record `recordID` (any type) with `choice`. Returns false
    /// when no conflict is open on it.
    @discardableResult
    public func resolveConflict(recordID: String, with choice: ConflictChoice, at date: Date = Timestamp.now())
        async throws -> Bool
    {
        try await writeTransaction { db in
            guard
                let row = try db.row(
                    sql: "SELECT recordType FROM sync_metadata WHERE recordID = ? AND syncStatus = 'conflict'",
                    arguments: [recordID]),
                let type = RecordType(rawValue: row["recordType"]),
                var entry = try SyncMetadataRecord.fetch(type, recordID, in: db),
                let data = entry.conflictVersion
            else { return false }
            let conflict = try RealityJSON.decode(ConflictData.self, from: data)
            let owner = try Self.deviceAccount(in: db)?.userID
            entry.conflictVersion = nil
            entry.scope = nil
            switch choice {
            case .local:
                // The device's version stays; its base tag is already the server's, so it goes up
                // as a fresh save over it.
                entry.syncStatus = .pendingUpload
                try SyncMetadataRecord.requeueSave(type, recordID, at: date, in: db)
            case .remote:
                try LocalSyncRecords.write(
                    try SyncRecord(type: type, json: conflict.remoteVersion), owner: owner, in: db)
                try SyncMetadataRecord.dropPendingEdits(type, recordID, in: db)
                entry.syncStatus = .synced
            case .merge:
                let merged = SyncReconciler(strategy: .merge, owner: owner, now: date).settle(
                    base: nil, local: try SyncRecord(type: type, json: conflict.localVersion),
                    remote: try SyncRecord(type: type, json: conflict.remoteVersion))
                guard case .store(let record, let needsPush) = merged else { return false }
                try LocalSyncRecords.write(record, owner: owner, in: db)
                if needsPush {
                    entry.syncStatus = .pendingUpload
                    try SyncMetadataRecord.requeueSave(type, recordID, at: date, in: db)
                } else {
                    try SyncMetadataRecord.dropPendingEdits(type, recordID, in: db)
                    entry.syncStatus = .synced
                }
            }
            try SyncMetadataRecord.save(type, recordID, entry, at: date, in: db)
            return true
        }
    }
}
