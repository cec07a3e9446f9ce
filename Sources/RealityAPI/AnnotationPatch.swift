import Foundation
import RealityCore

/// `PATCH /api/v1/annotations/{id}`: absent fields stay as they are; `null` clears `title` and
/// `visibilityRules`; `null` for a field that cannot be empty is a wrong type.
public struct AnnotationPatch: Codable, Hashable, Sendable {
    /// New type.
    public var type: AnnotationType?
    /// New content.
    public var content: AnnotationContent?
    /// New title, or `null` for none.
    public var title: FieldUpdate<String>
    /// New position.
    public var position: SIMD3<Float>?
    /// New orientation.
    public var orientation: Quaternion?
    /// New scale.
    public var scale: Float?
    /// New anchor.
    public var anchorID: AnchorID?
    /// New rules, or `null` to show it always.
    public var visibilityRules: FieldUpdate<VisibilityRules>
    /// New status (editors may change it; the owner is notified).
    public var status: AnnotationStatus?
    /// New attachments (the whole list).
    public var attachments: [Attachment]?

    /// A patch with the given parts.
    public init(
        type: AnnotationType? = nil, content: AnnotationContent? = nil, title: FieldUpdate<String> = .unchanged,
        position: SIMD3<Float>? = nil, orientation: Quaternion? = nil, scale: Float? = nil,
        anchorID: AnchorID? = nil, visibilityRules: FieldUpdate<VisibilityRules> = .unchanged,
        status: AnnotationStatus? = nil, attachments: [Attachment]? = nil
    ) {
        self.type = type
        self.content = content
        self.title = title
        self.position = position
        self.orientation = orientation
        self.scale = scale
        self.anchorID = anchorID
        self.visibilityRules = visibilityRules
        self.status = status
        self.attachments = attachments
    }

    private enum CodingKeys: String, CodingKey {
        case type, content, title, position, orientation, scale, anchorID, visibilityRules, status, attachments
    }

    /// Reads a patch, telling absent from `null`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decodeUpdate(AnnotationType.self, forKey: .type)
        content = try container.decodeUpdate(AnnotationContent.self, forKey: .content)
        title = try container.decodeClearable(String.self, forKey: .title)
        position = try container.decodeUpdate(SIMD3<Float>.self, forKey: .position)
        orientation = try container.decodeUpdate(Quaternion.self, forKey: .orientation)
        scale = try container.decodeUpdate(Float.self, forKey: .scale)
        anchorID = try container.decodeUpdate(AnchorID.self, forKey: .anchorID)
        visibilityRules = try container.decodeClearable(VisibilityRules.self, forKey: .visibilityRules)
        status = try container.decodeUpdate(AnnotationStatus.self, forKey: .status)
        attachments = try container.decodeUpdate([Attachment].self, forKey: .attachments)
    }

    /// Writes only the fields that change.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(type, forKey: .type)
        try container.encodeIfPresent(content, forKey: .content)
        try container.encodeUpdate(title, forKey: .title)
        try container.encodeIfPresent(position, forKey: .position)
        try container.encodeIfPresent(orientation, forKey: .orientation)
        try container.encodeIfPresent(scale, forKey: .scale)
        try container.encodeIfPresent(anchorID, forKey: .anchorID)
        try container.encodeUpdate(visibilityRules, forKey: .visibilityRules)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encodeIfPresent(attachments, forKey: .attachments)
    }

    /// `annotation` with this patch applied (the service validates and checks permissions).
    public func applied(to annotation: Annotation) -> Annotation {
        var result = annotation
        if let type { result.type = type }
        if let content { result.content = content }
        result.title = title.applied(to: annotation.title)
        if let position { result.position = position }
        if let orientation { result.orientation = orientation }
        if let scale { result.scale = scale }
        if let anchorID { result.anchorID = anchorID }
        result.visibilityRules = visibilityRules.applied(to: annotation.visibilityRules)
        if let status { result.status = status }
        if let attachments { result.attachments = attachments }
        return result
    }
}
