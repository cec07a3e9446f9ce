import Foundation
import PostgresNIO
import RealityCore

/// The parts of an annotation kept in other tables — its grants, reactions, views and
/// attachments — each aggregated into a JSON array of arrays (in the orders the SQLite store's
/// `AnnotationAssembler` reads them), as four text columns: for one annotation, subqueries on
/// alias `a` (``columns``); for many, each part grouped once by annotation and joined
/// (``grouped(ids:)``), which spares a subquery per row and part.
enum AnnotationPartsSQL {
    /// One part: its table (with alias), the column naming the annotation, any other condition,
    /// and its aggregate.
    private struct Part {
        let name: String
        let table: String
        let annotationColumn: String
        let condition: String?
        let aggregate: String

        /// The conditions that pick the part's rows of the annotations `match` names
        /// (`= a.id`, `= ANY($1)`).
        func conditions(_ match: String) -> String {
            ([condition].compactMap { $0 } + ["\(annotationColumn) \(match)"]).joined(separator: " AND ")
        }
    }

    private static let parts = [
        Part(
            name: "grants", table: "grants g", annotationColumn: "g.targetID", condition: "g.targetType = 'annotation'",
            aggregate: """
                json_agg(json_build_array(g.id, g.userID, g.level, g.grantedAt, g.grantedBy, g.expiresAt)
                         ORDER BY g.grantedAt, g.userID)
                """),
        Part(
            name: "reactions", table: "reactions r", annotationColumn: "r.annotationID", condition: nil,
            aggregate: """
                json_agg(json_build_array(r.id, r.emoji, r.userID, r.createdAt)
                         ORDER BY r.createdAt, r.userID, r.emoji COLLATE "C")
                """),
        Part(
            name: "views", table: "views v", annotationColumn: "v.annotationID", condition: nil,
            aggregate: "json_agg(json_build_array(v.userID, v.count) ORDER BY v.firstReadAt, v.userID)"),
        Part(
            name: "attachments", table: "attachments t", annotationColumn: "t.annotationID", condition: nil,
            aggregate: """
                json_agg(json_build_array(
                            t.id, t.fileName, t.fileType, t.fileSize, t.localURL, t.cloudAssetID, t.thumbnailURL,
                            t.uploadedAt) ORDER BY t.position)
                """),
    ]

    /// The four columns of annotation alias `a`, one subquery each.
    static let columns = parts.map { part in
        "(SELECT \(part.aggregate) FROM \(part.table) WHERE \(part.conditions("= a.id")))::text"
    }.joined(separator: ",\n")

    /// For the annotations whose IDs are the array `ids`: `with`, the common table expressions
    /// (for a `WITH`) that group each part by annotation; `joins`, which join them to alias `a`;
    /// and `columns`, the four columns.
    static func grouped(ids: String) -> (with: String, joins: String, columns: String) {
        (
            parts.map { part in
                """
                part_\(part.name)(id, cells) AS (
                    SELECT \(part.annotationColumn), \(part.aggregate)::text FROM \(part.table)
                    WHERE \(part.conditions("= ANY(\(ids))")) GROUP BY \(part.annotationColumn))
                """
            }.joined(separator: ",\n"),
            parts.map { "LEFT JOIN part_\($0.name) ON part_\($0.name).id = a.id" }.joined(separator: "\n"),
            parts.map { "part_\($0.name).cells" }.joined(separator: ", ")
        )
    }

    /// The annotation whose ``AnnotationColumns`` begin `row` and whose four ``columns`` follow
    /// them, and a reader of the cells after those.
    static func complete(_ row: PostgresRow) throws -> (annotation: Annotation, rest: ColumnReader) {
        var annotation = try AnnotationColumns.annotation(from: row)
        var cells = ColumnReader(row, from: AnnotationColumns.count)
        try read(&cells, into: &annotation)
        return (annotation, cells)
    }

    /// Reads the four ``columns`` at `cells` into `annotation`.
    static func read(_ cells: inout ColumnReader, into annotation: inout Annotation) throws {
        annotation.permissions = try cells.json([GrantCells].self)?.map(\.permission) ?? []
        annotation.reactions = try cells.json([ReactionCells].self)?.map(\.reaction) ?? []
        let views = try cells.json([ViewCells].self) ?? []
        annotation.viewedBy = views.map(\.userID)
        annotation.viewCount = views.reduce(0) { $0 + $1.count }
        annotation.attachments = try cells.json([AttachmentCells].self)?.map(\.attachment) ?? []
    }
}

/// One annotation by ID, deleted or not, complete in one round trip: its row, then its parts
/// (``AnnotationPartsSQL``). Reading one annotation is what nearly every request by ID does first.
struct AnnotationByIDStatement: PostgresPreparedStatement {
    static let sql = """
        SELECT \(AnnotationColumns.selection), \(AnnotationPartsSQL.columns) FROM annotations a WHERE a.id = $1
        """
    static let bindingDataTypes: [PostgresDataType] = [.uuid]
    typealias Row = Annotation

    var id: UUID

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(id)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try AnnotationPartsSQL.complete(row).annotation }
}

/// The parts (``AnnotationPartsSQL``) of a batch of annotations in one round trip, by ID.
struct AnnotationPartsStatement: PostgresPreparedStatement {
    static let sql: String = {
        let parts = AnnotationPartsSQL.grouped(ids: "$1")
        return "WITH \(parts.with)\nSELECT a.id, \(parts.columns) FROM unnest($1::uuid[]) AS a(id)\n\(parts.joins)"
    }()
    static let bindingDataTypes: [PostgresDataType] = [.uuidArray]
    /// An annotation's ID and the cells of its parts, read with ``AnnotationPartsSQL/read(_:into:)``.
    typealias Row = (UUID, PostgresRow)

    var ids: [UUID]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(ids)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        var cells = ColumnReader(row)
        return (try cells.next(UUID.self), row)
    }
}

/// A grant as `json_build_array(id, userID, level, grantedAt, grantedBy, expiresAt)` (annotations'
/// and layers' grants alike).
struct GrantCells: Decodable {
    let permission: Permission

    init(from decoder: any Decoder) throws {
        var cells = try decoder.unkeyedContainer()
        let id = try cells.decode(UUID.self)
        let userID = UserID(try cells.decode(UUID.self))
        let level = try cells.decode(PermissionLevel.self)
        let grantedAt = Timestamp.date(milliseconds: try cells.decode(Int64.self))
        let grantedBy = UserID(try cells.decode(UUID.self))
        let expiresAt = try cells.decodeIfPresent(Int64.self).map(Timestamp.date(milliseconds:))
        permission = Permission(
            id: id, userID: userID, level: level, grantedBy: grantedBy, grantedAt: grantedAt, expiresAt: expiresAt)
    }
}

/// A reaction as `json_build_array(id, emoji, userID, createdAt)`.
private struct ReactionCells: Decodable {
    let reaction: Reaction

    init(from decoder: any Decoder) throws {
        var cells = try decoder.unkeyedContainer()
        reaction = Reaction(
            id: try cells.decode(UUID.self), emoji: try cells.decode(String.self),
            userID: UserID(try cells.decode(UUID.self)),
            createdAt: Timestamp.date(milliseconds: try cells.decode(Int64.self)))
    }
}

/// A viewer as `json_build_array(userID, count)`.
private struct ViewCells: Decodable {
    let userID: UserID
    let count: Int

    init(from decoder: any Decoder) throws {
        var cells = try decoder.unkeyedContainer()
        userID = UserID(try cells.decode(UUID.self))
        count = try cells.decode(Int.self)
    }
}

/// An attachment as `json_build_array(id, fileName, fileType, fileSize, localURL, cloudAssetID,
/// thumbnailURL, uploadedAt)`.
private struct AttachmentCells: Decodable {
    let attachment: Attachment

    init(from decoder: any Decoder) throws {
        var cells = try decoder.unkeyedContainer()
        attachment = Attachment(
            id: try cells.decode(UUID.self),
            fileName: try cells.decode(String.self),
            fileType: try cells.decode(String.self),
            fileSize: try cells.decode(Int64.self),
            localURL: try cells.decodeIfPresent(String.self).flatMap(URL.init(string:)),
            cloudAssetID: try cells.decodeIfPresent(String.self),
            thumbnailURL: try cells.decodeIfPresent(String.self).flatMap(URL.init(string:)),
            uploadedAt: try cells.decodeIfPresent(Int64.self).map(Timestamp.date(milliseconds:)))
    }
}
