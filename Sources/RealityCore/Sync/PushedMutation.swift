import Foundation

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

    /// A mutation with the given parts.
    public init(userID: UserID, mutationID: String, expectedTag: ExpectedChangeTag? = nil) {
        self.userID = userID
        self.mutationID = mutationID
        self.expectedTag = expectedTag
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
