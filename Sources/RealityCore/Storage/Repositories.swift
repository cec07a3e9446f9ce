import Foundation

/// Reads of annotations (seed 000 §4.2). Every returned annotation carries its grants,
/// reactions, viewers and view count; `comments` is left empty.
public protocol AnnotationRepository: Sendable {
    /// The annotation with `id`, deleted or not, regardless of access; nil when there is none.
    func annotation(id: AnnotationID) async throws -> Annotation?
    /// The annotation with `id` (deleted or not, regardless of access) and the layer chain above it,
    /// read together for one permission check, with its comments (deleted ones left out) when
    /// `includingComments`; nil when there is none.
    func annotationWithLayerChain(
        id: AnnotationID, includingComments: Bool
    ) async throws -> (annotation: Annotation, chain: LayerChain)?
    /// The annotations that match `query`, access included.
    func annotations(matching query: AnnotationQuery) async throws -> [Annotation]
    /// How many annotations `owner` has that are not deleted.
    func annotationCount(ownedBy owner: UserID) async throws -> Int
    /// What retention purges (SPEC D3): records in the trash since before `deletedBefore` (a
    /// layer only once no annotation in it is alive); at most `limit` of each kind.
    func trashedRecords(deletedBefore: Date, limit: Int) async throws -> ExpiredRecords
    /// Annotations, not deleted, that a retention rule sends to the trash as of `now`: older than
    /// their layer's `autoExpireDays`, at or past their `expiresAt`, or viewed `expiresAfterViews`
    /// times (docs/seed-fixes.md, "Retention"); at most `limit`.
    func expiringAnnotations(now: Date, limit: Int) async throws -> [AnnotationID]
    /// What `owner` has in the trash (deleted annotations and layers they own), the most recently
    /// deleted first; at most `limit`.
    func trash(of owner: UserID, limit: Int) async throws -> [TrashEntry]
}

/// A record in its owner's trash, restorable until it is purged.
public struct TrashEntry: Codable, Hashable, Sendable {
    /// What kind of record it is.
    public enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
        case annotation
        case layer
    }

    /// Its kind.
    public var kind: Kind
    /// Its ID.
    public var id: UUID
    /// A layer's name, or an annotation's title (its text's first 100 characters when it has no
    /// title; nil when it has neither).
    public var title: String?
    /// An annotation's type; nil for a layer.
    public var type: AnnotationType?
    /// When it was deleted (its last change).
    public var deletedAt: Date
    /// When retention purges it: ``RetentionPeriod/softDelete`` after `deletedAt`.
    public var purgeAt: Date

    /// An entry with the given parts; `purgeAt` follows from `deletedAt`.
    public init(kind: Kind, id: UUID, title: String?, type: AnnotationType?, deletedAt: Date) {
        self.kind = kind
        self.id = id
        self.title = title
        self.type = type
        self.deletedAt = deletedAt
        self.purgeAt = deletedAt.addingTimeInterval(RetentionPeriod.softDelete)
    }
}

/// How long the platform keeps what it no longer shows.
public enum RetentionPeriod {
    /// A soft-deleted record is kept this long, restorable, then purged: 30 days, as the seed says.
    public static var softDelete: TimeInterval { 30 * 86_400 }
}

/// The records retention is due to remove.
public struct ExpiredRecords: Hashable, Sendable {
    /// Annotations to purge.
    public var annotations: [AnnotationID]
    /// Layers to purge.
    public var layers: [LayerID]
    /// Comments to purge.
    public var comments: [CommentID]

    /// A set with the given parts.
    public init(annotations: [AnnotationID] = [], layers: [LayerID] = [], comments: [CommentID] = []) {
        self.annotations = annotations
        self.layers = layers
        self.comments = comments
    }

    /// True when nothing is due.
    public var isEmpty: Bool { annotations.isEmpty && layers.isEmpty && comments.isEmpty }
}

/// Reads of layers (seed 000 §3.3).
public protocol LayerRepository: Sendable {
    /// The layer with `id`, deleted or not; nil when there is none.
    func layer(id: LayerID) async throws -> Layer?
    /// The layer with `id` followed by its ancestors, nearest first (for permission resolution).
    func layerChain(startingAt id: LayerID) async throws -> LayerChain
    /// Layers `viewer` may see at `at` (owned, granted, public, or inside one of those), not deleted.
    func layers(visibleTo viewer: UserID, at: Date) async throws -> [Layer]
    /// The layers whose parent is `id`, not deleted.
    func childLayers(of id: LayerID) async throws -> [Layer]
    /// All layers below `id` (children, their children, …), not deleted.
    func descendantLayers(of id: LayerID) async throws -> [Layer]
    /// How many layers `owner` has that count against the plan: not deleted, not the default layer.
    func layerCount(ownedBy owner: UserID) async throws -> Int
}

/// Reads of comments (seed 000 §3.6).
public protocol CommentRepository: Sendable {
    /// The comment with `id`; nil when there is none.
    func comment(id: CommentID) async throws -> Comment?
    /// The comments on an annotation, oldest first, deleted ones left out.
    func comments(on annotationID: AnnotationID) async throws -> [Comment]
    /// The comments `author` wrote, not deleted, oldest first (for export).
    func comments(authoredBy author: UserID) async throws -> [Comment]
    /// The distinct authors of comments on an annotation (the thread's participants).
    func commentAuthors(on annotationID: AnnotationID) async throws -> [UserID]
}

/// Reads of users (seed 000 §3.7).
public protocol UserRepository: Sendable {
    /// The user with `id`; nil when there is none.
    func user(id: UserID) async throws -> User?
    /// The plan of the user with `id`, without the counts ``user(id:)`` makes; nil when there is
    /// none. For the rules that check the plan on every write, whose cost must not grow with the
    /// user's records.
    func plan(of id: UserID) async throws -> UserPlan?
    /// The users whose display name or email equals `handle`, ignoring case (for `@mentions`).
    func users(matchingHandle handle: String) async throws -> [User]
    /// Bytes of assets `owner` stores.
    func storageUsed(by owner: UserID) async throws -> Int64
    /// What `user` did to annotations and layers, theirs or anyone's: stars, reads, reactions
    /// and grants given, each oldest first (for their export).
    func engagement(of user: UserID) async throws -> UserEngagement
}

/// Reads of notifications and the activity feed (seed 000 §3.6, §3.8).
public protocol InboxRepository: Sendable {
    /// The notification with `id`; nil when there is none.
    func notification(id: UUID) async throws -> AppNotification?
    /// The newest notifications of `recipient`, newest first.
    func notifications(for recipient: UserID, unreadOnly: Bool, limit: Int) async throws -> [AppNotification]
    /// The newest activity on annotations and layers `viewer` may see at `at`, newest first.
    func activities(visibleTo viewer: UserID, at: Date, limit: Int) async throws -> [Activity]
}

/// Reads of world maps (seed 001 §2.1, SPEC S8).
public protocol WorldMapRepository: Sendable {
    /// The world map with `id`; nil when there is none.
    func worldMap(id: WorldMapID) async throws -> WorldMap?
    /// The world maps holding `anchors`, by anchor; an anchor no map holds is left out.
    func worldMapIDs(holding anchors: Set<AnchorID>) async throws -> [AnchorID: WorldMapID]
    /// The world map with `id` when `viewer` may see it at `now`: they own it, it is shared with
    /// them, or it holds the anchor of an annotation they may see (anchors are shared with whoever
    /// may see the annotations placed at them). Nil otherwise.
    func worldMap(id: WorldMapID, visibleTo viewer: UserID, at now: Date) async throws -> WorldMap?
    /// The world maps `viewer` may see at `now` (as ``worldMap(id:visibleTo:at:)``), most
    /// recently used first.
    func worldMaps(visibleTo viewer: UserID, at now: Date) async throws -> [WorldMap]
}

/// Reads of owned records (``OwnedRecord``), every kind through its declaration's table.
public protocol OwnedRecordRepository: Sendable {
    /// The record of kind `type` with `id`, whoever owns it; nil when there is none.
    func ownedRecord(_ type: RecordType, id: UUID) async throws -> AnyOwnedRecord?
    /// The records of kind `type` that `ownerID` owns, oldest first (then by ID).
    func ownedRecords(_ type: RecordType, ownerID: UserID) async throws -> [AnyOwnedRecord]
}

/// Applies writes atomically and tells observers (SPEC D1).
public protocol ChangeCommitting: Sendable {
    /// Checks the preconditions and applies every change in one transaction, or nothing; on the
    /// server, `pushed` names the push mutations the changes apply (their change-tag checks and
    /// records join the same transaction: ``ChangeSet/including(_:)``).
    ///
    /// Throws ``TierLimitError`` for a failed count precondition and ``StoreError`` otherwise.
    func commit(_ changes: ChangeSet, applying pushed: [PushedMutation]) async throws
    /// A stream that yields the affected layers and annotations after each commit.
    func commits() -> AsyncStream<CommitEvent>
}

extension ChangeCommitting {
    /// Commits `changes` that apply no push mutation.
    public func commit(_ changes: ChangeSet) async throws {
        try await commit(changes, applying: [])
    }
}

/// What a commit touched, for observers such as `watchAnnotations(in:)`.
public struct CommitEvent: Hashable, Sendable {
    /// Layers whose annotations (or whose own record) changed.
    public var layers: Set<LayerID>
    /// Annotations that changed in any way.
    public var annotations: Set<AnnotationID>

    /// An event with the given parts.
    public init(layers: Set<LayerID>, annotations: Set<AnnotationID>) {
        self.layers = layers
        self.annotations = annotations
    }
}

/// Reports whether the store answers (for health checks).
public protocol StoreHealthChecking: Sendable {
    /// True when a trivial read succeeds.
    func ping() async -> Bool
}

/// Everything the services need from storage: the seed's repositories and local data source,
/// implemented once per backend (SQLite on the device and the server, PostgreSQL on the server).
public typealias DataStore = AnnotationRepository & LayerRepository & CommentRepository & UserRepository
    & InboxRepository & WorldMapRepository & OwnedRecordRepository & ChangeCommitting & StoreHealthChecking
