import Foundation
import RealityCore

/// A change the server rejected, kept on the device as the user made it until the user retries
/// or discards it (`reality rejections`).
public struct SyncRejection: Hashable, Sendable, Codable {
    /// The rejection's number on this device, to retry or discard it by.
    public var id: Int64
    /// The rejected mutation.
    public var mutationID: String
    /// Its record type.
    public var recordType: String
    /// Its record.
    public var recordID: String
    /// Its operation.
    public var operation: String
    /// A few words that identify the record for people (a note's title or text, a layer's name).
    public var summary: String?
    /// The server's error code.
    public var code: String
    /// The server's explanation.
    public var message: String
    /// The field the server named, if any.
    public var field: String?
    /// When it was rejected.
    public var rejectedAt: Date
}

/// Which rejections to retry or discard.
public enum RejectionSelection: Hashable, Sendable {
    /// Every open rejection.
    case all
    /// The rejections with these numbers (``SyncRejection/id``).
    case ids([Int64])
}
