import Foundation

/// Everything a new annotation may be created with; the rest (owner, dates, counts) the service
/// fills in.
public struct AnnotationDraft: Hashable, Sendable {
    /// A client-chosen ID (lets an offline device create and refer to it); nil makes a new one.
    public var id: AnnotationID?
    /// What kind of annotation.
    public var type: AnnotationType
    /// Its substance.
    public var content: AnnotationContent
    /// Optional title.
    public var title: String?
    /// World position, metres.
    public var position: SIMD3<Float>
    /// Rotation.
    public var orientation: Quaternion
    /// Size multiplier.
    public var scale: Float
    /// The anchor to place it at; nil asks the ``AnchorManager`` for one near `position`.
    public var anchorID: AnchorID?
    /// The layer to put it in.
    public var layerID: LayerID
    /// When and where it shows.
    public var visibilityRules: VisibilityRules?
    /// Initial status.
    public var status: AnnotationStatus
    /// Media attachments.
    public var attachments: [Attachment]
    /// When the device made it; nil for now. A server keeps a device's date within
    /// ``FieldStamps/creationDate(_:now:)``'s bounds, so a first sync does not rewrite history.
    public var createdAt: Date?
    /// The edit stamps of fields edited after the device made it, before it first synced.
    public var fieldStamps: FieldStamps?
    /// The device's whole record, when the draft creates one a device made (a pushed create):
    /// the service takes every editable field from it (``Annotation/declaration``), those this
    /// draft does not list included.
    public var record: Annotation?

    /// A draft with the seed's defaults for everything not given.
    public init(
        id: AnnotationID? = nil,
        type: AnnotationType,
        content: AnnotationContent,
        title: String? = nil,
        position: SIMD3<Float>,
        orientation: Quaternion = .identity,
        scale: Float = 1,
        anchorID: AnchorID? = nil,
        layerID: LayerID,
        visibilityRules: VisibilityRules? = nil,
        status: AnnotationStatus = .open,
        attachments: [Attachment] = [],
        createdAt: Date? = nil,
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
        self.visibilityRules = visibilityRules
        self.status = status
        self.attachments = attachments
        self.createdAt = createdAt
        self.fieldStamps = fieldStamps
    }

    /// The draft of a device's new `annotation`, as it pushes it: every field it was made with,
    /// its creation date and its edit stamps.
    public init(creating annotation: Annotation) {
        self.init(
            id: annotation.id, type: annotation.type, content: annotation.content, title: annotation.title,
            position: annotation.position, orientation: annotation.orientation, scale: annotation.scale,
            anchorID: annotation.anchorID, layerID: annotation.layerID, visibilityRules: annotation.visibilityRules,
            status: annotation.status, attachments: annotation.attachments, createdAt: annotation.createdAt,
            fieldStamps: annotation.fieldStamps)
        record = annotation
    }
}
