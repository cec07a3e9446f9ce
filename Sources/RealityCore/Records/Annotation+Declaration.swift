import Foundation

/// The all-zero UUID, for the blank record rows are read into.
private let zeroUUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

extension Annotation: DeclaredRecord {
    /// Every field of an annotation, once (docs/architecture.md, "Record declarations"). Its
    /// grants, reactions, viewers and view count and attachments live in tables of their own and
    /// have no columns here; `visibleUntil` is a column derived for queries.
    public static let declaration = RecordDeclaration<Annotation>(
        table: "annotations", schemaName: "Annotation",
        blank: Annotation(
            id: AnnotationID(zeroUUID), type: .text, content: AnnotationContent(), position: .zero,
            anchorID: AnchorID(zeroUUID), layerID: LayerID(zeroUUID),
            ownerID: UserID(zeroUUID), createdAt: Date(timeIntervalSince1970: 0)),
        fields: declaredFields())

    /// The fields, one statement each (a single literal of them all is slow to type-check).
    private static func declaredFields() -> [RecordField<Annotation>] {
        var fields: [RecordField<Annotation>] = []
        fields.append(.identity("id", \.id, schema: .uuid, columns: [.identifier("id", { $0.id }, { $0.id = $1 })]))
        fields.append(.edited("type", \.type, schema: .cases(of: AnnotationType.self),
            columns: [.enumeration("type", { $0.type }, { $0.type = $1 })]))
        fields.append(.edited("status", \.status, schema: .cases(of: AnnotationStatus.self),
            columns: [.enumeration("status", { $0.status }, { $0.status = $1 })]))
        fields.append(.edited("title", \.title, schema: .string, columns: [.text("title", { $0.title }, { $0.title = $1 })]))
        fields.append(.edited("content", \.content, schema: .component("AnnotationContent"), columns: [
            .text("text", { $0.content.text }, { $0.content.text = $1 }),
            .blob("drawingData", { $0.content.drawingData }, { $0.content.drawingData = $1 }),
            .url("mediaURL", { $0.content.mediaURL }, { $0.content.mediaURL = $1 }),
            .text("cloudAssetID", { $0.content.cloudAssetID }, { $0.content.cloudAssetID = $1 }),
            .blob("richTextData", { $0.content.richTextData }, { $0.content.richTextData = $1 }),
        ]))
        fields.append(.edited("position", \.position, schema: .numbers(count: 3), columns: [
            .real("x", { Double($0.position.x) }, { $0.position.x = Float($1) }),
            .real("y", { Double($0.position.y) }, { $0.position.y = Float($1) }),
            .real("z", { Double($0.position.z) }, { $0.position.z = Float($1) }),
        ]))
        fields.append(.edited("orientation", \.orientation, schema: .numbers(count: 4), columns: [
            .real("qx", { Double($0.orientation.vector.x) }, { $0.orientation.vector.x = Float($1) }),
            .real("qy", { Double($0.orientation.vector.y) }, { $0.orientation.vector.y = Float($1) }),
            .real("qz", { Double($0.orientation.vector.z) }, { $0.orientation.vector.z = Float($1) }),
            .real("qw", { Double($0.orientation.real) }, { $0.orientation.real = Float($1) }),
        ]))
        fields.append(.edited("scale", \.scale, schema: .number,
            columns: [.real("scale", { Double($0.scale) }, { $0.scale = Float($1) })]))
        fields.append(.edited("anchorID", \.anchorID, schema: .uuid,
            columns: [.identifier("anchorID", { $0.anchorID }, { $0.anchorID = $1 })]))
        // Moved by its own route (`POST …/move`), which checks both layers.
        fields.append(.edited("layerID", \.layerID, patchable: false, schema: .uuid,
            columns: [.identifier("layerID", { $0.layerID }, { $0.layerID = $1 })]))
        fields.append(.serverKept("ownerID", \.ownerID, schema: .uuid,
            columns: [.identifier("ownerID", { $0.ownerID }, { $0.ownerID = $1 })]))
        fields.append(.serverKept("permissions", \.permissions, schema: .array(.component("Permission"))))
        fields.append(.edited("visibilityRules", \.visibilityRules, schema: .component("VisibilityRules"), columns: [
            .json("visibilityRules", { $0.visibilityRules }, { $0.visibilityRules = $1 }),
            .derived("visibleUntil", .integer) {
                $0.visibilityRules?.expiresAt.map { .integer(Timestamp.milliseconds($0)) } ?? .null
            },
        ]))
        fields.append(.serverKept("createdAt", \.createdAt, schema: .date,
            columns: [.date("createdAt", { $0.createdAt }, { $0.createdAt = $1 })]))
        fields.append(.latest("updatedAt", \.updatedAt, columns: [.date("updatedAt", { $0.updatedAt }, { $0.updatedAt = $1 })]))
        fields.append(.deletion("isDeleted", \.isDeleted, columns: [.boolean("isDeleted", { $0.isDeleted }, { $0.isDeleted = $1 })]))
        fields.append(.localOnly("lastSyncedAt", \.lastSyncedAt, schema: .date,
            columns: [.optionalDate("lastSyncedAt", { $0.lastSyncedAt }, { $0.lastSyncedAt = $1 })]))
        fields.append(.localOnly("comments", \.comments, schema: .array(.component("Comment"))))
        fields.append(.set("reactions", \.reactions, schema: .array(.component("Reaction"))) { ReactionKey(userID: $0.userID, emoji: $0.emoji) })
        fields.append(.set("viewedBy", \.viewedBy, schema: .array(.uuid)) { $0 })
        fields.append(.counter("viewCount", \.viewCount))
        fields.append(.edited("attachments", \.attachments, schema: .array(.component("Attachment"))))
        fields.append(.editStamps("fieldStamps", \.fieldStamps,
            columns: [.json("fieldStamps", { $0.fieldStamps }, { $0.fieldStamps = $1 })]))
        return fields
    }

    /// A reaction's identity in a merge: one per user per emoji.
    private struct ReactionKey: Hashable, Sendable {
        var userID: UserID
        var emoji: String
    }
}
