import Foundation
import PostgresNIO
import RealityCore

/// The `annotations` table's own columns, as ``Annotation/declaration`` lists them. Grants,
/// reactions, views and attachments live in tables of their own and are attached by
/// ``PostgresAnnotationAssembler``.
enum AnnotationColumns {
    /// The table, from the declaration.
    static let table = PostgresDeclaredTable(Annotation.declaration)

    /// The columns read back into an ``Annotation``, in `SELECT` order, on alias `a`.
    static let selection = table.selection(alias: "a")

    /// How many columns `selection` has.
    static let count = table.selectionWidth

    /// An annotation from a row of `selection`, without the parts kept in other tables.
    static func annotation(from row: PostgresRow) throws -> Annotation {
        try table.record(from: row)
    }
}

/// The `layers` table's columns, as ``Layer/declaration`` lists them. Grants live in `grants` and
/// are attached on read.
enum LayerColumns {
    /// The table, from the declaration.
    static let table = PostgresDeclaredTable(Layer.declaration)

    /// The columns of a layer, in `SELECT` order, on alias `l`.
    static let selection = table.selection(alias: "l")

    /// How many columns `selection` names.
    static let count = table.selectionWidth

    /// A layer from a row of `selection`, without its grants.
    static func layer(from row: PostgresRow) throws -> Layer {
        try table.record(from: row)
    }
}

/// The `grants` table's columns.
enum GrantColumns {
    /// The column values of a grant target.
    static func target(_ target: GrantTarget) -> (type: String, id: UUID) {
        switch target {
        case .annotation(let id): ("annotation", id.rawValue)
        case .layer(let id): ("layer", id.rawValue)
        }
    }

    /// The grant target of the column values `type` and `id` (``target(_:)`` read back); nil for
    /// a type this server does not know.
    static func target(type: String, id: UUID) -> GrantTarget? {
        switch type {
        case "annotation": .annotation(AnnotationID(id))
        case "layer": .layer(LayerID(id))
        default: nil
        }
    }

    /// `targetID` first, then the grant's own columns.
    static let selection = "targetID, id, userID, level, grantedAt, grantedBy, expiresAt"

    /// The target ID and the grant of a row of `selection`.
    static func grant(from row: PostgresRow) throws -> (UUID, Permission) {
        var cells = ColumnReader(row)
        let target = try cells.next(UUID.self)
        let id = try cells.next(UUID.self)
        let userID: UserID = try cells.identifier()
        let level: PermissionLevel = try cells.enumValue()
        let grantedAt = try cells.date()
        let grantedBy: UserID = try cells.identifier()
        let expiresAt = try cells.optionalDate()
        return (
            target,
            Permission(
                id: id, userID: userID, level: level, grantedBy: grantedBy, grantedAt: grantedAt, expiresAt: expiresAt)
        )
    }
}

/// The `comments` table's columns, as ``Comment/declaration`` lists them (the `search` vector is
/// written, never read).
enum CommentColumns {
    /// The table, from the declaration.
    static let table = PostgresDeclaredTable(Comment.declaration)

    /// The columns of a comment, in `SELECT` order.
    static let selection = table.declaration.readColumns.map(\.name).joined(separator: ", ")

    /// A comment from a row of `selection`.
    static func comment(from row: PostgresRow) throws -> Comment {
        try table.record(from: row)
    }
}

/// The `users` table's columns, as ``User/declaration`` lists them, with the counts that are
/// counted rather than stored.
enum UserColumns {
    /// The table, from the declaration.
    static let table = PostgresDeclaredTable(User.declaration)

    /// Selects users (alias `u`) with their live counts after the declared columns.
    static let selectWithCounts = """
        SELECT \(table.selection(alias: "u")),
            (SELECT count(*) FROM annotations WHERE ownerID = u.id AND NOT isDeleted),
            (SELECT count(*) FROM layers WHERE ownerID = u.id AND NOT isDeleted)
        FROM users u
        """

    /// A user from a row of `selectWithCounts`.
    static func user(from row: PostgresRow) throws -> User {
        var user = try table.record(from: row)
        let cells = row.makeRandomAccess()
        user.annotationCount = try cells[table.selectionWidth].decode(Int.self)
        user.layerCount = try cells[table.selectionWidth + 1].decode(Int.self)
        return user
    }
}

/// The `notifications` table's columns.
enum NotificationColumns {
    /// The columns of a notification, in `SELECT` order.
    static let selection = """
        id, recipientID, type, title, body, actorID, annotationID, layerID, commentID, createdAt, isRead
        """

    /// A notification from a row of `selection`.
    static func notification(from row: PostgresRow) throws -> AppNotification {
        var cells = ColumnReader(row)
        return AppNotification(
            id: try cells.next(),
            recipientID: try cells.identifier(),
            type: try cells.enumValue(),
            title: try cells.next(),
            body: try cells.next(),
            actorID: try cells.optionalIdentifier(),
            annotationID: try cells.optionalIdentifier(),
            layerID: try cells.optionalIdentifier(),
            commentID: try cells.optionalIdentifier(),
            createdAt: try cells.date(),
            isRead: try cells.next())
    }
}

/// The `activities` table's columns.
enum ActivityColumns {
    /// The columns of an activity entry, in `SELECT` order, on alias `act`.
    static let selection = """
        act.id, act.kind, act.actorID, act.annotationID, act.layerID, act.commentID, act.summary, act.createdAt
        """

    /// An activity entry from a row of `selection`.
    static func activity(from row: PostgresRow) throws -> Activity {
        var cells = ColumnReader(row)
        return Activity(
            id: try cells.next(),
            kind: try cells.enumValue(),
            actorID: try cells.identifier(),
            annotationID: try cells.optionalIdentifier(),
            layerID: try cells.optionalIdentifier(),
            commentID: try cells.optionalIdentifier(),
            summary: try cells.next(),
            createdAt: try cells.date())
    }
}

/// The `world_maps` table's columns, as ``WorldMap/declaration`` lists them, and `anchors`'.
enum WorldMapColumns {
    /// The table, from the declaration.
    static let table = PostgresDeclaredTable(WorldMap.declaration)

    /// The columns of a world map, in `SELECT` order, on alias `w`.
    static let selection = table.selection(alias: "w")

    /// A world map from a row of `selection`, without its anchors.
    static func worldMap(from row: PostgresRow) throws -> WorldMap {
        try table.record(from: row)
    }

    /// `worldMapID` first, then an anchor's columns.
    static let anchorSelection = "worldMapID, id, transform, annotationID"

    /// The map ID and the anchor of a row of `anchorSelection`.
    static func anchor(from row: PostgresRow) throws -> (UUID, WorldAnchor) {
        var cells = ColumnReader(row)
        let mapID = try cells.next(UUID.self)
        return (
            mapID,
            WorldAnchor(
                id: try cells.identifier(),
                transform: try cells.json(Transform.self) ?? .identity,
                annotationID: try cells.optionalIdentifier())
        )
    }
}

/// The `attachments` table's columns.
enum AttachmentColumns {
    /// `annotationID` first, then an attachment's columns.
    static let selection = """
        annotationID, id, fileName, fileType, fileSize, localURL, cloudAssetID, thumbnailURL, uploadedAt
        """

    /// The annotation ID and the attachment of a row of `selection`.
    static func attachment(from row: PostgresRow) throws -> (UUID, Attachment) {
        var cells = ColumnReader(row)
        let annotationID = try cells.next(UUID.self)
        return (
            annotationID,
            Attachment(
                id: try cells.next(),
                fileName: try cells.next(),
                fileType: try cells.next(),
                fileSize: try cells.next(Int64.self),
                localURL: try cells.url(),
                cloudAssetID: try cells.next(String?.self),
                thumbnailURL: try cells.url(),
                uploadedAt: try cells.optionalDate())
        )
    }
}
