import Foundation
import Synchronization

/// A push mutation a service call is applying on the server (docs/sync-protocol.md, "Push"). The
/// sync API puts it in the services' ``ServiceContext/pushing``; the services hand it to
/// ``ChangeCommitting/commit(_:applying:)``, and the store, in the same transaction as the
/// service's changes, checks the record's change tag and remembers the mutation, so that a replay
/// answers the first result and a stale edit is a conflict.
public struct PushedMutation: Hashable, Sendable {
    /// Whose mutation.
    public var userID: UserID
    /// Its ID.
    public var mutationID: String
    /// The change tag the record must still have, when the mutation edits a record.
    public var expectedTag: ExpectedChangeTag?
    /// Where the store reports the number of the commit that recorded the mutation, so that the
    /// sync API can answer it without reading it back.
    public var receipt: PushReceipt?

    /// A mutation with the given parts.
    public init(
        userID: UserID, mutationID: String, expectedTag: ExpectedChangeTag? = nil, receipt: PushReceipt? = nil
    ) {
        self.userID = userID
        self.mutationID = mutationID
        self.expectedTag = expectedTag
        self.receipt = receipt
    }
}

/// The number of the commit that recorded a push mutation as saved: its change tag (set by
/// ``ChangeCommitting/commit(_:applying:)`` once the transaction has committed; the last such
/// commit's when a service commits more than once).
public final class PushReceipt: Hashable, Sendable {
    private let number = Mutex<Int64?>(nil)

    /// An empty receipt.
    public init() {}

    /// The commit's number; nil until a commit recorded the mutation.
    public var sequence: Int64? { number.withLock { $0 } }

    /// Notes that the commit numbered `sequence` recorded the mutation.
    public func record(_ sequence: Int64) { number.withLock { $0 = sequence } }

    public static func == (lhs: PushReceipt, rhs: PushReceipt) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension [PushedMutation] {
    /// Gives every receipt of these mutations the number of the commit that recorded them.
    public func acknowledge(committedAs sequence: Int64) {
        for mutation in self { mutation.receipt?.record(sequence) }
    }
}

/// The change tag a record must have for an edit to apply.
public struct ExpectedChangeTag: Hashable, Sendable {
    /// The kind of record.
    public var recordType: RecordType
    /// Which record.
    public var recordID: String
    /// Its tag.
    public var tag: String

    /// An expectation with the given parts.
    public init(recordType: RecordType, recordID: String, tag: String) {
        self.recordType = recordType
        self.recordID = recordID
        self.tag = tag
    }
}

extension ChangeSet {
    /// This set plus the change-tag checks and records of `pushed`, the push mutations it applies
    /// (none outside the sync API).
    public func including(_ pushed: [PushedMutation]) -> ChangeSet {
        guard !isEmpty, !pushed.isEmpty else { return self }
        var copy = self
        for mutation in pushed {
            if let expected = mutation.expectedTag {
                copy.require(.changeTag(expected.recordType, id: expected.recordID, equals: expected.tag))
            }
            copy.append(.recordSyncMutation(userID: mutation.userID, mutationID: mutation.mutationID))
        }
        return copy
    }
}
