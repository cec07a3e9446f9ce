import Foundation

/// A position in the server's change log: after the record `recordID` of kind `typeOrder` in the
/// commit numbered `sequence` (docs/sync-protocol.md). Feeds are ordered by all three.
public struct SyncCursor: Hashable, Sendable, Comparable {
    /// A commit number.
    public var sequence: Int64
    /// The position of the record type within a commit (``SyncFeedOrder``).
    public var typeOrder: Int
    /// The record's ID within its type.
    public var recordID: String

    /// A cursor with the given parts.
    public init(sequence: Int64, typeOrder: Int, recordID: String) {
        self.sequence = sequence
        self.typeOrder = typeOrder
        self.recordID = recordID
    }

    /// Before everything: a first sync.
    public static let start = SyncCursor(sequence: 0, typeOrder: 0, recordID: "")

    /// After everything up to and including commit `sequence`.
    public static func after(_ sequence: Int64) -> SyncCursor {
        SyncCursor(sequence: sequence, typeOrder: SyncFeedOrder.end, recordID: "")
    }

    public static func < (lhs: SyncCursor, rhs: SyncCursor) -> Bool {
        (lhs.sequence, lhs.typeOrder, lhs.recordID) < (rhs.sequence, rhs.typeOrder, rhs.recordID)
    }
}

/// The order of record types within one commit of the feed (parents before children).
public enum SyncFeedOrder {
    /// The position of `type`, or nil for types the feed does not carry (``RecordType/sync``).
    public static func position(of type: RecordType) -> Int? { type.sync.feedPosition }

    /// The type at `position` (read for every row of a feed: a table built once).
    public static func type(at position: Int) -> RecordType? {
        byPosition.indices.contains(position) ? byPosition[position] : nil
    }

    private static let byPosition: [RecordType?] = {
        let positions = RecordType.allCases.compactMap { type in type.sync.feedPosition.map { ($0, type) } }
        var table = [RecordType?](repeating: nil, count: (positions.map(\.0).max() ?? 0) + 1)
        for (position, type) in positions {
            precondition(table[position] == nil, "two record types share feed position \(position)")
            table[position] = type
        }
        return table
    }()

    /// After every type.
    public static let end = 99
}

/// Where both stores keep each kind of feed record: its table and key column (the two stores
/// share the schema's names, so the change log's SQL can name them once).
public enum SyncRecordTable {
    /// The table of `type` and its key column; nil for kinds the feed does not carry
    /// (``RecordType/sync``).
    public static func of(_ type: RecordType) -> (name: String, key: String)? { type.sync.table }
}

/// One entry of a feed page: a record as it is now, or its deletion from the scope.
public struct SyncFeedEntry: Hashable, Sendable {
    /// The kind of record.
    public var recordType: RecordType
    /// Which record.
    public var recordID: String
    /// The record and its change tag; nil for a deletion.
    public var record: SyncRecord?
    /// The record's change tag (empty for deletions).
    public var changeTag: String

    /// An entry with the given parts.
    public init(recordType: RecordType, recordID: String, record: SyncRecord?, changeTag: String) {
        self.recordType = recordType
        self.recordID = recordID
        self.record = record
        self.changeTag = changeTag
    }
}

/// A page of a scope's feed, as a store reads it.
public struct SyncFeedPage: Hashable, Sendable {
    /// The entries, in log order, each record at most once.
    public var entries: [SyncFeedEntry]
    /// Where the next page starts.
    public var cursor: SyncCursor
    /// True when more entries wait after `cursor`.
    public var moreComing: Bool
    /// The newest commit the read saw.
    public var head: Int64

    /// A page with the given parts.
    public init(entries: [SyncFeedEntry], cursor: SyncCursor, moreComing: Bool, head: Int64) {
        self.entries = entries
        self.cursor = cursor
        self.moreComing = moreComing
        self.head = head
    }
}

/// A push mutation the server applied or refused before.
public struct RecordedSyncMutation: Hashable, Sendable {
    /// True when it was applied; false when it was rejected.
    public var saved: Bool
    /// The number of the commit that applied it (its change tag).
    public var sequence: Int64?
    /// The rejection, as the JSON error detail the first answer carried.
    public var error: Data?

    /// A record with the given parts.
    public init(saved: Bool, sequence: Int64?, error: Data?) {
        self.saved = saved
        self.sequence = sequence
        self.error = error
    }
}

/// The server's change log, as the sync API reads it (docs/sync-protocol.md).
public protocol SyncLogReading: Sendable {
    /// The next page of `viewer`'s feed of `scope` after `cursor`: at most `limit` entries.
    func syncFeed(for viewer: UserID, scope: SyncScope, after cursor: SyncCursor, limit: Int, now: Date)
        async throws -> SyncFeedPage
    /// The current epoch: tokens of an older epoch answer 410.
    func syncEpoch() async throws -> Int64
    /// The secret that signs sync tokens, made on first use and shared by every instance.
    func syncSecret() async throws -> Data
    /// The targets of `user`'s grants that expired by `now` (removed before a pull).
    func expiredGrants(of user: UserID, at now: Date) async throws -> [GrantTarget]
    /// The current change tag of a record; nil when it does not exist.
    func changeTag(of recordType: RecordType, id: String) async throws -> String?
    /// Those of `mutationIDs` of `userID` that the server applied or refused before, by ID.
    func recordedSyncMutations(userID: UserID, mutationIDs: [String]) async throws -> [String: RecordedSyncMutation]
    /// Remembers that the mutation was refused with `error` (a JSON error detail).
    func recordSyncRejection(userID: UserID, mutationID: String, error: Data, at date: Date) async throws
}

extension SyncLogReading {
    /// The mutation `mutationID` of `userID`, if the server applied or refused it before.
    public func recordedSyncMutation(userID: UserID, mutationID: String) async throws -> RecordedSyncMutation? {
        try await recordedSyncMutations(userID: userID, mutationIDs: [mutationID])[mutationID]
    }
}

/// Who the commits after a point may concern other than as they concern everyone (the live-events
/// hub's shortcut, docs/sync-protocol.md "Live events"). A user outside ``users`` finds nothing of
/// those commits in their private or shared feed, and in their public feed exactly what a user
/// with no ties to anything finds there; so one public feed read answers for all of them.
public enum LiveAudience: Hashable, Sendable {
    /// Access changed, or a world map did, in those commits: any user may be concerned in any way.
    case everyone
    /// The users tied to a record those commits touched: its owner, the owners of and grantees on
    /// the layers it is in (as far up as access flows), an annotation's direct grantees, the
    /// owner of a star or user record and the recipient of a notification.
    case users(Set<UserID>)
}

/// Reads ``LiveAudience``.
public protocol LiveAudienceReading: Sendable {
    /// Who the commits after `sequence` concern beyond what they show everyone.
    func liveAudience(after sequence: Int64) async throws -> LiveAudience
    /// A glance at each scope of `viewer`'s feed named in `cursors`, after its cursor, over at
    /// most `limit` entries: what the live-events hub tells `viewer`'s sockets after a commit,
    /// read without the records a page would carry (``SyncFeedGlance``).
    func liveGlance(for viewer: UserID, after cursors: [SyncScope: SyncCursor], limit: Int, now: Date)
        async throws -> [SyncScope: SyncFeedGlance]
    /// The hub's shared look after commit `looked`: a glance at `viewer`'s public feed (one
    /// entry) and the audience of the commits after `looked`, read so that the audience covers at
    /// least the commits the glance saw.
    func liveSharedLook(for viewer: UserID, after looked: Int64, now: Date) async throws -> (
        glance: SyncFeedGlance, audience: LiveAudience
    )
}

extension LiveAudienceReading {
    /// The glance, then the audience: read after it, the audience covers at least its commits.
    public func liveSharedLook(for viewer: UserID, after looked: Int64, now: Date) async throws -> (
        glance: SyncFeedGlance, audience: LiveAudience
    ) {
        let glances = try await liveGlance(for: viewer, after: [.public: .after(looked)], limit: 1, now: now)
        let glance = glances[.public] ?? SyncFeedGlance(changed: false, head: looked, notifications: [])
        return (glance, try await liveAudience(after: looked))
    }
}
