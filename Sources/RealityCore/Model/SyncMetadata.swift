import Foundation

/// What a device knows about one record's state in the cloud (seed 001 §10.1, SPEC D2).
public struct SyncMetadata: Codable, Hashable, Sendable {
    /// The kind of record.
    public var recordType: RecordType
    /// The record's ID as a string.
    public var recordID: String
    /// The server's change tag of the version this device last saw.
    public var changeTag: String?
    /// When it was last synced; nil for a record that has never reached the cloud (the seed made
    /// this non-optional, which forced a made-up date on new records).
    public var lastSyncedAt: Date?
    /// Where the record stands.
    public var syncStatus: SyncStatus
    /// The other side's version, kept while a conflict is open.
    public var conflictVersion: Data?

    /// Metadata with the given parts.
    public init(
        recordType: RecordType,
        recordID: String,
        changeTag: String? = nil,
        lastSyncedAt: Date? = nil,
        syncStatus: SyncStatus,
        conflictVersion: Data? = nil
    ) {
        self.recordType = recordType
        self.recordID = recordID
        self.changeTag = changeTag
        self.lastSyncedAt = lastSyncedAt
        self.syncStatus = syncStatus
        self.conflictVersion = conflictVersion
    }
}

/// Where a record stands in sync (seed 001 §10.1).
public enum SyncStatus: String, Codable, Hashable, Sendable, CaseIterable {
    case synced
    case pendingUpload
    case pendingDownload
    case conflict
    case error
}

/// The kinds of records that sync.
public enum RecordType: String, Codable, Hashable, Sendable, CaseIterable {
    case annotation
    case layer
    case comment
    case user
    case worldMap
    case notification
    case grant
    case reaction
    case view
    case star
    /// A person's saved search (``SavedSearch``), an ``OwnedRecord``.
    case savedSearch
    /// A challenge of Out of Box's catalog, a ``PublishedRecord`` (its type, `Challenge`, is Out of
    /// Box's, in `OutOfBoxCore`).
    case challenge
}
