import Foundation

/// What a user did to annotations and layers, theirs or anyone's (issue 20): for their export.
public struct UserEngagement: Codable, Hashable, Sendable {
    /// The annotations they starred.
    public var stars: [StarRecord]
    /// The annotations they read, with how often they viewed each.
    public var reads: [ReadReceipt]
    /// The reactions they gave.
    public var reactions: [GivenReaction]
    /// The grants they gave, on their layers and annotations or on others' they may share.
    public var grants: [GivenGrant]

    /// Engagement with the given parts.
    public init(
        stars: [StarRecord] = [], reads: [ReadReceipt] = [], reactions: [GivenReaction] = [], grants: [GivenGrant] = []
    ) {
        self.stars = stars
        self.reads = reads
        self.reactions = reactions
        self.grants = grants
    }
}

/// That a user read an annotation: when first and last, and how many views were counted.
public struct ReadReceipt: Codable, Hashable, Sendable {
    /// The annotation read.
    public var annotationID: AnnotationID
    /// Views counted (toward `expiresAfterViews`); zero when it was only marked read.
    public var views: Int
    /// When it was first read.
    public var firstReadAt: Date
    /// When it was last read.
    public var lastReadAt: Date

    /// A receipt with the given parts.
    public init(annotationID: AnnotationID, views: Int, firstReadAt: Date, lastReadAt: Date) {
        self.annotationID = annotationID
        self.views = views
        self.firstReadAt = firstReadAt
        self.lastReadAt = lastReadAt
    }
}

/// A reaction a user gave, with the annotation it is on.
public struct GivenReaction: Codable, Hashable, Sendable {
    /// The annotation reacted to.
    public var annotationID: AnnotationID
    /// The reaction.
    public var reaction: Reaction

    /// A reaction on `annotationID`.
    public init(annotationID: AnnotationID, reaction: Reaction) {
        self.annotationID = annotationID
        self.reaction = reaction
    }
}

/// A grant a user gave, with what it is on: a layer or an annotation.
public struct GivenGrant: Codable, Hashable, Sendable {
    /// The layer it is on, if it is on a layer.
    public var layerID: LayerID?
    /// The annotation it is on, if it is on an annotation.
    public var annotationID: AnnotationID?
    /// The grant.
    public var permission: Permission

    /// A grant on `target`.
    public init(on target: GrantTarget, permission: Permission) {
        switch target {
        case .layer(let id): layerID = id
        case .annotation(let id): annotationID = id
        }
        self.permission = permission
    }
}
