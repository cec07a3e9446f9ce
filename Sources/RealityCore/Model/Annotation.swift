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
