import Foundation

/// A local change waiting to reach the cloud: one entry of the device's outbox (SPEC D2).
public struct PendingMutation: Hashable, Sendable {
    /// Position in the queue; older changes have smaller numbers.
    public var sequence: Int64
    /// A unique ID, so the server can recognise a replayed push.
    public var mutationID: String
    /// The kind of record (`annotation`, `layer`, `comment`, `grant`, `reaction`, `view`, …).
    public var recordType: String
    /// Which record.
    public var recordID: String
    /// What happened to it (`save`, `delete`, `view`, `read`, …).
    public var operation: String
    /// The change's own data for records that are not sent whole (grants, reactions, views).
    public var payload: Data
    /// When the change was made.
    public var createdAt: Date

    /// A mutation with the given parts.
    public init(
        sequence: Int64, mutationID: String, recordType: String, recordID: String, operation: String, payload: Data,
        createdAt: Date
    ) {
        self.sequence = sequence
        self.mutationID = mutationID
        self.recordType = recordType
        self.recordID = recordID
        self.operation = operation
        self.payload = payload
        self.createdAt = createdAt
    }
}

/// The device's side of sync over its local store (seed 000 §5.1 `LocalDataSource`,
/// `fetchPendingSync` and `markSynced`). Reads and writes of records go through the repositories
/// and ``ChangeCommitting``; this is the queue those writes leave behind.
public protocol LocalDataSource: Sendable {
    /// The oldest `limit` changes not yet confirmed by the cloud, oldest first.
    func fetchPendingSync(limit: Int) async throws -> [PendingMutation]
    /// How many changes wait for the cloud.
    func pendingSyncCount() async throws -> Int
    /// Removes mutations the cloud confirmed from the queue and records when they synced.
    func markSynced(_ mutations: [PendingMutation], at date: Date) async throws
}
