import Foundation

extension RecordType {
    /// What sync does with one kind of record, stated once per kind (``RecordType/sync``): the
    /// feed's order and tables, the device's outbox and the server's push answers read it.
    public struct SyncTraits: Sendable {
        /// The kind's position within one commit of the feed (parents before children); nil for
        /// kinds the feed does not carry (they travel inside the records they belong to).
        public let feedPosition: Int?
        /// The table both stores keep the kind in and its key column, for the change log's SQL.
        public let table: (name: String, key: String)?
        /// Whether a device pushes the record whole and keeps the server's last version of it as
        /// the base of a three-way merge (the others are small operations: a grant, a reaction, …).
        public let savedWhole: Bool
        /// Whether the server answers a save of it with its own current version when the device's
        /// save left the record unchanged or it changed again since (the device's profile is the
        /// exception: the feed always brings the user record back, so the answer need not).
        public let answeredWithCurrentVersion: Bool
    }

    /// How sync treats this kind.
    public var sync: SyncTraits {
        if let owned { return .record(owned.feedPosition, owned.tableName) }
        if let published {
            // Published for everyone by an administrator: no device pushes one.
            return SyncTraits(
                feedPosition: published.feedPosition, table: (published.tableName, "id"), savedWhole: false,
                answeredWithCurrentVersion: false)
        }
        return switch self {
        case .layer: .record(1, Layer.declaration.table)
        case .annotation: .record(2, Annotation.declaration.table)
        case .comment: .record(3, Comment.declaration.table)
        case .user:
            SyncTraits(
                feedPosition: 4, table: (User.declaration.table, "id"), savedWhole: true,
                answeredWithCurrentVersion: false)
        case .star:
            SyncTraits(
                feedPosition: 5, table: ("stars", "annotationID"), savedWhole: false, answeredWithCurrentVersion: false)
        case .notification:
            SyncTraits(
                feedPosition: 6, table: ("notifications", "id"), savedWhole: false, answeredWithCurrentVersion: false)
        case .worldMap: .record(7, WorldMap.declaration.table)
        default:
            SyncTraits(feedPosition: nil, table: nil, savedWhole: false, answeredWithCurrentVersion: false)
        }
    }

    /// The kinds a device pushes whole (``SyncTraits/savedWhole``).
    public static let savedWhole: Set<RecordType> = Set(allCases.filter(\.sync.savedWhole))
}

extension RecordType.SyncTraits {
    /// A declared record in the feed at `position`, kept in `table` by its `id`, pushed whole and
    /// answered with the server's version.
    fileprivate static func record(_ position: Int, _ table: String) -> Self {
        Self(feedPosition: position, table: (table, "id"), savedWhole: true, answeredWithCurrentVersion: true)
    }
}
