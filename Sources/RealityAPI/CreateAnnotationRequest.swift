import Foundation
import RealityCore

/// `POST /api/v1/annotations`: a new annotation; absent optional fields take the seed's defaults.
public struct CreateAnnotationRequest: Codable, Hashable, Sendable {
    /// A client-chosen ID, so that an offline client can refer to it before upload.
    public var id: AnnotationID?
    /// What kind of annotation.
    public var type: AnnotationType
    /// Its substance.
    public var content: AnnotationContent
    /// Up to 100 characters.
    public var title: String?
    /// `[x, y, z]`, metres.
    public var position: SIMD3<Float>
    /// `[x, y, z, w]`, a unit quaternion; identity when absent.
    public var orientation: Quaternion?
    /// Greater than zero; 1 when absent.
    public var scale: Float?
    /// The anchor; the server finds or makes one near `position` when absent.
    public var anchorID: AnchorID?
    /// The layer (the caller must be able to edit it).
    public var layerID: LayerID
    /// When and where it shows.
    public var visibilityRules: VisibilityRules?
    /// Open when absent.
    public var status: AnnotationStatus?
    /// Media attachments.
    public var attachments: [Attachment]?

    /// A request with the given parts.
    public init(
        id: AnnotationID? = nil, type: AnnotationType, content: AnnotationContent, title: String? = nil,
        position: SIMD3<Float>, orientation: Quaternion? = nil, scale: Float? = nil, anchorID: AnchorID? = nil,
        layerID: LayerID, visibilityRules: VisibilityRules? = nil, status: AnnotationStatus? = nil,
        attachments: [Attachment]? = nil
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
    }

    /// The service's draft for this request.
    public var draft: AnnotationDraft {
        AnnotationDraft(
            id: id, type: type, content: content, title: title, position: position,
            orientation: orientation ?? .identity, scale: scale ?? 1, anchorID: anchorID, layerID: layerID,
            visibilityRules: visibilityRules, status: status ?? .open, attachments: attachments ?? [])
    }
}

/// A `POST /api/v1/annotations` body as the server reads it: the ``CreateAnnotationRequest`` a
/// client builds, and every field ``Annotation/declaration`` lets a body set, read from the same
/// object; so a field added to the declaration is set by a create without a line here.
public struct AnnotationCreate: Decodable, Sendable {
    /// The listed parts, with the create's defaults.
    public var request: CreateAnnotationRequest
    /// Every patchable field the body names.
    public var fields: AnnotationPatch

    public init(from decoder: any Decoder) throws {
        request = try CreateAnnotationRequest(from: decoder)
        fields = try AnnotationPatch(from: decoder)
    }

    /// The service's draft: the request's, carrying a record with every editable field the body
    /// set, which the service takes them from (as it does for a device's pushed create). Fields the
    /// body leaves out keep the declaration's blank values, which are the create's defaults
    /// (identity orientation, scale 1, open, no attachments; the service picks the anchor).
    public var draft: AnnotationDraft {
        var draft = request.draft
        draft.record = fields.applied(to: Annotation.declaration.blank)
        return draft
    }
}
