import Foundation

/// A note, drawing, photo, voice memo, video or 3D object pinned to a place in the world
/// (seed 001 §2.1, SPEC M1).
///
/// A value type: services load it, change it and save it. `comments` is filled only by reads that
/// ask for comments (export, detail views); writes of an annotation never write its comments,
/// which are records of their own. The seed's `cloudKitRecordName` is replaced by per-record
/// ``SyncMetadata``; its `layer` relationship is `layerID`.
public struct Annotation: Codable, Hashable, Sendable, Identifiable {
    /// Stable identity across devices.
    public var id: AnnotationID
    /// What kind of annotation this is.
    public var type: AnnotationType
    /// Its substance.
    public var content: AnnotationContent
    /// An optional short title.
    public var title: String?

    /// Position in world coordinates, metres.
    public var position: SIMD3<Float>
    /// Rotation.
    public var orientation: Quaternion
    /// Size multiplier, 1 by default.
    public var scale: Float
    /// The world-map anchor it is placed relative to.
    public var anchorID: AnchorID

    /// The layer it belongs to.
    public var layerID: LayerID
    /// The user who created it.
    public var ownerID: UserID
    /// Direct grants to other users.
    public var permissions: [Permission]
    /// When and where it shows; nil shows it always.
    public var visibilityRules: VisibilityRules?

    /// When it was created.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date
    /// Soft-deleted: kept for sync and purged after the retention period.
    public var isDeleted: Bool
    /// When this device last synced it.
    public var lastSyncedAt: Date?

    /// Comment threads (filled only by reads that ask for them).
    public var comments: [Comment]
    /// Emoji reactions, one per user per emoji.
    public var reactions: [Reaction]
    /// Users who have seen it.
    public var viewedBy: [UserID]
    /// How many times it has been viewed, counted toward `VisibilityRules.expiresAfterViews`.
    public var viewCount: Int
    /// Workflow status.
    public var status: AnnotationStatus
    /// Media attachments.
    public var attachments: [Attachment]
    /// When each editable field was last edited, for those edited after creation (per-field
    /// last-writer-wins; nil when none was).
    public var fieldStamps: FieldStamps?
    /// What the user this copy was read for may do with it: their effective level
    /// (`PermissionResolver`), as it counts for changes (viewer in a space whose owner's plan no
    /// longer shares). Set by the server on everything it answers, REST and sync feed alike;
    /// never stored, and nil on a device's own copies.
    public var myPermission: PermissionLevel?

    /// A new annotation with the seed's defaults: identity orientation, scale 1, open, no grants.
    public init(
        id: AnnotationID = AnnotationID(),
        type: AnnotationType,
        content: AnnotationContent,
        title: String? = nil,
        position: SIMD3<Float>,
        orientation: Quaternion = .identity,
        scale: Float = 1,
        anchorID: AnchorID = AnchorID(),
        layerID: LayerID,
        ownerID: UserID,
        permissions: [Permission] = [],
        visibilityRules: VisibilityRules? = nil,
        createdAt: Date = Timestamp.now(),
        updatedAt: Date? = nil,
        isDeleted: Bool = false,
        lastSyncedAt: Date? = nil,
        comments: [Comment] = [],
        reactions: [Reaction] = [],
        viewedBy: [UserID] = [],
        viewCount: Int = 0,
        status: AnnotationStatus = .open,
        attachments: [Attachment] = [],
        fieldStamps: FieldStamps? = nil
    ) {
        self.id = id
        self.type = type
        self.content = content
        self.title = title
        self.position = position
        self.orientation = orientation
        self.scale = scale
        self.anchorID = anchorID
        self.layerID = layerID
        self.ownerID = ownerID
        self.permissions = permissions
        self.visibilityRules = visibilityRules
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.isDeleted = isDeleted
        self.lastSyncedAt = lastSyncedAt
        self.comments = comments
        self.reactions = reactions
        self.viewedBy = viewedBy
        self.viewCount = viewCount
        self.status = status
        self.attachments = attachments
        self.fieldStamps = fieldStamps
    }
}

extension Annotation: DeclaredRecord {
    /// Every field of an annotation, once (docs/architecture.md, "Record declarations"). Its
    /// grants, reactions, viewers and view count and attachments live in tables of their own and
    /// have no columns here; `visibleUntil` is a column derived for queries.
    public static let declaration = RecordDeclaration<Annotation>(
        table: "annotations", schemaName: "Annotation",
        blank: Annotation(
            id: .blank, type: .text, content: AnnotationContent(), position: .zero,
            anchorID: .blank, layerID: .blank,
            ownerID: .blank, createdAt: Date(timeIntervalSince1970: 0)),
        fields: declaredFields())

    /// The fields, one statement each (a single literal of them all is slow to type-check).
    private static func declaredFields() -> [RecordField<Annotation>] {
        var fields: [RecordField<Annotation>] = []
        fields.append(.identity("id", \.id, schema: .uuid, columns: [.identifier("id", { $0.id }, { $0.id = $1 })]))
        fields.append(
            .edited(
                "type", \.type, schema: .cases(of: AnnotationType.self),
                columns: [.enumeration("type", { $0.type }, { $0.type = $1 })]))
        fields.append(
            .edited(
                "status", \.status, schema: .cases(of: AnnotationStatus.self),
                columns: [.enumeration("status", { $0.status }, { $0.status = $1 })]))
        fields.append(
            .edited("title", \.title, schema: .string, columns: [.text("title", { $0.title }, { $0.title = $1 })]))
        fields.append(
            .edited(
                "content", \.content, schema: .component("AnnotationContent"),
                columns: [
                    .text("text", { $0.content.text }, { $0.content.text = $1 }),
                    .blob("drawingData", { $0.content.drawingData }, { $0.content.drawingData = $1 }),
                    .url("mediaURL", { $0.content.mediaURL }, { $0.content.mediaURL = $1 }),
                    .text("cloudAssetID", { $0.content.cloudAssetID }, { $0.content.cloudAssetID = $1 }),
                    .blob("richTextData", { $0.content.richTextData }, { $0.content.richTextData = $1 }),
                ]))
        fields.append(
            .edited(
                "position", \.position, schema: .numbers(count: 3),
                columns: [
                    .real("x", { Double($0.position.x) }, { $0.position.x = Float($1) }),
                    .real("y", { Double($0.position.y) }, { $0.position.y = Float($1) }),
                    .real("z", { Double($0.position.z) }, { $0.position.z = Float($1) }),
                ]))
        fields.append(
            .edited(
                "orientation", \.orientation, schema: .numbers(count: 4),
                columns: [
                    .real("qx", { Double($0.orientation.vector.x) }, { $0.orientation.vector.x = Float($1) }),
                    .real("qy", { Double($0.orientation.vector.y) }, { $0.orientation.vector.y = Float($1) }),
                    .real("qz", { Double($0.orientation.vector.z) }, { $0.orientation.vector.z = Float($1) }),
                    .real("qw", { Double($0.orientation.real) }, { $0.orientation.real = Float($1) }),
                ]))
        fields.append(
            .edited(
                "scale", \.scale, schema: .number,
                columns: [.real("scale", { Double($0.scale) }, { $0.scale = Float($1) })]))
        fields.append(
            .edited(
                "anchorID", \.anchorID, schema: .uuid,
                columns: [.identifier("anchorID", { $0.anchorID }, { $0.anchorID = $1 })]))
        // Moved by its own route (`POST …/move`), which checks both layers.
        fields.append(
            .edited(
                "layerID", \.layerID, patchable: false, schema: .uuid,
                columns: [.identifier("layerID", { $0.layerID }, { $0.layerID = $1 })]))
        fields.append(
            .serverKept(
                "ownerID", \.ownerID, schema: .uuid,
                columns: [.identifier("ownerID", { $0.ownerID }, { $0.ownerID = $1 })]))
        fields.append(.serverKept("permissions", \.permissions, schema: .array(.component("Permission"))))
        fields.append(
            .edited(
                "visibilityRules", \.visibilityRules, schema: .component("VisibilityRules"),
                columns: [
                    .json("visibilityRules", { $0.visibilityRules }, { $0.visibilityRules = $1 }),
                    .derived("visibleUntil", .integer) {
                        $0.visibilityRules?.expiresAt.map { .integer(Timestamp.milliseconds($0)) } ?? .null
                    },
                    // For the retention sweep (`expiringAnnotations`), which compares it with views.
                    .derived("viewLimit", .integer) {
                        $0.visibilityRules?.expiresAfterViews.map { .integer(Int64($0)) } ?? .null
                    },
                ]))
        fields.append(
            .serverKept(
                "createdAt", \.createdAt, schema: .date,
                columns: [.date("createdAt", { $0.createdAt }, { $0.createdAt = $1 })]))
        fields.append(
            .latest("updatedAt", \.updatedAt, columns: [.date("updatedAt", { $0.updatedAt }, { $0.updatedAt = $1 })]))
        fields.append(
            .deletion(
                "isDeleted", \.isDeleted, columns: [.boolean("isDeleted", { $0.isDeleted }, { $0.isDeleted = $1 })]))
        fields.append(
            .localOnly(
                "lastSyncedAt", \.lastSyncedAt, schema: .date,
                columns: [.optionalDate("lastSyncedAt", { $0.lastSyncedAt }, { $0.lastSyncedAt = $1 })]))
        fields.append(.localOnly("comments", \.comments, schema: .array(.component("Comment"))))
        fields.append(
            .set("reactions", \.reactions, schema: .array(.component("Reaction"))) {
                ReactionKey(userID: $0.userID, emoji: $0.emoji)
            })
        fields.append(.set("viewedBy", \.viewedBy, schema: .array(.uuid)) { $0 })
        fields.append(.counter("viewCount", \.viewCount))
        fields.append(.edited("attachments", \.attachments, schema: .array(.component("Attachment"))))
        fields.append(
            .editStamps(
                "fieldStamps", \.fieldStamps,
                columns: [.json("fieldStamps", { $0.fieldStamps }, { $0.fieldStamps = $1 })]))
        fields.append(.serverKept("myPermission", \.myPermission, schema: .cases(of: PermissionLevel.self)))
        return fields
    }

    /// A reaction's identity in a merge: one per user per emoji.
    private struct ReactionKey: Hashable, Sendable {
        var userID: UserID
        var emoji: String
    }
}

// The annotation's JSON, written by hand: a measured hot path (every read and feed page writes
// it). Keys in `JSONEncoder`'s `.sortedKeys` order, nil optionals left out; a field added to the
// declaration above needs its line here (`jsonWriter_writesEveryField_asJSONEncoderDoes` fails
// until it has one).
extension Annotation: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(EncodingError) {
        writer.beginObject()
        try writer.field("anchorID", anchorID)
        try writer.field("attachments", attachments)
        try writer.field("comments", comments)
        try writer.field("content", content)
        try writer.field("createdAt", createdAt)
        if let fieldStamps {
            writer.key("fieldStamps")
            try writer.encoded(fieldStamps)
        }
        try writer.field("id", id)
        try writer.field("isDeleted", isDeleted)
        try writer.field("lastSyncedAt", ifPresent: lastSyncedAt)
        try writer.field("layerID", layerID)
        try writer.field("myPermission", ifPresent: myPermission)
        try writer.field("orientation", orientation)
        try writer.field("ownerID", ownerID)
        try writer.field("permissions", permissions)
        try writer.field("position", position)
        try writer.field("reactions", reactions)
        try writer.field("scale", scale)
        try writer.field("status", status)
        try writer.field("title", ifPresent: title)
        try writer.field("type", type)
        try writer.field("updatedAt", updatedAt)
        try writer.field("viewCount", viewCount)
        try writer.field("viewedBy", viewedBy)
        try writer.field("visibilityRules", ifPresent: visibilityRules)
        writer.endObject()
    }
}
