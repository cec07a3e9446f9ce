import Foundation
import RealityCore

/// What a mutation does to its record (docs/sync-protocol.md, "Push").
public enum SyncOperation: String, Codable, Hashable, Sendable, CaseIterable {
    /// Create or replace the record (or add to a set: a grant, a reaction, a star).
    case save
    /// Delete the record (soft for annotations, layers and comments) or remove from a set.
    case delete
    /// Count a view of an annotation and mark it read.
    case view
    /// Mark an annotation or a notification read.
    case read
}

/// One local change pushed to the server.
public struct SyncMutation: Codable, Hashable, Sendable {
    /// Unique per change; the server answers a replay with the first result.
    public var mutationID: String
    /// The kind of record.
    public var recordType: RecordType
    /// Which record.
    public var recordID: String
    /// What to do.
    public var op: SyncOperation
    /// The server change tag the edit started from; nil for a record the device created.
    public var baseChangeTag: String?
    /// The data, shaped by `recordType` and `op`.
    public var fields: SyncMutationFields

    /// A mutation with the given parts.
    public init(
        mutationID: String, recordType: RecordType, recordID: String, op: SyncOperation,
        baseChangeTag: String? = nil, fields: SyncMutationFields
    ) {
        self.mutationID = mutationID
        self.recordType = recordType
        self.recordID = recordID
        self.op = op
        self.baseChangeTag = baseChangeTag
        self.fields = fields
    }

    private enum CodingKeys: String, CodingKey {
        case mutationID, recordType, recordID, op, baseChangeTag, fields
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mutationID = try container.decode(String.self, forKey: .mutationID)
        recordType = try container.decode(RecordType.self, forKey: .recordType)
        recordID = try container.decode(String.self, forKey: .recordID)
        op = try container.decode(SyncOperation.self, forKey: .op)
        baseChangeTag = try container.decodeIfPresent(String.self, forKey: .baseChangeTag)
        guard let shape = SyncMutationFields.Shape(recordType: recordType, op: op) else {
            throw DecodingError.dataCorruptedError(
                forKey: .op, in: container,
                debugDescription: "\(recordType.rawValue) records do not take the operation \(op.rawValue)")
        }
        fields = try SyncMutationFields(shape: shape, from: container.superDecoder(forKey: .fields))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mutationID, forKey: .mutationID)
        try container.encode(recordType, forKey: .recordType)
        try container.encode(recordID, forKey: .recordID)
        try container.encode(op, forKey: .op)
        try container.encodeIfPresent(baseChangeTag, forKey: .baseChangeTag)
        try fields.encode(to: container.superEncoder(forKey: .fields))
    }
}

/// `POST /api/v1/sync/push`.
public struct SyncPushRequest: Codable, Hashable, Sendable {
    /// The pushing device.
    public var clientID: String
    /// The changes, applied in order.
    public var mutations: [SyncMutation]

    /// A request with the given parts.
    public init(clientID: String, mutations: [SyncMutation]) {
        self.clientID = clientID
        self.mutations = mutations
    }
}

/// What the server did with one mutation.
public struct SyncMutationResult: Codable, Hashable, Sendable {
    /// The three outcomes.
    public enum Status: String, Codable, Hashable, Sendable {
        /// Applied; `changeTag` is the record's new tag.
        case saved
        /// The record changed since `baseChangeTag`; `record` and `changeTag` are the server's.
        case conflict
        /// A rule refused it; `error` says which.
        case rejected
    }

    /// The mutation this answers.
    public var mutationID: String
    /// The outcome.
    public var status: Status
    /// The record's tag after a save, or the server's tag in a conflict.
    public var changeTag: String?
    /// The server's record in a conflict (nil when the server has none left).
    public var record: SyncRecord?
    /// Why a mutation was rejected.
    public var error: APIErrorBody.Detail?

    /// A result with the given parts.
    public init(
        mutationID: String, status: Status, changeTag: String? = nil, record: SyncRecord? = nil,
        error: APIErrorBody.Detail? = nil
    ) {
        self.mutationID = mutationID
        self.status = status
        self.changeTag = changeTag
        self.record = record
        self.error = error
    }

    private enum CodingKeys: String, CodingKey {
        case mutationID, status, changeTag, recordType, record, error
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mutationID = try container.decode(String.self, forKey: .mutationID)
        status = try container.decode(Status.self, forKey: .status)
        changeTag = try container.decodeIfPresent(String.self, forKey: .changeTag)
        error = try container.decodeIfPresent(APIErrorBody.Detail.self, forKey: .error)
        if let type = try container.decodeIfPresent(RecordType.self, forKey: .recordType) {
            record = try SyncRecord(type: type, from: container.superDecoder(forKey: .record))
        } else {
            record = nil
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mutationID, forKey: .mutationID)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(changeTag, forKey: .changeTag)
        if let record {
            try container.encode(record.recordType, forKey: .recordType)
            try record.encode(to: container.superEncoder(forKey: .record))
        }
        try container.encodeIfPresent(error, forKey: .error)
    }
}

/// The answer of `POST /api/v1/sync/push`: one result per mutation, in order.
public struct SyncPushResponse: Codable, Hashable, Sendable {
    /// The results.
    public var results: [SyncMutationResult]

    /// A response with `results`.
    public init(results: [SyncMutationResult]) {
        self.results = results
    }
}

/// The published batch limits of a push (`GET /api/v1/sync/limits`, and in a 413's body).
public struct SyncLimits: Codable, Hashable, Sendable {
    /// The most mutations one push may carry.
    public var maxMutations: Int
    /// The most bytes one push body may have.
    public var maxBytes: Int

    /// Limits with the given parts.
    public init(maxMutations: Int, maxBytes: Int) {
        self.maxMutations = maxMutations
        self.maxBytes = maxBytes
    }

    /// What this server accepts: 400 mutations or 2 MiB.
    public static let server = SyncLimits(maxMutations: 400, maxBytes: 2 << 20)
}

/// The body of a 413 answer to a push: the error and the limits.
public struct SyncBatchTooLargeBody: Codable, Hashable, Sendable {
    /// The error.
    public var error: APIErrorBody.Detail
    /// The limits the batch broke.
    public var limits: SyncLimits

    /// A body for `limits`.
    public init(limits: SyncLimits) {
        self.error = .init(
            code: "batch_too_large",
            message: "A push may carry at most \(limits.maxMutations) mutations and \(limits.maxBytes) bytes.")
        self.limits = limits
    }
}
