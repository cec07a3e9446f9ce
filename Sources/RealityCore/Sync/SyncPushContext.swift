import Foundation

/// The push mutation a service call is applying on the server, if any (docs/sync-protocol.md,
/// "Push"). The sync API sets it around each service call; stores read it in `commit` and, in
/// the same transaction as the service's changes, check the record's change tag and remember the
/// mutation, so that a replay answers the first result and a stale edit is a conflict.
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

/// Where the mutations being applied live while a service runs.
public enum SyncPushContext {
    /// The mutations the current task's commits apply: one, or a run of creates applied together.
    @TaskLocal public static var current: [PushedMutation] = []
}

extension ChangeSet {
    /// This set plus, when push mutations are being applied, their change-tag checks and records.
    public func includingPushedMutation() -> ChangeSet {
        let mutations = SyncPushContext.current
        guard !isEmpty, !mutations.isEmpty else { return self }
        var copy = self
        for mutation in mutations {
            if let expected = mutation.expectedTag {
                copy.require(.changeTag(expected.recordType, id: expected.recordID, equals: expected.tag))
            }
            copy.append(.recordSyncMutation(userID: mutation.userID, mutationID: mutation.mutationID))
        }
        return copy
    }
}
