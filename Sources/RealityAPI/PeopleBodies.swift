import Foundation
import RealityCore

/// The answer to `GET /api/v1/users?email=`: who holds an email, and nothing more.
public struct UserSummary: Codable, Hashable, Sendable {
    /// The person's ID.
    public var id: UserID
    /// The name they show others.
    public var displayName: String?

    /// A summary with the given parts.
    public init(id: UserID, displayName: String?) {
        self.id = id
        self.displayName = displayName
    }
}

/// `POST /api/v1/invitations`: share a layer or an annotation with whoever holds an email.
public struct InvitationRequest: Codable, Hashable, Sendable {
    /// The email to invite.
    public var email: String
    /// The layer to share (give this or `annotationID`).
    public var layerID: LayerID?
    /// The annotation to share.
    public var annotationID: AnnotationID?
    /// The level of the grant.
    public var level: PermissionLevel
    /// When the grant ends; never when absent.
    public var expiresAt: Date?

    /// A request with the given parts.
    public init(
        email: String, layerID: LayerID? = nil, annotationID: AnnotationID? = nil, level: PermissionLevel,
        expiresAt: Date? = nil
    ) {
        self.email = email
        self.layerID = layerID
        self.annotationID = annotationID
        self.level = level
        self.expiresAt = expiresAt
    }
}

/// A person who may see a layer: its owner, or the holder of a grant on it.
public struct Member: Codable, Hashable, Sendable {
    /// The person.
    public var userID: UserID
    /// Their name.
    public var displayName: String?
    /// Their level on the layer (`owner` for its owner).
    public var level: PermissionLevel
    /// Whether they own the layer.
    public var isOwner: Bool
    /// Who granted it (absent for the owner).
    public var grantedBy: UserID?
    /// When their grant ends (absent for never, and for the owner).
    public var expiresAt: Date?

    /// A member with the given parts.
    public init(
        userID: UserID, displayName: String?, level: PermissionLevel, isOwner: Bool, grantedBy: UserID? = nil,
        expiresAt: Date? = nil
    ) {
        self.userID = userID
        self.displayName = displayName
        self.level = level
        self.isOwner = isOwner
        self.grantedBy = grantedBy
        self.expiresAt = expiresAt
    }
}

/// `PUT /api/v1/layers/{id}/members/{userID}`: a member's level and end.
public struct MemberRequest: Codable, Hashable, Sendable {
    /// The level.
    public var level: PermissionLevel
    /// When the grant ends; never when absent.
    public var expiresAt: Date?

    /// A request with the given parts.
    public init(level: PermissionLevel, expiresAt: Date? = nil) {
        self.level = level
        self.expiresAt = expiresAt
    }
}

/// An annotation found near a point, with how far it is.
public struct NearbyAnnotation: Codable, Hashable, Sendable {
    /// Metres from the point asked about to the annotation's position.
    public var distance: Float
    /// The annotation.
    public var annotation: Annotation

    /// A result with the given parts.
    public init(distance: Float, annotation: Annotation) {
        self.distance = distance
        self.annotation = annotation
    }
}
