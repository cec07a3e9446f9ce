import Foundation
import RealityCore

/// One entry of the change feed: a record as it is now, or its deletion.
public struct SyncChange: Codable, Hashable, Sendable {
    /// The kind of record.
    public var recordType: RecordType
    /// Which record.
    public var recordID: String
    /// The record's change tag (empty for deletions).
    public var changeTag: String
    /// True when the caller should remove the record from this scope.
    public var deleted: Bool
    /// The record; nil for deletions.
    public var record: SyncRecord?

    /// A change carrying `record` with `changeTag`.
    public init(record: SyncRecord, changeTag: String) {
        self.recordType = record.recordType
        self.recordID = record.recordID
        self.changeTag = changeTag
        self.deleted = false
        self.record = record
    }

    /// The deletion of a record.
    public init(deletionOf recordType: RecordType, recordID: String) {
        self.recordType = recordType
        self.recordID = recordID
        self.changeTag = ""
        self.deleted = true
        self.record = nil
    }

    private enum CodingKeys: String, CodingKey {
        case recordType, recordID, changeTag, deleted, record
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        recordType = try container.decode(RecordType.self, forKey: .recordType)
        recordID = try container.decode(String.self, forKey: .recordID)
        changeTag = try container.decode(String.self, forKey: .changeTag)
        deleted = try container.decode(Bool.self, forKey: .deleted)
        if deleted {
            record = nil
        } else {
            let record = try SyncRecord(type: recordType, from: container.superDecoder(forKey: .record))
            guard record.recordID == recordID else {
                throw DecodingError.dataCorruptedError(
                    forKey: .record, in: container, debugDescription: "the record's ID is not recordID")
            }
            self.record = record
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(recordType, forKey: .recordType)
        try container.encode(recordID, forKey: .recordID)
        try container.encode(changeTag, forKey: .changeTag)
        try container.encode(deleted, forKey: .deleted)
        if let record {
            try record.encode(to: container.superEncoder(forKey: .record))
        }
    }
}

/// The answer of `GET /api/v1/sync/changes`.
public struct SyncChangesPage: Codable, Hashable, Sendable {
    /// The changes, in commit order, each record at most once.
    public var changes: [SyncChange]
    /// Pass as `since` next time.
    public var token: String
    /// True when more changes wait: ask again at once.
    public var moreComing: Bool

    /// A page with the given parts.
    public init(changes: [SyncChange], token: String, moreComing: Bool) {
        self.changes = changes
        self.token = token
        self.moreComing = moreComing
    }
}
